/**
 * THE review result (issue 15 §8–9): the scoring engine (`computeReviewScores`, packages/shared) over the committee's
 * rows, persisted. Inputs: the package's price settings, its scoring items (P = 100 − Σ maxima), the bids still in
 * the ranking with their evaluated prices, and the submitted scores of the active members. Outputs: each
 * review_bid's total, rank and candidate flag, and review_result (the engine's snapshot, the candidates' supplier
 * ids in rank order). The summary endpoints read what is persisted here; they never recompute.
 *
 * Campaign checks do not re-rank: a bidder who failed one keeps its scores and rank (the others' price scores do
 * not move because a check failed) but is no candidate; the next ranked bidder takes its place. No candidate left,
 * or an engine 流标 (valid bidders below the minimum, every quote above the price limit) → `failReview`.
 */
import {
  type CommitteeState,
  candidateCount,
  computeReviewScores,
  type ExpertScore,
  type PriceMethod,
  type PurchaseMethod,
  pricePointsOf,
  type ScoringResult,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { PackageStages } from '../project/stage.ts';
import type { ReviewEventContext, ReviewHooks } from './hooks.ts';
import { failReview } from './seat.ts';

/** The refusal stored when every recommended candidate failed a campaign check. */
export const NO_CANDIDATE_LEFT = '推荐的中标候选人均未通过竞选核查，流标';

/** What review_result.snapshot holds: the engine's result (or its refusals) and the inputs' identities. */
export interface ResultSnapshot {
  /** The engine refused (missing or out-of-range scores, bad quotes): nothing was ranked. */
  errors?: string[];
  result?: ScoringResult;
  pricePoints: string;
  priceMethod: string;
  /** Member ids in the order the engine saw them, and the item ids. */
  experts: string[];
  items: string[];
  /** A 流标 reason (failReview writes `{ failed }` too). */
  failed?: string;
}

export type RecomputeOutcome =
  | { kind: 'ranked'; candidates: string[] }
  | { kind: 'incomplete'; errors: string[] }
  | { kind: 'failed'; reason: string };

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

/** The inputs of one computation, read in the caller's transaction. */
async function loadInputs(tx: DbOrTx, ctx: Pick<ReviewEventContext, 'packageId' | 'committeeId'>) {
  // One after the other: inside a transaction the statements share one connection anyway.
  const pkg =
    await tx.execute<Row>(sql`SELECT purchase_method, price_method, price_k, price_alpha, price_beta, fixed_price,
        purchase_candidate_count, min_bidders FROM purchase_package WHERE id = ${ctx.packageId}`);
  const items = await tx.execute<Row>(sql`SELECT id, name, max_score FROM purchase_review_item
        WHERE package_id = ${ctx.packageId} AND kind = 'scoring' ORDER BY sort_no, id`);
  // In the ranking: the valid bids and those a campaign check disqualified (they keep their rank).
  const bids =
    await tx.execute<Row>(sql`SELECT rb.id, rb.bid_id, rb.supplier_id, rb.valid, rb.invalid_reason, rb.campaign_check,
        rb.tie_draw_order, coalesce(rb.evaluated_price, b.evaluated_price) AS price, b.evaluated_price AS first_price
        FROM review_bid rb JOIN purchase_bid b ON b.id = rb.bid_id
        WHERE rb.committee_id = ${ctx.committeeId} ORDER BY rb.tie_draw_order NULLS LAST, rb.supplier_id`);
  const members = await tx.execute<Row>(sql`SELECT id FROM review_member WHERE committee_id = ${ctx.committeeId}
        AND state NOT IN ('avoided', 'declined', 'replaced') ORDER BY draw_sequence NULLS LAST, create_time, id`);
  const scores = await tx.execute<Row>(sql`SELECT member_id, bid_id, item_id, score::text AS score FROM review_score
        WHERE committee_id = ${ctx.committeeId} AND state = 'submitted'`);
  const p = pkg.rows[0];
  if (!p) throw new Error(`package ${ctx.packageId} not found`);
  return { p, items: items.rows, bids: bids.rows, members: members.rows, scores: scores.rows };
}

/** Runs the engine over the committee's rows; pure apart from the reads. */
export async function computeResult(tx: DbOrTx, ctx: Pick<ReviewEventContext, 'packageId' | 'committeeId'>) {
  const { p, items, bids, members, scores } = await loadInputs(tx, ctx);
  const ranked = bids.filter((b) => b.valid || b.invalid_reason === 'campaign_check');
  const rankedIds = new Set(ranked.map((b) => b.bid_id as string));
  const pricePoints = pricePointsOf(items.map((i) => i.max_score));
  const priceMethod = p.price_method as PriceMethod;
  const engineScores: ExpertScore[] = [];
  for (const s of scores) {
    if (rankedIds.has(s.bid_id))
      engineScores.push({ expertId: s.member_id, bidderId: s.bid_id, itemId: s.item_id, score: s.score });
  }
  // The draw order among tied bidders, when recorded (the engine's last tie-break).
  const drawOrder = ranked
    .filter((b) => b.tie_draw_order !== null)
    .sort((a, b) => a.tie_draw_order - b.tie_draw_order)
    .map((b) => b.bid_id as string);
  const outcome = computeReviewScores({
    bidders: ranked.map((b) => ({
      id: b.bid_id,
      name: b.supplier_id,
      // The opening's price, then the evaluated price after the rounds when it changed (rounds only lower it).
      quotes: b.first_price && b.price !== b.first_price ? [b.first_price, b.price] : [b.price],
    })),
    items: items.map((i) => ({ id: i.id, name: i.name, max: i.max_score ?? '0' })),
    experts: members.map((m) => ({ id: m.id })),
    scores: engineScores,
    priceMethod,
    pricePoints,
    k: p.price_k,
    alpha: p.price_alpha,
    beta: p.price_beta,
    quoteKind: 'price',
    priceLimit: p.fixed_price,
    quotationRoundCount: 2,
    purchaseMethod: p.purchase_method as PurchaseMethod,
    purchaseCandidateCount: Number(p.purchase_candidate_count),
    minBidders: Number(p.min_bidders),
    drawOrder,
  });
  const snapshotBase = {
    pricePoints,
    priceMethod,
    experts: members.map((m) => m.id as string),
    items: items.map((i) => i.id as string),
  };
  return { outcome, bids, ranked, snapshotBase, purchaseMethod: p.purchase_method as PurchaseMethod, p };
}

/**
 * The candidates after the campaign checks, in rank order: as many as the engine recommends (min(count, ranked
 * bidders), at most 3 for tenders; none after an engine 流标), taken down the ranking past the disqualified ones.
 * Disqualified bidders keep their place in the ranking, so the count is not reduced by them.
 */
export function pickCandidates(
  result: Pick<ScoringResult, 'bidders' | 'failed'>,
  disqualified: ReadonlySet<string>,
  method: PurchaseMethod,
  purchaseCandidateCount: number,
): string[] {
  const n = result.failed ? 0 : candidateCount(method, purchaseCandidateCount, result.bidders.length);
  return result.bidders
    .filter((b) => !disqualified.has(b.bidderId))
    .slice(0, n)
    .map((b) => b.bidderId);
}

/**
 * Computes and persists the result of a committee that is summarizing (the hooks' handler, and for other steps):
 * review_bid totals, ranks and candidates, the review_result row; a 流标 goes through failReview.
 */
export async function recomputeResult(
  tx: DbOrTx,
  stages: PackageStages,
  ctx: ReviewEventContext,
): Promise<RecomputeOutcome> {
  const c = await tx.execute<{ state: CommitteeState }>(sql`SELECT state FROM review_committee
    WHERE id = ${ctx.committeeId} FOR UPDATE`);
  const committeeState = c.rows[0]?.state;
  const { outcome, bids, snapshotBase, purchaseMethod, p } = await computeResult(tx, ctx);
  const by = ctx.actor.username;

  if (!outcome.ok) {
    // Incomplete (a returned score, …): keep the last ranking, record why nothing was ranked now.
    await upsertResult(tx, ctx, { ...snapshotBase, errors: outcome.errors }, null, by);
    return { kind: 'incomplete', errors: outcome.errors };
  }
  const result = outcome.result;
  const byBid = new Map(result.bidders.map((b) => [b.bidderId, b]));
  const excluded = new Set(result.excluded.map((e) => e.bidderId));
  const failedCheck = new Set(bids.filter((b) => b.campaign_check === 'failed').map((b) => b.bid_id as string));
  const candidateBids = pickCandidates(result, failedCheck, purchaseMethod, Number(p.purchase_candidate_count));
  const candidateSet = new Set(candidateBids);
  const supplierOf = new Map(bids.map((b) => [b.bid_id as string, b.supplier_id as string]));

  const values = bids.map((b) => {
    const r = byBid.get(b.bid_id);
    return sql`(${b.id}::uuid, ${r?.total ?? null}::numeric, ${r?.rank ?? null}::int, ${candidateSet.has(b.bid_id)}::boolean,
      ${excluded.has(b.bid_id)}::boolean)`;
  });
  if (values.length > 0) {
    await tx.execute(sql`UPDATE review_bid rb SET total_score = v.total, final_rank = v.rank, candidate = v.cand,
        valid = CASE WHEN v.over THEN false ELSE rb.valid END,
        invalid_reason = CASE WHEN v.over THEN 'price_limit' ELSE rb.invalid_reason END, update_time = now()
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, total, rank, cand, over) WHERE rb.id = v.id`);
  }
  const candidates = candidateBids.map((id) => supplierOf.get(id) as string);
  const failure = result.failed?.message ?? (candidates.length === 0 ? NO_CANDIDATE_LEFT : null);
  if (failure) {
    await upsertResult(tx, ctx, { ...snapshotBase, result, failed: failure }, [], by);
    if (committeeState && committeeState !== 'ended') {
      await failReview(
        tx,
        stages,
        ctx.actor,
        { committeeId: ctx.committeeId, committeeState, packageId: ctx.packageId, tenantId: ctx.tenantId },
        failure,
      );
    }
    return { kind: 'failed', reason: failure };
  }
  await upsertResult(tx, ctx, { ...snapshotBase, result }, candidates, by);
  return { kind: 'ranked', candidates };
}

/** review_result for the committee: a new computation replaces the last (candidates null = keep them). */
async function upsertResult(
  tx: DbOrTx,
  ctx: ReviewEventContext,
  snapshot: ResultSnapshot,
  candidates: string[] | null,
  by: string,
) {
  const json = JSON.stringify(snapshot);
  const cands = JSON.stringify(candidates ?? []);
  await tx.execute(sql`INSERT INTO review_result (tenant_id, committee_id, package_id, snapshot, candidates,
      election_status, computed_by, compute_time)
    VALUES (${ctx.tenantId}, ${ctx.committeeId}, ${ctx.packageId}, ${json}::jsonb, ${cands}::jsonb, '1', ${by}, now())
    ON CONFLICT (committee_id) DO UPDATE SET snapshot = EXCLUDED.snapshot,
      candidates = ${candidates === null ? sql`review_result.candidates` : sql`EXCLUDED.candidates`},
      computed_by = EXCLUDED.computed_by, compute_time = now(), update_time = now()`);
}

/** Registers the computation on the review seams: entering 组长汇总, and any change while summarizing. */
export function registerResultHooks(hooks: ReviewHooks, stages: PackageStages): void {
  hooks.on('summarizing', async (tx, ctx) => {
    await recomputeResult(tx, stages, ctx);
  });
  hooks.on('changed', async (tx, ctx) => {
    const c = await tx.execute<{ state: string }>(
      sql`SELECT state FROM review_committee WHERE id = ${ctx.committeeId}`,
    );
    if (c.rows[0]?.state === 'summarizing') await recomputeResult(tx, stages, ctx);
  });
}
