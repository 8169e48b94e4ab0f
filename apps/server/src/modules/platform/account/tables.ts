import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysUser } from '../system/tables.ts';

/** An external identity (third-party / OAuth2 app) bound to a user: one per provider type and external id. */
export const sysThirdAccount = pgTable(
  'sys_third_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    thirdType: text('third_type').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_third_account_ext_uq').on(t.thirdType, t.externalId),
    index('sys_third_account_user_idx').on(t.userId),
  ],
);

/**
 * A user's notification preferences (消息设置, issue 18 §3): the bell categories they muted (NotifyCategory keys) and
 * whether they get e-mail copies. No row: every category, no copies.
 */
export const sysUserNotifySetting = pgTable('sys_user_notify_setting', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  muted: text('muted').array().notNull().default(sql`'{}'::text[]`),
  emailCopy: boolean('email_copy').notNull().default(false),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
