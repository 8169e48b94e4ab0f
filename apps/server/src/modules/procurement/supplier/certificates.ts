import {
  type CertificateAddInput,
  type CertificateDto,
  type CertificateEditInput,
  type CertificateState,
  certificateState,
  SUPPLIER_MESSAGES as M,
  nextSupplierStatus,
  type PageResult,
  SUPPLIER_LIMITS,
  SUPPLIER_STATUS,
} from '@aps/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../platform/dict/kit.ts';
import { page } from '../bid/common.ts';
import { tenantFiles } from '../files.ts';
import { today } from './eligibility.ts';
import { bellSupplier, moveSupplierStatus, toCertificateDto } from './standing-common.ts';
import { supplier, supplierCertificate } from './tables.ts';

/** suspended_reason of a supplier suspended by an expired certificate (a renewal resumes exactly these). */
export const CERT_SUSPEND_PREFIX = '资质证书「';
export const certSuspendReason = (name: string, date: string) => `${CERT_SUSPEND_PREFIX}${name}」已于${date}过期`;

/**
 * Brings a supplier's standing in line with its certificates: each certificate's state from its expiry date (a
 * certificate newly 即将到期 rings the supplier's bell once — the state change is the "once"), a newly expired one
 * suspends a 准入/合格 supplier naming it (and rings), and a supplier suspended by a certificate resumes (合格) when
 * none of its certificates is expired any more (renewed or removed). Returns how many certificates changed state.
 */
export async function refreshSupplierCertificates(
  tx: DbOrTx,
  tenantId: number,
  supplierId: string,
  now = new Date(),
  actor = 'system',
): Promise<number> {
  const day = today(now);
  const [s] = await tx
    .select()
    .from(supplier)
    .where(and(eq(supplier.id, supplierId), eq(supplier.tenantId, tenantId)))
    .for('update');
  if (!s) return 0;
  const certs = await tx
    .select()
    .from(supplierCertificate)
    .where(and(eq(supplierCertificate.supplierId, supplierId), eq(supplierCertificate.delFlag, 0)));
  let changed = 0;
  let newlyExpired: (typeof certs)[number] | null = null;
  for (const c of certs) {
    const state: CertificateState = certificateState(c.expiresOn, day, SUPPLIER_LIMITS.certificateExpiringDays);
    if (state === c.state) continue;
    changed++;
    await tx.update(supplierCertificate).set({ state }).where(eq(supplierCertificate.id, c.id));
    if (state === 'expiring' && c.state === 'valid') {
      await bellSupplier(
        tx,
        s,
        `资质证书即将到期：${c.name}`,
        `贵单位的资质证书「${c.name}」（编号 ${c.number}）将于${c.expiresOn}到期，请及时更新，过期后将被暂停。`,
        'supplier_certificate_expiring',
        c.id,
      );
    }
    if (state === 'expired') newlyExpired ??= c;
  }
  const anyExpired = certs.some(
    (c) => certificateState(c.expiresOn, day, SUPPLIER_LIMITS.certificateExpiringDays) === 'expired',
  );
  if (newlyExpired && nextSupplierStatus(s.status, 'suspend') && s.status !== SUPPLIER_STATUS.suspended) {
    const reason = certSuspendReason(newlyExpired.name, newlyExpired.expiresOn);
    await moveSupplierStatus(tx, s, SUPPLIER_STATUS.suspended, reason, actor, { suspendedReason: reason });
    await bellSupplier(
      tx,
      s,
      '供应商已暂停',
      `${reason}，贵单位已被暂停，请更新证书后恢复。`,
      'supplier_suspended',
      s.id,
    );
  } else if (
    !anyExpired &&
    s.status === SUPPLIER_STATUS.suspended &&
    s.suspendedReason?.startsWith(CERT_SUSPEND_PREFIX)
  ) {
    await moveSupplierStatus(tx, s, SUPPLIER_STATUS.qualified, '资质证书已更新，恢复合格', actor, {
      suspendedReason: null,
    });
    await bellSupplier(tx, s, '供应商已恢复', '资质证书已更新，贵单位已恢复为合格供应商。', 'supplier_resumed', s.id);
  }
  return changed;
}

/** The daily job: every supplier with a certificate whose state is due to change, or suspended by one. */
export async function sweepCertificates(db: Db, now = new Date()): Promise<{ suppliers: number; changed: number }> {
  const day = today(now);
  const soon = new Date(`${day}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + SUPPLIER_LIMITS.certificateExpiringDays);
  const horizon = soon.toISOString().slice(0, 10);
  const due = await db.execute<{ tenant_id: number; supplier_id: string }>(sql`
    SELECT DISTINCT tenant_id, supplier_id FROM supplier_certificate
    WHERE del_flag = 0 AND (
      (expires_on < ${day} AND state <> 'expired')
      OR (expires_on >= ${day} AND expires_on <= ${horizon} AND state <> 'expiring')
      OR (expires_on > ${horizon} AND state <> 'valid'))
    UNION
    SELECT tenant_id, id FROM supplier
    WHERE status = ${SUPPLIER_STATUS.suspended} AND suspended_reason LIKE ${`${CERT_SUSPEND_PREFIX}%`}`);
  let changed = 0;
  for (const r of due.rows) {
    changed += await db.transaction((tx) => refreshSupplierCertificates(tx, r.tenant_id, r.supplier_id, now));
  }
  return { suppliers: due.rows.length, changed };
}

/** The caller's own uploads named by a certificate (never another user's file). */
const ownFiles = (tx: DbOrTx, actor: Actor, files: CertificateAddInput['files']) =>
  tenantFiles(tx, actor.tenantId, files, { createBy: actor.userId, message: '只能使用本人上传的文件' });

/** 资质证书 of the caller's own supplier (portal): list, add, edit, delete. `supplierId` is always the caller's. */
export function createCertificateService(db: Db) {
  async function own(tx: DbOrTx, tenantId: number, supplierId: string, id: string) {
    const [row] = await tx
      .select()
      .from(supplierCertificate)
      .where(
        and(
          eq(supplierCertificate.id, id),
          eq(supplierCertificate.tenantId, tenantId),
          eq(supplierCertificate.supplierId, supplierId),
          eq(supplierCertificate.delFlag, 0),
        ),
      );
    if (!row) throw notFound(M.certificateNotFound);
    return row;
  }
  const values = (input: CertificateAddInput) => ({
    kind: input.kind,
    name: input.name,
    number: input.number,
    issuer: input.issuer,
    validFrom: input.validFrom,
    expiresOn: input.expiresOn,
  });

  return {
    async list(
      tenantId: number,
      supplierId: string,
      q: { pageNo: number; pageSize: number; state?: string | undefined },
    ): Promise<PageResult<CertificateDto>> {
      const where = and(
        eq(supplierCertificate.tenantId, tenantId),
        eq(supplierCertificate.supplierId, supplierId),
        eq(supplierCertificate.delFlag, 0),
        q.state ? eq(supplierCertificate.state, q.state) : undefined,
      );
      const rows = await db
        .select({ row: supplierCertificate, total: sql<number>`count(*) OVER ()::int` })
        .from(supplierCertificate)
        .where(where)
        .orderBy(supplierCertificate.expiresOn, desc(supplierCertificate.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return page(
        rows.map((r) => toCertificateDto(r.row)),
        rows[0]?.total ?? 0,
        q,
      );
    },

    add: (actor: Actor, supplierId: string, input: CertificateAddInput) =>
      db.transaction(async (tx) => {
        const files = await ownFiles(tx, actor, input.files);
        const [row] = await tx
          .insert(supplierCertificate)
          .values({ tenantId: actor.tenantId, supplierId, ...values(input), files, createBy: actor.username })
          .returning();
        if (!row) throw badRequest(M.certificateNotFound);
        await refreshSupplierCertificates(tx, actor.tenantId, supplierId, new Date(), actor.username);
        return toCertificateDto(await own(tx, actor.tenantId, supplierId, row.id));
      }),

    edit: (actor: Actor, supplierId: string, input: CertificateEditInput) =>
      db.transaction(async (tx) => {
        await own(tx, actor.tenantId, supplierId, input.id);
        const files = await ownFiles(tx, actor, input.files);
        // The state is left as it was: refreshSupplierCertificates moves it from the new date (a renewal of an
        // expired certificate resumes the supplier; a date now within 30 days rings the reminder).
        await tx
          .update(supplierCertificate)
          .set({ ...values(input), files, updateTime: new Date() })
          .where(eq(supplierCertificate.id, input.id));
        await refreshSupplierCertificates(tx, actor.tenantId, supplierId, new Date(), actor.username);
        return toCertificateDto(await own(tx, actor.tenantId, supplierId, input.id));
      }),

    remove: (actor: Actor, supplierId: string, ids: string[]) =>
      db.transaction(async (tx) => {
        for (const id of ids) await own(tx, actor.tenantId, supplierId, id);
        await tx
          .update(supplierCertificate)
          .set({ delFlag: 1, updateTime: new Date() })
          .where(inArray(supplierCertificate.id, ids));
        await refreshSupplierCertificates(tx, actor.tenantId, supplierId, new Date(), actor.username);
      }),
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
