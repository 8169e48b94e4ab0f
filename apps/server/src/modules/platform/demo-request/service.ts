import {
  APPROVAL_EDITABLE,
  APPROVAL_STATUS,
  APPROVAL_STATUS_LABELS,
  type ApprovalStatus,
  type DemoRequestAddRequest,
  type DemoRequestDto,
  type DemoRequestEditRequest,
  type DemoRequestListQuery,
  DEMO_REQUEST_MESSAGES as DM,
  formatDateTime,
  WORKFLOW_MESSAGES as M,
} from '@aps/shared';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import type { WorkflowService } from '../workflow/service.ts';
import { demoRequest as t } from './tables.ts';

export interface DemoActor {
  tenantId: number;
  userId: string;
  username: string;
}

type Row = typeof t.$inferSelect;
const toDto = (r: Row): DemoRequestDto => ({
  id: r.id,
  title: r.title,
  amount: Number(r.amount),
  reason: r.reason,
  approvalStatus: r.approvalStatus as ApprovalStatus,
  approvalStatusText: APPROVAL_STATUS_LABELS[r.approvalStatus as ApprovalStatus] ?? String(r.approvalStatus),
  instanceId: r.instanceId,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime) ?? null,
});

/**
 * 申请示例 (business type demo_request): a small business object run through the workflow, the pattern the
 * business modules follow: submit starts a process, the engine's callback keeps approval_status on the row.
 */
export function createDemoRequestService({ db, workflow }: { db: Db; workflow: WorkflowService }) {
  workflow.registerHandler('demo_request', {
    async onStatus(tx, event) {
      await tx
        .update(t)
        .set({ approvalStatus: event.approvalStatus, instanceId: event.instanceId })
        .where(and(eq(t.tenantId, event.tenantId), eq(t.id, event.businessKey)));
    },
  });

  async function find(actor: DemoActor, id: string) {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, id)));
    if (!row) throw notFound(DM.notFound);
    return row;
  }

  const variables = (r: Row) => ({ amount: Number(r.amount), title: r.title });

  return {
    async list(actor: DemoActor, q: DemoRequestListQuery) {
      const parts: SQL[] = [eq(t.tenantId, actor.tenantId)];
      if (q.title) parts.push(ilike(t.title, `%${escapeLike(q.title)}%`));
      if (q.approvalStatus) parts.push(eq(t.approvalStatus, q.approvalStatus));
      const where = and(...parts);
      return fetchPage(
        q,
        db.select({ n: count() }).from(t).where(where),
        (offset, limit) =>
          db.select().from(t).where(where).orderBy(desc(t.createTime), t.id).offset(offset).limit(limit),
        toDto,
      );
    },
    queryById: async (actor: DemoActor, id: string) => toDto(await find(actor, id)),
    async add(actor: DemoActor, req: DemoRequestAddRequest) {
      const [row] = await db
        .insert(t)
        .values({
          tenantId: actor.tenantId,
          title: req.title,
          amount: req.amount,
          reason: req.reason ?? null,
          createBy: actor.username,
        })
        .returning();
      if (!row) throw new Error('demo_request insert failed');
      return toDto(row);
    },
    async edit(actor: DemoActor, req: DemoRequestEditRequest) {
      const row = await find(actor, req.id);
      if (!APPROVAL_EDITABLE.includes(row.approvalStatus as ApprovalStatus)) throw badRequest(M.notEditable);
      const [updated] = await db
        .update(t)
        .set({
          title: req.title,
          amount: req.amount,
          reason: req.reason ?? null,
          updateBy: actor.username,
          updateTime: new Date(),
        })
        .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, req.id)))
        .returning();
      return toDto(updated ?? row);
    },
    async remove(actor: DemoActor, id: string) {
      const row = await find(actor, id);
      if (!APPROVAL_EDITABLE.includes(row.approvalStatus as ApprovalStatus)) throw badRequest(M.notEditable);
      await db.delete(t).where(and(eq(t.tenantId, actor.tenantId), eq(t.id, id)));
    },
    async submit(actor: DemoActor, id: string) {
      const row = await find(actor, id);
      if (row.approvalStatus !== APPROVAL_STATUS.draft) {
        if (row.approvalStatus === APPROVAL_STATUS.rejected) return this.resubmit(actor, id);
        throw badRequest(M.notDraft);
      }
      const r = await workflow.start(db, {
        tenantId: actor.tenantId,
        initiator: { id: actor.userId, username: actor.username },
        businessType: 'demo_request',
        businessKey: row.id,
        title: row.title,
        variables: variables(row),
      });
      return toDto({ ...row, approvalStatus: r.approvalStatus, instanceId: r.instanceId });
    },
    async resubmit(actor: DemoActor, id: string) {
      const row = await find(actor, id);
      if (row.approvalStatus !== APPROVAL_STATUS.rejected) throw badRequest(M.notRejected);
      const r = await workflow.resubmit(db, {
        tenantId: actor.tenantId,
        actor: { id: actor.userId, username: actor.username },
        businessType: 'demo_request',
        businessKey: row.id,
        variables: variables(row),
      });
      return toDto({ ...row, approvalStatus: r.approvalStatus, instanceId: r.instanceId });
    },
  };
}

export type DemoRequestService = ReturnType<typeof createDemoRequestService>;
