import {
  type BlacklistDto,
  type BlacklistScope,
  type BlacklistState,
  type CertificateDto,
  type CertificateState,
  formatDateTime,
  type SupplierDto,
  type SupplierStatus,
} from '@aps/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import {
  supplier,
  type supplierBlacklist,
  type supplierCertificate,
  supplierStatusHistory,
  supplierUser,
} from './tables.ts';

export type SupplierRow = typeof supplier.$inferSelect;
export type BlacklistRow = typeof supplierBlacklist.$inferSelect;
export type CertificateRow = typeof supplierCertificate.$inferSelect;

export const toSupplierDto = (r: SupplierRow): SupplierDto => ({
  id: r.id,
  name: r.name,
  creditCode: r.creditCode,
  legalRepresentative: r.legalRepresentative,
  address: r.address,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  contactEmail: r.contactEmail,
  categories: r.categories,
  bankName: r.bankName,
  bankAccount: r.bankAccount,
  score: r.score,
  standing: r.standing,
  status: r.status as SupplierStatus,
  approvalStatus: r.approvalStatus,
  suspendedReason: r.suspendedReason,
  registerTime: formatDateTime(r.registerTime),
  admittedTime: formatDateTime(r.admittedTime),
  qualifiedTime: formatDateTime(r.qualifiedTime),
  createTime: formatDateTime(r.createTime) ?? '',
});

export const toBlacklistDto = (r: BlacklistRow, supplierName?: string): BlacklistDto => ({
  id: r.id,
  supplierId: r.supplierId,
  ...(supplierName === undefined ? {} : { supplierName }),
  reason: r.reason,
  scope: r.scope as BlacklistScope,
  categories: r.categories,
  startDate: r.startDate,
  endDate: r.endDate,
  state: r.state as BlacklistState,
  approvalStatus: r.approvalStatus,
  releasedAt: formatDateTime(r.releasedAt),
  releasedBy: r.releasedBy,
  releaseReason: r.releaseReason,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
});

export const toCertificateDto = (r: CertificateRow): CertificateDto => ({
  id: r.id,
  supplierId: r.supplierId,
  kind: r.kind,
  name: r.name,
  number: r.number,
  issuer: r.issuer,
  validFrom: r.validFrom,
  expiresOn: r.expiresOn,
  files: r.files,
  state: r.state as CertificateState,
  createTime: formatDateTime(r.createTime) ?? '',
});

/** Moves a supplier's status and writes its history row (same transaction as the caller's). */
export async function moveSupplierStatus(
  tx: DbOrTx,
  row: Pick<SupplierRow, 'id' | 'tenantId' | 'status'>,
  to: SupplierStatus,
  reason: string | null,
  actor: string,
  patch: Partial<typeof supplier.$inferInsert> = {},
): Promise<void> {
  await tx
    .update(supplier)
    .set({ ...patch, status: to, updateTime: new Date() })
    .where(eq(supplier.id, row.id));
  await tx
    .insert(supplierStatusHistory)
    .values({ tenantId: row.tenantId, supplierId: row.id, fromStatus: row.status, toStatus: to, reason, actor });
}

/** The status a supplier had before it entered `status` (its latest history row into it), or null. */
export async function statusBefore(tx: DbOrTx, supplierId: string, status: string): Promise<SupplierStatus | null> {
  const [h] = await tx
    .select({ from: supplierStatusHistory.fromStatus })
    .from(supplierStatusHistory)
    .where(and(eq(supplierStatusHistory.supplierId, supplierId), eq(supplierStatusHistory.toStatus, status)))
    .orderBy(desc(supplierStatusHistory.createTime), desc(supplierStatusHistory.id))
    .limit(1);
  return (h?.from as SupplierStatus | null | undefined) ?? null;
}

/** A bell message to every user acting for the supplier. */
export async function bellSupplier(
  tx: DbOrTx,
  s: Pick<SupplierRow, 'id' | 'tenantId'>,
  title: string,
  text: string,
  busType: string,
  busId: string,
): Promise<void> {
  const users = await tx
    .select({ userId: supplierUser.userId })
    .from(supplierUser)
    .where(and(eq(supplierUser.tenantId, s.tenantId), eq(supplierUser.supplierId, s.id)));
  await sendBellMessage(tx, {
    tenantId: s.tenantId,
    userIds: users.map((u) => u.userId),
    title,
    html: `<p>${escapeHtml(text)}</p>`,
    abstract: title,
    busType,
    busId,
  });
}
