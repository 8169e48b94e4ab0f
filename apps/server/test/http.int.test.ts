import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingAccessDeclarationError, requireAccessDeclarations } from '../src/core/access.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('every /aps route declares who may call it', () => {
    expect(t.apiRoutes.length).toBeGreaterThan(8);
    for (const route of t.apiRoutes) {
      expect(route.config?.access, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('a route without one fails to register', async () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(MissingAccessDeclarationError);
    app.get('/declared', { config: { access: 'public' } }, async () => 'x');
    await app.ready();
    expect((await app.inject({ url: '/declared' })).body).toBe('x');
  });
});

describe('malformed input', () => {
  it('broken JSON is a 400 envelope in Chinese, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: '请求体不是合法的JSON格式', result: null });
  });

  it('wrong field types are a 400 with the field rule messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: 12, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请输入用户名；请输入密码');
  });

  it('a username breaking the §5 rule gets its message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: 'bad name!', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('只允许字母、数字、下划线');
  });

  it('an empty body on a JSON route is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('a bad query parameter is a 400, never a 500', async () => {
    const token = await t.login('buyer01');
    const res = await t.app.inject({
      url: '/aps/purchase/purchaseRecord/list?column=pg_sleep&purchaseStage=x',
      headers: { 'x-access-token': token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('an unknown API path is a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/aps/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });

  it('LIKE wildcards in a search are matched literally', async () => {
    const token = await t.login('buyer01');
    const res = await t.app.inject({
      url: `/aps/purchase/purchaseRecord/list?purchaseName=${encodeURIComponent('%')}`,
      headers: { 'x-access-token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.total).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the routes with their schemas', async () => {
    const res = await t.app.inject({ url: '/aps/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/aps/sys/login'].post.requestBody).toBeDefined();
  });
});
