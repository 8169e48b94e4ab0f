import {
  type BlacklistAddInput,
  type BlacklistDto,
  type BlacklistReleaseInput,
  SUPPLIER_MESSAGES as M,
  nextSupplierStatus,
  type PageResult,
  SUPPLIER_STATUS,
  SUPPLIER_STATUS_LABELS,
  type SupplierStatus,
} from '@aps/shared';
import { and, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../platform/dict/kit.ts';
import { containsPattern } from '../../platform/dict/kit.ts';
import { page } from '../bid/common.ts';
import type { WorkflowPort, WorkflowStatusEvent } from '../workflow-port.ts';
import { actorName } from '../workflow-port.ts';
import { today } from './eligibility.ts';
import { bellSupplier, moveSupplierStatus, statusBefore, toBlacklistDto } from './standing-common.ts';
import { supplier, supplierBlacklist } from './tables.ts';

export const BLACKLIST_WORKFLOW = 'supplier_blacklist';
const LISTABLE: readonly string[] = [SUPPLIER_STATUS.admitted, SUPPLIER_STATUS.qualified, SUPPLIER_STATUS.suspended];

export interface BlacklistListQuery {
  pageNo: number;
  pageSize: number;
  supplierName?: string | undefined;
  state?: string | undefined;
}

async function lockRow(tx: DbOrTx, tenantId: number, id: string) {
  const [row] = await tx
    .select()
    .from(supplierBlacklist)
    .where(and(eq(supplierBlacklist.id, id), eq(supplierBlacklist.tenantId, tenantId)))
    .for('update');
  if (!row) throw notFound('黑名单记录不存在');
  const [s] = await tx.select().from(supplier).where(eq(supplier.id, row.supplierId)).for('update');
  if (!s) throw notFound(M.notFound);
  return { row, s };
}

/**
 * Releases an active blacklisting: the row becomes 已解除; a supplier in 黑名单 goes back to the status it had
 * before (准入/合格/暂停; 合格 when unknown), with a history row. Used by 解除 and by the daily expiry job.
 */
export async function releaseBlacklist(tx: DbOrTx, tenantId: number, id: string, reason: string, actor: string) {
  const { row, s } = await lockRow(tx, tenantId, id);
  if (row.state !== 'active') throw badRequest(M.blacklistNotActive);
  await tx
    .update(supplierBlacklist)
    .set({
      state: 'released',
      releasedAt: new Date(),
      releasedBy: actor,
      releaseReason: reason,
      updateTime: new Date(),
    })
    .where(eq(supplierBlacklist.id, row.id));
  if (s.status === SUPPLIER_STATUS.blacklisted) {
    const before = await statusBefore(tx, s.id, SUPPLIER_STATUS.blacklisted);
    const to = before && LISTABLE.includes(before) ? before : SUPPLIER_STATUS.qualified;
    await moveSupplierStatus(tx, s, to, `解除黑名单：${reason}`, actor);
  }
  await bellSupplier(tx, s, '黑名单已解除', `贵单位的黑名单记录已解除（${reason}）。`, 'supplier_blacklist', row.id);
}

/** The daily job: active blacklistings whose end date has passed are released, each in its own transaction. */
export async function releaseExpiredBlacklists(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: supplierBlacklist.id, tenantId: supplierBlacklist.tenantId })
    .from(supplierBlacklist)
    .where(and(eq(supplierBlacklist.state, 'active'), lt(supplierBlacklist.endDate, today(now))));
  for (const d of due) {
    await db.transaction((tx) => releaseBlacklist(tx, d.tenantId, d.id, '黑名单期满自动解除', 'system'));
  }
  return due.length;
}

/**
 * 黑名单 (issue 16 §2): a proposal goes through the supplier_blacklist approval; the callback activates it (a
 * tenant-wide one moves the supplier to 黑名单 '5'; a category-scoped one leaves the status and bars only those
 * categories, through the participation check); a rejection leaves nothing but the rejected row.
 */
export function createBlacklistService({ db, workflow }: { db: Db; workflow: WorkflowPort | null }) {
  workflow?.registerHandler(BLACKLIST_WORKFLOW, { onStatus: (tx, event) => onStatus(tx, event) });

  async function onStatus(tx: Db, event: WorkflowStatusEvent): Promise<void> {
    const [row] = await tx
      .select()
      .from(supplierBlacklist)
      .where(and(eq(supplierBlacklist.id, event.businessKey), eq(supplierBlacklist.tenantId, event.tenantId)))
      .for('update');
    if (row?.state !== 'pending') return;
    const approvalStatus = String(event.approvalStatus);
    if (event.outcome === 'progress') {
      await tx.update(supplierBlacklist).set({ approvalStatus }).where(eq(supplierBlacklist.id, row.id));
      return;
    }
    if (event.outcome !== 'approved') {
      await tx
        .update(supplierBlacklist)
        .set({ approvalStatus, state: 'rejected', updateTime: new Date() })
        .where(eq(supplierBlacklist.id, row.id));
      return;
    }
    await tx
      .update(supplierBlacklist)
      .set({ approvalStatus, state: 'active', updateTime: new Date() })
      .where(eq(supplierBlacklist.id, row.id));
    const [s] = await tx.select().from(supplier).where(eq(supplier.id, row.supplierId)).for('update');
    if (!s) return;
    const until = row.endDate ? `至${row.endDate}` : '永久';
    if (row.scope === 'tenant' && nextSupplierStatus(s.status, 'blacklist')) {
      await moveSupplierStatus(tx, s, SUPPLIER_STATUS.blacklisted, `${row.reason}（${until}）`, actorName(event.actor));
    }
    await bellSupplier(
      tx,
      s,
      '贵单位已被列入黑名单',
      `原因：${row.reason}；期限：${row.startDate}起${until}；范围：${row.scope === 'tenant' ? '全部品类' : row.categories.join('、')}。`,
      'supplier_blacklist',
      row.id,
    );
  }

  return {
    onStatus,

    async list(tenantId: number, q: BlacklistListQuery): Promise<PageResult<BlacklistDto>> {
      const where = and(
        eq(supplierBlacklist.tenantId, tenantId),
        q.state ? eq(supplierBlacklist.state, q.state) : undefined,
        q.supplierName ? ilike(supplier.name, containsPattern(q.supplierName)) : undefined,
      );
      const rows = await db
        .select({ row: supplierBlacklist, name: supplier.name, total: sql<number>`count(*) OVER ()::int` })
        .from(supplierBlacklist)
        .innerJoin(supplier, eq(supplier.id, supplierBlacklist.supplierId))
        .where(where)
        .orderBy(desc(supplierBlacklist.createTime), desc(supplierBlacklist.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return page(
        rows.map((r) => toBlacklistDto(r.row, r.name)),
        rows[0]?.total ?? 0,
        q,
      );
    },

    async add(actor: Actor, input: BlacklistAddInput): Promise<BlacklistDto> {
      if (!workflow) throw badRequest('审批流程未启用');
      return db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(supplier)
          .where(and(eq(supplier.id, input.supplierId), eq(supplier.tenantId, actor.tenantId), eq(supplier.delFlag, 0)))
          .for('update');
        if (!s) throw notFound(M.notFound);
        const [live] = await tx
          .select({ id: supplierBlacklist.id })
          .from(supplierBlacklist)
          .where(and(eq(supplierBlacklist.supplierId, s.id), inArray(supplierBlacklist.state, ['pending', 'active'])));
        if (live) throw badRequest(M.blacklistExists);
        if (!nextSupplierStatus(s.status, 'blacklist')) {
          throw badRequest(M.transitionRefused('列入黑名单', SUPPLIER_STATUS_LABELS[s.status as SupplierStatus]));
        }
        const [row] = await tx
          .insert(supplierBlacklist)
          .values({
            tenantId: actor.tenantId,
            supplierId: s.id,
            reason: input.reason,
            scope: input.scope,
            categories: input.scope === 'tenant' ? [] : input.categories,
            startDate: input.startDate,
            endDate: input.endDate,
            approvalStatus: '2',
            createBy: actor.username,
          })
          .returning();
        if (!row) throw badRequest(M.blacklistExists);
        const started = await workflow.start(tx as unknown as Db, {
          tenantId: actor.tenantId,
          initiator: { id: actor.userId, username: actor.username },
          businessType: BLACKLIST_WORKFLOW,
          businessKey: row.id,
          title: `供应商黑名单「${s.name}」：${input.reason}`,
          variables: { supplierId: s.id, supplierName: s.name, scope: input.scope, permanent: input.endDate === null },
        });
        await tx
          .update(supplierBlacklist)
          .set({ instanceId: started.instanceId })
          .where(eq(supplierBlacklist.id, row.id));
        const [now] = await tx.select().from(supplierBlacklist).where(eq(supplierBlacklist.id, row.id));
        return toBlacklistDto(now ?? row, s.name);
      });
    },

    release: (actor: Actor, input: BlacklistReleaseInput) =>
      db.transaction((tx) => releaseBlacklist(tx, actor.tenantId, input.id, input.reason, actor.username)),

    /** 淘汰: the supplier leaves for good (淘汰 '6'); its blacklisting becomes permanent. */
    eliminate: (actor: Actor, input: BlacklistReleaseInput) =>
      db.transaction(async (tx) => {
        const { row, s } = await lockRow(tx, actor.tenantId, input.id);
        if (row.state !== 'active') throw badRequest(M.blacklistNotActive);
        if (!nextSupplierStatus(s.status, 'eliminate')) {
          throw badRequest(M.transitionRefused('淘汰', SUPPLIER_STATUS_LABELS[s.status as SupplierStatus]));
        }
        await tx
          .update(supplierBlacklist)
          .set({ endDate: null, scope: 'tenant', categories: [], updateTime: new Date() })
          .where(eq(supplierBlacklist.id, row.id));
        await moveSupplierStatus(tx, s, SUPPLIER_STATUS.eliminated, `淘汰：${input.reason}`, actor.username);
        await bellSupplier(tx, s, '贵单位已被淘汰', `原因：${input.reason}。`, 'supplier_blacklist', row.id);
      }),

    releaseExpired: (now = new Date()) => releaseExpiredBlacklists(db, now),

    /** The add form's picker: suppliers that may be blacklisted (准入, 合格, 暂停), by name, at most 20. */
    async candidates(tenantId: number, name: string | undefined) {
      return db
        .select({ id: supplier.id, name: supplier.name, status: supplier.status })
        .from(supplier)
        .where(
          and(
            eq(supplier.tenantId, tenantId),
            eq(supplier.delFlag, 0),
            inArray(supplier.status, [...LISTABLE]),
            name ? ilike(supplier.name, containsPattern(name)) : undefined,
          ),
        )
        .orderBy(supplier.name)
        .limit(20);
    },
  };
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;
