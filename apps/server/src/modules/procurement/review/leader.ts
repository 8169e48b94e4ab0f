/**
 * The leader's summary of the scores (issue 15 §6): leaderReview GET (every member's score per bidder and item,
 * the engine's mean and the spread, flagged above LEADER_SPREAD_ALERT of the maximum), leaderReview POST (return
 * submitted items of members for re-scoring, each with a note: the member goes back to 'scoring', the committee
 * and the stage stay, nothing is announced until the member re-submits) and getSubclass (the drill-down of one
 * scoring item: every member's score and comment per bidder). Drafts are the expert's own: never shown to others.
 */
import {
  itemMean,
  type LeaderReturnRequest,
  type LeaderReviewDto,
  REVIEW_MESSAGES as M,
  type MemberState,
  type ScoreState,
  type ScoreSubclassDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { spreadOf } from './score-values.ts';
import { readableSeat, scoredBids, scoringItems } from './scoring.ts';
import { moveMember, notOnThisReview, type ReviewActor, seatFor } from './seat.ts';

type MemberRow = {
  id: string;
  realname: string;
  state: MemberState;
};
type CommitteeScoreRow = {
  member_id: string;
  bid_id: string;
  item_id: string;
  score: string | null;
  comment: string | null;
  state: ScoreState;
};

async function committeeMembers(q: DbOrTx, committeeId: string): Promise<MemberRow[]> {
  const rows = await q.execute<MemberRow>(sql`SELECT m.id, u.realname, m.state FROM review_member m
    JOIN sys_user u ON u.id = m.user_id
    WHERE m.committee_id = ${committeeId} AND m.state NOT IN ('avoided', 'declined', 'replaced')
    ORDER BY m.draw_sequence NULLS LAST, m.create_time, m.id`);
  return rows.rows;
}

async function committeeScores(q: DbOrTx, committeeId: string, itemId?: string): Promise<CommitteeScoreRow[]> {
  const rows = await q.execute<CommitteeScoreRow>(sql`SELECT member_id, bid_id, item_id, score::text AS score,
      comment, state FROM review_score
    WHERE committee_id = ${committeeId} ${itemId ? sql`AND item_id = ${itemId}` : sql``}`);
  return rows.rows;
}

/** Only what a member submitted (or submitted and was returned) is shown to others; a draft is still private. */
const shown = (s: CommitteeScoreRow | undefined) => (s && s.state !== 'draft' ? s : undefined);

export interface LeaderReviewService {
  summary(actor: ReviewActor, packageId: string): Promise<LeaderReviewDto>;
  returnItems(actor: ReviewActor, body: LeaderReturnRequest): Promise<{ returned: number; members: number }>;
  subclass(actor: ReviewActor, packageId: string, itemId: string): Promise<ScoreSubclassDto>;
}

export function createLeaderReviewService({ db }: { db: Db }): LeaderReviewService {
  return {
    async summary(actor, packageId) {
      const seat = await readableSeat(db, actor, packageId, '组长汇总');
      if (seat.identity !== 'leader') throw new ApiError(403, M.notLeader);
      const [items, bids, members, scores] = await Promise.all([
        scoringItems(db, packageId),
        scoredBids(db, seat.committeeId),
        committeeMembers(db, seat.committeeId),
        committeeScores(db, seat.committeeId),
      ]);
      const byKey = new Map(scores.map((s) => [`${s.member_id}|${s.bid_id}|${s.item_id}`, s]));
      const rows: LeaderReviewDto['rows'] = [];
      for (const b of bids) {
        for (const i of items) {
          const cells = members.map((m) => {
            const s = shown(byKey.get(`${m.id}|${b.bid_id}|${i.id}`));
            return { memberId: m.id, realname: m.realname, score: s?.score ?? null, state: s?.state ?? 'draft' };
          });
          const values = cells.flatMap((c) => (c.score === null ? [] : [c.score]));
          const spread = spreadOf(values, i.max_score);
          rows.push({
            bidId: b.bid_id,
            supplierName: b.supplier_name,
            itemId: i.id,
            itemName: i.name,
            maxScore: i.max_score,
            scores: cells,
            mean: values.length ? itemMean(values).mean : null,
            spread: spread?.spread ?? null,
            alert: spread?.alert ?? false,
          });
        }
      }
      return { rows };
    },

    returnItems(actor, body) {
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, body.packageId, {
          action: '退回重评',
          identities: ['leader'],
          stages: [8],
          committeeStates: ['summarizing'],
        });
        const [items, bids, members] = await Promise.all([
          scoringItems(tx, body.packageId),
          scoredBids(tx, seat.committeeId),
          committeeMembers(tx, seat.committeeId),
        ]);
        // Every return is checked before anything is written.
        const targets: { memberId: string; bidId: string; itemId: string; note: string }[] = [];
        for (const r of body.returns) {
          if (!members.some((m) => m.id === r.memberId)) throw notOnThisReview(M.notOnCommittee);
          if (!bids.some((b) => b.bid_id === r.bidId)) throw notOnThisReview();
          if (!items.some((i) => i.id === r.itemId)) throw notOnThisReview(M.itemNotScoring);
          const row = await tx.execute<{ state: ScoreState }>(sql`SELECT state FROM review_score
            WHERE member_id = ${r.memberId} AND bid_id = ${r.bidId} AND item_id = ${r.itemId} FOR UPDATE`);
          if (row.rows[0]?.state !== 'submitted') throw badRequest(M.notSubmitted);
          targets.push(r);
        }
        for (const t of targets) {
          await tx.execute(sql`UPDATE review_score SET state = 'returned', return_note = ${t.note},
              returned_by = ${seat.memberId}, return_time = now(), update_time = now()
            WHERE member_id = ${t.memberId} AND bid_id = ${t.bidId} AND item_id = ${t.itemId}`);
        }
        const moved = new Set(targets.map((t) => t.memberId));
        for (const m of members.filter((x) => moved.has(x.id))) {
          if (m.state === 'submitted' || m.state === 'summarizing')
            await moveMember(tx, m.id, m.state, 'returnForRescore');
        }
        return { returned: targets.length, members: moved.size };
      });
    },

    async subclass(actor, packageId, itemId) {
      const seat = await readableSeat(db, actor, packageId, '查看评分明细');
      const others =
        seat.identity === 'leader' || seat.committeeState !== 'scoring' || seat.memberState === 'submitted';
      if (!others) throw badRequest(M.subclassNotSubmitted);
      const item = (await scoringItems(db, packageId)).find((i) => i.id === itemId);
      if (!item) throw notOnThisReview(M.itemNotScoring);
      const [bids, members, scores] = await Promise.all([
        scoredBids(db, seat.committeeId),
        committeeMembers(db, seat.committeeId),
        committeeScores(db, seat.committeeId, itemId),
      ]);
      const byKey = new Map(scores.map((s) => [`${s.member_id}|${s.bid_id}`, s]));
      return {
        itemId: item.id,
        name: item.name,
        maxScore: item.max_score,
        guidance: item.guidance,
        rows: bids.flatMap((b) =>
          members.map((m) => {
            const s = shown(byKey.get(`${m.id}|${b.bid_id}`));
            return {
              bidId: b.bid_id,
              supplierName: b.supplier_name,
              memberId: m.id,
              realname: m.realname,
              score: s?.score ?? null,
              comment: s?.comment ?? null,
            };
          }),
        ),
      };
    },
  };
}
