import type { ReviewTaskDetailDto } from '@aps/shared';
import { CampaignCheckPanel } from '../CampaignCheckPanel.tsx';

/** 竞选核查 in the task drawer: the leader records the checks while summarizing; the others read them. */
export function CampaignCheckStep({ detail }: { detail: ReviewTaskDetailDto }) {
  return (
    <CampaignCheckPanel
      packageId={detail.card.packageId}
      canEdit={detail.identity.identity === 'leader' && detail.task.committeeState === 'summarizing'}
    />
  );
}
