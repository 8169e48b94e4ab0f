import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One changed column of one business record (issue 17 §5), written by the trigger `aps_record_history()` (custom SQL
 * of the migration) on the tables of `RECORD_HISTORY_TABLES`: who (the request's user, set per transaction by
 * core/request-transaction.ts, or 系统), when, the column, its value before and after (as text).
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id'),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    changedById: text('changed_by_id'),
    changedBy: text('changed_by').notNull(),
    requestId: text('request_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('record_history_record_idx').on(
      t.tableName,
      t.recordId,
      t.changedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
