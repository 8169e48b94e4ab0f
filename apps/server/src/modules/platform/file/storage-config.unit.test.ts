import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createFileStorage } from './storage-config.ts';

describe('file storage configuration', () => {
  it('defaults to the local disk under DATA_DIR/upload with a 10 MiB limit', () => {
    const c = loadConfig({ DATA_DIR: '/srv/aps' });
    expect(c).toMatchObject({
      fileStorage: 'local',
      uploadDir: '/srv/aps/upload',
      uploadMaxBytes: 10_485_760,
      s3: null,
    });
    expect(createFileStorage(c).kind).toBe('local');
    expect(loadConfig({ UPLOAD_DIR: 'files' }).uploadDir).toBe(path.resolve('files'));
  });

  it('selects S3 with FILE_STORAGE=s3 and requires a bucket', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('S3_BUCKET');
    const c = loadConfig({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'aps-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'aps/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.s3).toMatchObject({ bucket: 'aps-files', forcePathStyle: true, prefix: 'aps/', region: 'us-east-1' });
    expect(createFileStorage(c).kind).toBe('s3');
  });

  it('refuses a prefix that is not a folder and an unknown storage', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow('S3_PREFIX');
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE');
  });
});
