/**
 * The committee's reads of the result (issue 15 §9): the score summary (reviewScoringList/list) and the review
 * result (getReviewResults). Both read what `result.ts` persisted (review_result.snapshot, review_bid): no engine
 * run on a read, so the summary of 9 experts × 30 bidders × 40 items answers in a few milliseconds.
 * Only committee members, from 组长汇总 on, and a member only once their own sheets are in (a member re-scoring a
 * returned item does not see the others' scores meanwhile).
 */
import {
  type CampaignCheckDto,
  COMMITTEE_STATES,
  type CommitteeState,
  isActiveMember,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  type MemberState,
  type ReviewResultDto,
  type ScoreSummaryDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { setBounded } from '../../../core/bounded-map.ts';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { ResultSnapshot } from './result.ts';
import { loadSeat, type ReviewActor, type Seat } from './seat.ts';

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

const SUMMARY_COMMITTEE_STATES: readonly CommitteeState[] = ['summarizing', 'signing', 'ended'];
const SUMMARY_MEMBER_STATES: readonly MemberState[] = ['submitted', 'summarizing', 'signing', 'done'];
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The caller's seat, if they may read the result now (403 off the committee, 400 before summarizing). */
export async function summarySeat(q: DbOrTx, actor: ReviewActor, packageId: string, action: string): Promise<Seat> {
  const seat = await loadSeat(q, actor, packageId);
  if (!isActiveMember(seat.memberState)) throw new ApiError(403, M.memberOut(MEMBER_STATES[seat.memberState]));
  if (!SUMMARY_COMMITTEE_STATES.includes(seat.committeeState))
    throw badRequest(M.wrongCommitteeState(COMMITTEE_STATES[seat.committeeState], action));
  if (seat.identity !== 'leader' && !SUMMARY_MEMBER_STATES.includes(seat.memberState))
    throw badRequest(M.wrongMemberState(MEMBER_STATES[seat.memberState], action));
  return seat;
}

/** The result row without its snapshot (a large review's snapshot is most of a megabyte of JSON). */
async function resultRowOf(q: DbOrTx, committeeId: string): Promise<Row | undefined> {
  const r = await q.execute<Row>(sql`SELECT candidates, election_status, failure_reason, compute_time, update_time,
      end_time, report_file_id FROM review_result WHERE committee_id = ${committeeId}`);
  return r.rows[0];
}

/**
 * Built summaries by committee, keyed by the result row's compute and update times: every change the summary shows
 * (a recomputation, a campaign check, a 流标) rewrites that row, so a stale entry is never served, and each server
 * instance checks the row on every read. Only complete rankings are kept (an incomplete one reads the sheets).
 */
const SUMMARY_CACHE_MAX = 64;
const summaryCache = new Map<string, { version: string; json: string }>();
function remember(committeeId: string, version: string, json: string): void {
  setBounded(summaryCache, committeeId, { version, json }, SUMMARY_CACHE_MAX);
}

/**
 * reviewScoringList/list: bidders × items × experts with the engine's means, price score, total, rank — as JSON
 * text (ScoreSummaryDto): 9 × 30 × 40 scores are over half a megabyte, serialised once per computation, not per read.
 */
export async function scoreSummaryJson(q: DbOrTx, actor: ReviewActor, packageId: string): Promise<string> {
  const seat = await summarySeat(q, actor, packageId, '查看评分汇总');
  return summaryJsonOf(q, seat.committeeId, packageId);
}

/**
 * 评审管理's read of the summary (REVIEW_API.monitorSummary): the buyer or supervisor whose data scope holds the
 * package (checked by the caller), once the committee is summarizing; the same JSON as the committee's.
 */
export async function monitorSummaryJson(q: DbOrTx, packageId: string): Promise<string> {
  const c = await q.execute<{ id: string; state: CommitteeState }>(sql`SELECT id, state FROM review_committee
    WHERE package_id = ${packageId}`);
  const committee = c.rows[0];
  if (!committee) throw notFound(M.committeeNotFound);
  if (!SUMMARY_COMMITTEE_STATES.includes(committee.state))
    throw badRequest(M.wrongCommitteeState(COMMITTEE_STATES[committee.state], '查看评分汇总'));
  return summaryJsonOf(q, committee.id, packageId);
}

async function summaryJsonOf(q: DbOrTx, committeeId: string, packageId: string): Promise<string> {
  const head = await resultRowOf(q, committeeId);
  const version = head ? `${iso(head.compute_time)}|${iso(head.update_time)}` : '';
  const cached = summaryCache.get(committeeId);
  if (cached && cached.version === version) return cached.json;
  const [result, members, items, bids, pkg] = await Promise.all([
    q.execute<Row>(sql`SELECT snapshot FROM review_result WHERE committee_id = ${committeeId}`).then((r) => r.rows[0]),
    q.execute<Row>(sql`SELECT m.id, u.realname FROM review_member m JOIN sys_user u ON u.id = m.user_id
      WHERE m.committee_id = ${committeeId} AND m.state NOT IN ('avoided', 'declined', 'replaced')
      ORDER BY m.draw_sequence NULLS LAST, m.create_time, m.id`),
    q.execute<Row>(sql`SELECT id, name, max_score FROM purchase_review_item
      WHERE package_id = ${packageId} AND kind = 'scoring' ORDER BY sort_no, id`),
    q.execute<Row>(sql`SELECT rb.bid_id, rb.supplier_id, s.name, rb.valid, rb.invalid_reason, rb.candidate,
        rb.final_rank, coalesce(rb.evaluated_price, b.evaluated_price)::text AS price
      FROM review_bid rb JOIN supplier s ON s.id = rb.supplier_id JOIN purchase_bid b ON b.id = rb.bid_id
      WHERE rb.committee_id = ${committeeId} ORDER BY rb.final_rank NULLS LAST, s.name, rb.bid_id`),
    q.execute<Row>(sql`SELECT price_method FROM purchase_package WHERE id = ${packageId}`),
  ]);
  const snap = result?.snapshot as ResultSnapshot | undefined;
  const ranked = new Map((snap?.result?.bidders ?? []).map((b) => [b.bidderId, b]));
  // Without a ranking (sheets still missing or returned), the entered scores come from the sheets themselves.
  const raw = new Map<string, Record<string, Record<string, string | null>>>();
  if (!snap?.result) {
    const rows = await q.execute<Row>(sql`SELECT member_id, bid_id, item_id, score::text AS score
      FROM review_score WHERE committee_id = ${committeeId} AND state = 'submitted'`);
    for (const r of rows.rows) {
      const byItem = raw.get(r.bid_id) ?? {};
      raw.set(r.bid_id, byItem);
      byItem[r.item_id] ??= {};
      (byItem[r.item_id] as Record<string, string | null>)[r.member_id] = r.score;
    }
  }
  const memberIds = members.rows.map((m) => m.id as string);
  const itemIds = items.rows.map((i) => i.id as string);
  const dto: ScoreSummaryDto = {
    experts: members.rows.map((m) => ({ memberId: m.id, realname: m.realname })),
    items: items.rows.map((i) => ({ itemId: i.id, name: i.name, maxScore: String(i.max_score ?? '0') })),
    rows: bids.rows.map((b) => {
      const r = ranked.get(b.bid_id);
      const byItem: Record<string, Record<string, string | null>> = r
        ? Object.fromEntries(r.items.map((i) => [i.itemId, i.byExpert]))
        : (raw.get(b.bid_id) ?? {});
      const means = new Map((r?.items ?? []).map((i) => [i.itemId, i.mean]));
      const scores = itemIds.map((itemId) => memberIds.map((memberId) => byItem[itemId]?.[memberId] ?? null));
      return {
        bidId: b.bid_id,
        supplierId: b.supplier_id,
        supplierName: b.name,
        valid: b.valid,
        invalidReason: b.invalid_reason,
        scores,
        itemMeans: itemIds.map((itemId) => means.get(itemId) ?? null),
        evaluatedPrice: r?.evaluatedPrice ?? str(b.price),
        priceScore: r?.priceScore ?? null,
        total: r?.total ?? null,
        rank: r?.rank ?? (b.final_rank === null ? null : Number(b.final_rank)),
        candidate: b.candidate,
      };
    }),
    pricePoints: snap?.pricePoints ?? '0.00',
    priceMethod: snap?.priceMethod ?? pkg.rows[0]?.price_method ?? 'low_price',
    errors: snap?.errors ?? [],
  };
  const json = JSON.stringify(dto);
  if (snap?.result && version) remember(committeeId, version, json);
  return json;
}

/** The campaign checks recorded on the committee's bids, by bid. */
export async function checksOf(q: DbOrTx, committeeId: string, bidId?: string): Promise<CampaignCheckDto[]> {
  const rows = await q.execute<Row>(sql`SELECT k.*, s.name AS supplier_name FROM review_campaign_check k
    JOIN supplier s ON s.id = k.supplier_id
    WHERE k.committee_id = ${committeeId} ${bidId ? sql`AND k.bid_id = ${bidId}` : sql``}
    ORDER BY k.bid_id, k.kind`);
  return rows.rows.map((k) => ({
    id: k.id,
    bidId: k.bid_id,
    supplierId: k.supplier_id,
    supplierName: k.supplier_name,
    kind: k.kind,
    result: k.result,
    findings: k.findings,
    files: k.files ?? [],
    checkedBy: k.checked_by,
    checkTime: iso(k.check_time) ?? '',
  }));
}

/** getReviewResults: the ranking, the candidates after campaign checks, the checks, signatures and the end. */
export async function reviewResults(q: DbOrTx, actor: ReviewActor, packageId: string): Promise<ReviewResultDto> {
  const seat = await summarySeat(q, actor, packageId, '查看评审结果');
  const [result, bids, members, checks] = await Promise.all([
    resultRowOf(q, seat.committeeId),
    q.execute<Row>(sql`SELECT rb.bid_id, rb.supplier_id, s.name, rb.total_score::text AS total, rb.final_rank,
        rb.candidate, rb.campaign_check, coalesce(rb.evaluated_price, b.evaluated_price)::text AS price
      FROM review_bid rb JOIN supplier s ON s.id = rb.supplier_id JOIN purchase_bid b ON b.id = rb.bid_id
      WHERE rb.committee_id = ${seat.committeeId} ORDER BY rb.final_rank NULLS LAST, s.name, rb.bid_id`),
    q.execute<Row>(sql`SELECT m.id, u.realname, m.sign_time, m.sign_opinion FROM review_member m
      JOIN sys_user u ON u.id = m.user_id
      WHERE m.committee_id = ${seat.committeeId} AND m.state NOT IN ('avoided', 'declined', 'replaced')
      ORDER BY m.draw_sequence NULLS LAST, m.create_time, m.id`),
    checksOf(q, seat.committeeId),
  ]);
  return {
    packageId,
    electionStatus: result?.election_status === '0' ? '0' : '1',
    failureReason: result?.failure_reason ?? null,
    ranking: bids.rows.map((b) => ({
      bidId: b.bid_id,
      supplierId: b.supplier_id,
      supplierName: b.name,
      total: b.total,
      evaluatedPrice: b.price,
      rank: b.final_rank === null ? null : Number(b.final_rank),
      candidate: b.candidate,
      campaignCheck: b.campaign_check,
    })),
    candidates: (result?.candidates as string[] | undefined) ?? [],
    signatures: members.rows.map((m) => ({
      memberId: m.id,
      realname: m.realname,
      signTime: iso(m.sign_time),
      opinion: m.sign_opinion,
    })),
    computeTime: iso(result?.compute_time),
    endTime: iso(result?.end_time),
    reportFileId: result?.report_file_id ?? null,
    checks,
  };
}
