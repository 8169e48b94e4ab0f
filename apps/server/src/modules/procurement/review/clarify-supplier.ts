/**
 * 报价澄清 / 多轮报价, the supplier's side (我的投标): the caller's own requests (their supplier's only, whatever id
 * they send: no IDOR) and the answer before the deadline. A round's new quote is checked (the quote rules, not
 * above the bidder's current quote) and SEALED (bid/seal.ts) until the round closes; the last valid bidder's
 * answer closes it and opens every quote at once.
 */
import {
  type ClarifyAnswerRequest,
  REVIEW_MESSAGES as M,
  type PageResult,
  type SupplierClarificationDto,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sysFile } from '../../platform/file/tables.ts';
import { page } from '../bid/common.ts';
import type { BidFile } from '../bid/tables.ts';
import { supplierOfUser } from '../supplier/eligibility.ts';
import {
  afterChange,
  CLARIFICATION_COLUMNS,
  type ClarifyDeps,
  closeRoundIfDone,
  notifyLeader,
  type Row,
  roundBinding,
  toClarificationDto,
} from './clarify-common.ts';
import { checkRoundQuote } from './clarify-rules.ts';
import type { ReviewActor } from './seat.ts';

export interface SupplierClarifyQuery {
  pageNo: number;
  pageSize: number;
  state?: string | undefined;
}

export interface SupplierClarifyService {
  list(actor: ReviewActor, q: SupplierClarifyQuery): Promise<PageResult<SupplierClarificationDto>>;
  answer(actor: ReviewActor, body: ClarifyAnswerRequest): Promise<SupplierClarificationDto>;
}

const SUPPLIER_COLUMNS = sql`${CLARIFICATION_COLUMNS}, p.purchase_name, p.package_name, p.fixed_price,
  pb.quote_kind, rb.evaluated_price AS current_price`;
const SUPPLIER_FROM = sql`review_clarification c
  JOIN supplier s ON s.id = c.supplier_id
  JOIN purchase_package p ON p.id = c.package_id
  JOIN purchase_bid pb ON pb.id = c.bid_id
  JOIN review_bid rb ON rb.committee_id = c.committee_id AND rb.bid_id = c.bid_id`;

function toSupplierDto(r: Row): SupplierClarificationDto {
  return {
    ...toClarificationDto(r),
    purchaseName: r.purchase_name,
    packageName: r.package_name,
    quoteKind: r.quote_kind === 'rate' ? 'rate' : 'price',
    fixedPrice: r.fixed_price === null ? null : String(r.fixed_price),
    currentPrice: r.current_price === null ? null : String(r.current_price),
  };
}

export function createSupplierClarifyService(db: Db, deps: ClarifyDeps): SupplierClarifyService {
  async function mySupplierId(actor: ReviewActor): Promise<string> {
    const s = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!s) throw new ApiError(403, M.notSupplier);
    return s.id;
  }

  /** The answer's files: the caller's own uploads in this tenant (by id or storage path). */
  async function answerFiles(actor: ReviewActor, refs: readonly string[]): Promise<BidFile[]> {
    const wanted = [...new Set(refs.map((r) => r.trim().replace(/^\/+/, '')).filter(Boolean))];
    if (wanted.length === 0) return [];
    const rows = await db.execute<Row>(sql`SELECT id, storage_key, file_name, size FROM ${sysFile}
      WHERE tenant_id = ${actor.tenantId} AND create_by = ${actor.userId}
        AND (id::text IN (${sql.join(
          wanted.map((w) => sql`${w}`),
          sql`, `,
        )}) OR storage_key IN (${sql.join(
          wanted.map((w) => sql`${w}`),
          sql`, `,
        )}))`);
    return wanted.map((ref) => {
      const f = rows.rows.find((r) => r.id === ref || r.storage_key === ref);
      if (!f) throw badRequest('附件不存在或不是您上传的文件');
      return { fileId: f.id, filePath: f.storage_key, fileName: f.file_name, fileSize: Number(f.size) };
    });
  }

  async function one(q: DbOrTx, id: string): Promise<SupplierClarificationDto> {
    const rows = await q.execute<Row>(sql`SELECT ${SUPPLIER_COLUMNS} FROM ${SUPPLIER_FROM} WHERE c.id = ${id}`);
    const r = rows.rows[0];
    if (!r) throw notFound(M.clarificationNotFound);
    return toSupplierDto(r);
  }

  return {
    async list(actor, q) {
      const supplierId = await mySupplierId(actor);
      const filters: SQL[] = [sql`c.tenant_id = ${actor.tenantId}`, sql`c.supplier_id = ${supplierId}`];
      if (q.state) filters.push(sql`c.state = ${q.state}`);
      const where = sql.join(filters, sql` AND `);
      const [rows, total] = await Promise.all([
        db.execute<Row>(sql`SELECT ${SUPPLIER_COLUMNS} FROM ${SUPPLIER_FROM} WHERE ${where}
          ORDER BY (c.state = 'open') DESC, c.deadline DESC, c.id
          LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_clarification c WHERE ${where}`),
      ]);
      return page(rows.rows.map(toSupplierDto), total.rows[0]?.n ?? 0, q);
    },

    async answer(actor, body) {
      const supplierId = await mySupplierId(actor);
      const files = await answerFiles(actor, body.fileIds ?? []);
      const found = await db.execute<Row>(sql`SELECT committee_id, supplier_id FROM review_clarification
        WHERE id = ${body.id} AND tenant_id = ${actor.tenantId}`);
      const head = found.rows[0];
      if (!head) throw notFound(M.clarificationNotFound);
      if (head.supplier_id !== supplierId) throw new ApiError(403, M.clarificationNotYours);
      return db.transaction(async (tx) => {
        // The committee row first (the leader's writes lock it first too), then the request.
        const c = await tx.execute<Row>(sql`SELECT id, state, package_id FROM review_committee
          WHERE id = ${head.committee_id} FOR UPDATE`);
        const committee = c.rows[0];
        const rows = await tx.execute<Row>(sql`SELECT c.id, c.kind, c.round_no, c.state, c.deadline, c.package_id,
            c.bid_id, p.fixed_price, p.lower_coefficient_type, rb.evaluated_price
          FROM review_clarification c
          JOIN purchase_package p ON p.id = c.package_id
          JOIN review_bid rb ON rb.committee_id = c.committee_id AND rb.bid_id = c.bid_id
          WHERE c.id = ${body.id} FOR UPDATE OF c`);
        const r = rows.rows[0];
        if (!r || !committee) throw notFound(M.clarificationNotFound);
        if (r.state !== 'open' || committee.state !== 'summarizing') throw badRequest(M.clarificationNotOpen);
        if (new Date(r.deadline).getTime() <= Date.now()) throw badRequest(M.clarificationPast);
        let sealed: SQL = sql``;
        if (r.kind === 'round') {
          const pkg = {
            fixedPrice: r.fixed_price === null ? null : String(r.fixed_price),
            lowerCoefficientType: Number(r.lower_coefficient_type),
          };
          const earlier = r.evaluated_price === null ? null : String(r.evaluated_price);
          const q = checkRoundQuote(pkg, earlier, { price: body.price, rate: body.rate });
          if (!q.ok) throw badRequest(q.message);
          const plain = JSON.stringify({ price: q.price, rate: q.rate, evaluatedPrice: q.evaluatedPrice });
          const cipher = deps.seal.seal(plain, roundBinding(actor.tenantId, r.package_id, supplierId, r.round_no));
          sealed = sql`, quote_kind = ${q.kind}, sealed_quote = ${cipher}`;
        }
        await tx.execute(sql`UPDATE review_clarification SET state = 'answered', answer = ${body.answer},
          answer_files = ${JSON.stringify(files)}::jsonb, answered_by = ${actor.userId}, answer_time = now(),
          update_time = now() ${sealed} WHERE id = ${body.id}`);
        const dto = await one(tx, body.id);
        if (r.kind === 'clarify') {
          await tx.execute(sql`UPDATE review_bid SET clarification = 'answered', update_time = now()
            WHERE committee_id = ${head.committee_id} AND bid_id = ${r.bid_id}`);
          const ref = { tenantId: actor.tenantId, committeeId: head.committee_id as string, clarificationId: body.id };
          await notifyLeader(tx, { ...ref, supplierName: dto.supplierName });
        } else if (await closeRoundIfDone(tx, deps.seal, head.committee_id, Number(r.round_no), false)) {
          const ref = {
            committeeId: head.committee_id as string,
            committeeState: 'summarizing' as const,
            packageId: r.package_id as string,
            tenantId: actor.tenantId,
          };
          await afterChange(tx, deps, actor, ref, 'roundClosed', false);
        }
        return one(tx, body.id);
      });
    },
  };
}
