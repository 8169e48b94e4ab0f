import { index, integer, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/** 申请示例: the demo business object started through the workflow (business type demo_request). */
export const demoRequest = pgTable(
  'demo_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    title: text('title').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    reason: text('reason'),
    /** 1 待提交, 2 审批中, 3 会签中, 4 已通过, 5 已驳回, 6 重新审批中 */
    approvalStatus: smallint('approval_status').notNull().default(1),
    instanceId: uuid('instance_id'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [index('demo_request_list_idx').on(t.tenantId, t.createTime.desc().nullsFirst())],
);
