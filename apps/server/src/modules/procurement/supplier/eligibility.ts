import { SUPPLIER_ELIGIBILITY_MESSAGES as M, SUPPLIER_STATUS, type SupplierStatus } from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { supplier, supplierUser } from './tables.ts';

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

/**
 * THE check before a supplier signs up, bids or is contracted: the refusal message, or null when allowed.
 * 注册待审, 黑名单 and 淘汰 are refused; 暂停 is allowed (the supplier issue adds its warning, the blacklist
 * table with scope and duration, and certificate expiry here, in this one place).
 */
export async function checkSupplierEligibility(db: Db, tenantId: number, supplierId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: supplier.status })
    .from(supplier)
    .where(and(eq(supplier.id, supplierId), eq(supplier.tenantId, tenantId), eq(supplier.delFlag, 0)));
  if (!row) return M.missing;
  switch (row.status) {
    case SUPPLIER_STATUS.pending:
      return M.pending;
    case SUPPLIER_STATUS.blacklisted:
      return M.blacklisted;
    case SUPPLIER_STATUS.eliminated:
      return M.eliminated;
    default:
      return null;
  }
}
