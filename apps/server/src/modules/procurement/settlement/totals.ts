/**
 * The ledger summary from `ledger_total` (p16-ledger): Σ of the contracts' ledger totals per (tenant, department,
 * supplier, category, state), kept by the contract triggers. A summary or a list total whose filter the
 * aggregate can answer exactly (data scope, department, supplier, state) reads a few hundred rows there instead
 * of every contract; a contract number or a payment period needs the contract rows (the caller's fallback).
 */
import {
  contractFigures,
  type LedgerGroupDto,
  type LedgerQuery,
  type LedgerSummaryDto,
  PURCHASE_CATEGORIES,
  type PurchaseCategory,
} from '@aps/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../../core/super-query.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { type DataScope, scopeFilter } from '../../platform/permission/data-scope.ts';
import { sysDepart } from '../../platform/system/tables.ts';
import { ledgerTotal as t } from '../contract/tables.ts';
import { supplier } from '../supplier/tables.ts';

type Filter = Omit<LedgerQuery, 'pageNo' | 'pageSize'>;
type Actor = { tenantId: number; scope: DataScope };

/** Σ of the aggregate's columns as exact numeric text. */
const SUMS = {
  contracts: sql<number>`coalesce(sum(${t.contracts}), 0)::int`,
  amount: sql<string>`coalesce(sum(${t.amount}), 0)::text`,
  changedAmount: sql<string>`coalesce(sum(${t.changedAmount}), 0)::text`,
  settledAmount: sql<string>`coalesce(sum(${t.settledAmount}), 0)::text`,
  payableAmount: sql<string>`coalesce(sum(${t.payableAmount}), 0)::text`,
  paidAmount: sql<string>`coalesce(sum(${t.paidAmount}), 0)::text`,
  retentionHeld: sql<string>`coalesce(sum(${t.retentionHeld}), 0)::text`,
  retentionReleased: sql<string>`coalesce(sum(${t.retentionReleased}), 0)::text`,
};
export type Sums = { [K in keyof typeof SUMS]: K extends 'contracts' ? number : string };

/** Groups shown in the summary (top N by total). */
export const TOP = 10;

export const groupDto = (key: string, label: string, s: Sums): LedgerGroupDto => {
  const f = contractFigures(s);
  return {
    key,
    label,
    contracts: s.contracts,
    total: f.total,
    settledAmount: f.settledAmount,
    paidAmount: f.paidAmount,
    unpaid: f.unpaid,
    retentionBalance: f.retentionBalance,
  };
};

/** The summary's totals (everything but the groups and months) from Σ rows. */
export function summaryTotals(
  s: Sums,
): Omit<LedgerSummaryDto, 'bySupplier' | 'byDepartment' | 'byCategory' | 'byMonth'> {
  const f = contractFigures(s);
  return {
    contracts: s.contracts,
    total: f.total,
    amount: f.amount,
    changedAmount: f.changedAmount,
    settledAmount: f.settledAmount,
    payableAmount: f.payableAmount,
    paidAmount: f.paidAmount,
    unpaid: f.unpaid,
    retentionHeld: f.retentionHeld,
    retentionReleased: f.retentionReleased,
    retentionBalance: f.retentionBalance,
  };
}

/** Whether ledger_total answers this filter exactly (no contract number, no payment period). */
export const aggregateAnswers = (q: Filter) => !q.contractNo && !q.periodBegin && !q.periodEnd;

function where(actor: Actor, q: Filter): SQL | undefined {
  return and(
    eq(t.tenantId, actor.tenantId),
    scopeFilter(actor.scope, t.sysOrgCode),
    sql`${t.state} <> 'voided'`,
    q.state ? eq(t.state, q.state) : undefined,
    q.supplierName
      ? sql`${t.supplierId} IN (SELECT ${supplier.id} FROM ${supplier} WHERE ${supplier.tenantId} = ${actor.tenantId}
          AND ${supplier.name} ILIKE ${`%${escapeLike(q.supplierName)}%`})`
      : undefined,
    q.supplierId ? eq(t.supplierId, q.supplierId) : undefined,
    q.sysOrgCode ? sql`${t.sysOrgCode} LIKE ${`${escapeLike(q.sysOrgCode)}%`}` : undefined,
  );
}

/** The number of live contracts the filter selects (the ledger list's total). */
export async function countFromAggregate(db: DbOrTx, actor: Actor, q: Filter): Promise<number> {
  const [row] = await db.select({ n: SUMS.contracts }).from(t).where(where(actor, q));
  return Number(row?.n ?? 0);
}

/** The summary without its months, from ledger_total, or null when the filter needs the contract rows. */
export async function summaryFromAggregate(
  db: DbOrTx,
  actor: Actor,
  q: Filter,
): Promise<Omit<LedgerSummaryDto, 'byMonth'> | null> {
  if (!aggregateAnswers(q)) return null;
  const w = where(actor, q);
  const top = sql`sum(${t.amount} + ${t.changedAmount}) DESC`;
  const some = sql`sum(${t.contracts}) > 0`;
  const [all, bySupplier, byDepartment, byCategory] = await Promise.all([
    db.select(SUMS).from(t).where(w),
    db
      .select({
        key: t.supplierId,
        label: sql<string>`(SELECT ${supplier.name} FROM ${supplier} WHERE ${supplier.id} = ${t.supplierId})`,
        ...SUMS,
      })
      .from(t)
      .where(w)
      .groupBy(t.supplierId)
      .having(some)
      .orderBy(top, t.supplierId)
      .limit(TOP),
    db
      .select({
        key: t.sysOrgCode,
        label: sql<string>`coalesce((SELECT min(${sysDepart.departName}) FROM ${sysDepart}
            WHERE ${sysDepart.orgCode} = ${t.sysOrgCode} AND ${sysDepart.tenantId} = ${actor.tenantId}), ${t.sysOrgCode})`,
        ...SUMS,
      })
      .from(t)
      .where(w)
      .groupBy(t.sysOrgCode)
      .having(some)
      .orderBy(top, t.sysOrgCode)
      .limit(TOP),
    db
      .select({ key: t.category, ...SUMS })
      .from(t)
      .where(w)
      .groupBy(t.category)
      .having(some)
      .orderBy(top, t.category),
  ]);
  return {
    ...summaryTotals(all[0] ?? zeroSums()),
    bySupplier: bySupplier.map((g) => groupDto(g.key, g.label, g)),
    byDepartment: byDepartment.map((g) => groupDto(g.key, g.label, g)),
    byCategory: byCategory.map((g) => groupDto(g.key, PURCHASE_CATEGORIES[g.key as PurchaseCategory] ?? g.key, g)),
  };
}

const zeroSums = (): Sums => ({
  contracts: 0,
  amount: '0',
  changedAmount: '0',
  settledAmount: '0',
  payableAmount: '0',
  paidAmount: '0',
  retentionHeld: '0',
  retentionReleased: '0',
});
