import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('buyer01');
});
afterAll(() => t.close());

const permissions = (headers: Record<string, string>) =>
  t.app.inject({ url: '/aps/sys/permission/getUserPermissionByToken', headers });

describe('X-Low-App-ID (§6 low-app pages)', () => {
  it('accepts a short app id, and a request without one', async () => {
    const withId = await permissions({ 'X-Access-Token': token, 'X-Low-App-ID': '1689012345678901234' });
    expect(withId.statusCode).toBe(200);
    expect(withId.json().success).toBe(true);
    const without = await permissions({ 'X-Access-Token': token });
    expect(without.statusCode).toBe(200);
  });

  it('refuses a malformed app id with 400 应用ID格式不正确, before the session is checked', async () => {
    for (const bad of ["1' or '1'='1", '', 'a'.repeat(33), 'app id', 'a,b']) {
      const res = await permissions({ 'X-Access-Token': token, 'X-Low-App-ID': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: '应用ID格式不正确', result: null });
    }
    // Without a token the malformed header is still what is refused (it is checked first).
    const anonymous = await permissions({ 'X-Low-App-ID': '<script>' });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toBe('应用ID格式不正确');
  });
});
