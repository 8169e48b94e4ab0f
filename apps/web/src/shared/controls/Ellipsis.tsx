import { Tooltip } from 'antd';
import { ellipsize } from './logic.ts';

export interface EllipsisProps {
  children: string | null | undefined;
  /** Characters kept before "…" (§9: 12, 15, 18, 22, 25, 30, 50); 25 by default. */
  length?: number;
  /** Show the whole text on hover when it was cut (default true). */
  tooltip?: boolean;
}

/** A text cut to `length` characters; the whole text shows on hover. */
export function Ellipsis({ children, length = 25, tooltip = true }: EllipsisProps) {
  const { text, cut } = ellipsize(children, length);
  if (!cut || !tooltip) return <span>{text}</span>;
  return (
    <Tooltip title={children}>
      <span>{text}</span>
    </Tooltip>
  );
}
