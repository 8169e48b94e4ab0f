/**
 * The caller's seat on a package's review committee, and the checks every review write runs (issue 15 §10): the
 * caller's identity on that committee, their member state, the committee state and the package stage. Every review
 * step (vote, qualification, scoring, summary, clarification, checks, signatures, end) starts here, so the rule
 * "only a member of this committee, in this state, at this stage" is written once.
 * Lock order: committee and member rows (FOR UPDATE OF c, m), then the package (stages.move): every committee
 * write is serialised on its committee row.
 */
import {
  COMMITTEE_STATES,
  type CommitteeState,
  isActiveMember,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  MEMBER_TRANSITIONS,
  type MemberState,
  nextCommitteeState,
  nextMemberState,
  type ReviewIdentity,
  stageName,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PackageStages } from '../project/stage.ts';

/** Who acts: the session's tenant and user (username for history rows and stage moves). */
export interface ReviewActor {
  tenantId: number;
  userId: string;
  username: string;
}

/** One row of the caller's seat: their member row, the committee and the package fields the checks read. */
export interface Seat {
  memberId: string;
  memberState: MemberState;
  kind: 'expert' | 'purchaser_rep';
  identity: Exclude<ReviewIdentity, 'none'>;
  committeeId: string;
  committeeState: CommitteeState;
  leaderMemberId: string | null;
  committeeSize: number;
  packageId: string;
  purchaseStage: number;
  tenantId: number;
}

/** What a write requires of the seat; each list left out is not checked. */
export interface SeatRule {
  /** The action's Chinese name, for the refusals (e.g. 评分, 组长推选). */
  action: string;
  stages?: readonly number[];
  committeeStates?: readonly CommitteeState[];
  memberStates?: readonly MemberState[];
  identities?: readonly Exclude<ReviewIdentity, 'none'>[];
}

/**
 * The caller's seat on the package's committee. Not a member (or another tenant's package) → 403 notOnCommittee,
 * the same answer whether or not the package exists, so the route is no oracle. `lock` takes FOR UPDATE of the
 * committee and the member row (writes); reads leave it out.
 */
export async function loadSeat(q: DbOrTx, actor: ReviewActor, packageId: string, lock = false): Promise<Seat> {
  const rows = await q.execute<{
    member_id: string;
    member_state: MemberState;
    kind: 'expert' | 'purchaser_rep';
    committee_id: string;
    committee_state: CommitteeState;
    leader_member_id: string | null;
    size: number;
    purchase_stage: number;
  }>(sql`
    SELECT m.id AS member_id, m.state AS member_state, m.kind, c.id AS committee_id, c.state AS committee_state,
      c.leader_member_id, c.size, p.purchase_stage
    FROM review_member m
    JOIN review_committee c ON c.id = m.committee_id
    JOIN purchase_package p ON p.id = m.package_id
    WHERE m.package_id = ${packageId} AND m.user_id = ${actor.userId} AND m.tenant_id = ${actor.tenantId}
    ${lock ? sql`FOR UPDATE OF c, m` : sql``}`);
  const r = rows.rows[0];
  if (!r) throw new ApiError(403, M.notOnCommittee);
  return {
    memberId: r.member_id,
    memberState: r.member_state,
    kind: r.kind,
    identity: r.kind === 'purchaser_rep' ? 'purchaser_rep' : r.leader_member_id === r.member_id ? 'leader' : 'member',
    committeeId: r.committee_id,
    committeeState: r.committee_state,
    leaderMemberId: r.leader_member_id,
    committeeSize: Number(r.size),
    packageId,
    purchaseStage: Number(r.purchase_stage),
    tenantId: actor.tenantId,
  };
}

/** Refuses (400, Chinese) unless the seat meets the rule. A member out of the committee is always refused. */
export function assertSeat(seat: Seat, rule: SeatRule): void {
  if (!isActiveMember(seat.memberState)) throw badRequest(M.memberOut(MEMBER_STATES[seat.memberState]));
  if (seat.committeeState === 'ended') throw badRequest(M.reviewEnded);
  if (rule.identities && !rule.identities.includes(seat.identity)) {
    throw new ApiError(
      403,
      rule.identities.includes('leader') && !seat.leaderMemberId ? M.leaderNotElected : M.notLeader,
    );
  }
  if (rule.stages && !rule.stages.includes(seat.purchaseStage))
    throw badRequest(M.wrongStage(stageName(seat.purchaseStage), rule.action));
  if (rule.committeeStates && !rule.committeeStates.includes(seat.committeeState))
    throw badRequest(M.wrongCommitteeState(COMMITTEE_STATES[seat.committeeState], rule.action));
  if (rule.memberStates && !rule.memberStates.includes(seat.memberState))
    throw badRequest(M.wrongMemberState(MEMBER_STATES[seat.memberState], rule.action));
}

/** loadSeat (locked) + assertSeat: the opening of every review write, inside the caller's transaction. */
export async function seatFor(tx: DbOrTx, actor: ReviewActor, packageId: string, rule: SeatRule): Promise<Seat> {
  const seat = await loadSeat(tx, actor, packageId, true);
  assertSeat(seat, rule);
  return seat;
}

/** Moves the committee along COMMITTEE_TRANSITIONS (the caller holds its row lock); refuses an illegal move. */
export async function moveCommittee(
  tx: DbOrTx,
  committeeId: string,
  from: CommitteeState,
  action: string,
  set?: ReturnType<typeof sql>,
): Promise<CommitteeState> {
  const to = nextCommitteeState(action, from);
  if (!to) throw badRequest(M.wrongCommitteeState(COMMITTEE_STATES[from], action));
  await tx.execute(sql`UPDATE review_committee SET state = ${to}, state_time = now(), update_time = now()
    ${set ? sql`, ${set}` : sql``} WHERE id = ${committeeId}`);
  return to;
}

/** Moves one member along MEMBER_TRANSITIONS; refuses an illegal move. */
export async function moveMember(
  tx: DbOrTx,
  memberId: string,
  from: MemberState,
  action: string,
  set?: ReturnType<typeof sql>,
): Promise<MemberState> {
  const to = nextMemberState(action, from);
  if (!to) throw badRequest(M.wrongMemberState(MEMBER_STATES[from], action));
  await tx.execute(sql`UPDATE review_member SET state = ${to}, state_time = now(), update_time = now()
    ${set ? sql`, ${set}` : sql``} WHERE id = ${memberId}`);
  return to;
}

/**
 * Moves every member of the committee whose state the action accepts (members out of the committee never match:
 * no transition starts from avoided, declined or replaced except 'replace'). Returns how many moved.
 */
export async function moveMembers(tx: DbOrTx, committeeId: string, action: string): Promise<number> {
  let moved = 0;
  for (const t of MEMBER_TRANSITIONS.filter((x) => x.action === action)) {
    const result = await tx.execute(sql`UPDATE review_member SET state = ${t.to}, state_time = now(),
      update_time = now() WHERE committee_id = ${committeeId}
      AND state IN (${sql.join(
        t.from.map((s) => sql`${s}`),
        sql`, `,
      )})`);
    moved += result.rowCount ?? 0;
  }
  return moved;
}

/** The active members of a committee (not avoided, declined or replaced), in draw order. */
export async function activeMembers(
  q: DbOrTx,
  committeeId: string,
): Promise<{ id: string; userId: string; kind: string; state: MemberState }[]> {
  const rows = await q.execute<{ id: string; user_id: string; kind: string; state: MemberState }>(sql`
    SELECT id, user_id, kind, state FROM review_member
    WHERE committee_id = ${committeeId} AND state NOT IN ('avoided', 'declined', 'replaced')
    ORDER BY draw_sequence NULLS LAST, create_time, id`);
  return rows.rows.map((r) => ({ id: r.id, userId: r.user_id, kind: r.kind, state: r.state }));
}

/** A 404 for a row of the committee the caller named but that is not on it (a bid, an item, a member). */
export const notOnThisReview = (message: string = M.bidNotReviewed) => notFound(message);

/**
 * THE 流标 of a review (qualification, a clarification or a campaign check left fewer valid bidders than the
 * minimum, or no candidate): the committee ends ('fail'), every open task closes, the result row records the
 * reason, and the package goes to 评审结束 with electionStatus '0' through the stage seam — one transaction (the
 * caller's; the stage move is a savepoint inside it).
 */
export async function failReview(
  tx: DbOrTx,
  stages: PackageStages,
  actor: ReviewActor,
  seat: Pick<Seat, 'committeeId' | 'committeeState' | 'packageId' | 'tenantId'>,
  reason: string,
): Promise<void> {
  await moveCommittee(tx, seat.committeeId, seat.committeeState, 'fail');
  await moveMembers(tx, seat.committeeId, 'close');
  const valid = await tx.execute<{ supplier_id: string }>(sql`SELECT supplier_id FROM review_bid
    WHERE committee_id = ${seat.committeeId} AND valid ORDER BY supplier_id`);
  const validBidderIds = valid.rows.map((r) => r.supplier_id);
  await tx.execute(sql`INSERT INTO review_result (tenant_id, committee_id, package_id, snapshot, candidates,
      election_status, failure_reason, computed_by, end_time)
    VALUES (${seat.tenantId}, ${seat.committeeId}, ${seat.packageId}, ${JSON.stringify({ failed: reason })}::jsonb,
      '[]'::jsonb, '0', ${reason}, ${actor.username}, now())
    ON CONFLICT (committee_id) DO UPDATE SET candidates = '[]'::jsonb, election_status = '0',
      failure_reason = EXCLUDED.failure_reason, end_time = now(), update_time = now()`);
  await stages.completeReview(
    tx as unknown as Db,
    seat.tenantId,
    seat.packageId,
    { validBidderIds, rankedCandidates: [], electionStatus: '0' },
    { username: actor.username, role: 'review' },
  );
}
