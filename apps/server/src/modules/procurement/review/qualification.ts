/**
 * 资格/符合性审查 (issue 15 §5): each active member judges every bid under review on every qualification item
 * (不通过 with a reason). A bid is decided once every active member judged every item: it fails when, on any item,
 * more than half of the active members say 不通过 (exactly half is no majority); a failed bid is invalid. Verdicts
 * may change until the bid is decided. When every bid is decided and the valid ones are fewer than the package's
 * minimum, the review ends as 流标 (failReview), in the same transaction as the last verdict.
 */
import {
  REVIEW_MESSAGES as M,
  pricePointsOf,
  type QualificationOutcome,
  type QualificationSaveDto,
  type ReviewItemsSheetDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PackageStages } from '../project/stage.ts';
import { activeMembers, failReview, loadSeat, notOnThisReview, type ReviewActor, seatFor } from './seat.ts';

export interface QualificationVerdict {
  bidId: string;
  itemId: string;
  pass: boolean;
  reason: string | null;
}

export interface QualificationService {
  /** REVIEW_API.reviewItems: the package's items, the bids under review, my verdicts and the decided outcomes. */
  sheet(actor: ReviewActor, packageId: string): Promise<ReviewItemsSheetDto>;
  /** REVIEW_API.eligibleReviewEdit: upserts my verdicts, decides complete bids, fails the review below the minimum. */
  save(
    actor: ReviewActor,
    body: { packageId: string; verdicts: QualificationVerdict[] },
  ): Promise<QualificationSaveDto>;
}

const QUALIFY_ACTION = '资格/符合性审查';

type Item = {
  id: string;
  kind: string;
  name: string;
  max_score: string | null;
  guidance: string | null;
};

const itemsOf = async (q: DbOrTx, packageId: string) =>
  (
    await q.execute<Item>(sql`SELECT id, kind, name, max_score, guidance FROM purchase_review_item
      WHERE package_id = ${packageId} ORDER BY sort_no, id`)
  ).rows;

/**
 * The majority rule on one bid's verdicts: null while a member has not judged every item, else the outcome and
 * the items more than half of the members failed.
 */
export function decideBid(
  memberIds: readonly string[],
  itemIds: readonly string[],
  verdicts: readonly { memberId: string; itemId: string; pass: boolean }[],
): { outcome: Exclude<QualificationOutcome, 'pending'>; failedItems: string[] } | null {
  const failures = new Map<string, number>();
  const seen = new Set<string>();
  for (const v of verdicts) {
    if (!memberIds.includes(v.memberId) || !itemIds.includes(v.itemId)) continue;
    seen.add(`${v.memberId}|${v.itemId}`);
    if (!v.pass) failures.set(v.itemId, (failures.get(v.itemId) ?? 0) + 1);
  }
  if (seen.size < memberIds.length * itemIds.length) return null;
  const failedItems = itemIds.filter((id) => (failures.get(id) ?? 0) * 2 > memberIds.length);
  return { outcome: failedItems.length > 0 ? 'failed' : 'passed', failedItems };
}

export function createQualificationService({ db, stages }: { db: Db; stages: PackageStages }): QualificationService {
  /** Every verdict of the active members on the committee's bids. */
  async function verdictsOf(q: DbOrTx, committeeId: string) {
    const rows = await q.execute<{ member_id: string; bid_id: string; item_id: string; pass: boolean }>(sql`
      SELECT member_id, bid_id, item_id, pass FROM review_qualification WHERE committee_id = ${committeeId}`);
    return rows.rows.map((r) => ({ memberId: r.member_id, bidId: r.bid_id, itemId: r.item_id, pass: r.pass }));
  }

  return {
    async sheet(actor, packageId) {
      const seat = await loadSeat(db, actor, packageId);
      const [items, bids, mine, members, all] = await Promise.all([
        itemsOf(db, packageId),
        db.execute<{ bid_id: string; name: string; qualification: QualificationOutcome; invalid_note: string | null }>(
          sql`SELECT rb.bid_id, s.name, rb.qualification, rb.invalid_note FROM review_bid rb
            JOIN supplier s ON s.id = rb.supplier_id
            WHERE rb.committee_id = ${seat.committeeId} ORDER BY s.name, rb.bid_id`,
        ),
        db.execute<{ bid_id: string; item_id: string; pass: boolean; reason: string | null }>(sql`
          SELECT bid_id, item_id, pass, reason FROM review_qualification WHERE member_id = ${seat.memberId}`),
        activeMembers(db, seat.committeeId),
        verdictsOf(db, seat.committeeId),
      ]);
      const qualification = items.filter((i) => i.kind === 'qualification');
      const scoring = items.filter((i) => i.kind === 'scoring');
      const memberIds = members.map((m) => m.id);
      return {
        qualification: qualification.map((i) => ({
          id: i.id,
          kind: 'qualification' as const,
          name: i.name,
          guidance: i.guidance,
        })),
        scoring: scoring.map((i) => ({
          id: i.id,
          name: i.name,
          maxScore: String(i.max_score ?? '0'),
          guidance: i.guidance,
          envelope: 2 as const,
        })),
        pricePoints: pricePointsOf(scoring.map((i) => i.max_score)),
        memberCount: memberIds.length,
        bids: bids.rows.map((b) => {
          const judged = memberIds.filter(
            (m) =>
              qualification.length > 0 &&
              qualification.every((i) =>
                all.some((v) => v.memberId === m && v.bidId === b.bid_id && v.itemId === i.id),
              ),
          ).length;
          return {
            bidId: b.bid_id,
            supplierName: b.name,
            verdicts: qualification.map((i) => {
              const v = mine.rows.find((r) => r.bid_id === b.bid_id && r.item_id === i.id);
              return { itemId: i.id, pass: v ? v.pass : null, reason: v?.reason ?? null };
            }),
            outcome: b.qualification,
            failedItems: b.qualification === 'failed' && b.invalid_note ? b.invalid_note.split('、') : [],
            judgedMembers: judged,
          };
        }),
      };
    },

    save(actor, body) {
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, body.packageId, {
          action: QUALIFY_ACTION,
          stages: [6],
          committeeStates: ['qualifying'],
          memberStates: ['qualifying'],
        });
        const items = await itemsOf(tx, body.packageId);
        const qualification = items.filter((i) => i.kind === 'qualification');
        const qualificationIds = qualification.map((i) => i.id);
        const bids = await tx.execute<{ bid_id: string; qualification: QualificationOutcome }>(sql`
          SELECT bid_id, qualification FROM review_bid WHERE committee_id = ${seat.committeeId}`);
        const outcomeOf = new Map(bids.rows.map((b) => [b.bid_id, b.qualification]));
        for (const v of body.verdicts) {
          if (!qualificationIds.includes(v.itemId)) throw badRequest(M.itemNotQualification);
          const outcome = outcomeOf.get(v.bidId);
          if (!outcome) throw notOnThisReview(M.bidNotReviewed);
          if (outcome !== 'pending') throw badRequest(M.qualificationDecided);
        }
        for (const v of body.verdicts) {
          await tx.execute(sql`INSERT INTO review_qualification (tenant_id, committee_id, member_id, bid_id, item_id,
              pass, reason)
            VALUES (${actor.tenantId}, ${seat.committeeId}, ${seat.memberId}, ${v.bidId}, ${v.itemId}, ${v.pass},
              ${v.pass ? null : v.reason})
            ON CONFLICT (member_id, bid_id, item_id) DO UPDATE SET pass = EXCLUDED.pass, reason = EXCLUDED.reason,
              update_time = now()`);
        }

        // Decide every pending bid whose verdicts are now complete.
        const memberIds = (await activeMembers(tx, seat.committeeId)).map((m) => m.id);
        const all = await verdictsOf(tx, seat.committeeId);
        const decided: QualificationSaveDto['decided'] = [];
        for (const b of bids.rows.filter((x) => x.qualification === 'pending')) {
          const d = decideBid(
            memberIds,
            qualificationIds,
            all.filter((v) => v.bidId === b.bid_id),
          );
          if (!d) continue;
          const names = qualification.filter((i) => d.failedItems.includes(i.id)).map((i) => i.name);
          await tx.execute(
            d.outcome === 'failed'
              ? sql`UPDATE review_bid SET qualification = 'failed', valid = false, invalid_reason = 'qualification',
                  invalid_note = ${names.join('、')}, update_time = now()
                WHERE committee_id = ${seat.committeeId} AND bid_id = ${b.bid_id}`
              : sql`UPDATE review_bid SET qualification = 'passed', update_time = now()
                WHERE committee_id = ${seat.committeeId} AND bid_id = ${b.bid_id}`,
          );
          decided.push({ bidId: b.bid_id, outcome: d.outcome });
        }

        const left = await tx.execute<{ pending: number; valid: number; min: number }>(sql`
          SELECT count(*) FILTER (WHERE rb.qualification = 'pending')::int AS pending,
            count(*) FILTER (WHERE rb.valid)::int AS valid, max(p.min_bidders)::int AS min
          FROM review_bid rb JOIN purchase_package p ON p.id = rb.package_id
          WHERE rb.committee_id = ${seat.committeeId}`);
        const s = left.rows[0];
        if (s && decided.length > 0 && s.pending === 0 && s.valid < s.min) {
          const reason = M.qualificationTooFew(s.valid, s.min);
          await failReview(tx, stages, actor, seat, reason);
          return { decided, failedReason: reason };
        }
        return { decided, failedReason: null };
      });
    },
  };
}
