import type { AppConfig } from '../../../config.ts';
import type { S3Settings } from './s3-storage.ts';
import { createLocalStorage, type FileStorage } from './storage.ts';

/** The configured file storage: the local disk under DATA_DIR, or an S3-compatible bucket (FILE_STORAGE=s3). */
export function createFileStorage(config: Pick<AppConfig, 'fileStorage' | 'uploadDir' | 's3'>): FileStorage {
  if (config.fileStorage === 's3' && config.s3) return lazyS3Storage(config.s3);
  return createLocalStorage(config.uploadDir);
}

/** The S3 SDK (~0.9 s and ~30 MB to load) is loaded at the first file operation, and only when S3 is configured. */
function lazyS3Storage(settings: S3Settings): FileStorage {
  let storage: Promise<FileStorage> | undefined;
  const load = () =>
    (storage ??= import('./s3-storage.ts').then((s3) =>
      s3.createS3Storage({ client: s3.createS3Client(settings), bucket: settings.bucket, prefix: settings.prefix }),
    ));
  return {
    kind: 's3',
    put: async (key, content, mime) => (await load()).put(key, content, mime),
    get: async (key) => (await load()).get(key),
    remove: async (key) => (await load()).remove(key),
  };
}
