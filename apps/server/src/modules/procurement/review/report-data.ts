/**
 * What the review report (评审报告) shows, read from the committee's rows in one place: the package, the committee,
 * the bidders with their validity, the score summary (item means by the engine's itemMean over the submitted
 * sheets, the price score from the result snapshot, totals and ranks from review_bid), the candidates, campaign
 * checks, clarifications and every member's signature. Pure reads: the PDF renderer (report.ts) only lays it out.
 */
import {
  CAMPAIGN_CHECK_KINDS,
  type CampaignCheckKind,
  CHECK_OUTCOMES,
  CHECK_RESULTS,
  CLARIFICATION_KINDS,
  CLARIFICATION_STATES,
  type ClarificationKind,
  type ClarificationState,
  COMMITTEE_STATES,
  type CommitteeState,
  INVALID_REASONS,
  type InvalidReason,
  itemMean,
  MEMBER_KINDS,
  MEMBER_STATES,
  type MemberKind,
  type MemberState,
  PURCHASE_METHODS,
  QUALIFICATION_OUTCOMES,
  type QualificationOutcome,
  SIGN_OPINIONS,
  type SignOpinion,
  stageName,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export interface ReportMember {
  realname: string;
  kind: string;
  leader: boolean;
  state: string;
  signTime: Date | null;
  opinion: string | null;
  dissentReason: string | null;
}

export interface ReportBidder {
  bidId: string;
  supplierName: string;
  qualification: string;
  valid: boolean;
  invalidReason: string | null;
  evaluatedPrice: string | null;
  priceScore: string | null;
  total: string | null;
  rank: number | null;
  candidate: boolean;
  campaignCheck: string;
  /** Item id → the item mean (3 decimals) over the submitted scores; absent when nobody scored it. */
  means: Record<string, string>;
}

export interface ReportData {
  purchaseCode: string;
  purchaseName: string;
  packageNo: string;
  packageName: string;
  purchaseMethod: string;
  stage: string;
  electionStatus: string;
  failureReason: string | null;
  reviewStartTime: Date | null;
  reviewStopTime: Date | null;
  committeeState: string;
  drawSeed: string;
  members: ReportMember[];
  items: { id: string; name: string; maxScore: string }[];
  bidders: ReportBidder[];
  candidates: string[];
  checks: { supplierName: string; kind: string; result: string; findings: string | null; checkTime: Date }[];
  clarifications: {
    supplierName: string;
    kind: string;
    roundNo: number | null;
    question: string;
    answer: string | null;
    state: string;
    decisionNote: string | null;
  }[];
}

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

const nameOf = <T extends Record<string, string>>(map: T, code: unknown): string =>
  (map as Record<string, string>)[String(code)] ?? String(code ?? '');
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const when = (v: unknown) => (v ? new Date(v as string) : null);

/** The engine's price score per bidder from the result snapshot, keyed by whatever id the engine was given. */
function priceScores(snapshot: unknown): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const s = snapshot as { bidders?: unknown; result?: { bidders?: unknown } } | null;
  const bidders = Array.isArray(s?.bidders) ? s.bidders : Array.isArray(s?.result?.bidders) ? s.result.bidders : [];
  for (const b of bidders as { bidderId?: string; priceScore?: string | null }[]) {
    if (b?.bidderId) out.set(String(b.bidderId), b.priceScore ?? null);
  }
  return out;
}

export async function loadReportData(q: DbOrTx, tenantId: number, packageId: string): Promise<ReportData | null> {
  const head = await q.execute<Row>(sql`
    SELECT p.purchase_code, p.purchase_name, p.package_no, p.package_name, p.purchase_method, p.purchase_stage,
      p.election_status, p.review_start_time, p.review_stop_time, c.id AS committee_id, c.state AS committee_state,
      c.leader_member_id, c.draw_seed, r.candidates, r.snapshot, r.failure_reason, r.election_status AS result_status
    FROM purchase_package p
    JOIN review_committee c ON c.package_id = p.id
    LEFT JOIN review_result r ON r.committee_id = c.id
    WHERE p.id = ${packageId} AND p.tenant_id = ${tenantId}`);
  const h = head.rows[0];
  if (!h) return null;
  const committeeId: string = h.committee_id;
  // One statement after another: q may be a transaction's single connection.
  const members =
    await q.execute<Row>(sql`SELECT m.id, u.realname, m.kind, m.state, m.sign_time, m.sign_opinion, m.dissent_reason
      FROM review_member m JOIN sys_user u ON u.id = m.user_id
      WHERE m.committee_id = ${committeeId} ORDER BY m.draw_sequence NULLS LAST, m.create_time, m.id`);
  const bids =
    await q.execute<Row>(sql`SELECT b.bid_id, b.supplier_id, s.name, b.qualification, b.valid, b.invalid_reason,
        b.invalid_note, b.evaluated_price, b.total_score, b.final_rank, b.candidate, b.campaign_check
      FROM review_bid b JOIN supplier s ON s.id = b.supplier_id
      WHERE b.committee_id = ${committeeId} ORDER BY b.final_rank NULLS LAST, s.name`);
  const items = await q.execute<Row>(sql`SELECT id, name, max_score FROM purchase_review_item
      WHERE package_id = ${packageId} AND kind = 'scoring' ORDER BY sort_no, name`);
  const scores = await q.execute<Row>(sql`SELECT sc.bid_id, sc.item_id, sc.score FROM review_score sc
      JOIN review_member m ON m.id = sc.member_id
      WHERE sc.committee_id = ${committeeId} AND sc.state = 'submitted' AND sc.score IS NOT NULL
        AND m.state NOT IN ('avoided', 'declined', 'replaced')`);
  const checks =
    await q.execute<Row>(sql`SELECT s.name, k.kind, k.result, k.findings, k.check_time FROM review_campaign_check k
      JOIN supplier s ON s.id = k.supplier_id WHERE k.committee_id = ${committeeId} ORDER BY s.name, k.kind`);
  const clarifications =
    await q.execute<Row>(sql`SELECT s.name, c.kind, c.round_no, c.question, c.answer, c.state, c.decision_note
      FROM review_clarification c JOIN supplier s ON s.id = c.supplier_id
      WHERE c.committee_id = ${committeeId} ORDER BY c.create_time`);

  const byCell = new Map<string, string[]>();
  for (const s of scores.rows) {
    const key = `${s.bid_id}|${s.item_id}`;
    const list = byCell.get(key) ?? [];
    list.push(String(s.score));
    byCell.set(key, list);
  }
  const prices = priceScores(h.snapshot);
  const supplierNames = new Map<string, string>(bids.rows.map((b) => [String(b.supplier_id), String(b.name)]));
  const candidates = (Array.isArray(h.candidates) ? (h.candidates as string[]) : []).map(
    (id) => supplierNames.get(id) ?? id,
  );

  return {
    purchaseCode: h.purchase_code,
    purchaseName: h.purchase_name,
    packageNo: h.package_no,
    packageName: h.package_name,
    purchaseMethod: nameOf(PURCHASE_METHODS, h.purchase_method),
    stage: stageName(Number(h.purchase_stage)),
    electionStatus: String(h.result_status ?? h.election_status),
    failureReason: text(h.failure_reason),
    reviewStartTime: when(h.review_start_time),
    reviewStopTime: when(h.review_stop_time),
    committeeState: COMMITTEE_STATES[h.committee_state as CommitteeState] ?? String(h.committee_state),
    drawSeed: h.draw_seed,
    members: members.rows.map((m) => ({
      realname: m.realname,
      kind: MEMBER_KINDS[m.kind as MemberKind] ?? m.kind,
      leader: m.id === h.leader_member_id,
      state: MEMBER_STATES[m.state as MemberState] ?? m.state,
      signTime: when(m.sign_time),
      opinion: m.sign_opinion ? SIGN_OPINIONS[m.sign_opinion as SignOpinion] : null,
      dissentReason: text(m.dissent_reason),
    })),
    items: items.rows.map((i) => ({ id: i.id, name: i.name, maxScore: String(i.max_score ?? '') })),
    bidders: bids.rows.map((b) => {
      const means: Record<string, string> = {};
      for (const i of items.rows) {
        const cell = byCell.get(`${b.bid_id}|${i.id}`);
        if (cell?.length) means[i.id] = itemMean(cell).mean;
      }
      const reason = b.invalid_reason ? INVALID_REASONS[b.invalid_reason as InvalidReason] : null;
      return {
        bidId: b.bid_id,
        supplierName: b.name,
        qualification: QUALIFICATION_OUTCOMES[b.qualification as QualificationOutcome] ?? b.qualification,
        valid: Boolean(b.valid),
        invalidReason: reason ? [reason, text(b.invalid_note)].filter(Boolean).join('：') : null,
        evaluatedPrice: text(b.evaluated_price),
        priceScore: prices.get(String(b.bid_id)) ?? prices.get(String(b.supplier_id)) ?? null,
        total: text(b.total_score),
        rank: b.final_rank === null ? null : Number(b.final_rank),
        candidate: Boolean(b.candidate),
        campaignCheck: nameOf(CHECK_OUTCOMES, b.campaign_check),
        means,
      };
    }),
    candidates,
    checks: checks.rows.map((k) => ({
      supplierName: k.name,
      kind: CAMPAIGN_CHECK_KINDS[k.kind as CampaignCheckKind] ?? k.kind,
      result: nameOf(CHECK_RESULTS, k.result),
      findings: text(k.findings),
      checkTime: new Date(k.check_time),
    })),
    clarifications: clarifications.rows.map((c) => ({
      supplierName: c.name,
      kind: CLARIFICATION_KINDS[c.kind as ClarificationKind] ?? c.kind,
      roundNo: c.round_no === null ? null : Number(c.round_no),
      question: c.question,
      answer: text(c.answer),
      state: CLARIFICATION_STATES[c.state as ClarificationState] ?? c.state,
      decisionNote: text(c.decision_note),
    })),
  };
}
