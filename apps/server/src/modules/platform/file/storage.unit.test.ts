import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Sender } from './s3-storage.ts';
import { parseStaticPath } from './service.ts';
import { createLocalStorage, type FileStorage, InvalidStorageKeyError, newStorageKey } from './storage.ts';

const KEY = 'temp/20261123/0b9b4d1e-3a44-4c2e-9f51-2a7c1d9e8f00.png';

/** Paths a client might send to climb out of the storage root, plain and encoded. */
const TRAVERSALS = [
  '../../etc/passwd',
  '/etc/passwd',
  'temp/../../etc/passwd',
  'temp/20261123/../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '%252e%252e%252fetc%252fpasswd',
  '..\\..\\windows\\win.ini',
  `temp/20261123/0b9b4d1e-3a44-4c2e-9f51-2a7c1d9e8f00.png\0.html`,
  'temp/20261123/0b9b4d1e-3a44-4c2e-9f51-2a7c1d9e8f00.png/../../../x',
  '',
];

/** The same contract for every storage. */
async function contract(storage: FileStorage) {
  await storage.put(KEY, Buffer.from('hello'), 'text/plain');
  const got = await storage.get(KEY);
  expect(got).not.toBeNull();
  expect(await text(got!.body)).toBe('hello');
  expect(await storage.get('temp/20261123/00000000-0000-4000-8000-000000000000.png')).toBeNull();
  for (const bad of TRAVERSALS) {
    await expect(storage.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(bad), bad).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.remove(bad), bad).rejects.toBeInstanceOf(InvalidStorageKeyError);
  }
  await storage.remove(KEY);
  expect(await storage.get(KEY)).toBeNull();
}

describe('storage keys', () => {
  it('generates <biz>/<yyyyMMdd>/<uuid>.<ext> keys', () => {
    const key = newStorageKey('ftl', 'pdf', new Date(2026, 10, 3));
    expect(key).toMatch(/^ftl\/20261103\/[0-9a-f-]{36}\.pdf$/);
    expect(newStorageKey('temp', null)).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}$/);
    expect(() => newStorageKey('../x', 'png')).toThrow(InvalidStorageKeyError);
  });

  it.each(TRAVERSALS)('a static path %j is refused before any lookup', (bad) => {
    expect(() => parseStaticPath(bad)).toThrow('文件路径不合法');
  });

  it('a static path may start with a slash', () => {
    expect(parseStaticPath(`/${KEY}`)).toBe(KEY);
  });
});

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads, refuses traversal and removes', async () => {
    await contract(createLocalStorage(root));
  });

  it('writes inside its root only', async () => {
    const storage = createLocalStorage(root);
    await storage.put(KEY, Buffer.from('x'), 'text/plain');
    expect(fs.existsSync(path.join(root, KEY))).toBe(true);
    expect(fs.readdirSync(root)).toEqual(['temp']);
  });
});

/** An S3 client double at the interface level: a bucket in a Map, answering the three commands as S3 does. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const sent: string[] = [];
  const client: S3Sender = {
    async send(command) {
      sent.push(`${command.constructor.name} ${command.input.Bucket}/${command.input.Key}`);
      if (command instanceof PutObjectCommand) {
        objects.set(command.input.Key!, { body: command.input.Body as Buffer, type: command.input.ContentType });
        return {};
      }
      if (command instanceof GetObjectCommand) {
        const o = objects.get(command.input.Key!);
        if (!o) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
        // The SDK's body in Node is a stream with transformToByteArray(); answer the latter form.
        return { Body: { transformToByteArray: async () => new Uint8Array(o.body) }, ContentLength: o.body.length };
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(command.input.Key!);
        return {};
      }
      throw new Error('unexpected command');
    },
  };
  return { client, objects, sent };
}

describe('S3-compatible storage', () => {
  it('keeps the same contract as the local disk', async () => {
    const s3 = fakeS3();
    await contract(createS3Storage({ client: s3.client, bucket: 'aps-files', prefix: 'aps/' }));
  });

  it('puts the object under the prefix with its detected type, and never sends a bad key', async () => {
    const s3 = fakeS3();
    const storage = createS3Storage({ client: s3.client, bucket: 'aps-files', prefix: 'aps/' });
    await storage.put(KEY, Buffer.from('png bytes'), 'image/png');
    expect(s3.objects.get(`aps/${KEY}`)?.type).toBe('image/png');
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(s3.sent).toEqual([`PutObjectCommand aps-files/aps/${KEY}`]);
  });

  it('lets other S3 errors through', async () => {
    const client: S3Sender = {
      send: async () => {
        throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
      },
    };
    await expect(createS3Storage({ client, bucket: 'b' }).get(KEY)).rejects.toThrow('Access Denied');
  });
});
