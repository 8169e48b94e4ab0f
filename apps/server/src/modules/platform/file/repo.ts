import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sysFile } from './tables.ts';

type NewFile = typeof sysFile.$inferInsert;

/** Every statement on sys_file; reads always filter on the tenant. */
export function createFileRepo(db: Db) {
  return {
    async insert(values: NewFile) {
      const [row] = await db.insert(sysFile).values(values).returning();
      if (!row) throw new Error('sys_file insert failed');
      return row;
    },
    async findByKey(tenantId: number, storageKey: string) {
      const [row] = await db
        .select({ fileName: sysFile.fileName, mime: sysFile.mime, size: sysFile.size })
        .from(sysFile)
        .where(and(eq(sysFile.tenantId, tenantId), eq(sysFile.storageKey, storageKey)));
      return row ?? null;
    },
  };
}
