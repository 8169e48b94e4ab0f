/**
 * 结算台账 (issue 16): per contract from the totals kept on the contract row (one scan of `contract`, no aggregate
 * over settlements and payments), the summary and its groupings (supplier, department, category) by SQL sums of
 * numeric columns (exact), the period view from settlement_payment (tenant, paid_on) and approved settlements.
 * Tenant and department data scope on contract.sys_org_code.
 */
import {
  CONTRACT_STATES,
  type ContractState,
  contractFigures,
  type LedgerMonthDto,
  type LedgerQuery,
  type LedgerRowDto,
  type LedgerSummaryDto,
  money,
  type PageResult,
  PURCHASE_CATEGORIES,
  type PurchaseCategory,
} from '@aps/shared';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { cachedOrLoad } from '../../../core/list-cache.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import { scopeFilter, scopeValues } from '../../platform/permission/data-scope.ts';
import { sysDepart } from '../../platform/system/tables.ts';
import { contract, settlement, settlementPayment } from '../contract/tables.ts';
import { purchasePackage } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';
import { totalsOf } from './dto.ts';
import { monthsFromAggregate } from './months.ts';
import type { SettlementActor } from './service.ts';
import {
  aggregateAnswers,
  countFromAggregate,
  groupDto,
  type Sums,
  summaryFromAggregate,
  summaryTotals,
  TOP,
} from './totals.ts';

type Filter = Omit<LedgerQuery, 'pageNo' | 'pageSize'>;

/**
 * The supplier's name beside each row, never a join: the list then walks contract_time_idx and stops at the page
 * (a join made the planner sort the whole tenant's contracts first).
 */
const SUPPLIER_NAME = sql<string>`(SELECT ${supplier.name} FROM ${supplier} WHERE ${supplier.id} = ${contract.supplierId})`;

/** Σ of the totals columns as exact numeric text. */
const SUMS = {
  contracts: sql<number>`count(*)::int`,
  amount: sql<string>`coalesce(sum(${contract.amount}), 0)::text`,
  changedAmount: sql<string>`coalesce(sum(${contract.changedAmount}), 0)::text`,
  settledAmount: sql<string>`coalesce(sum(${contract.settledAmount}), 0)::text`,
  payableAmount: sql<string>`coalesce(sum(${contract.payableAmount}), 0)::text`,
  paidAmount: sql<string>`coalesce(sum(${contract.paidAmount}), 0)::text`,
  retentionHeld: sql<string>`coalesce(sum(${contract.retentionHeld}), 0)::text`,
  retentionReleased: sql<string>`coalesce(sum(${contract.retentionReleased}), 0)::text`,
};
export interface LedgerService {
  list(actor: SettlementActor, q: LedgerQuery): Promise<PageResult<LedgerRowDto>>;
  /**
   * Cached per tenant, data scope and filters in the list cache until one of LEDGER_TABLES changes (any instance:
   * the table-change triggers): at 100,000 contracts and 500,000 payments one computation scans both tables.
   */
  summary(actor: SettlementActor, q: Filter): Promise<LedgerSummaryDto>;
  exportList(actor: SettlementActor, q: Filter): ListExport<LedgerRowDto>;
}

/** Every table the ledger reads: its cached answers stay valid while none of them changes (core/list-cache.ts). */
const LEDGER_TABLES = [
  'ledger_month',
  'ledger_total',
  'contract',
  'supplier',
  'settlement',
  'settlement_payment',
  'purchase_package',
  'sys_depart',
];

export function createLedgerService({ db }: { db: Db }): LedgerService {
  function where(actor: SettlementActor, q: Filter): SQL | undefined {
    const paidIn = and(
      q.periodBegin ? sql`p.paid_on >= ${q.periodBegin}` : undefined,
      q.periodEnd ? sql`p.paid_on <= ${q.periodEnd}` : undefined,
    );
    return and(
      eq(contract.tenantId, actor.tenantId),
      scopeFilter(actor.scope, contract.sysOrgCode),
      sql`${contract.state} <> 'voided'`,
      q.contractNo ? ilike(contract.contractNo, `%${escapeLike(q.contractNo)}%`) : undefined,
      q.supplierName
        ? sql`${contract.supplierId} IN (SELECT ${supplier.id} FROM ${supplier} WHERE ${supplier.tenantId} = ${actor.tenantId}
            AND ${ilike(supplier.name, `%${escapeLike(q.supplierName)}%`)})`
        : undefined,
      q.supplierId ? eq(contract.supplierId, q.supplierId) : undefined,
      q.sysOrgCode ? sql`${contract.sysOrgCode} LIKE ${`${escapeLike(q.sysOrgCode)}%`}` : undefined,
      q.state ? eq(contract.state, q.state) : undefined,
      q.periodBegin || q.periodEnd
        ? sql`EXISTS (SELECT 1 FROM settlement_payment p WHERE p.tenant_id = ${contract.tenantId}
            AND p.contract_id = ${contract.id} AND ${paidIn})`
        : undefined,
    );
  }

  const rows = (w: SQL | undefined, offset: number, limit: number, after?: SQL) =>
    db
      .select({ c: contract, supplierName: SUPPLIER_NAME })
      .from(contract)
      .where(after ? and(w, after) : w)
      .orderBy(desc(contract.createTime), desc(contract.id))
      .offset(offset)
      .limit(limit);

  const toRow = (r: { c: typeof contract.$inferSelect; supplierName: string }): LedgerRowDto => ({
    id: r.c.id,
    contractId: r.c.id,
    contractNo: r.c.contractNo,
    contractName: r.c.name,
    supplierId: r.c.supplierId,
    supplierName: r.supplierName,
    sysOrgCode: r.c.sysOrgCode,
    state: r.c.state as ContractState,
    ...contractFigures(totalsOf(r.c)),
  });

  async function months(actor: SettlementActor, w: SQL | undefined, q: Filter): Promise<LedgerMonthDto[]> {
    const fromAggregate = await monthsFromAggregate(db, actor, q);
    if (fromAggregate) return fromAggregate;
    const inContracts = sql`SELECT ${contract.id} FROM ${contract}
      WHERE ${w}`;
    const paid = await db
      .select({
        month: sql<string>`to_char(${settlementPayment.paidOn}, 'YYYY-MM')`,
        n: sql<string>`sum(${settlementPayment.amount})::text`,
      })
      .from(settlementPayment)
      .where(
        and(
          eq(settlementPayment.tenantId, actor.tenantId),
          q.periodBegin ? sql`${settlementPayment.paidOn} >= ${q.periodBegin}` : undefined,
          q.periodEnd ? sql`${settlementPayment.paidOn} <= ${q.periodEnd}` : undefined,
          sql`${settlementPayment.contractId} IN (${inContracts})`,
        ),
      )
      .groupBy(sql`1`);
    const settled = await db
      .select({
        month: sql<string>`to_char(${settlement.approvedAt} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`,
        n: sql<string>`sum(${settlement.amount})::text`,
      })
      .from(settlement)
      .where(
        and(
          eq(settlement.tenantId, actor.tenantId),
          sql`${settlement.approvedAt} IS NOT NULL`,
          eq(settlement.kind, 'progress'),
          sql`${settlement.contractId} IN (${inContracts})`,
        ),
      )
      .groupBy(sql`1`);
    const byMonth = new Map<string, LedgerMonthDto>();
    const at = (m: string) => {
      const row = byMonth.get(m) ?? { month: m, settledAmount: '0.00', paidAmount: '0.00' };
      byMonth.set(m, row);
      return row;
    };
    for (const p of paid) at(p.month).paidAmount = money(p.n);
    for (const s of settled) at(s.month).settledAmount = money(s.n);
    return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
  }

  async function computeSummary(actor: SettlementActor, q: Filter): Promise<LedgerSummaryDto> {
    const w = where(actor, q);
    if (aggregateAnswers(q)) {
      // ledger_total (the contract triggers's sums) and ledger_month: a few hundred rows, no contract scan.
      const [aggregated, byMonth] = await Promise.all([summaryFromAggregate(db, actor, q), months(actor, w, q)]);
      if (aggregated) return { ...aggregated, byMonth };
    }
    const top = sql`sum(${contract.amount} + ${contract.changedAmount}) DESC`;
    const [all, bySupplier, byDepartment, byCategory, byMonth] = await Promise.all([
      db.select(SUMS).from(contract).where(w),
      db
        .select({ key: contract.supplierId, label: SUPPLIER_NAME, ...SUMS })
        .from(contract)
        .where(w)
        .groupBy(contract.supplierId)
        .orderBy(top)
        .limit(TOP),
      db
        .select({
          key: contract.sysOrgCode,
          label: sql<string>`coalesce((SELECT min(${sysDepart.departName}) FROM ${sysDepart}
              WHERE ${sysDepart.orgCode} = ${contract.sysOrgCode} AND ${sysDepart.tenantId} = ${actor.tenantId}),
              ${contract.sysOrgCode})`,
          ...SUMS,
        })
        .from(contract)
        .where(w)
        .groupBy(contract.sysOrgCode)
        .orderBy(top)
        .limit(TOP),
      db
        .select({ key: purchasePackage.purchaseCategory, ...SUMS })
        .from(contract)
        .innerJoin(purchasePackage, eq(purchasePackage.id, contract.packageId))
        .where(w)
        .groupBy(purchasePackage.purchaseCategory)
        .orderBy(top),
      months(actor, w, q),
    ]);
    return {
      ...summaryTotals((all[0] ?? { ...SUMS, contracts: 0 }) as Sums),
      bySupplier: bySupplier.map((g) => groupDto(g.key, g.label, g)),
      byDepartment: byDepartment.map((g) => groupDto(g.key, g.label, g)),
      byCategory: byCategory.map((g) => groupDto(g.key, PURCHASE_CATEGORIES[g.key as PurchaseCategory] ?? g.key, g)),
      byMonth,
    };
  }

  const keyOf = (actor: SettlementActor, q: Filter) => {
    const { column: _c, order: _o, ...filters } = q as Filter & { column?: unknown; order?: unknown };
    return JSON.stringify([actor.tenantId, actor.scope.kind, scopeValues(actor.scope), filters]);
  };

  return {
    summary: (actor, q) =>
      cachedOrLoad(`ledger-summary\u0000${keyOf(actor, q)}`, LEDGER_TABLES, () => computeSummary(actor, q)),

    list(actor, q) {
      const w = where(actor, q);
      // The total from ledger_total when it answers the filter (a count of 100,000 contracts otherwise).
      const total = aggregateAnswers(q)
        ? {
            key: `ledger-count\u0000${keyOf(actor, q)}`,
            tables: LEDGER_TABLES,
            count: () => countFromAggregate(db, actor, q),
          }
        : db.select({ n: count() }).from(contract).where(w);
      // A page asked again costs no query until a ledger table changes (the key holds tenant, scope, filters, page);
      // the next page after a cursor (the previous page's last contract) reads on from it along contract_time_idx.
      return fetchPage(q, total, (o, l, after) => rows(w, o, l, after), toRow, {
        keyset: { table: contract, sort: contract.createTime, id: contract.id, order: 'desc' },
        rowsCache: {
          key: `ledger-list\u0000${keyOf(actor, q)}\u0000${q.pageNo}\u0000${q.pageSize}\u0000${q.cursor ?? ''}`,
          tables: LEDGER_TABLES,
        },
      });
    },

    exportList(actor, q) {
      const w = where(actor, q);
      return {
        sheetName: '结算台账',
        columns: [
          { header: '合同编号', width: 20, value: (r) => r.contractNo },
          { header: '合同名称', width: 30, value: (r) => r.contractName },
          { header: '供应商', width: 28, value: (r) => r.supplierName },
          { header: '状态', width: 10, value: (r) => CONTRACT_STATES[r.state] ?? r.state },
          { header: '合同金额(含变更)', width: 18, value: (r) => Number(r.total) },
          { header: '已结算', width: 16, value: (r) => Number(r.settledAmount) },
          { header: '已付款', width: 16, value: (r) => Number(r.paidAmount) },
          { header: '未付款', width: 16, value: (r) => Number(r.unpaid) },
          { header: '质保金(扣留)', width: 16, value: (r) => Number(r.retentionHeld) },
          { header: '质保金(已释放)', width: 16, value: (r) => Number(r.retentionReleased) },
        ],
        page: async (offset, limit) => (await rows(w, offset, limit)).map(toRow),
      };
    },
  };
}
