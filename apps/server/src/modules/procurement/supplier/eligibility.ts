import {
  SUPPLIER_ELIGIBILITY_MESSAGES as E,
  SUPPLIER_MESSAGES as M,
  SUPPLIER_STATUS,
  type SupplierStatus,
} from '@aps/shared';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { blacklistCovers } from './scope.ts';
import { supplier, supplierBlacklist, supplierUser } from './tables.ts';

export interface SupplierRef {
  id: string;
  name: string;
  status: SupplierStatus;
}

/** The supplier a signed-in external user acts for in this tenant, or null (not a supplier user). */
export async function supplierOfUser(db: Db, tenantId: number, userId: string): Promise<SupplierRef | null> {
  const [row] = await db
    .select({ id: supplier.id, name: supplier.name, status: supplier.status })
    .from(supplierUser)
    .innerJoin(supplier, and(eq(supplier.id, supplierUser.supplierId), eq(supplier.delFlag, 0)))
    .where(and(eq(supplierUser.tenantId, tenantId), eq(supplierUser.userId, userId), eq(supplier.tenantId, tenantId)));
  return row ? { ...row, status: row.status as SupplierStatus } : null;
}

export interface SupplierStanding {
  /** Why the supplier may not take part, or null. */
  refusal: string | null;
  /** Allowed, but the buyer should know (暂停). */
  warnings: string[];
}

/** Today in the server's calendar (YYYY-MM-DD), as the blacklist dates are stored. */
export const today = (now = new Date()): string => {
  const d = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 10);
};

/**
 * THE check before a supplier signs up, bids, is awarded or is contracted, for a package or contract of
 * `categoryCode` (the purchase category dictionary code or a sys_category code; null = any). Refused: 注册待审,
 * 淘汰, and an active blacklisting in force today whose scope covers the category (the message names its reason and
 * end date); a tenant-wide 黑名单 status without such a row keeps the plain refusal. 暂停 is allowed with a warning.
 */
export async function checkSupplierStanding(
  db: DbOrTx,
  tenantId: number,
  supplierId: string,
  categoryCode: string | null = null,
): Promise<SupplierStanding> {
  const [row] = await db
    .select({ status: supplier.status, suspendedReason: supplier.suspendedReason })
    .from(supplier)
    .where(and(eq(supplier.id, supplierId), eq(supplier.tenantId, tenantId), eq(supplier.delFlag, 0)));
  if (!row) return { refusal: E.missing, warnings: [] };
  if (row.status === SUPPLIER_STATUS.pending) return { refusal: E.pending, warnings: [] };
  if (row.status === SUPPLIER_STATUS.eliminated) return { refusal: E.eliminated, warnings: [] };
  const day = today();
  const bans = await db
    .select()
    .from(supplierBlacklist)
    .where(
      and(
        eq(supplierBlacklist.tenantId, tenantId),
        eq(supplierBlacklist.supplierId, supplierId),
        eq(supplierBlacklist.state, 'active'),
        lte(supplierBlacklist.startDate, day),
        or(isNull(supplierBlacklist.endDate), gte(supplierBlacklist.endDate, day)),
      ),
    );
  const ban = bans.find((b) => blacklistCovers(b, categoryCode));
  if (ban) return { refusal: M.blacklisted(ban.reason, ban.endDate), warnings: [] };
  if (row.status === SUPPLIER_STATUS.blacklisted) {
    const live = await db
      .select()
      .from(supplierBlacklist)
      .where(and(eq(supplierBlacklist.supplierId, supplierId), eq(supplierBlacklist.state, 'active')));
    return { refusal: live[0] ? M.blacklisted(live[0].reason, live[0].endDate) : E.blacklisted, warnings: [] };
  }
  if (row.status === SUPPLIER_STATUS.suspended)
    return { refusal: null, warnings: [M.suspendedWarning(row.suspendedReason)] };
  return { refusal: null, warnings: [] };
}

/** The refusal message only (sign-up and bid). */
export async function checkSupplierEligibility(
  db: DbOrTx,
  tenantId: number,
  supplierId: string,
  categoryCode: string | null = null,
): Promise<string | null> {
  return (await checkSupplierStanding(db, tenantId, supplierId, categoryCode)).refusal;
}

/**
 * For the contract slice: throws 400 with the refusal (blacklisted: reason and end date) when the supplier may not be
 * contracted for `categoryCode`; returns the warnings (暂停) otherwise.
 */
export async function assertContractable(
  tx: DbOrTx,
  tenantId: number,
  supplierId: string,
  categoryCode: string | null,
): Promise<string[]> {
  const { refusal, warnings } = await checkSupplierStanding(tx, tenantId, supplierId, categoryCode);
  if (refusal) throw badRequest(refusal);
  return warnings;
}
