import { PRIORITY_COLORS, PRIORITY_LABELS, type Priority } from '@aps/shared/constants';
import { Tag } from 'antd';

/** §2: priority colours L blue, M orange, H red. */
export function priorityColor(priority: string): string {
  return PRIORITY_COLORS[priority as Priority] ?? 'blue';
}

const HEX: Record<string, string> = { blue: '#1677ff', orange: '#fa8c16', red: '#f5222d' };

/** The priority colour as a CSS colour (for text and dots). */
export function priorityHex(priority: string): string {
  return HEX[priorityColor(priority)] ?? HEX.blue ?? '#1677ff';
}

export function PriorityTag({ priority }: { priority: string }) {
  return (
    <Tag color={priorityColor(priority)} style={{ marginInlineEnd: 0 }}>
      {PRIORITY_LABELS[priority] ?? priority}
    </Tag>
  );
}
