/**
 * The ledger's month view from `ledger_month` (p16-perf): `bumpLedgerMonth` adds a payment (by paid_on) or an
 * approved settlement (by approval time, Asia/Shanghai) to its (tenant, department, supplier, category, month) row in
 * the caller's transaction; `monthsFromAggregate` reads those rows when the filter is one the aggregate can answer
 * exactly (data scope, department, supplier, whole-month period), else the caller falls back to the raw sums.
 */
import type { LedgerMonthDto, LedgerQuery } from '@aps/shared';
import { money } from '@aps/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../../core/super-query.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { type DataScope, scopeFilter } from '../../platform/permission/data-scope.ts';
import { ledgerMonth } from '../contract/tables.ts';
import { purchasePackage } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';

type Filter = Omit<LedgerQuery, 'pageNo' | 'pageSize'>;

interface ContractKey {
  tenantId: number;
  sysOrgCode: string;
  supplierId: string;
  packageId: string;
}

/** Adds `paid` / `settled` (decimal strings) to the contract's month row (upsert, exact numeric addition). */
export async function bumpLedgerMonth(
  tx: DbOrTx,
  c: ContractKey,
  month: SQL,
  amounts: { paid?: string; settled?: string },
): Promise<void> {
  const paid = amounts.paid ?? '0';
  const settled = amounts.settled ?? '0';
  await tx.execute(sql`INSERT INTO ${ledgerMonth} (tenant_id, sys_org_code, supplier_id, category, month, paid_amount,
      settled_amount)
    SELECT ${c.tenantId}, ${c.sysOrgCode}, ${c.supplierId}, ${purchasePackage.purchaseCategory}, ${month},
      ${paid}::numeric, ${settled}::numeric
    FROM ${purchasePackage} WHERE ${purchasePackage.id} = ${c.packageId}
    ON CONFLICT (tenant_id, sys_org_code, supplier_id, category, month) DO UPDATE
      SET paid_amount = ledger_month.paid_amount + excluded.paid_amount,
        settled_amount = ledger_month.settled_amount + excluded.settled_amount`);
}

/** 'YYYY-MM' of a date string, or null when the period bound does not fall on a month boundary. */
export function monthBound(day: string | undefined, end: boolean): string | null | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return (end ? d === last : d === 1) ? day.slice(0, 7) : null;
}

/** The month view from ledger_month, or null when the filter needs the per-contract sums (number, state, days). */
export async function monthsFromAggregate(
  db: DbOrTx,
  actor: { tenantId: number; scope: DataScope },
  q: Filter,
): Promise<LedgerMonthDto[] | null> {
  if (q.contractNo || q.state) return null;
  const from = monthBound(q.periodBegin, false);
  const to = monthBound(q.periodEnd, true);
  if (from === null || to === null) return null;
  const rows = await db
    .select({
      month: ledgerMonth.month,
      paid: sql<string>`sum(${ledgerMonth.paidAmount})::text`,
      settled: sql<string>`sum(${ledgerMonth.settledAmount})::text`,
    })
    .from(ledgerMonth)
    .where(
      and(
        eq(ledgerMonth.tenantId, actor.tenantId),
        scopeFilter(actor.scope, ledgerMonth.sysOrgCode),
        q.sysOrgCode ? sql`${ledgerMonth.sysOrgCode} LIKE ${`${escapeLike(q.sysOrgCode)}%`}` : undefined,
        q.supplierId ? eq(ledgerMonth.supplierId, q.supplierId) : undefined,
        q.supplierName
          ? sql`${ledgerMonth.supplierId} IN (SELECT ${supplier.id} FROM ${supplier} WHERE ${supplier.tenantId} = ${actor.tenantId}
            AND ${supplier.name} ILIKE ${`%${escapeLike(q.supplierName)}%`})`
          : undefined,
        from ? sql`${ledgerMonth.month} >= ${from}` : undefined,
        to ? sql`${ledgerMonth.month} <= ${to}` : undefined,
      ),
    )
    .groupBy(ledgerMonth.month)
    .orderBy(ledgerMonth.month);
  return rows.map((r) => ({ month: r.month, paidAmount: money(r.paid), settledAmount: money(r.settled) }));
}
