import { DICT } from '@aps/shared/constants';
import { Tag } from 'antd';
import { useSessionDictText } from '../../../../shared/controls/index.ts';

/** Closing stages in their own colours (评审结束, 已定标, …); every other stage is "in progress". */
const STAGE_COLORS: Record<string, string> = { '9': 'green', '10': 'gold', '11': 'cyan', '12': 'blue' };

/** A purchase stage (dictionary purchase_stage) as the lists show it: its dictionary text in a coloured tag. */
export function PurchaseStageTag({ value }: { value: string }) {
  const text = useSessionDictText(DICT.purchaseStage, value);
  return <Tag color={STAGE_COLORS[value] ?? 'processing'}>{text ?? value}</Tag>;
}
