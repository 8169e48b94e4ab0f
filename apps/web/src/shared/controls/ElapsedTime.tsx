import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { elapsedBetween, formatElapsed, INVALID_TARGET, targetTime } from './logic.ts';

export interface ElapsedTimeProps {
  /** Where counting starts: a Date, ms since the epoch, or a date string ("YYYY-MM-DD HH:mm:ss"). */
  target: Date | number | string | null | undefined;
  /** A fixed end (e.g. reviewStopTime); without it the display counts up every second. */
  end?: Date | number | string | null;
}

/** §2 elapsed-time display: days, hours, minutes and seconds since `target`, counting up (§8: invalid target prop). */
export function ElapsedTime({ target, end }: ElapsedTimeProps) {
  const from = targetTime(target);
  const to = end == null ? null : targetTime(end);
  const live = end == null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!live || from == null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live, from]);

  if (from == null || (!live && to == null)) return <Typography.Text type="danger">{INVALID_TARGET}</Typography.Text>;
  return (
    <span className="aps-elapsed" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatElapsed(elapsedBetween(from, to ?? now))}
    </span>
  );
}
