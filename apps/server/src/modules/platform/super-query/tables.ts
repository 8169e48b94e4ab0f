import type { SuperQueryCondition } from '@aps/shared';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant, sysUser } from '../system/tables.ts';

/**
 * Saved advanced queries (§3 saved query: title, matchType, records), per user, tenant and list. The spec does
 * not say where they live; the server keeps them so that they follow the user across browsers (docs/decisions.md).
 */
export const sysSuperQuery = pgTable(
  'sys_super_query',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    title: text('title').notNull(),
    matchType: text('match_type').notNull().default('and'),
    records: jsonb('records').$type<SuperQueryCondition[]>().notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_super_query_title_uq').on(t.tenantId, t.userId, t.listKey, t.title)],
);
