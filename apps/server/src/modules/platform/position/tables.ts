import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/** Positions (职务) of a tenant: code, name and post rank (职级). */
export const sysPosition = pgTable(
  'sys_position',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    postRank: text('post_rank').notNull(),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_position_code_uq').on(t.tenantId, t.code)],
);
