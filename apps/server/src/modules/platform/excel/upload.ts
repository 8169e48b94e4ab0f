import { EXCEL_LIMITS, EXCEL_MESSAGES, type ExcelImportResult } from '@aps/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ok } from '../../../core/envelope.ts';
import type { UploadedFile } from './import.ts';

/**
 * Lets the calling plugin's routes accept multipart bodies (at most 10 files of 10 MB). Register it inside the
 * module's own plugin, so only that module's routes take uploads.
 */
export async function acceptExcelUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: EXCEL_LIMITS.fileBytes, files: EXCEL_LIMITS.files, fields: 20 },
  });
}

/** Every file part (`files[]`, §7 import) of the multipart body, read into memory. */
export async function readExcelUploads(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw badRequest(EXCEL_MESSAGES.noFile);
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.files()) {
      const content = await part.toBuffer();
      if (part.filename) files.push({ fileName: part.filename, content });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(EXCEL_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(EXCEL_MESSAGES.tooManyFiles);
    throw err;
  }
  if (files.length === 0) throw badRequest(EXCEL_MESSAGES.noFile);
  return files;
}

/**
 * The envelope of an import (§4, §7, §8): code 200 `文件导入成功！共N行…` when every row went in; with error rows
 * HTTP 200 and envelope code 201 `文件导入成功，但有错误。` whose result names the error workbook (`fileUrl`).
 */
export function importReply(result: ExcelImportResult) {
  if (result.failed === 0) return ok(result, `${EXCEL_MESSAGES.success}${result.msg}`);
  return { success: true, message: EXCEL_MESSAGES.partialEnvelope, code: 201, result, timestamp: Date.now() };
}
