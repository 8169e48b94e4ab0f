import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sysImportErrorFile } from './tables.ts';

const KEEP_MS = 24 * 3600_000;

/** Error reports of Excel imports (§4: "a download link for details is offered" on code 201). */
export interface ImportErrorStore {
  /** Stores a report and answers the path (under /aps) its uploader downloads it from. */
  save(input: { tenantId: number; userId: string; fileName: string; content: Buffer }): Promise<string>;
  /** The report, only for the user and tenant that uploaded it. */
  read(tenantId: number, userId: string, id: string): Promise<{ fileName: string; content: Buffer } | null>;
}

export const IMPORT_ERROR_PATH = '/sys/common/importErrorFile';

export function createImportErrorStore({ db }: { db: Db }): ImportErrorStore {
  return {
    async save({ tenantId, userId, fileName, content }) {
      await db.delete(sysImportErrorFile).where(lt(sysImportErrorFile.createTime, new Date(Date.now() - KEEP_MS)));
      const [row] = await db
        .insert(sysImportErrorFile)
        .values({ tenantId, userId, fileName, content })
        .returning({ id: sysImportErrorFile.id });
      if (!row) throw new Error('import error report insert failed');
      return `${IMPORT_ERROR_PATH}?name=${row.id}`;
    },
    async read(tenantId, userId, id) {
      const [row] = await db
        .select({ fileName: sysImportErrorFile.fileName, content: sysImportErrorFile.content })
        .from(sysImportErrorFile)
        .where(
          and(
            eq(sysImportErrorFile.id, id),
            eq(sysImportErrorFile.tenantId, tenantId),
            eq(sysImportErrorFile.userId, userId),
          ),
        );
      return row ?? null;
    },
  };
}
