/**
 * Pure helpers of 评分 and the leader's summary: exact comparisons of 3-decimal scores (integers of thousandths,
 * no binary float arithmetic on the values), the spread flag, and which sheet items a member may still change.
 */
import { type CommitteeState, LEADER_SPREAD_ALERT, type MemberState, type ScoreState } from '@aps/shared';

/** A non-negative decimal text with at most 3 decimals ('45.5', '60.00') as an integer of thousandths. */
export function milli(v: string): number {
  const [whole = '0', frac = ''] = v.split('.');
  return Number(whole) * 1000 + Number(`${frac}000`.slice(0, 3));
}

/** Thousandths back to a 3-decimal text (non-negative). */
export const fromMilli = (n: number): string => `${Math.trunc(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;

/** '60.00' → '60', '20.50' → '20.5': a maximum as the refusals show it. */
export const shortNumber = (v: string): string => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/**
 * The spread (max − min) of the scores given and whether it is above LEADER_SPREAD_ALERT of the item's maximum;
 * null without scores. Compared in thousandths: spread × 10 > max × 2 for 20 %.
 */
export function spreadOf(scores: readonly string[], maxScore: string): { spread: string; alert: boolean } | null {
  if (!scores.length) return null;
  const values = scores.map(milli);
  const spread = Math.max(...values) - Math.min(...values);
  const [num, den] = [Math.round(LEADER_SPREAD_ALERT * 100), 100];
  return { spread: fromMilli(spread), alert: spread * den > milli(maxScore) * num };
}

/**
 * May the member change an item in this state now? Only a member still scoring: while the committee scores,
 * anything not yet submitted; a returned item at any time (the leader returns them while summarizing).
 */
export function itemEditable(
  seat: { memberState: MemberState; committeeState: CommitteeState },
  state: ScoreState | undefined,
): boolean {
  if (seat.memberState !== 'scoring') return false;
  if (state === 'returned') return true;
  return seat.committeeState === 'scoring' && state !== 'submitted';
}
