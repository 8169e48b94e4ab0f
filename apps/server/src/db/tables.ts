import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about the database itself, e.g. the hash of the last applied seed. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
