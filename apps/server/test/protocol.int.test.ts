import net from 'node:net';
import { MESSAGES, PUBLIC } from '@aps/shared';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import { sysLog } from '../src/modules/platform/audit/tables.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

/**
 * Issue 12 §6 and §8, written as the requests an outsider or a broken network would send: validation after
 * authentication, requests that never finish arriving, oversized headers and paths, unsupported methods, a
 * readiness probe while the database is away, and a write whose audit row cannot be written.
 */
const REQUEST_TIMEOUT_MS = 1_500;
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
let supplier: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS });
  call = caller(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  supplier = await t.login('supplier01', DEMO_PASSWORD);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(() => t.close());

/** Writes `raw` to a fresh connection and resolves with everything the server sends before it closes. */
function rawExchange(raw: string | Buffer, { endAfterMs = 10_000 } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, endAfterMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', reject);
    socket.write(raw);
  });
}

function envelopeOf(response: string) {
  const body = response.slice(response.indexOf('\r\n\r\n') + 4);
  return JSON.parse(body) as { success: boolean; code: number; message: string };
}

describe('validation after authentication (§6)', () => {
  it('answers every protected route without a token 401, whatever the body or query, and never a validation message', async () => {
    const protectedRoutes = t.apiRoutes.filter((r) => r.config?.access !== PUBLIC && r.method !== 'HEAD');
    expect(protectedRoutes.length).toBeGreaterThan(150);
    const answers = await Promise.all(
      protectedRoutes.map(async (route) => {
        const method = (Array.isArray(route.method) ? route.method[0] : route.method) as
          | 'GET'
          | 'POST'
          | 'PUT'
          | 'DELETE';
        const url = route.url.replace(/:(\w+)/g, 'x%20y').replace('*', 'z');
        const res = await t.app.inject({
          method,
          url: `${url}?pageNo=-1&pageSize=abc&id=(((`,
          headers: { 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"pattern":"(((","id":[{}],"pageNo":"x"}' }),
        });
        return { route: `${method} ${route.url}`, status: res.statusCode, message: res.json().message };
      }),
    );
    const leaks = answers.filter((a) => a.status !== 401 || a.message !== MESSAGES.tokenMissing);
    expect(leaks).toEqual([]);
  });

  it('answers a supplier 403 on an admin write with an invalid body, before the body is looked at', async () => {
    const res = await call(supplier, 'POST', '/sys/position/add', { code: '编 码', postRank: 99 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.forbidden);
  });
});

describe('protocol hygiene (§8)', () => {
  it('ends a request whose body never finishes with 408 in the envelope', async () => {
    const started = Date.now();
    const response = await rawExchange(
      'POST /aps/sys/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(response)).toMatchObject({ success: false, code: 408, message: MESSAGES.requestTimeout });
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 6_000);
  });

  it('answers oversized headers 431 in the envelope', async () => {
    const response = await rawExchange(
      `GET /aps/sys/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(response)).toMatchObject({ success: false, code: 431, message: MESSAGES.headersTooLarge });
  });

  it('answers a garbled request line 400 in the envelope', async () => {
    const response = await rawExchange('BLAH\u0001 / HTTP/9\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(response)).toMatchObject({ success: false, code: 400 });
  });

  it('answers an over-long path parameter 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/aps/sys/randomImage/${'k'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, code: 414, message: MESSAGES.urlTooLong });
  });

  it('answers a method the path does not support 405 with Allow, and an unknown path 404', async () => {
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/aps/sys/health' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
    expect(wrongMethod.json()).toMatchObject({ success: false, code: 405, message: MESSAGES.methodNotAllowed });
    const getLogin = await t.app.inject({ method: 'GET', url: '/aps/sys/login' });
    expect(getLogin.statusCode).toBe(405);
    expect(getLogin.headers.allow).toBe('POST');
    const withParam = await t.app.inject({ method: 'POST', url: '/aps/sys/randomImage/abc' });
    expect(withParam.statusCode).toBe(405);
    const unknown = await t.app.inject({ method: 'GET', url: '/aps/sys/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.notFound);
  });
});

describe('health (§8)', () => {
  it('keeps liveness UP and readiness DOWN (503) while the database is unreachable; ready is UP with it', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/aps/sys/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toMatchObject({ status: 'UP', database: 'UP' });

    // The same server against a database that is not there (nothing listens on port 9).
    const unreachable = connectDatabase('postgres://postgres@127.0.0.1:9/aps', 2);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: inject('dataDir'), LOG_LEVEL: 'silent' });
    const { app } = await buildApp({ config, db: unreachable.db });
    try {
      const live = await app.inject({ method: 'GET', url: '/aps/sys/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json().result.status).toBe('UP');
      const down = await app.inject({ method: 'GET', url: '/aps/sys/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        success: false,
        code: 503,
        message: MESSAGES.databaseUnavailable,
        result: { status: 'DOWN', database: 'DOWN' },
      });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe('a write and its audit row commit together (§8)', () => {
  it('fails the request and keeps nothing when the audit row cannot be written; keeps both when it can', async () => {
    const refused = uniqueCode('audit');
    // The audit table refuses this one row, the way it refuses every row while the database is failing.
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN
        IF NEW.request_param LIKE '%${refused}%' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$
        LANGUAGE plpgsql`),
    );
    await t.db.execute(
      sql.raw('CREATE TRIGGER refuse_audit BEFORE INSERT ON sys_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()'),
    );
    try {
      const before = await t.db
        .select()
        .from(sysLog)
        .where(like(sysLog.requestParam, `%${refused}%`));
      expect(before).toEqual([]);
      const failed = await call(admin, 'POST', '/sys/position/add', {
        code: refused,
        name: `职务${refused}`,
        postRank: '3',
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ success: false, message: MESSAGES.serverError });
      const list = await call(admin, 'GET', `/sys/position/list?code=${refused}`);
      expect(list.json().result.records).toEqual([]);

      const kept = uniqueCode('audit');
      const ok = await call(admin, 'POST', '/sys/position/add', { code: kept, name: `职务${kept}`, postRank: '3' });
      expect(ok.json()).toMatchObject({ success: true });
      const [auditRow] = await t.db
        .select()
        .from(sysLog)
        .where(like(sysLog.requestParam, `%职务${kept}%`));
      expect(auditRow).toMatchObject({ success: true, username: 'admin', method: 'POST', statusCode: 200 });
      expect((await call(admin, 'GET', `/sys/position/list?code=${kept}`)).json().result.records).toHaveLength(1);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_audit ON sys_log'));
    }
  });
});
