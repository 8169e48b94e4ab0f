import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The error report of an Excel import that had bad rows (§4: code 201 offers a download link). Kept in the
 * database, not on a disk, so any server instance can answer the download; only its uploader may read it,
 * and reports older than a day are pruned on the next save.
 */
export const sysImportErrorFile = pgTable(
  'sys_import_error_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    userId: uuid('user_id').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_import_error_file_time_idx').on(t.createTime)],
);
