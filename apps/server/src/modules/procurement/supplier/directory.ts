import {
  type BlacklistDto,
  type BlacklistScope,
  type BlacklistState,
  type CertificateDto,
  type CertificateState,
  formatDateTime,
  SUPPLIER_MESSAGES as M,
  nextSupplierStatus,
  type PageResult,
  type SUPPLIER_SORTABLE_COLUMNS,
  SUPPLIER_STATUS,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_SUPER_QUERY_FIELDS,
  SUPPLIER_TRANSITIONS,
  type SupplierAddInput,
  type SupplierDetailDto,
  type SupplierDto,
  type SupplierEditInput,
  type SupplierListQuery,
  type SupplierStatus,
  type SupplierTransitionInput,
} from '@aps/shared';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { superQueryColumns, superQueryWhere } from '../../../core/super-query.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { sysCategory } from '../../platform/category/tables.ts';
import { type Actor, containsPattern, orderOf } from '../../platform/dict/kit.ts';
import { sysUser } from '../../platform/system/tables.ts';
import { checkProfile, profileValues, recordStatus, type SupplierRow, toSupplierDto } from './records.ts';
import { supplier, supplierBlacklist, supplierCertificate, supplierStatusHistory, supplierUser } from './tables.ts';

/** 供应商名录 (issue 16): the tenant's suppliers for staff holding supplier:directory:* (tenant-wide scope). */
export interface SupplierDirectoryService {
  list(tenantId: number, query: SupplierListQuery): Promise<PageResult<SupplierDto>>;
  detail(tenantId: number, id: string): Promise<SupplierDetailDto>;
  add(actor: Actor, input: SupplierAddInput): Promise<SupplierDto>;
  edit(actor: Actor, input: SupplierEditInput): Promise<SupplierDto>;
  transition(actor: Actor, input: SupplierTransitionInput): Promise<SupplierDto>;
}

const SORT: Record<(typeof SUPPLIER_SORTABLE_COLUMNS)[number], AnyColumn> = {
  createTime: supplier.createTime,
  name: supplier.name,
  status: supplier.status,
};
const live = eq(supplier.delFlag, 0);
/** 高级查询: exactly these fields (SUPPLIER_SUPER_QUERY_FIELDS), each on its column. */
const COLUMNS = superQueryColumns(SUPPLIER_SUPER_QUERY_FIELDS, {
  name: supplier.name,
  creditCode: supplier.creditCode,
  legalRepresentative: supplier.legalRepresentative,
  contactName: supplier.contactName,
  contactPhone: supplier.contactPhone,
  address: supplier.address,
  bankName: supplier.bankName,
  status: supplier.status,
  registerTime: supplier.registerTime,
  admittedTime: supplier.admittedTime,
  createTime: supplier.createTime,
});
/** An admission approval still running: the directory does not decide over it. */
const APPROVING = ['2', '3', '6'];

export function createSupplierDirectoryService({ db }: { db: Db }): SupplierDirectoryService {
  async function get(q: Db | Tx, tenantId: number, id: string, lock = false): Promise<SupplierRow> {
    const base = q
      .select()
      .from(supplier)
      .where(and(eq(supplier.tenantId, tenantId), eq(supplier.id, id), live));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  return {
    async list(tenantId, q) {
      const filters: (SQL | undefined)[] = [eq(supplier.tenantId, tenantId), live];
      if (q.name) filters.push(ilike(supplier.name, containsPattern(q.name)));
      if (q.creditCode) filters.push(ilike(supplier.creditCode, containsPattern(q.creditCode.toUpperCase())));
      if (q.status) filters.push(eq(supplier.status, q.status));
      if (q.category) filters.push(sql`${supplier.categories} @> ARRAY[${q.category}]::text[]`);
      filters.push(superQueryWhere(q.superQueryParams, q.superQueryMatchType, COLUMNS));
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(supplier).where(where),
        (offset, limit) =>
          db
            .select()
            .from(supplier)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', supplier.id))
            .offset(offset)
            .limit(limit),
        toSupplierDto,
      );
    },

    async detail(tenantId, id) {
      const s = await get(db, tenantId, id);
      const [names, certificates, history, blacklists, users] = await Promise.all([
        s.categories.length
          ? db
              .select({ code: sysCategory.code, name: sysCategory.name })
              .from(sysCategory)
              .where(and(eq(sysCategory.tenantId, tenantId), inArray(sysCategory.code, s.categories)))
          : [],
        db
          .select()
          .from(supplierCertificate)
          .where(and(eq(supplierCertificate.supplierId, id), eq(supplierCertificate.delFlag, 0)))
          .orderBy(asc(supplierCertificate.expiresOn)),
        db
          .select()
          .from(supplierStatusHistory)
          .where(eq(supplierStatusHistory.supplierId, id))
          .orderBy(desc(supplierStatusHistory.createTime)),
        db
          .select()
          .from(supplierBlacklist)
          .where(eq(supplierBlacklist.supplierId, id))
          .orderBy(desc(supplierBlacklist.createTime)),
        db
          .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
          .from(supplierUser)
          .innerJoin(sysUser, eq(sysUser.id, supplierUser.userId))
          .where(eq(supplierUser.supplierId, id)),
      ]);
      const nameOf = new Map(names.map((n) => [n.code, n.name]));
      return {
        ...toSupplierDto(s),
        categoryNames: s.categories.map((c) => nameOf.get(c) ?? c),
        certificates: certificates.map(
          (c): CertificateDto => ({
            id: c.id,
            supplierId: c.supplierId,
            kind: c.kind,
            name: c.name,
            number: c.number,
            issuer: c.issuer,
            validFrom: c.validFrom,
            expiresOn: c.expiresOn,
            files: c.files,
            state: c.state as CertificateState,
            createTime: formatDateTime(c.createTime) ?? '',
          }),
        ),
        history: history.map((h) => ({
          id: h.id,
          supplierId: h.supplierId,
          fromStatus: h.fromStatus,
          toStatus: h.toStatus,
          reason: h.reason,
          actor: h.actor,
          createTime: formatDateTime(h.createTime) ?? '',
        })),
        blacklists: blacklists.map(
          (b): BlacklistDto => ({
            id: b.id,
            supplierId: b.supplierId,
            reason: b.reason,
            scope: b.scope as BlacklistScope,
            categories: b.categories,
            startDate: b.startDate,
            endDate: b.endDate,
            state: b.state as BlacklistState,
            approvalStatus: b.approvalStatus,
            releasedAt: formatDateTime(b.releasedAt),
            releasedBy: b.releasedBy,
            releaseReason: b.releaseReason,
            createBy: b.createBy,
            createTime: formatDateTime(b.createTime) ?? '',
          }),
        ),
        users,
      };
    },

    async add(actor, input) {
      const id = await db.transaction(async (tx) => {
        await checkProfile(tx, actor.tenantId, input);
        const [row] = await tx
          .insert(supplier)
          .values({
            tenantId: actor.tenantId,
            ...profileValues(input),
            standing: input.standing,
            // Entered by the purchasing staff: admitted directly (no admission approval).
            status: SUPPLIER_STATUS.admitted,
            approvalStatus: '4',
            admittedTime: new Date(),
            createBy: actor.username,
          })
          .returning({ id: supplier.id });
        const supplierId = (row as { id: string }).id;
        await recordStatus(tx, {
          tenantId: actor.tenantId,
          supplierId,
          from: null,
          to: SUPPLIER_STATUS.admitted,
          reason: input.standing ? `采购单位录入，直接准入：${input.standing}` : '采购单位录入，直接准入',
          actor: actor.username,
        });
        return supplierId;
      });
      return toSupplierDto(await get(db, actor.tenantId, id));
    },

    async edit(actor, input) {
      await db.transaction(async (tx) => {
        await get(tx, actor.tenantId, input.id, true);
        await checkProfile(tx, actor.tenantId, input, input.id);
        await tx
          .update(supplier)
          .set({ ...profileValues(input), standing: input.standing, updateTime: new Date() })
          .where(eq(supplier.id, input.id));
      });
      return toSupplierDto(await get(db, actor.tenantId, input.id));
    },

    async transition(actor, { id, action, reason }) {
      await db.transaction(async (tx) => {
        const s = await get(tx, actor.tenantId, id, true);
        const label = SUPPLIER_TRANSITIONS.find((t) => t.action === action)?.label ?? action;
        const to = nextSupplierStatus(s.status, action);
        if (!to) throw badRequest(M.transitionRefused(label, SUPPLIER_STATUS_LABELS[s.status as SupplierStatus]));
        if ((action === 'admit' || action === 'reject') && APPROVING.includes(s.approvalStatus)) {
          throw badRequest('准入审批进行中，请在审批流程中处理');
        }
        const now = new Date();
        await tx
          .update(supplier)
          .set({
            status: to,
            ...(action === 'admit' ? { admittedTime: now } : {}),
            ...(action === 'qualify' || action === 'resume' ? { qualifiedTime: s.qualifiedTime ?? now } : {}),
            suspendedReason: action === 'suspend' ? reason : action === 'resume' ? null : s.suspendedReason,
            updateTime: now,
          })
          .where(eq(supplier.id, id));
        await recordStatus(tx, {
          tenantId: actor.tenantId,
          supplierId: id,
          from: s.status,
          to,
          reason,
          actor: actor.username,
        });
      });
      return toSupplierDto(await get(db, actor.tenantId, id));
    },
  };
}
