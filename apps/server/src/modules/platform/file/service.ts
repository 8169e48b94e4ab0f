import { UPLOAD_BIZ, UPLOAD_BIZ_PATTERN, UPLOAD_LIMITS, UPLOAD_MESSAGES, type UploadedFileDto } from '@aps/shared';
import type { SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { createFileRepo } from './repo.ts';
import { inspectContent } from './sniff.ts';
import { assertStorageKey, type FileStorage, newStorageKey, type StoredObject } from './storage.ts';
import { sysFile } from './tables.ts';

export interface FileActor {
  tenantId: number;
  userId: string;
}

/** One file part of a multipart upload, read up to the size limit. */
export interface IncomingFile {
  fileName: string;
  content: Buffer;
  /** The part was longer than the limit (content holds only its start). */
  truncated: boolean;
  /** §7 `biz`: the folder the file goes to; temp when absent. */
  biz: string | undefined;
}

export interface OpenedFile {
  fileName: string;
  mime: string;
  size: number;
  object: StoredObject;
}

export interface FileService {
  /** The largest upload of any kind (images: 10485760 bytes at most). */
  readonly maxBytes: number;
  /** Checks the content, stores the bytes, records who uploaded them in which tenant. */
  upload(actor: FileActor, file: IncomingFile): Promise<UploadedFileDto>;
  /** A file of the actor's tenant by its path; 404 for anything else, 400 for a path that cannot be ours. */
  open(actor: FileActor, path: string): Promise<OpenedFile>;
  /** Deletes the files `where` selects, rows and bytes (a module's clean-up of uploads nobody claimed). */
  purge(where: SQL): Promise<number>;
}

const MB = 1024 * 1024;

/**
 * A static path as the client sends it: the storage key, possibly with a leading slash. Anything that is not a
 * key we generate (`..`, encoded or absolute paths, backslashes, NUL) is refused before any lookup.
 */
export function parseStaticPath(raw: string): string {
  const key = raw.replace(/^\/+/, '');
  try {
    assertStorageKey(key);
  } catch {
    throw badRequest(UPLOAD_MESSAGES.badPath);
  }
  return key;
}

/** The name kept for Content-Disposition: its last segment, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const last = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (last || 'file').slice(-200);
}

export function createFileService({
  db,
  storage,
  maxBytes,
}: {
  db: Db;
  storage: FileStorage;
  maxBytes: number;
}): FileService {
  const repo = createFileRepo(db);
  return {
    maxBytes,
    async upload(actor, file) {
      const biz = file.biz?.trim() || UPLOAD_BIZ.generic;
      if (!UPLOAD_BIZ_PATTERN.test(biz)) throw badRequest(UPLOAD_MESSAGES.badBiz);
      const fileName = cleanFileName(file.fileName);
      const verdict = await inspectContent(file.content, fileName);
      if (!verdict.ok) {
        // A part cut at the limit is judged by its start: too big, unless what it starts with is refused anyway.
        if (!file.truncated || verdict.message === UPLOAD_MESSAGES.emptyFile) throw badRequest(verdict.message);
        if (verdict.message === UPLOAD_MESSAGES.executableRefused || verdict.message === UPLOAD_MESSAGES.htmlRefused) {
          throw badRequest(verdict.message);
        }
      }
      const isImage = verdict.ok && verdict.isImage;
      if (isImage && (file.truncated || file.content.length > UPLOAD_LIMITS.imageMaxBytes)) {
        throw badRequest(UPLOAD_MESSAGES.imageTooBig);
      }
      if (file.truncated || file.content.length > maxBytes) {
        throw badRequest(UPLOAD_MESSAGES.fileTooBig(Math.floor(maxBytes / MB)));
      }
      if (!verdict.ok) throw badRequest(verdict.message);

      const key = newStorageKey(biz, verdict.ext);
      await storage.put(key, file.content, verdict.mime);
      try {
        const row = await repo.insert({
          tenantId: actor.tenantId,
          storageKey: key,
          fileName,
          mime: verdict.mime,
          size: file.content.length,
          biz,
          createBy: actor.userId,
        });
        return {
          id: row.id,
          fileName,
          filePath: key,
          fileSize: row.size,
          mime: row.mime,
          createTime: row.createTime.toISOString(),
        };
      } catch (err) {
        await storage.remove(key).catch(() => undefined);
        throw err;
      }
    },

    async purge(where) {
      const rows = await db.delete(sysFile).where(where).returning({ key: sysFile.storageKey });
      // The rows go first: a byte left behind by a failed removal is invisible, a row without its bytes is not.
      for (const r of rows) await storage.remove(r.key).catch(() => undefined);
      return rows.length;
    },

    async open(actor, path) {
      const key = parseStaticPath(path);
      const row = await repo.findByKey(actor.tenantId, key);
      if (!row) throw notFound(UPLOAD_MESSAGES.fileMissing);
      const object = await storage.get(key);
      if (!object) throw notFound(UPLOAD_MESSAGES.fileMissing);
      return { fileName: row.fileName, mime: row.mime, size: row.size, object };
    },
  };
}
