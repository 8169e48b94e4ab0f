import type { SupplierFileDto } from '@aps/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sysFile } from '../platform/file/tables.ts';

/** The message when a form names a file that is not the caller's to use. */
export const FOREIGN_FILE = '只能使用本单位上传的文件';

/**
 * Attachments named by a form, checked against sys_file: every id must be an upload of the caller's tenant (and of
 * `createBy` when given: certificates take only the caller's own files). Path, name and size are taken from the
 * stored row, never from the request.
 */
export async function tenantFiles(
  tx: DbOrTx,
  tenantId: number,
  files: readonly Pick<SupplierFileDto, 'fileId'>[] | undefined,
  opts: { createBy?: string; message?: string } = {},
): Promise<SupplierFileDto[]> {
  if (!files || files.length === 0) return [];
  const ids = [...new Set(files.map((f) => f.fileId))];
  const rows = await tx
    .select()
    .from(sysFile)
    .where(
      and(
        eq(sysFile.tenantId, tenantId),
        opts.createBy === undefined ? undefined : eq(sysFile.createBy, opts.createBy),
        inArray(sysFile.id, ids),
      ),
    );
  return ids.map((id) => {
    const f = rows.find((r) => r.id === id);
    if (!f) throw badRequest(opts.message ?? FOREIGN_FILE);
    return { fileId: f.id, filePath: f.storageKey, fileName: f.fileName, fileSize: f.size };
  });
}
