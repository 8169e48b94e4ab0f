import type { WorkOrderFileDto } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';

/**
 * A work order (issue 17 §4): 运维 (operation), 审核 (audit, approved through the workflow `work_order`) or 修改
 * (modify: a field of a named record, applied through that record's service once approved). state: pending 待处理,
 * processing 处理中, done 已完成, rejected 已驳回. sys_org_code is the filer's department (data scope).
 */
export const workOrder = pgTable(
  'work_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    orderNo: text('order_no').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    state: text('state').notNull().default('pending'),
    handlerId: text('handler_id'),
    handlerName: text('handler_name'),
    deadline: timestamp('deadline', { withTimezone: true }),
    targetType: text('target_type'),
    targetId: uuid('target_id'),
    field: text('field'),
    newValue: text('new_value'),
    beforeValue: text('before_value'),
    afterValue: text('after_value'),
    result: text('result'),
    instanceId: text('instance_id'),
    approvalStatus: text('approval_status'),
    attachments: jsonb('attachments').$type<WorkOrderFileDto[]>().notNull().default([]),
    sysOrgCode: text('sys_org_code'),
    createById: text('create_by_id').notNull(),
    createBy: text('create_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('work_order_no_uq').on(t.tenantId, t.orderNo),
    index('work_order_list_idx').on(t.tenantId, t.type, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('work_order_deadline_idx').on(t.tenantId, t.type, t.deadline).where(sql`state IN ('pending', 'processing')`),
    index('work_order_creator_idx').on(t.tenantId, t.createById),
  ],
);

/** A comment of a work order's thread, with its attachments. */
export const workOrderComment = pgTable(
  'work_order_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => workOrder.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<WorkOrderFileDto[]>().notNull().default([]),
    createById: text('create_by_id').notNull(),
    createBy: text('create_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_comment_order_idx').on(t.orderId, t.createTime)],
);
