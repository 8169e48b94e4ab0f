/**
 * 报价澄清 and quotation rounds, the committee's side (issue 15 §5): the automatic clarifications when the
 * committee enters 组长汇总 (a quote more than 20 % below the mean of valid quotes), the leader's addData (one
 * clarification, or a round for every valid bid at once) and editData (accept or reject an answer), the package's
 * view for the committee, and the deadline job. Every write starts with seatFor (leader, 组长汇总, stage 8) in the
 * caller's transaction; the supplier's side is clarify-supplier.ts.
 */
import {
  CLARIFICATION_DEFAULT_HOURS,
  type ClarificationDto,
  type ClarificationState,
  type ClarifyAddRequest,
  type ClarifyDecideRequest,
  type ClarifyPackageDto,
  type CommitteeState,
  type InvalidReason,
  REVIEW_MESSAGES as M,
  SCORE_TYPE_NO_ROUNDS,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import {
  afterChange,
  CLARIFICATION_COLUMNS,
  type ClarifyDeps,
  closeRoundIfDone,
  notifySupplier,
  type Row,
  systemActor,
  toClarificationDto,
} from './clarify-common.ts';
import { lowQuoteBidIds } from './clarify-rules.ts';
import type { ReviewEventContext } from './hooks.ts';
import { loadSeat, notOnThisReview, type ReviewActor, type SeatRule, seatFor } from './seat.ts';

export interface ClarifyService {
  packageView(actor: ReviewActor, packageId: string): Promise<ClarifyPackageDto>;
  add(actor: ReviewActor, body: ClarifyAddRequest): Promise<ClarificationDto[]>;
  decide(actor: ReviewActor, body: ClarifyDecideRequest): Promise<ClarificationDto>;
  /** The 'summarizing' hook: opens a clarification for every flagged quote (inside the announcing transaction). */
  onSummarizing(tx: DbOrTx, event: ReviewEventContext): Promise<void>;
  /** The deadline job: open requests past their deadline → unanswered; rounds past it close. */
  expireDue(now?: Date): Promise<{ committees: number; expired: number; failed: string[] }>;
}

const LEAD: Omit<SeatRule, 'action'> = { stages: [8], committeeStates: ['summarizing'], identities: ['leader'] };
/** Committees the deadline job handles per run (the rest wait for the next minute). */
const JOB_BATCH = 200;

/** 'YYYY-MM-DD HH:mm[:ss]' (the contract's dateTimeSchema; the server's local time, as other modules read it). */
const localTime = (v: string) => new Date(v.replace(' ', 'T'));

async function clarificationsOf(q: DbOrTx, committeeId: string, where = sql`TRUE`): Promise<ClarificationDto[]> {
  const rows = await q.execute<Row>(sql`SELECT ${CLARIFICATION_COLUMNS} FROM review_clarification c
    JOIN supplier s ON s.id = c.supplier_id
    WHERE c.committee_id = ${committeeId} AND ${where} ORDER BY c.create_time DESC, c.round_no NULLS FIRST, s.name`);
  return rows.rows.map(toClarificationDto);
}

export function createClarifyService(db: Db, deps: ClarifyDeps): ClarifyService {
  async function insertRequest(
    tx: DbOrTx,
    r: { tenantId: number; committeeId: string; packageId: string; bidId: string; supplierId: string },
    kind: 'clarify' | 'round',
    roundNo: number | null,
    question: string,
    deadline: Date,
    askedBy: string,
  ): Promise<string> {
    const row = await tx.execute<{ id: string }>(sql`INSERT INTO review_clarification (tenant_id, committee_id,
        package_id, bid_id, supplier_id, kind, round_no, question, deadline, asked_by)
      VALUES (${r.tenantId}, ${r.committeeId}, ${r.packageId}, ${r.bidId}, ${r.supplierId}, ${kind}, ${roundNo},
        ${question}, ${deadline.toISOString()}::timestamptz, ${askedBy}) RETURNING id`);
    const id = row.rows[0]?.id ?? '';
    if (kind === 'clarify') {
      await tx.execute(sql`UPDATE review_bid SET clarification = 'open', update_time = now()
        WHERE committee_id = ${r.committeeId} AND bid_id = ${r.bidId}`);
    }
    await notifySupplier(tx, { ...r, clarificationId: id, kind }, deadline);
    return id;
  }

  return {
    async packageView(actor, packageId) {
      const seat = await loadSeat(db, actor, packageId);
      const [pkg, bids, clarifications] = await Promise.all([
        db.execute<Row>(sql`SELECT purchase_name, package_name, score_type, quotation_round_count, current_round_no
          FROM purchase_package WHERE id = ${packageId}`),
        db.execute<Row>(sql`SELECT b.bid_id, b.supplier_id, s.name AS supplier_name, b.valid, b.invalid_reason,
            b.clarification, b.evaluated_price
          FROM review_bid b JOIN supplier s ON s.id = b.supplier_id
          WHERE b.committee_id = ${seat.committeeId} ORDER BY s.name, b.bid_id`),
        clarificationsOf(db, seat.committeeId),
      ]);
      const p = pkg.rows[0] ?? {};
      const openRound = await db.execute<{ n: number | null }>(sql`SELECT max(round_no) AS n FROM review_clarification
        WHERE committee_id = ${seat.committeeId} AND kind = 'round' AND opened_time IS NULL`);
      return {
        packageId,
        purchaseName: p.purchase_name,
        packageName: p.package_name,
        identity: seat.identity,
        committeeState: seat.committeeState,
        purchaseStage: seat.purchaseStage,
        scoreType: p.score_type,
        quotationRoundCount: Number(p.quotation_round_count),
        currentRoundNo: Number(p.current_round_no),
        openRoundNo: openRound.rows[0]?.n == null ? null : Number(openRound.rows[0].n),
        bids: bids.rows.map((b) => ({
          bidId: b.bid_id,
          supplierId: b.supplier_id,
          supplierName: b.supplier_name,
          valid: !!b.valid,
          invalidReason: (b.invalid_reason ?? null) as InvalidReason | null,
          clarification: b.clarification as ClarificationState | 'none',
          evaluatedPrice: b.evaluated_price === null ? null : String(b.evaluated_price),
        })),
        clarifications,
      };
    },

    async add(actor, body) {
      const deadline = localTime(body.deadline);
      if (!(deadline.getTime() > Date.now())) throw badRequest(M.clarificationDeadline);
      return db.transaction(async (tx) => {
        const action = body.kind === 'round' ? '多轮报价' : '报价澄清';
        const seat = await seatFor(tx, actor, body.packageId, { action, ...LEAD });
        const bids = await tx.execute<Row>(sql`SELECT bid_id, supplier_id, valid FROM review_bid
          WHERE committee_id = ${seat.committeeId} ORDER BY bid_id`);
        const named = bids.rows.find((b) => b.bid_id === body.bidId);
        if (!named) throw notOnThisReview();
        const base = { tenantId: actor.tenantId, committeeId: seat.committeeId, packageId: body.packageId };
        const ids: string[] = [];
        if (body.kind === 'clarify') {
          if (!named.valid) throw badRequest(M.bidInvalid);
          const open = await tx.execute(sql`SELECT 1 FROM review_clarification
            WHERE bid_id = ${body.bidId} AND kind = 'clarify' AND state = 'open'`);
          if (open.rows.length) throw badRequest(M.clarificationOpen);
          const r = { ...base, bidId: body.bidId, supplierId: named.supplier_id as string };
          ids.push(await insertRequest(tx, r, 'clarify', null, body.question, deadline, seat.memberId));
        } else {
          const pkg = await tx.execute<Row>(sql`SELECT score_type, quotation_round_count, current_round_no
            FROM purchase_package WHERE id = ${body.packageId}`);
          const p = pkg.rows[0] ?? {};
          if (p.score_type === SCORE_TYPE_NO_ROUNDS) throw badRequest(M.noRounds);
          const max = Number(p.quotation_round_count);
          if (body.roundNo !== Number(p.current_round_no) + 1 || (body.roundNo ?? 0) > max)
            throw badRequest(M.roundOutOfRange(Math.max(2, max)));
          const open = await tx.execute(sql`SELECT 1 FROM review_clarification
            WHERE committee_id = ${seat.committeeId} AND kind = 'round' AND opened_time IS NULL LIMIT 1`);
          if (open.rows.length) throw badRequest(M.roundOpen);
          for (const b of bids.rows.filter((x) => x.valid)) {
            const r = { ...base, bidId: b.bid_id as string, supplierId: b.supplier_id as string };
            ids.push(await insertRequest(tx, r, 'round', body.roundNo ?? null, body.question, deadline, seat.memberId));
          }
          await afterChange(tx, deps, actor, { ...seat, packageId: body.packageId }, 'roundOpened', false);
        }
        return clarificationsOf(
          tx,
          seat.committeeId,
          sql`c.id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
      });
    },

    async decide(actor, body) {
      const found = await db.execute<Row>(sql`SELECT package_id FROM review_clarification
        WHERE id = ${body.id} AND tenant_id = ${actor.tenantId}`);
      const packageId = found.rows[0]?.package_id as string | undefined;
      if (!packageId) throw notFound(M.clarificationNotFound);
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, packageId, { action: '报价澄清', ...LEAD });
        const rows = await tx.execute<Row>(sql`SELECT id, kind, state, bid_id FROM review_clarification
          WHERE id = ${body.id} AND committee_id = ${seat.committeeId} FOR UPDATE`);
        const r = rows.rows[0];
        if (!r) throw notFound(M.clarificationNotFound);
        if (r.kind === 'round') throw badRequest(M.roundNoDecision);
        if (r.state === 'open') throw badRequest(M.clarificationNotAnswered);
        if (r.state !== 'answered') throw badRequest(M.clarificationNotOpen);
        await tx.execute(sql`UPDATE review_clarification SET state = ${body.decision}, decided_by = ${seat.memberId},
          decision_time = now(), decision_note = ${body.note}, update_time = now() WHERE id = ${body.id}`);
        const rejected = body.decision === 'rejected';
        await tx.execute(sql`UPDATE review_bid SET clarification = ${body.decision}, update_time = now()
          ${rejected ? sql`, valid = false, invalid_reason = 'clarification', invalid_note = ${body.note}` : sql``}
          WHERE committee_id = ${seat.committeeId} AND bid_id = ${r.bid_id}`);
        const cause = rejected ? 'clarificationRejected' : 'clarificationAccepted';
        await afterChange(tx, deps, actor, { ...seat, packageId }, cause, rejected);
        const [dto] = await clarificationsOf(tx, seat.committeeId, sql`c.id = ${body.id}`);
        if (!dto) throw new ApiError(500, M.clarificationNotFound);
        return dto;
      });
    },

    async onSummarizing(tx, event) {
      const c = await tx.execute<Row>(
        sql`SELECT leader_member_id FROM review_committee WHERE id = ${event.committeeId}`,
      );
      const leader = c.rows[0]?.leader_member_id as string | null | undefined;
      if (!leader) return;
      const bids = await tx.execute<Row>(sql`SELECT b.bid_id, b.supplier_id, b.evaluated_price FROM review_bid b
        WHERE b.committee_id = ${event.committeeId} AND b.valid AND b.evaluated_price IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM review_clarification r WHERE r.bid_id = b.bid_id AND r.kind = 'clarify')`);
      const all = await tx.execute<Row>(sql`SELECT bid_id, evaluated_price FROM review_bid
        WHERE committee_id = ${event.committeeId} AND valid AND evaluated_price IS NOT NULL`);
      const flagged = new Set(
        lowQuoteBidIds(all.rows.map((b) => ({ bidId: b.bid_id, price: String(b.evaluated_price) }))),
      );
      const deadline = new Date(Date.now() + CLARIFICATION_DEFAULT_HOURS * 3600_000);
      for (const b of bids.rows.filter((x) => flagged.has(x.bid_id))) {
        const r = { ...event, bidId: b.bid_id as string, supplierId: b.supplier_id as string };
        await insertRequest(tx, r, 'clarify', null, M.autoClarifyQuestion, deadline, leader);
      }
    },

    async expireDue(now = new Date()) {
      const due = await db.execute<{ committee_id: string }>(sql`SELECT DISTINCT committee_id FROM review_clarification
        WHERE state = 'open' AND deadline <= ${now.toISOString()}::timestamptz LIMIT ${JOB_BATCH}`);
      let expired = 0;
      const failed: string[] = [];
      for (const { committee_id: committeeId } of due.rows) {
        try {
          expired += await db.transaction((tx) => expireCommittee(tx, committeeId, now));
        } catch (err) {
          failed.push(`${committeeId}: ${(err as Error).message}`);
        }
      }
      return { committees: due.rows.length, expired, failed };
    },
  };

  /** One committee's overdue requests, in its row lock (SKIP LOCKED: a committee busy with a leader waits a run). */
  async function expireCommittee(tx: DbOrTx, committeeId: string, now: Date): Promise<number> {
    const c = await tx.execute<Row>(sql`SELECT id, tenant_id, package_id, state FROM review_committee
      WHERE id = ${committeeId} FOR UPDATE SKIP LOCKED`);
    const committee = c.rows[0];
    if (!committee) return 0;
    const rows = await tx.execute<Row>(sql`SELECT id, kind, bid_id, round_no FROM review_clarification
      WHERE committee_id = ${committeeId} AND state = 'open' AND deadline <= ${now.toISOString()}::timestamptz
      FOR UPDATE`);
    const state = committee.state as CommitteeState;
    const live = state === 'summarizing';
    let invalidated = false;
    for (const r of rows.rows.filter((x) => x.kind === 'clarify')) {
      await tx.execute(
        sql`UPDATE review_clarification SET state = 'unanswered', update_time = now() WHERE id = ${r.id}`,
      );
      const b = await tx.execute(sql`UPDATE review_bid SET clarification = 'unanswered', update_time = now()
        ${live ? sql`, valid = false, invalid_reason = 'clarification', invalid_note = ${M.clarificationPast}` : sql``}
        WHERE committee_id = ${committeeId} AND bid_id = ${r.bid_id} ${live ? sql`AND valid` : sql``}`);
      invalidated ||= live && (b.rowCount ?? 0) > 0;
    }
    let closed = false;
    const rounds = [...new Set(rows.rows.filter((x) => x.kind === 'round').map((x) => Number(x.round_no)))];
    for (const n of rounds) closed = (await closeRoundIfDone(tx, deps.seal, committeeId, n, true)) || closed;
    if (live && (invalidated || closed)) {
      const tenantId = Number(committee.tenant_id);
      const ref = { committeeId, committeeState: state, packageId: committee.package_id as string, tenantId };
      await afterChange(tx, deps, systemActor(tenantId), ref, 'clarificationExpired', invalidated);
    }
    return rows.rows.length;
  }
}
