import {
  formatDateTime,
  PROCUREMENT_BID_MESSAGES as M,
  PROCUREMENT_MESSAGES,
  stageName,
  TIMETABLE_FIELD_KEYS,
  TIMETABLE_FIELDS,
  type Timetable,
  type TimetableField,
} from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { time } from './dto.ts';
import type { PackageRow, PackageStages } from './stage.ts';
import { purchasePackage, purchasePackageHistory } from './tables.ts';

/** The package column of each timetable field (the opening is `openingStartTime` on the package). */
const COLUMN = {
  signUpStartTime: 'signUpStartTime',
  signUpEndTime: 'signUpEndTime',
  bidDeadline: 'bidDeadline',
  openingTime: 'openingStartTime',
} as const satisfies Record<TimetableField, keyof PackageRow>;

export const timetableOf = (pkg: PackageRow): Timetable =>
  Object.fromEntries(TIMETABLE_FIELD_KEYS.map((f) => [f, formatDateTime(pkg[COLUMN[f]])])) as Timetable;

export interface TimetableChange {
  before: Timetable;
  after: Timetable;
  changed: TimetableField[];
}

/**
 * The rules of a 变更公告's timetable (issue 14 §3), against the server's clock: a field that changes must not be
 * past already (the bid deadline excepted while the package waits for its opening: extending it re-opens the
 * responses) and its new value must be in the future; the order 报名开始 < 报名截止 ≤ 投标截止 ≤ 开标 holds for the
 * result. Only stages 2–4 (before the opening) take a change. Returns the fields that change.
 */
export function checkTimetableChange(pkg: PackageRow, next: Timetable, now: Date): TimetableChange {
  if (pkg.purchaseStage < 2 || pkg.purchaseStage > 4)
    throw badRequest(M.noticeTypeStage('变更公告', stageName(pkg.purchaseStage)));
  const before = timetableOf(pkg);
  if (TIMETABLE_FIELD_KEYS.some((f) => !before[f])) throw badRequest(M.timetableUnset);
  const at = (v: string | null) => time(v)?.getTime() ?? Number.NaN;
  const changed = TIMETABLE_FIELD_KEYS.filter((f) => at(next[f]) !== at(before[f]));
  for (const f of changed) {
    const old = at(before[f]);
    const reopen = f === 'bidDeadline' && pkg.purchaseStage === 4;
    if (old <= now.getTime() && !reopen) throw badRequest(M.timetablePast(TIMETABLE_FIELDS[f], before[f] ?? ''));
    if (at(next[f]) <= now.getTime()) throw badRequest(M.timetableNotFuture(TIMETABLE_FIELDS[f]));
  }
  const [a, b, c, d] = TIMETABLE_FIELD_KEYS.map((f) => at(next[f])) as [number, number, number, number];
  if (!(a < b && b <= c && c <= d)) throw badRequest(PROCUREMENT_MESSAGES.timetableInvalid);
  const after = Object.fromEntries(TIMETABLE_FIELD_KEYS.map((f) => [f, formatDateTime(time(next[f]))])) as Timetable;
  return { before, after, changed };
}

/** 原 → 新 of the changed fields, for the history row and the bell message. */
export const describeChange = (c: TimetableChange) =>
  c.changed.map((f) => `${TIMETABLE_FIELDS[f]}：${c.before[f]} → ${c.after[f]}`).join('；');

/**
 * Applies a published 变更公告's timetable in the caller's transaction: the package row locked, the rules checked,
 * the times written and a history row (who, when, 原 → 新). A package in 待开标 whose bid deadline moves into the
 * future goes back to 响应中 through the transition table (extendDeadline). Null when nothing changes.
 */
export async function applyTimetableChange(
  tx: DbOrTx,
  stages: PackageStages,
  input: { tenantId: number; packageId: string; username: string; next: Timetable; now?: Date },
): Promise<TimetableChange | null> {
  const [pkg] = await tx
    .select()
    .from(purchasePackage)
    .where(and(eq(purchasePackage.id, input.packageId), eq(purchasePackage.tenantId, input.tenantId)))
    .for('update');
  if (!pkg) throw notFound(PROCUREMENT_MESSAGES.packageNotFound);
  const change = checkTimetableChange(pkg, input.next, input.now ?? new Date());
  if (change.changed.length === 0) return null;
  const patch = Object.fromEntries(change.changed.map((f) => [COLUMN[f], time(change.after[f])]));
  const reason = `变更公告：${describeChange(change)}`;
  if (pkg.purchaseStage === 4 && change.changed.includes('bidDeadline')) {
    // A nested transaction (savepoint) of the caller's: the stage service takes the same row lock again.
    await stages.move(tx as unknown as Db, {
      tenantId: pkg.tenantId,
      packageId: pkg.id,
      action: 'extendDeadline',
      actor: { username: input.username, role: 'buyer' },
      reason,
      patch,
    });
    return change;
  }
  await tx
    .update(purchasePackage)
    .set({ ...patch, updateTime: new Date() })
    .where(eq(purchasePackage.id, pkg.id));
  await tx.insert(purchasePackageHistory).values({
    tenantId: pkg.tenantId,
    packageId: pkg.id,
    action: 'changeTimetable',
    fromStage: pkg.purchaseStage,
    toStage: pkg.purchaseStage,
    electionStatus: pkg.electionStatus,
    reason,
    actor: input.username,
  });
  return change;
}
