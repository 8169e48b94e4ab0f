import {
  formatDateTime,
  SUPPLIER_MESSAGES as M,
  type PageResult,
  SUPPLIER_KEY_FIELDS,
  type SupplierChangeDto,
  type SupplierChangeInput,
  type SupplierChangeState,
  type SupplierDto,
} from '@aps/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../platform/dict/kit.ts';
import { page } from '../bid/common.ts';
import type { WorkflowPort, WorkflowStatusEvent } from '../workflow-port.ts';
import { type SupplierRef, supplierOfUser } from './eligibility.ts';
import { type SupplierRow, toSupplierDto } from './standing-common.ts';
import { supplier, supplierChange } from './tables.ts';

export const ADMISSION_WORKFLOW = 'supplier_admission';
/** The profile fields a change request may touch (the columns of supplier of the same names). */
const PROFILE_FIELDS = [
  'name',
  'creditCode',
  'legalRepresentative',
  'address',
  'contactName',
  'contactPhone',
  'contactEmail',
  'categories',
  'bankName',
  'bankAccount',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
const KEY: readonly string[] = SUPPLIER_KEY_FIELDS;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const toChangeDto = (r: typeof supplierChange.$inferSelect): SupplierChangeDto => ({
  id: r.id,
  supplierId: r.supplierId,
  oldValues: r.oldValues,
  newValues: r.newValues,
  keyData: r.keyData,
  state: r.state as SupplierChangeState,
  approvalStatus: r.approvalStatus,
  reason: r.reason,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
});

async function assertCreditCodeFree(tx: DbOrTx, s: SupplierRow, creditCode: unknown) {
  if (typeof creditCode !== 'string') return;
  const [other] = await tx
    .select({ id: supplier.id })
    .from(supplier)
    .where(
      and(
        eq(supplier.tenantId, s.tenantId),
        eq(supplier.creditCode, creditCode),
        eq(supplier.delFlag, 0),
        ne(supplier.id, s.id),
      ),
    );
  if (other) throw badRequest(M.creditCodeTaken);
}

/**
 * The supplier's portal (userEnd 3, issue 16 §3): its own company and its change requests. A change of key data
 * (SUPPLIER_KEY_FIELDS) goes back through admission — the supplier_admission process keyed by the change — and is
 * applied in the callback; a change of plain fields only applies at once. A request with both waits whole.
 */
export function createSupplierPortalService({ db, workflow }: { db: Db; workflow: WorkflowPort | null }) {
  async function mine(actor: Actor): Promise<SupplierRef> {
    const me = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!me) throw new ApiError(403, M.notOwn);
    return me;
  }

  async function apply(tx: DbOrTx, supplierId: string, values: Record<string, unknown>) {
    const [s] = await tx.select().from(supplier).where(eq(supplier.id, supplierId)).for('update');
    if (!s) throw notFound(M.notFound);
    await assertCreditCodeFree(tx, s, values.creditCode);
    await tx
      .update(supplier)
      .set({ ...(values as Partial<typeof supplier.$inferInsert>), updateTime: new Date() })
      .where(eq(supplier.id, supplierId));
  }

  /** The admission callback for a change (false when the key is no change: the registration's own handler). */
  async function onChangeStatus(tx: Db, event: WorkflowStatusEvent): Promise<boolean> {
    const [c] = await tx
      .select()
      .from(supplierChange)
      .where(and(eq(supplierChange.id, event.businessKey), eq(supplierChange.tenantId, event.tenantId)))
      .for('update');
    if (!c) return false;
    if (c.state !== 'pending') return true;
    const approvalStatus = String(event.approvalStatus);
    if (event.outcome === 'progress') {
      await tx.update(supplierChange).set({ approvalStatus }).where(eq(supplierChange.id, c.id));
      return true;
    }
    const approved = event.outcome === 'approved';
    if (approved) await apply(tx, c.supplierId, c.newValues);
    await tx
      .update(supplierChange)
      .set({ approvalStatus, state: approved ? 'applied' : 'rejected', decidedAt: new Date() })
      .where(eq(supplierChange.id, c.id));
    return true;
  }

  return {
    mine,
    onChangeStatus,

    async profile(actor: Actor): Promise<SupplierDto> {
      const me = await mine(actor);
      const [row] = await db.select().from(supplier).where(eq(supplier.id, me.id));
      if (!row) throw notFound(M.notFound);
      return toSupplierDto(row);
    },

    async change(actor: Actor, input: SupplierChangeInput): Promise<SupplierChangeDto> {
      const me = await mine(actor);
      return db.transaction(async (tx) => {
        const [s] = await tx.select().from(supplier).where(eq(supplier.id, me.id)).for('update');
        if (!s) throw notFound(M.notFound);
        const oldValues: Record<string, unknown> = {};
        const newValues: Record<string, unknown> = {};
        for (const f of PROFILE_FIELDS) {
          const next = input[f as ProfileField];
          if (!same(s[f], next)) {
            oldValues[f] = s[f];
            newValues[f] = next;
          }
        }
        if (Object.keys(newValues).length === 0) throw badRequest('没有需要变更的内容');
        const keyData = Object.keys(newValues).some((f) => KEY.includes(f));
        const [pending] = await tx
          .select({ id: supplierChange.id })
          .from(supplierChange)
          .where(and(eq(supplierChange.supplierId, s.id), eq(supplierChange.state, 'pending')));
        if (pending) throw badRequest(M.changePending);
        await assertCreditCodeFree(tx, s, newValues.creditCode);
        if (keyData && !workflow) throw badRequest('审批流程未启用');
        const [c] = await tx
          .insert(supplierChange)
          .values({
            tenantId: actor.tenantId,
            supplierId: s.id,
            oldValues,
            newValues,
            keyData,
            reason: input.reason,
            state: keyData ? 'pending' : 'applied',
            approvalStatus: keyData ? '2' : '3',
            decidedAt: keyData ? null : new Date(),
            createBy: actor.username,
          })
          .returning();
        if (!c) throw badRequest(M.changePending);
        if (!keyData) {
          await apply(tx, s.id, newValues);
          return toChangeDto(c);
        }
        const started = await (workflow as WorkflowPort).start(tx as unknown as Db, {
          tenantId: actor.tenantId,
          initiator: { id: actor.userId, username: actor.username },
          businessType: ADMISSION_WORKFLOW,
          businessKey: c.id,
          title: `供应商信息变更「${s.name}」：${Object.keys(newValues).length}项（含关键信息）`,
          variables: { supplierId: s.id, supplierName: s.name, change: true },
        });
        await tx.update(supplierChange).set({ instanceId: started.instanceId }).where(eq(supplierChange.id, c.id));
        const [now] = await tx.select().from(supplierChange).where(eq(supplierChange.id, c.id));
        return toChangeDto(now ?? c);
      });
    },

    async changes(actor: Actor, q: { pageNo: number; pageSize: number }): Promise<PageResult<SupplierChangeDto>> {
      const me = await mine(actor);
      const rows = await db
        .select({ row: supplierChange, total: sql<number>`count(*) OVER ()::int` })
        .from(supplierChange)
        .where(and(eq(supplierChange.tenantId, actor.tenantId), eq(supplierChange.supplierId, me.id)))
        .orderBy(desc(supplierChange.createTime), desc(supplierChange.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return page(
        rows.map((r) => toChangeDto(r.row)),
        rows[0]?.total ?? 0,
        q,
      );
    },
  };
}

export type SupplierPortalService = ReturnType<typeof createSupplierPortalService>;
