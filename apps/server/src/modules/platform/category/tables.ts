import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/**
 * The category dictionary (分类字典) of a tenant: a tree whose roots have pid '0'. Codes are hierarchical
 * (A01, A01A01, …) and unique in the tenant; has_child is '1' while a node has children.
 */
export const sysCategory = pgTable(
  'sys_category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    pid: text('pid').notNull().default('0'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    hasChild: text('has_child').notNull().default('0'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sys_category_code_uq').on(t.tenantId, t.code),
    index('sys_category_pid_idx').on(t.tenantId, t.pid),
  ],
);
