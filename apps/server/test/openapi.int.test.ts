import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let supplier: string;
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is untyped JSON.
let doc: any;

type Operation = { method: string; path: string; op: { responses: Record<string, unknown> } };
const operations = (): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation['op']>).map(([method, op]) => ({ method, path, op })),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  supplier = await t.login('supplier01');
  doc = (await t.app.inject({ url: '/aps/docs/json' })).json();
});
afterAll(() => t?.close());

/** The documented schema of one answer of one operation. */
function answerSchema(path: string, method: string, status: number) {
  const response = doc.paths[path][method].responses[String(status)];
  expect(response, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  return response.content['application/json'].schema;
}

function check(path: string, method: string, status: number, body: unknown) {
  const ajv = new Ajv({ strict: false });
  const validate = ajv.compile(answerSchema(path, method, status));
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe('OpenAPI document (issue 12 §9)', () => {
  it('documents the envelope, the result and the error statuses on every operation', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    for (const { method, path, op } of all) {
      const ok = op.responses['200'] as { content: { 'application/json': { schema: { properties: object } } } };
      expect(ok, `${method} ${path}`).toBeDefined();
      expect(Object.keys(ok.content['application/json'].schema.properties).sort()).toEqual([
        'code',
        'message',
        'result',
        'success',
        'timestamp',
      ]);
      expect(op.responses['500'], `${method} ${path}`).toBeDefined();
      expect(op.responses.default, `${method} ${path} still says "Default Response"`).toBeUndefined();
    }
    // Guarded operations say they refuse callers without a token, and permission-coded ones say 403.
    expect(doc.paths['/aps/sys/user/list'].get.responses['401']).toBeDefined();
    expect(doc.paths['/aps/sys/user/list'].get.responses['403']).toBeDefined();
    expect(doc.paths['/aps/sys/login'].post.responses['401']).toBeUndefined();
  });

  it('documents a paged list as a page of records', () => {
    const result = answerSchema('/aps/sys/user/list', 'get', 200).properties.result;
    expect(Object.keys(result.properties).sort()).toEqual([
      'current',
      'pages',
      'records',
      'size',
      'total',
      'totalEstimated',
    ]);
  });

  it('real answers match the documented schemas: success, 400, 401 and 403', async () => {
    const list = await t.app.inject({
      url: '/aps/sys/user/list?pageNo=1&pageSize=10',
      headers: { 'x-access-token': admin },
    });
    expect(list.statusCode).toBe(200);
    check('/aps/sys/user/list', 'get', 200, list.json());

    const anonymous = await t.app.inject({ url: '/aps/sys/user/list' });
    expect(anonymous.statusCode).toBe(401);
    check('/aps/sys/user/list', 'get', 401, anonymous.json());

    const refused = await t.app.inject({ url: '/aps/sys/user/list', headers: { 'x-access-token': supplier } });
    expect(refused.statusCode).toBe(403);
    check('/aps/sys/user/list', 'get', 403, refused.json());

    const invalid = await t.app.inject({ method: 'POST', url: '/aps/sys/login', payload: { username: 1 } });
    expect(invalid.statusCode).toBe(400);
    check('/aps/sys/login', 'post', 400, invalid.json());
  });
});
