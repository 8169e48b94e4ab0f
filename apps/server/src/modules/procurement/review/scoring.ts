/**
 * 评分 (issue 15 §6): the leader starts scoring once every qualification verdict is in (6→7); each active member
 * fills one sheet per valid bidder (draft, then submit: read-only afterwards); the last submission moves the
 * committee to 组长汇总 (7→8) and announces it on the review hooks. A sheet the leader returned (leader.ts) is
 * editable again on its returned items only; re-submitting it announces a change. Every write starts with the seat.
 * Two-envelope packages (purchase_package.two_envelope): the experts' scoring items are the first (technical)
 * envelope — the price envelope holds only the quotes, which the engine scores — so their sheets are saved through
 * the first-envelope path with envelope 1, and the ordinary path (envelope 2) is for every other package.
 */
import {
  COMMITTEE_STATES,
  type CommitteeState,
  isActiveMember,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  type MemberState,
  type ScoreEnvelope,
  type ScoreSaveRequest,
  type ScoreState,
  type ScoringSheetDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PackageStages } from '../project/stage.ts';
import type { ReviewHooks } from './hooks.ts';
import { itemEditable, milli, shortNumber } from './score-values.ts';
import {
  activeMembers,
  loadSeat,
  moveCommittee,
  moveMember,
  moveMembers,
  notOnThisReview,
  type ReviewActor,
  type Seat,
  seatFor,
} from './seat.ts';

/** A scoring item of the package (purchase_review_item of kind 'scoring'). */
export type ScoringItemRow = {
  id: string;
  name: string;
  max_score: string;
  guidance: string | null;
};
/** A bid the committee scores: qualified and still valid. */
export type ScoredBidRow = {
  bid_id: string;
  supplier_id: string;
  supplier_name: string;
};
type ScoreRow = {
  bid_id: string;
  item_id: string;
  score: string | null;
  comment: string | null;
  state: ScoreState;
  return_note: string | null;
};

export async function scoringItems(q: DbOrTx, packageId: string): Promise<ScoringItemRow[]> {
  const rows = await q.execute<ScoringItemRow>(sql`SELECT id, name, max_score::text AS max_score, guidance
    FROM purchase_review_item WHERE package_id = ${packageId} AND kind = 'scoring' ORDER BY sort_no, id`);
  return rows.rows;
}

export async function scoredBids(q: DbOrTx, committeeId: string): Promise<ScoredBidRow[]> {
  const rows = await q.execute<ScoredBidRow>(sql`SELECT rb.bid_id, rb.supplier_id, s.name AS supplier_name
    FROM review_bid rb JOIN supplier s ON s.id = rb.supplier_id
    WHERE rb.committee_id = ${committeeId} AND rb.valid AND rb.qualification = 'passed'
    ORDER BY s.name, rb.bid_id`);
  return rows.rows;
}

/** The envelope of a package's sheets: 1 in a two-envelope package, 2 otherwise. */
async function sheetEnvelope(q: DbOrTx, packageId: string): Promise<ScoreEnvelope> {
  const rows = await q.execute<{ two: boolean }>(
    sql`SELECT two_envelope AS two FROM purchase_package WHERE id = ${packageId}`,
  );
  return rows.rows[0]?.two ? 1 : 2;
}

/** Committee states in which sheets exist (reads). */
const SCORED_STATES: readonly CommitteeState[] = ['scoring', 'summarizing', 'signing', 'ended'];
/** Member states of one who submitted every sheet (a further save is a change of a submitted sheet). */
const SUBMITTED_MEMBER: readonly MemberState[] = ['submitted', 'summarizing', 'signing', 'done'];

/** The caller's seat for a read of the scores: an active member of a committee that has begun scoring. */
export async function readableSeat(q: DbOrTx, actor: ReviewActor, packageId: string, action: string): Promise<Seat> {
  const seat = await loadSeat(q, actor, packageId);
  if (!isActiveMember(seat.memberState)) throw badRequest(M.memberOut(MEMBER_STATES[seat.memberState]));
  if (!SCORED_STATES.includes(seat.committeeState))
    throw badRequest(M.wrongCommitteeState(COMMITTEE_STATES[seat.committeeState], action));
  return seat;
}

export interface SaveResult {
  memberState: MemberState;
  committeeState: CommitteeState;
}

export interface ReviewScoringService {
  startScoring(actor: ReviewActor, packageId: string): Promise<{ committeeState: CommitteeState }>;
  sheets(
    actor: ReviewActor,
    packageId: string,
    bidId: string | undefined,
    envelope: number,
  ): Promise<ScoringSheetDto[]>;
  save(actor: ReviewActor, body: ScoreSaveRequest, envelope: ScoreEnvelope): Promise<SaveResult>;
}

export function createReviewScoringService(deps: {
  db: Db;
  stages: PackageStages;
  hooks: ReviewHooks;
}): ReviewScoringService {
  const { db, stages, hooks } = deps;

  /** The last sheet of the member is in: the member's task moves; the last member moves the committee and stage. */
  async function afterSubmit(tx: DbOrTx, actor: ReviewActor, seat: Seat): Promise<SaveResult> {
    const missing = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM review_bid rb
      CROSS JOIN purchase_review_item i
      LEFT JOIN review_score s ON s.member_id = ${seat.memberId} AND s.bid_id = rb.bid_id AND s.item_id = i.id
        AND s.state = 'submitted'
      WHERE rb.committee_id = ${seat.committeeId} AND rb.valid AND rb.qualification = 'passed'
        AND i.package_id = ${seat.packageId} AND i.kind = 'scoring' AND s.id IS NULL`);
    if ((missing.rows[0]?.n ?? 0) > 0) return { memberState: seat.memberState, committeeState: seat.committeeState };
    let memberState = await moveMember(tx, seat.memberId, seat.memberState, 'submit', sql`submit_time = now()`);
    const ctx = { tenantId: seat.tenantId, packageId: seat.packageId, committeeId: seat.committeeId, actor };
    if (seat.committeeState === 'summarizing') {
      // A returned sheet re-submitted: this member alone rejoins the summary, and the result is recomputed.
      memberState = await moveMember(tx, seat.memberId, memberState, 'allSubmitted');
      await hooks.emit(tx, 'changed', { ...ctx, cause: 'rescore' });
      return { memberState, committeeState: seat.committeeState };
    }
    const members = await activeMembers(tx, seat.committeeId);
    if (members.some((m) => m.state !== 'submitted')) return { memberState, committeeState: seat.committeeState };
    const committeeState = await moveCommittee(tx, seat.committeeId, seat.committeeState, 'allSubmitted');
    await moveMembers(tx, seat.committeeId, 'allSubmitted');
    await stages.move(tx as unknown as Db, {
      tenantId: seat.tenantId,
      packageId: seat.packageId,
      action: 'summarize',
      actor: { username: actor.username, role: 'review' },
    });
    await hooks.emit(tx, 'summarizing', ctx);
    return { memberState: 'summarizing', committeeState };
  }

  return {
    startScoring(actor, packageId) {
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, packageId, {
          action: '开始评分',
          identities: ['leader'],
          stages: [6],
          committeeStates: ['qualifying'],
        });
        // Every opened bid needs the committee's decided verdict (a bid without its review row counts as open).
        const open = await tx.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM purchase_bid b
          LEFT JOIN review_bid rb ON rb.bid_id = b.id AND rb.committee_id = ${seat.committeeId}
          WHERE b.package_id = ${packageId} AND b.status = '1' AND (rb.id IS NULL OR rb.qualification = 'pending')`);
        const n = open.rows[0]?.n ?? 0;
        if (n > 0) throw badRequest(M.qualificationIncomplete(n));
        const committeeState = await moveCommittee(tx, seat.committeeId, seat.committeeState, 'startScoring');
        await moveMembers(tx, seat.committeeId, 'startScoring');
        await stages.move(tx as unknown as Db, {
          tenantId: seat.tenantId,
          packageId,
          action: 'score',
          actor: { username: actor.username, role: 'review' },
        });
        return { committeeState };
      });
    },

    async sheets(actor, packageId, bidId, envelope) {
      const seat = await readableSeat(db, actor, packageId, '查看评分表');
      const env = await sheetEnvelope(db, packageId);
      if (envelope === 1 && env !== 1) throw badRequest(M.envelopeWrong);
      const [items, bids, mine] = await Promise.all([
        scoringItems(db, packageId),
        scoredBids(db, seat.committeeId),
        db.execute<ScoreRow>(sql`SELECT bid_id, item_id, score::text AS score, comment, state, return_note
          FROM review_score WHERE member_id = ${seat.memberId}`),
      ]);
      const chosen = bidId ? bids.filter((b) => b.bid_id === bidId) : bids;
      if (bidId && !chosen.length) throw notOnThisReview();
      const byKey = new Map(mine.rows.map((r) => [`${r.bid_id}|${r.item_id}`, r]));
      return chosen.map((b) => ({
        bidId: b.bid_id,
        supplierName: b.supplier_name,
        envelope: env,
        items: items.map((i) => {
          const s = byKey.get(`${b.bid_id}|${i.id}`);
          return {
            itemId: i.id,
            name: i.name,
            maxScore: i.max_score,
            guidance: i.guidance,
            score: s?.score ?? null,
            comment: s?.comment ?? null,
            state: s?.state ?? 'draft',
            returnNote: s?.return_note ?? null,
            editable: itemEditable(seat, s?.state),
          };
        }),
      }));
    },

    save(actor, body, envelope) {
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, body.packageId, {
          action: body.submit ? '提交评分' : '保存评分',
          stages: [7, 8],
          committeeStates: ['scoring', 'summarizing'],
        });
        const env = await sheetEnvelope(tx, body.packageId);
        if (envelope !== env) throw badRequest(envelope === 1 ? M.envelopeWrong : M.envelopeFirst);
        if (seat.memberState !== 'scoring') {
          throw badRequest(
            SUBMITTED_MEMBER.includes(seat.memberState)
              ? M.sheetSubmitted
              : M.wrongMemberState(MEMBER_STATES[seat.memberState], '评分'),
          );
        }
        const bids = await scoredBids(tx, seat.committeeId);
        if (!bids.some((b) => b.bid_id === body.bidId)) throw notOnThisReview();
        const items = await scoringItems(tx, body.packageId);
        const existing = await tx.execute<{ item_id: string; state: ScoreState }>(sql`SELECT item_id, state
          FROM review_score WHERE member_id = ${seat.memberId} AND bid_id = ${body.bidId}`);
        const stateOf = new Map(existing.rows.map((r) => [r.item_id, r.state]));
        const open = items.filter((i) => itemEditable(seat, stateOf.get(i.id)));
        if (!open.length) throw badRequest(M.sheetSubmitted);
        // Every check before any write: unknown item, read-only item, range, and (submit) a missing score.
        const given = new Map(body.scores.map((s) => [s.itemId, s]));
        for (const s of body.scores) {
          const item = items.find((i) => i.id === s.itemId);
          if (!item) throw notOnThisReview(M.itemNotScoring);
          if (!open.includes(item)) throw badRequest(M.sheetSubmitted);
          if (s.score !== null && milli(s.score) > milli(item.max_score))
            throw badRequest(M.scoreOutOfRange(item.name, shortNumber(item.max_score)));
        }
        if (body.submit) {
          const missing = open.find((i) => (given.get(i.id)?.score ?? null) === null);
          if (missing) throw badRequest(M.scoreMissing(missing.name));
        }
        // A returned item saved as a draft stays returned (the row keeps the leader's note) until it is submitted.
        const state: ScoreState = body.submit ? 'submitted' : 'draft';
        const values = body.scores.map(
          (s) => sql`(${seat.tenantId}, ${seat.committeeId}, ${seat.memberId}, ${body.bidId}, ${s.itemId}, ${envelope},
            ${s.score}::numeric, ${s.comment}, ${state}, ${body.submit ? sql`now()` : sql`NULL`}::timestamptz)`,
        );
        await tx.execute(sql`INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, envelope,
            score, comment, state, submit_time)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (member_id, bid_id, item_id) DO UPDATE SET envelope = EXCLUDED.envelope,
            score = EXCLUDED.score, comment = EXCLUDED.comment,
            state = CASE WHEN review_score.state = 'returned' AND EXCLUDED.state = 'draft' THEN 'returned'
              ELSE EXCLUDED.state END,
            submit_time = COALESCE(EXCLUDED.submit_time, review_score.submit_time), update_time = now()`);
        if (!body.submit) return { memberState: seat.memberState, committeeState: seat.committeeState };
        return afterSubmit(tx, actor, seat);
      });
    },
  };
}
