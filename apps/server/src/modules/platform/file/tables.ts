import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/**
 * One uploaded file (§3 uploaded file, §7 upload). The bytes live in the configured storage (local disk under
 * DATA_DIR or an S3 bucket) under `storage_key`, a name the server generates; this row says whose it is, so a
 * file is only ever served inside its tenant.
 */
export const sysFile = pgTable(
  'sys_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    /** `<biz>/<yyyyMMdd>/<uuid>[.ext]`: the path of the static URL and the key in the storage. */
    storageKey: text('storage_key').notNull(),
    /** The name the uploader's browser gave, for Content-Disposition only (never a path). */
    fileName: text('file_name').notNull(),
    /** Detected from the content. */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    biz: text('biz').notNull(),
    /** The uploader (sys_user.id). */
    createBy: uuid('create_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_file_storage_key_uq').on(t.storageKey),
    index('sys_file_tenant_time_idx').on(t.tenantId, t.createTime),
  ],
);
