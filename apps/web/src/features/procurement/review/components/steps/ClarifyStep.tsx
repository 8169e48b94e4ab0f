import type { ReviewTaskDetailDto } from '@aps/shared';
import { ClarifyPanel } from '../ClarifyPanel.tsx';

/** The committee states in which 报价澄清 exists (opened in 组长汇总; read afterwards). */
const CLARIFY_STATES = ['summarizing', 'signing', 'ended'];

export const clarifyStepVisible = (detail: ReviewTaskDetailDto) =>
  CLARIFY_STATES.includes(detail.task.committeeState) && detail.card.purchaseStage >= 8;

/** The drawer's 报价澄清 tab: the package's clarifications and rounds (the leader acts here too). */
export function ClarifyStep({ detail }: { detail: ReviewTaskDetailDto }) {
  return <ClarifyPanel packageId={detail.card.packageId} />;
}
