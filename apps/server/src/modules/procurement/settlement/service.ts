/**
 * 结算管理 (issue 16): settlements per contract, approved by the seeded 'settlement' process, their payments and
 * the release of retention. Every figure comes from packages/shared/src/ledger.ts (decimal strings); the contract
 * row's totals move in the same transaction as the approval, each payment and a release, under its row lock.
 */
import {
  APPROVAL_STATUS,
  applyPayment,
  applySettlement,
  CONTRACT_STATES,
  type ContractState,
  type ContractTotals,
  exceedsBalance,
  formatMoney,
  SETTLEMENT_MESSAGES as M,
  money,
  netPayable,
  type PageResult,
  type PaymentAddInput,
  type PaymentDto,
  retentionOf,
  SETTLEABLE_STATES,
  type SettlementAddInput,
  type SettlementDto,
  type SettlementEditInput,
  type SettlementListQuery,
  settleableBalance,
  settlementPayment,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import { scopeFilter } from '../../platform/permission/data-scope.ts';
import { contract, settlementPayment as paymentTable, settlement } from '../contract/tables.ts';
import { tenantFiles } from '../files.ts';
import type { PlanActor } from '../plan/service.ts';
import { supplierOfUser } from '../supplier/eligibility.ts';
import { supplier } from '../supplier/tables.ts';
import { actorName, type WorkflowPort } from '../workflow-port.ts';
import { stateName, toDto, toPaymentDto, totalsOf } from './dto.ts';
import { bumpLedgerMonth } from './months.ts';
import { notifyPayment } from './notify.ts';

export type SettlementActor = PlanActor;
type ContractRow = typeof contract.$inferSelect;
type SettlementRow = typeof settlement.$inferSelect;
type Filter = Omit<SettlementListQuery, 'pageNo' | 'pageSize'>;
const WF_TYPE = 'settlement' as const;

const contractStateName = (s: string) => CONTRACT_STATES[s as ContractState] ?? s;

/** The buyer side's visibility: tenant and department data scope (the settlement's sys_org_code). */
const staffScope = (actor: Pick<SettlementActor, 'tenantId' | 'scope'>) =>
  and(eq(settlement.tenantId, actor.tenantId), scopeFilter(actor.scope, settlement.sysOrgCode));

export interface SettlementService {
  list(actor: SettlementActor, q: SettlementListQuery): Promise<PageResult<SettlementDto>>;
  queryById(actor: SettlementActor, id: string): Promise<SettlementDto & { payments: PaymentDto[] }>;
  add(actor: SettlementActor, body: SettlementAddInput): Promise<SettlementDto>;
  edit(actor: SettlementActor, body: SettlementEditInput): Promise<SettlementDto>;
  remove(actor: SettlementActor, id: string): Promise<void>;
  submit(actor: SettlementActor, id: string): Promise<SettlementDto>;
  pay(actor: SettlementActor, body: PaymentAddInput): Promise<SettlementDto>;
  payments(actor: SettlementActor, settlementId: string): Promise<PaymentDto[]>;
  releaseRetention(actor: SettlementActor, contractId: string, today?: string): Promise<ContractTotals>;
  exportList(actor: SettlementActor, q: Filter): ListExport<SettlementDto>;
  /** 我的结算: the settlements (with payments) of the supplier the user acts for. */
  supplierList(
    actor: SettlementActor,
    q: SettlementListQuery,
  ): Promise<PageResult<SettlementDto & { payments: PaymentDto[] }>>;
  supplierQueryById(actor: SettlementActor, id: string): Promise<SettlementDto & { payments: PaymentDto[] }>;
}

export function createSettlementService({
  db,
  workflow,
}: {
  db: Db;
  workflow: WorkflowPort | null;
}): SettlementService {
  const base = (w: ReturnType<typeof and>) =>
    db
      .select({ s: settlement, contractNo: contract.contractNo, supplierName: supplier.name })
      .from(settlement)
      .innerJoin(contract, eq(contract.id, settlement.contractId))
      .innerJoin(supplier, eq(supplier.id, contract.supplierId))
      .where(w);
  const filters = (q: Filter) =>
    and(
      q.settlementNo ? ilike(settlement.settlementNo, `%${escapeLike(q.settlementNo)}%`) : undefined,
      q.contractNo ? ilike(contract.contractNo, `%${escapeLike(q.contractNo)}%`) : undefined,
      q.contractId ? eq(settlement.contractId, q.contractId) : undefined,
      q.state ? eq(settlement.state, q.state) : undefined,
    );
  const countOf = (w: ReturnType<typeof and>) =>
    db.select({ n: count() }).from(settlement).innerJoin(contract, eq(contract.id, settlement.contractId)).where(w);
  const pageOf = (w: ReturnType<typeof and>, offset: number, limit: number) =>
    base(w).orderBy(desc(settlement.createTime), desc(settlement.id)).offset(offset).limit(limit);
  const rowDto = (r: { s: SettlementRow; contractNo: string; supplierName: string }) =>
    toDto(r.s, { contractNo: r.contractNo, supplierName: r.supplierName });

  async function get(tx: DbOrTx, actor: SettlementActor, id: string, lock = false): Promise<SettlementRow> {
    const query = tx
      .select()
      .from(settlement)
      .where(and(staffScope(actor), eq(settlement.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The contract, locked, in the actor's tenant and data scope; refused unless settleable. */
  async function lockContract(tx: DbOrTx, actor: SettlementActor, id: string, settleable = true) {
    const [row] = await tx
      .select()
      .from(contract)
      .where(
        and(eq(contract.id, id), eq(contract.tenantId, actor.tenantId), scopeFilter(actor.scope, contract.sysOrgCode)),
      )
      .for('update');
    if (!row) throw notFound('合同不存在或已删除');
    if (settleable && !SETTLEABLE_STATES.includes(row.state as ContractState)) {
      throw badRequest(M.contractNotSettleable(contractStateName(row.state)));
    }
    return row;
  }

  const pendingOf = async (tx: DbOrTx, contractId: string, exceptId?: string) => {
    const [r] = await tx
      .select({ n: sql<string>`coalesce(sum(${settlement.amount}), 0)::text` })
      .from(settlement)
      .where(
        and(
          eq(settlement.contractId, contractId),
          eq(settlement.state, 'approving'),
          exceptId ? sql`${settlement.id} <> ${exceptId}` : undefined,
        ),
      );
    return r?.n ?? '0';
  };

  /** Amount, deductions, retention and net payable checked against the contract (called under its lock). */
  async function figures(tx: DbOrTx, c: ContractRow, body: SettlementAddInput, exceptId?: string) {
    const available = settleableBalance(totalsOf(c), await pendingOf(tx, c.id, exceptId));
    if (exceedsBalance(body.amount, available)) throw badRequest(M.overSettlement(formatMoney(available)));
    const maxRetention = retentionOf(body.amount, c.retentionRate);
    const retention = money(body.retention ?? maxRetention);
    if (exceedsBalance(retention, maxRetention)) throw badRequest(M.retentionAboveRate(formatMoney(maxRetention)));
    const deductions = money(body.deductions ?? '0');
    const net = netPayable(body.amount, deductions, retention);
    if (net === null) throw badRequest(M.deductionsTooLarge);
    return { amount: money(body.amount), deductions, retention, netPayable: net };
  }

  async function nextNo(tx: DbOrTx, c: ContractRow): Promise<string> {
    const [r] = await tx.select({ n: count() }).from(settlement).where(eq(settlement.contractId, c.id));
    for (let n = (r?.n ?? 0) + 1; ; n++) {
      const no = `${c.contractNo}-JS${String(n).padStart(2, '0')}`;
      const [taken] = await tx
        .select({ id: settlement.id })
        .from(settlement)
        .where(and(eq(settlement.tenantId, c.tenantId), eq(settlement.settlementNo, no)));
      if (!taken) return no;
    }
  }

  const setFields = (body: SettlementAddInput) => ({
    periodStart: body.periodStart,
    periodEnd: body.periodEnd,
    remark: body.remark ?? null,
  });

  // The approval's outcome: approved → 已审批 and the contract's totals (applySettlement) in the deciding action's
  // transaction; rejected, withdrawn or terminated → 草稿 (editable, resubmitted through the same instance).
  workflow?.registerHandler(WF_TYPE, {
    async onStatus(tx, event) {
      const [s] = await tx
        .select()
        .from(settlement)
        .where(and(eq(settlement.id, event.businessKey), eq(settlement.tenantId, event.tenantId)))
        .for('update');
      if (s?.state !== 'approving') return;
      const status = String(event.approvalStatus);
      const by = actorName(event.actor);
      if (event.outcome === 'approved') {
        const [c] = await tx.select().from(contract).where(eq(contract.id, s.contractId)).for('update');
        if (!c) return;
        const t = applySettlement(totalsOf(c), s);
        await tx
          .update(contract)
          .set({
            settledAmount: t.settledAmount,
            payableAmount: t.payableAmount,
            retentionHeld: t.retentionHeld,
            updateTime: new Date(),
          })
          .where(eq(contract.id, c.id));
        const approvedAt = new Date();
        const month = sql`to_char(${approvedAt.toISOString()}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`;
        await bumpLedgerMonth(tx, c, month, { settled: s.amount });
        await tx
          .update(settlement)
          .set({
            state: 'approved',
            approvalStatus: status,
            approvedAt,
            updateBy: by,
            updateTime: new Date(),
          })
          .where(eq(settlement.id, s.id));
      } else if (event.outcome !== 'progress') {
        await tx
          .update(settlement)
          .set({ state: 'draft', approvalStatus: status, updateBy: by, updateTime: new Date() })
          .where(eq(settlement.id, s.id));
      } else {
        await tx.update(settlement).set({ approvalStatus: status }).where(eq(settlement.id, s.id));
      }
    },
  });

  /** The supplier portal's visibility: the settlements of contracts of the supplier the user acts for. */
  async function ownScope(actor: SettlementActor) {
    const me = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!me) throw forbidden('当前账号未关联供应商');
    return and(eq(settlement.tenantId, actor.tenantId), eq(contract.supplierId, me.id));
  }

  const paymentsOf = (tx: DbOrTx, settlementId: string) =>
    tx
      .select()
      .from(paymentTable)
      .where(eq(paymentTable.settlementId, settlementId))
      .orderBy(asc(paymentTable.paidOn), asc(paymentTable.recordedAt));

  return {
    list(actor, q) {
      const w = and(staffScope(actor), filters(q));
      return fetchPage(q, countOf(w), (o, l) => pageOf(w, o, l), rowDto);
    },

    async queryById(actor, id) {
      const [r] = await base(and(staffScope(actor), eq(settlement.id, id)));
      if (!r) throw notFound(M.notFound);
      return { ...rowDto(r), payments: (await paymentsOf(db, id)).map(toPaymentDto) };
    },

    add(actor, body) {
      return db.transaction(async (tx) => {
        const c = await lockContract(tx, actor, body.contractId);
        const f = await figures(tx, c, body);
        const [row] = await tx
          .insert(settlement)
          .values({
            tenantId: actor.tenantId,
            contractId: c.id,
            sysOrgCode: c.sysOrgCode,
            settlementNo: await nextNo(tx, c),
            ...setFields(body),
            invoices: await tenantFiles(tx, actor.tenantId, body.invoices),
            ...f,
            approvalStatus: String(APPROVAL_STATUS.draft),
            createBy: actor.username,
          })
          .returning();
        if (!row) throw badRequest(M.notFound);
        return toDto(row);
      });
    },

    edit(actor, body) {
      return db.transaction(async (tx) => {
        const s = await get(tx, actor, body.id, true);
        if (s.state !== 'draft') throw badRequest(M.notEditable);
        if (body.contractId !== s.contractId) throw badRequest('结算单的合同不能修改');
        const c = await lockContract(tx, actor, s.contractId);
        const f = await figures(tx, c, body, s.id);
        const [row] = await tx
          .update(settlement)
          .set({
            ...setFields(body),
            invoices: await tenantFiles(tx, actor.tenantId, body.invoices),
            ...f,
            updateBy: actor.username,
            updateTime: new Date(),
          })
          .where(eq(settlement.id, s.id))
          .returning();
        return toDto(row ?? s);
      });
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        const s = await get(tx, actor, id, true);
        if (s.state !== 'draft' || s.instanceId) throw badRequest(M.stateRefused('删除', stateName(s.state)));
        await tx.delete(settlement).where(eq(settlement.id, s.id));
      });
    },

    submit(actor, id) {
      return db.transaction(async (tx) => {
        const s0 = await get(tx, actor, id);
        // Contract first, then the settlement: the same lock order as the approval callback.
        const c = await lockContract(tx, actor, s0.contractId);
        const s = await get(tx, actor, id, true);
        if (s.state !== 'draft') throw badRequest(M.stateRefused('提交审批', stateName(s.state)));
        const available = settleableBalance(totalsOf(c), await pendingOf(tx, c.id, s.id));
        if (exceedsBalance(s.amount, available)) throw badRequest(M.overSettlement(formatMoney(available)));
        if (!workflow) throw badRequest('审批流程未启用');
        const variables = { amount: Number(s.amount), contractNo: c.contractNo };
        const txDb = tx as unknown as Db;
        const started =
          s.instanceId && s.approvalStatus === String(APPROVAL_STATUS.rejected)
            ? await workflow.resubmit(txDb, {
                tenantId: actor.tenantId,
                actor: { id: actor.userId, username: actor.username },
                businessType: WF_TYPE,
                businessKey: s.id,
                variables,
              })
            : await workflow.start(txDb, {
                tenantId: actor.tenantId,
                initiator: { id: actor.userId, username: actor.username },
                businessType: WF_TYPE,
                businessKey: s.id,
                title: `结算单「${s.settlementNo}」合同${c.contractNo} ¥${formatMoney(s.amount)}`,
                variables,
              });
        // An auto-approved process has already called the handler (state approving → approved): keep it.
        const [now] = await tx.select().from(settlement).where(eq(settlement.id, s.id));
        await tx
          .update(settlement)
          .set({
            instanceId: started.instanceId,
            ...(now?.state === 'draft'
              ? { state: 'approving', approvalStatus: String(started.approvalStatus), updateTime: new Date() }
              : {}),
          })
          .where(eq(settlement.id, s.id));
        return toDto(await get(tx, actor, id));
      });
    },

    pay(actor, body) {
      return db.transaction(async (tx) => {
        const s0 = await get(tx, actor, body.settlementId);
        const c = await lockContract(tx, actor, s0.contractId, false);
        const s = await get(tx, actor, body.settlementId, true);
        if (s.state !== 'approved' && s.state !== 'partially_paid') {
          throw badRequest(M.stateRefused('付款', stateName(s.state)));
        }
        const next = settlementPayment(s, money(body.amount));
        if (!next) throw badRequest(M.overPayment(formatMoney(netPayable(s.netPayable, s.paidAmount, '0') ?? '0')));
        const t = applyPayment(totalsOf(c), money(body.amount));
        await tx.insert(paymentTable).values({
          tenantId: actor.tenantId,
          settlementId: s.id,
          contractId: c.id,
          amount: money(body.amount),
          paidOn: body.paidOn,
          method: body.method,
          voucherNo: body.voucherNo ?? null,
          attachments: await tenantFiles(tx, actor.tenantId, body.attachments),
          recordedBy: actor.username,
        });
        await bumpLedgerMonth(tx, c, sql`${body.paidOn.slice(0, 7)}`, { paid: money(body.amount) });
        await tx
          .update(contract)
          .set({ paidAmount: t.paidAmount, updateTime: new Date() })
          .where(eq(contract.id, c.id));
        await notifyPayment(tx, c, s, body);
        const [row] = await tx
          .update(settlement)
          .set({
            paidAmount: next.paidAmount,
            state: next.paidOff ? 'paid' : 'partially_paid',
            updateBy: actor.username,
            updateTime: new Date(),
          })
          .where(eq(settlement.id, s.id))
          .returning();
        return toDto(row ?? s);
      });
    },

    async payments(actor, settlementId) {
      const s = await get(db, actor, settlementId);
      return (await paymentsOf(db, s.id)).map(toPaymentDto);
    },

    releaseRetention(actor, contractId, today = new Date().toISOString().slice(0, 10)) {
      return db.transaction(async (tx) => {
        const c = await lockContract(tx, actor, contractId, false);
        if (!c.warrantyEnd || c.warrantyEnd > today) throw badRequest(M.warrantyNotEnded(c.warrantyEnd ?? '未设定'));
        const t = totalsOf(c);
        if (!exceedsBalance(t.retentionHeld, t.retentionReleased)) throw badRequest(M.noRetention);
        await tx
          .update(contract)
          .set({ retentionReleased: t.retentionHeld, updateBy: actor.username, updateTime: new Date() })
          .where(eq(contract.id, c.id));
        // The released amount becomes payable: a 质保金 row, already approved, paid through `pay` like any other.
        const released = netPayable(t.retentionHeld, t.retentionReleased, '0') ?? '0';
        await tx.insert(settlement).values({
          tenantId: c.tenantId,
          contractId: c.id,
          sysOrgCode: c.sysOrgCode,
          settlementNo: await nextNo(tx, c),
          kind: 'retention',
          periodStart: today,
          periodEnd: today,
          amount: released,
          netPayable: released,
          remark: '质保金释放',
          state: 'approved',
          approvalStatus: '4',
          approvedAt: new Date(),
          createBy: actor.username,
        });
        return { ...t, retentionReleased: t.retentionHeld };
      });
    },

    exportList(actor, q) {
      const w = and(staffScope(actor), filters(q));
      return {
        sheetName: '结算单',
        columns: [
          { header: '结算单号', width: 24, value: (r) => r.settlementNo },
          { header: '合同编号', width: 20, value: (r) => r.contractNo ?? '' },
          { header: '供应商', width: 28, value: (r) => r.supplierName ?? '' },
          { header: '结算期间', width: 24, value: (r) => `${r.periodStart} ~ ${r.periodEnd}` },
          { header: '结算金额', width: 16, value: (r) => Number(r.amount) },
          { header: '扣款', width: 14, value: (r) => Number(r.deductions) },
          { header: '质保金', width: 14, value: (r) => Number(r.retention) },
          { header: '应付金额', width: 16, value: (r) => Number(r.netPayable) },
          { header: '已付金额', width: 16, value: (r) => Number(r.paidAmount) },
          { header: '状态', width: 10, value: (r) => stateName(r.state) },
        ],
        page: async (offset, limit) => (await pageOf(w, offset, limit)).map(rowDto),
      };
    },

    async supplierList(actor, q) {
      const w = and(await ownScope(actor), filters(q));
      const page = await fetchPage(q, countOf(w), (o, l) => pageOf(w, o, l), rowDto);
      const records = await Promise.all(
        page.records.map(async (r) => ({ ...r, payments: (await paymentsOf(db, r.id)).map(toPaymentDto) })),
      );
      return { ...page, records };
    },

    async supplierQueryById(actor, id) {
      const [r] = await base(and(await ownScope(actor), eq(settlement.id, id)));
      if (!r) throw notFound(M.notFound);
      return { ...rowDto(r), payments: (await paymentsOf(db, id)).map(toPaymentDto) };
    },
  };
}
