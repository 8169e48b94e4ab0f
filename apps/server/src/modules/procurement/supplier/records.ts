import {
  formatDateTime,
  SUPPLIER_MESSAGES as M,
  SUPPLIER_STATUS_LABELS,
  type SupplierDto,
  type SupplierProfileInput,
  type SupplierStatus,
} from '@aps/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { sysCategory } from '../../platform/category/tables.ts';
import { supplier, supplierStatusHistory } from './tables.ts';

/** Shared pieces of the registration and the directory: the DTO, the profile columns, checks and the history. */
export type SupplierRow = typeof supplier.$inferSelect;

export function toSupplierDto(s: SupplierRow): SupplierDto {
  return {
    id: s.id,
    name: s.name,
    creditCode: s.creditCode,
    legalRepresentative: s.legalRepresentative,
    address: s.address,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    contactEmail: s.contactEmail,
    categories: s.categories,
    bankName: s.bankName,
    bankAccount: s.bankAccount,
    score: s.score,
    standing: s.standing,
    status: s.status as SupplierStatus,
    status_dictText: SUPPLIER_STATUS_LABELS[s.status as SupplierStatus],
    approvalStatus: s.approvalStatus,
    suspendedReason: s.suspendedReason,
    registerTime: formatDateTime(s.registerTime),
    admittedTime: formatDateTime(s.admittedTime),
    qualifiedTime: formatDateTime(s.qualifiedTime),
    createTime: formatDateTime(s.createTime) ?? '',
  };
}

/** The profile columns written from a validated form. */
export const profileValues = (p: SupplierProfileInput) => ({
  name: p.name,
  creditCode: p.creditCode,
  legalRepresentative: p.legalRepresentative,
  address: p.address,
  contactName: p.contactName,
  contactPhone: p.contactPhone,
  contactEmail: p.contactEmail,
  categories: p.categories,
  bankName: p.bankName,
  bankAccount: p.bankAccount,
});

/** The credit code is free in the tenant (another live supplier than `self` would be refused). */
export async function checkProfile(q: DbOrTx, tenantId: number, p: SupplierProfileInput, self?: string) {
  const [taken] = await q
    .select({ id: supplier.id })
    .from(supplier)
    .where(
      and(
        eq(supplier.tenantId, tenantId),
        eq(supplier.creditCode, p.creditCode),
        eq(supplier.delFlag, 0),
        self ? ne(supplier.id, self) : undefined,
      ),
    );
  if (taken) throw badRequest(M.creditCodeTaken);
  if (p.categories.length === 0) return;
  const known = await q
    .select({ code: sysCategory.code })
    .from(sysCategory)
    .where(and(eq(sysCategory.tenantId, tenantId), inArray(sysCategory.code, p.categories)));
  const have = new Set(known.map((r) => r.code));
  const unknown = p.categories.find((c) => !have.has(c));
  if (unknown) throw badRequest(`品类「${unknown}」不存在`);
}

/** One status move of the supplier's history. */
export async function recordStatus(
  q: DbOrTx,
  row: { tenantId: number; supplierId: string; from: string | null; to: string; reason: string | null; actor: string },
) {
  await q.insert(supplierStatusHistory).values({
    tenantId: row.tenantId,
    supplierId: row.supplierId,
    fromStatus: row.from,
    toStatus: row.to,
    reason: row.reason,
    actor: row.actor,
  });
}
