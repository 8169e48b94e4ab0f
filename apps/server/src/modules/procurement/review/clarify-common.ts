/**
 * What the committee side, the supplier side and the deadline job of 报价澄清 / 多轮报价 share: the row → DTO
 * mapping, the bell message to a supplier, closing a round (its sealed quotes opened at once), and the check after
 * a bid became invalid (fewer valid bids than the minimum → failReview, else the result is recomputed).
 */
import {
  type ClarificationDto,
  type ClarificationKind,
  type ClarificationState,
  type CommitteeState,
  REVIEW_SCORING_MESSAGES,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import type { BidSeal } from '../bid/seal.ts';
import type { PackageStages } from '../project/stage.ts';
import type { ReviewHooks } from './hooks.ts';
import { failReview, type ReviewActor } from './seat.ts';

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
export type Row = Record<string, any>;

export interface ClarifyDeps {
  seal: BidSeal;
  stages: PackageStages;
  hooks: ReviewHooks;
}

/** The system actor of the deadline job (history rows and stage moves record 'system'). */
export const systemActor = (tenantId: number): ReviewActor => ({ tenantId, userId: '', username: 'system' });

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The columns toClarificationDto reads (c = review_clarification, s = supplier). */
export const CLARIFICATION_COLUMNS = sql`c.id, c.package_id, c.bid_id, c.supplier_id, s.name AS supplier_name, c.kind,
  c.round_no, c.question, c.deadline, c.state, c.answer, c.answer_files, c.answer_time, c.price, c.rate,
  c.evaluated_price, c.decision_note, c.decision_time, c.create_time`;

export function toClarificationDto(r: Row): ClarificationDto {
  return {
    id: r.id,
    packageId: r.package_id,
    bidId: r.bid_id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    kind: r.kind as ClarificationKind,
    roundNo: r.round_no === null ? null : Number(r.round_no),
    question: r.question,
    deadline: iso(r.deadline) ?? '',
    state: r.state as ClarificationState,
    answer: r.answer ?? null,
    answerFiles: Array.isArray(r.answer_files) ? r.answer_files : [],
    answerTime: iso(r.answer_time),
    // A round's quote is null in the row until the round closes: nothing sealed is ever returned.
    price: str(r.price),
    rate: str(r.rate),
    evaluatedPrice: str(r.evaluated_price),
    decisionNote: r.decision_note ?? null,
    decisionTime: iso(r.decision_time),
    createTime: iso(r.create_time) ?? '',
  };
}

const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Tells the supplier's users (supplier_user) in their bell that a clarification or a round awaits their answer. */
export async function notifySupplier(
  tx: DbOrTx,
  r: { tenantId: number; supplierId: string; clarificationId: string; kind: ClarificationKind; packageId: string },
  deadline: Date,
): Promise<void> {
  const users = await tx.execute<{ user_id: string }>(sql`SELECT user_id FROM supplier_user
    WHERE tenant_id = ${r.tenantId} AND supplier_id = ${r.supplierId}`);
  const pkg = await tx.execute<{ purchase_name: string; package_name: string }>(sql`
    SELECT purchase_name, package_name FROM purchase_package WHERE id = ${r.packageId}`);
  const p = pkg.rows[0];
  const what = r.kind === 'round' ? '新一轮报价' : '报价澄清';
  const name = p ? `${p.purchase_name}（${p.package_name}）` : '';
  await sendBellMessage(tx, {
    tenantId: r.tenantId,
    userIds: users.rows.map((u) => u.user_id),
    title: `${what}通知`,
    html: `<p>${escapeHtml(name)}的评审委员会请您作出${what}，答复截止时间：${fmt(deadline)}（北京时间）。请在「我的投标」的「报价澄清」中答复。</p>`,
    abstract: `${name}：请于${fmt(deadline)}前答复${what}`,
    busType: 'review_clarification',
    busId: r.clarificationId,
    openPage: '/purchaseannouncement/MyBids',
  });
}

/** Tells the committee's leader in their bell that a supplier answered a 报价澄清 (the decision is theirs). */
export async function notifyLeader(
  tx: DbOrTx,
  r: { tenantId: number; committeeId: string; clarificationId: string; supplierName: string },
): Promise<void> {
  const leader = await tx.execute<{ user_id: string; purchase_name: string; package_name: string }>(sql`
    SELECT m.user_id, p.purchase_name, p.package_name FROM review_committee c
    JOIN review_member m ON m.id = c.leader_member_id JOIN purchase_package p ON p.id = c.package_id
    WHERE c.id = ${r.committeeId}`);
  const l = leader.rows[0];
  if (!l) return;
  const name = `${l.purchase_name}（${l.package_name}）`;
  await sendBellMessage(tx, {
    tenantId: r.tenantId,
    userIds: [l.user_id],
    title: '报价澄清已答复',
    html: `<p>${escapeHtml(r.supplierName)}已答复${escapeHtml(name)}的报价澄清，请在「报价澄清」中接受或拒绝。</p>`,
    abstract: `${r.supplierName}已答复${name}的报价澄清`,
    busType: 'review_clarification',
    busId: r.clarificationId,
    openPage: '/review/quotationClarify',
  });
}

/** The seal's associated data of a round quote: tenant|package|supplier|round:N (bid/seal.ts binds the first three). */
export const roundBinding = (tenantId: number, packageId: string, supplierId: string, roundNo: number) => ({
  tenantId,
  packageId,
  supplierId: `${supplierId}|round:${roundNo}`,
});

/**
 * Closes a round when every still-valid bidder answered it, or unconditionally (`force`, its deadline passed): the
 * sealed quotes are opened at once into the request rows and review_bid.evaluated_price, answered rows become
 * accepted (their quote took effect), unanswered ones 'unanswered' (the bidder keeps its quote), every row of the
 * round is stamped opened_time (= closed), and the package's current round advances. True when it closed.
 */
export async function closeRoundIfDone(
  tx: DbOrTx,
  seal: BidSeal,
  committeeId: string,
  roundNo: number,
  force: boolean,
): Promise<boolean> {
  const rows = await tx.execute<Row>(sql`
    SELECT c.id, c.tenant_id, c.package_id, c.supplier_id, c.bid_id, c.state, c.sealed_quote, b.valid
    FROM review_clarification c
    JOIN review_bid b ON b.committee_id = c.committee_id AND b.bid_id = c.bid_id
    WHERE c.committee_id = ${committeeId} AND c.kind = 'round' AND c.round_no = ${roundNo} AND c.opened_time IS NULL
    FOR UPDATE OF c`);
  if (rows.rows.length === 0) return false;
  if (!force && rows.rows.some((r) => r.valid && r.state === 'open')) return false;
  for (const r of rows.rows) {
    if (r.state === 'answered' && r.sealed_quote) {
      const q = JSON.parse(
        seal.open(r.sealed_quote, roundBinding(Number(r.tenant_id), r.package_id, r.supplier_id, roundNo)),
      ) as { price: string | null; rate: string | null; evaluatedPrice: string };
      await tx.execute(sql`UPDATE review_clarification SET state = 'accepted', price = ${q.price}, rate = ${q.rate},
        evaluated_price = ${q.evaluatedPrice}, opened_time = now(), update_time = now() WHERE id = ${r.id}`);
      if (r.valid) {
        await tx.execute(sql`UPDATE review_bid SET evaluated_price = ${q.evaluatedPrice}, update_time = now()
          WHERE committee_id = ${committeeId} AND bid_id = ${r.bid_id}`);
      }
    } else {
      await tx.execute(sql`UPDATE review_clarification SET opened_time = now(), update_time = now(),
        state = CASE WHEN state = 'open' THEN 'unanswered' ELSE state END WHERE id = ${r.id}`);
    }
  }
  await tx.execute(sql`UPDATE purchase_package SET current_round_no = GREATEST(current_round_no, ${roundNo}),
    update_time = now() WHERE id = ${rows.rows[0]?.package_id}`);
  return true;
}

/**
 * After bids became invalid (a rejected or unanswered clarification): fewer valid bids than the package's minimum
 * → THE 流标 of the review (failReview); otherwise the result is recomputed ('changed'). Returns true on 流标.
 */
export async function afterChange(
  tx: DbOrTx,
  deps: ClarifyDeps,
  actor: ReviewActor,
  c: { committeeId: string; committeeState: CommitteeState; packageId: string; tenantId: number },
  cause: string,
  invalidated: boolean,
): Promise<boolean> {
  if (invalidated) {
    const n = await tx.execute<{ valid: number; min: number }>(sql`
      SELECT (SELECT count(*)::int FROM review_bid WHERE committee_id = ${c.committeeId} AND valid) AS valid,
        min_bidders AS min FROM purchase_package WHERE id = ${c.packageId}`);
    const row = n.rows[0];
    if (row && Number(row.valid) < Number(row.min)) {
      await failReview(
        tx,
        deps.stages,
        actor,
        c,
        REVIEW_SCORING_MESSAGES.failedMinBidders(Number(row.valid), Number(row.min)),
      );
      return true;
    }
  }
  await deps.hooks.emit(tx, 'changed', {
    tenantId: c.tenantId,
    packageId: c.packageId,
    committeeId: c.committeeId,
    actor,
    cause,
  });
  return false;
}
