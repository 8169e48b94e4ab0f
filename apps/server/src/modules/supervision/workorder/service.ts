import {
  formatDateTime,
  WORK_ORDER_MESSAGES as M,
  MODIFY_TARGETS,
  MODIFY_VALUE_SCHEMAS,
  type ModifyTargetType,
  modifyFieldLabel,
  type PageResult,
  WORK_ORDER_STATES,
  WORK_ORDER_TYPES,
  WORK_ORDER_WORKFLOW,
  type WorkOrderAddInput,
  type WorkOrderCommentDto,
  type WorkOrderCommentInput,
  type WorkOrderDetailDto,
  type WorkOrderDto,
  type WorkOrderListQuery,
  type WorkOrderState,
  type WorkOrderType,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type DataScope, scopeFilter } from '../../platform/permission/data-scope.ts';
import { sysUser, sysUserTenant } from '../../platform/system/tables.ts';
import { escapeHtml, sendBellMessage } from '../../procurement/bid/letters.ts';
import { tenantFiles } from '../../procurement/files.ts';
import type { WorkflowPort } from '../../procurement/workflow-port.ts';
import { workOrder, workOrderComment } from './tables.ts';

export interface WorkOrderActor {
  tenantId: number;
  userId: string;
  username: string;
  orgCode: string | null;
  scope: DataScope;
  /** Holds workorder:order:all: reads every order in the data scope, not only the ones filed by or given to them. */
  readsAll: boolean;
}

/**
 * The records a 修改 order corrects, each through its own service (its rules and stage checks apply): the notice
 * service's title correction, the contract service's draft-only correction. `read` checks the record is visible to
 * the filer and returns the field's current value.
 */
export interface ModifyTargets {
  read(actor: WorkOrderActor, type: ModifyTargetType, id: string, field: string): Promise<string | null>;
  apply(
    actor: WorkOrderActor,
    type: ModifyTargetType,
    id: string,
    field: string,
    value: string | null,
  ): Promise<{ before: string | null; after: string | null }>;
}

type Row = typeof workOrder.$inferSelect;
const OPEN: WorkOrderState[] = ['pending', 'processing'];

const isOverdue = (r: Row) => !!r.deadline && OPEN.includes(r.state as WorkOrderState) && r.deadline < new Date();

const toDto = (r: Row): WorkOrderDto => ({
  id: r.id,
  orderNo: r.orderNo,
  type: r.type as WorkOrderType,
  title: r.title,
  content: r.content,
  state: r.state as WorkOrderState,
  handlerId: r.handlerId,
  handlerName: r.handlerName,
  deadline: formatDateTime(r.deadline),
  overdue: isOverdue(r),
  targetType: (r.targetType as ModifyTargetType | null) ?? null,
  targetId: r.targetId,
  targetLabel: r.targetType ? (MODIFY_TARGETS[r.targetType as ModifyTargetType]?.label ?? r.targetType) : null,
  field: r.field,
  fieldLabel: r.targetType && r.field ? modifyFieldLabel(r.targetType, r.field) : null,
  newValue: r.newValue,
  beforeValue: r.beforeValue,
  afterValue: r.afterValue,
  result: r.result,
  approvalStatus: r.approvalStatus,
  attachments: r.attachments ?? [],
  sysOrgCode: r.sysOrgCode,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  finishTime: formatDateTime(r.finishTime),
});

const refused = (action: string, state: string) =>
  badRequest(M.stateRefused(action, WORK_ORDER_STATES[state as WorkOrderState] ?? state));

/** The value of a 修改 order checked by the field's own form rule (MODIFY_VALUE_SCHEMAS). */
function checkedValue(type: ModifyTargetType, field: string, value: string | null | undefined): string | null {
  const schema = MODIFY_VALUE_SCHEMAS[type]?.[field];
  if (!schema) throw badRequest(M.fieldNotAllowed);
  const parsed = schema.safeParse(value ?? '');
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? M.fieldNotAllowed);
  return parsed.data;
}

/**
 * Work orders (issue 17 §4): 运维 and 修改 orders are handled by their handler (accept → complete / reject; a 修改
 * order is completed by approving it, which applies the change through the record's own service in the same
 * transaction and keeps before/after; a refusal of that service refuses the approval and the order stays as it
 * was); 审核 orders go through the workflow `work_order` from filing, its outcome closes them.
 */
export function createWorkOrderService({
  db,
  workflow,
  targets,
}: {
  db: Db;
  workflow: WorkflowPort | null;
  targets: ModifyTargets;
}) {
  /** Tenant + (data scope, or own orders: filed by or given to the caller). */
  function visible(actor: WorkOrderActor): SQL | undefined {
    const mine = or(eq(workOrder.createById, actor.userId), eq(workOrder.handlerId, actor.userId));
    if (!actor.readsAll) return and(eq(workOrder.tenantId, actor.tenantId), mine);
    const scope = scopeFilter(actor.scope, workOrder.sysOrgCode);
    return and(
      eq(workOrder.tenantId, actor.tenantId),
      scope ? or(scope, mine, isNull(workOrder.sysOrgCode)) : undefined,
    );
  }

  async function get(tx: DbOrTx, actor: WorkOrderActor, id: string, lock = false): Promise<Row> {
    const q = tx
      .select()
      .from(workOrder)
      .where(and(visible(actor), eq(workOrder.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function handlerOf(tx: DbOrTx, tenantId: number, userId: string) {
    const [u] = await tx
      .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
      .from(sysUser)
      .innerJoin(sysUserTenant, and(eq(sysUserTenant.userId, sysUser.id), eq(sysUserTenant.tenantId, tenantId)))
      .where(and(eq(sysUser.id, userId), eq(sysUser.delFlag, 0)));
    if (!u) throw badRequest('处理人不存在或不属于本单位');
    return u;
  }

  async function nextNo(tx: DbOrTx, tenantId: number): Promise<string> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('work_order_no'), ${tenantId})`);
    const day = sql`to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')`;
    const r = await tx.execute<{ day: string; n: number }>(sql`
      SELECT ${day} AS day, count(*)::int AS n FROM work_order
      WHERE tenant_id = ${tenantId} AND order_no LIKE 'GD' || ${day} || '%'`);
    const { day: d, n } = r.rows[0] ?? { day: '', n: 0 };
    return `GD${d}${String(n + 1).padStart(4, '0')}`;
  }

  async function tellHandler(tx: DbOrTx, row: Row, handlerId: string) {
    const title = `工单待处理：${row.title}`;
    await sendBellMessage(tx, {
      tenantId: row.tenantId,
      userIds: [handlerId],
      title,
      html: `<p>${WORK_ORDER_TYPES[row.type as WorkOrderType]}工单 ${escapeHtml(row.orderNo)}「${escapeHtml(row.title)}」已指派给您处理。</p>`,
      abstract: title,
      busType: 'work_order',
      busId: row.id,
    });
  }

  async function setState(
    tx: DbOrTx,
    actor: WorkOrderActor,
    id: string,
    patch: Partial<typeof workOrder.$inferInsert>,
  ) {
    await tx
      .update(workOrder)
      .set({ ...patch, updateBy: actor.username, updateTime: new Date() })
      .where(eq(workOrder.id, id));
  }

  // The 审核 order's approval: approved → 已完成, rejected/withdrawn/terminated → 已驳回, in the deciding transaction.
  workflow?.registerHandler(WORK_ORDER_WORKFLOW, {
    async onStatus(tx, event) {
      const [row] = await tx
        .select()
        .from(workOrder)
        .where(and(eq(workOrder.id, event.businessKey), eq(workOrder.tenantId, event.tenantId)))
        .for('update');
      if (!row || !OPEN.includes(row.state as WorkOrderState)) return;
      const status = String(event.approvalStatus);
      const done = event.outcome === 'approved';
      const closed = done || event.outcome !== 'progress';
      await tx
        .update(workOrder)
        .set({
          approvalStatus: status,
          ...(closed
            ? { state: done ? 'done' : 'rejected', result: event.comment, finishTime: new Date() }
            : { state: 'processing' }),
          updateBy: event.actor,
          updateTime: new Date(),
        })
        .where(eq(workOrder.id, row.id));
    },
  });

  const service = {
    async list(actor: WorkOrderActor, q: WorkOrderListQuery): Promise<PageResult<WorkOrderDto>> {
      const where = and(
        visible(actor),
        eq(workOrder.type, q.type),
        q.state ? eq(workOrder.state, q.state) : undefined,
        q.title ? ilike(workOrder.title, `%${escapeLike(q.title)}%`) : undefined,
        q.overdue === '1' ? and(inArray(workOrder.state, OPEN), lt(workOrder.deadline, sql`now()`)) : undefined,
      );
      const order =
        q.column === 'deadline'
          ? [q.order === 'desc' ? desc(workOrder.deadline) : asc(workOrder.deadline), desc(workOrder.id)]
          : [q.order === 'asc' ? asc(workOrder.createTime) : desc(workOrder.createTime), desc(workOrder.id)];
      return fetchPage(
        q,
        db.select({ n: count() }).from(workOrder).where(where),
        (offset, limit) =>
          db
            .select()
            .from(workOrder)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        toDto,
      );
    },

    async queryById(actor: WorkOrderActor, id: string): Promise<WorkOrderDetailDto> {
      const row = await get(db, actor, id);
      const comments = await db
        .select()
        .from(workOrderComment)
        .where(eq(workOrderComment.orderId, id))
        .orderBy(asc(workOrderComment.createTime), asc(workOrderComment.id));
      return {
        ...toDto(row),
        comments: comments.map(
          (c): WorkOrderCommentDto => ({
            id: c.id,
            content: c.content,
            attachments: c.attachments ?? [],
            createBy: c.createBy,
            createTime: formatDateTime(c.createTime) ?? '',
          }),
        ),
      };
    },

    async add(actor: WorkOrderActor, input: WorkOrderAddInput): Promise<WorkOrderDto> {
      return db.transaction(async (tx) => {
        let modify: Partial<typeof workOrder.$inferInsert> = {};
        if (input.type === 'modify') {
          const type = input.targetType as ModifyTargetType;
          const field = input.field ?? '';
          if (!(field in MODIFY_TARGETS[type].fields)) throw badRequest(M.fieldNotAllowed);
          const value = checkedValue(type, field, input.newValue);
          const before = await targets.read(actor, type, input.targetId ?? '', field);
          modify = { targetType: type, targetId: input.targetId ?? null, field, newValue: value, beforeValue: before };
        }
        if (input.deadline && new Date(`${input.deadline.replace(' ', 'T')}+08:00`) < new Date()) {
          throw badRequest(M.deadlinePast);
        }
        const handler = input.handlerId ? await handlerOf(tx, actor.tenantId, input.handlerId) : null;
        const [row] = await tx
          .insert(workOrder)
          .values({
            tenantId: actor.tenantId,
            orderNo: await nextNo(tx, actor.tenantId),
            type: input.type,
            title: input.title,
            content: input.content,
            handlerId: handler?.id ?? null,
            handlerName: handler?.realname ?? null,
            deadline: input.deadline ? new Date(`${input.deadline.replace(' ', 'T')}+08:00`) : null,
            attachments: await tenantFiles(tx, actor.tenantId, input.attachments),
            sysOrgCode: actor.orgCode,
            createById: actor.userId,
            createBy: actor.username,
            ...modify,
          })
          .returning();
        if (!row) throw new Error('work order insert failed');
        if (handler) await tellHandler(tx, row, handler.id);
        if (input.type === 'audit') {
          if (!workflow) throw badRequest(M.workflowOff);
          const started = await workflow.start(tx as unknown as Db, {
            tenantId: actor.tenantId,
            initiator: { id: actor.userId, username: actor.username },
            businessType: WORK_ORDER_WORKFLOW,
            businessKey: row.id,
            title: `审核工单「${row.title}」${row.orderNo}`,
            variables: { orderNo: row.orderNo },
          });
          const [now] = await tx.select().from(workOrder).where(eq(workOrder.id, row.id));
          if (now?.state === 'pending') {
            await setState(tx, actor, row.id, {
              state: 'processing',
              instanceId: started.instanceId,
              approvalStatus: String(started.approvalStatus),
            });
          } else await setState(tx, actor, row.id, { instanceId: started.instanceId });
        }
        return toDto(await get(tx, { ...actor, readsAll: false }, row.id));
      });
    },

    /** The handler takes the order (待处理 → 处理中), or an administrator gives it to `handlerId`. */
    async accept(actor: WorkOrderActor, id: string, handlerId?: string | null): Promise<WorkOrderDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        if (row.type === 'audit') throw badRequest(M.auditByWorkflow);
        if (row.state !== 'pending') throw refused('受理', row.state);
        const handler = await handlerOf(tx, actor.tenantId, handlerId ?? actor.userId);
        await setState(tx, actor, id, { state: 'processing', handlerId: handler.id, handlerName: handler.realname });
        if (handler.id !== actor.userId) await tellHandler(tx, row, handler.id);
        return toDto(await get(tx, actor, id));
      });
    },

    /** A 运维 order done (处理中 → 已完成) with the handler's note. */
    async complete(actor: WorkOrderActor, id: string, result: string | null): Promise<WorkOrderDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        if (row.type === 'audit') throw badRequest(M.auditByWorkflow);
        if (row.type === 'modify') throw badRequest(M.modifyOnlyApprove);
        if (row.state !== 'processing') throw refused('办结', row.state);
        await setState(tx, actor, id, { state: 'done', result, finishTime: new Date() });
        return toDto(await get(tx, actor, id));
      });
    },

    /**
     * A 修改 order approved: the change applied through the record's own service in this transaction (its refusal
     * refuses the approval with its message, the order unchanged), before/after kept, 已完成.
     */
    async approve(actor: WorkOrderActor, id: string, result: string | null): Promise<WorkOrderDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        if (row.type !== 'modify') throw badRequest(M.approveModifyOnly);
        if (!OPEN.includes(row.state as WorkOrderState)) throw refused('审核', row.state);
        const type = row.targetType as ModifyTargetType;
        const field = row.field ?? '';
        const value = checkedValue(type, field, row.newValue);
        const applied = await targets.apply(actor, type, row.targetId ?? '', field, value);
        await setState(tx, actor, id, {
          state: 'done',
          result,
          beforeValue: applied.before,
          afterValue: applied.after,
          handlerId: row.handlerId ?? actor.userId,
          handlerName: row.handlerName ?? actor.username,
          finishTime: new Date(),
        });
        return toDto(await get(tx, actor, id));
      });
    },

    /** 待处理/处理中 → 已驳回 with the reason (运维 and 修改; 审核 orders are rejected in their approval). */
    async reject(actor: WorkOrderActor, id: string, result: string | null): Promise<WorkOrderDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        if (row.type === 'audit') throw badRequest(M.auditByWorkflow);
        if (!OPEN.includes(row.state as WorkOrderState)) throw refused('驳回', row.state);
        await setState(tx, actor, id, { state: 'rejected', result, finishTime: new Date() });
        return toDto(await get(tx, actor, id));
      });
    },

    async comment(actor: WorkOrderActor, input: WorkOrderCommentInput): Promise<WorkOrderDetailDto> {
      await db.transaction(async (tx) => {
        await get(tx, actor, input.id, true);
        await tx.insert(workOrderComment).values({
          orderId: input.id,
          content: input.content,
          attachments: await tenantFiles(tx, actor.tenantId, input.attachments),
          createById: actor.userId,
          createBy: actor.username,
        });
      });
      return service.queryById(actor, input.id);
    },
  };
  return service;
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
