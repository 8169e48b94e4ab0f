import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sysLog } from '../src/modules/platform/audit/tables.ts';
import { SESSION_CACHE_MS } from '../src/modules/platform/auth/session.ts';
import { sysSession, sysSmsCode } from '../src/modules/platform/auth/tables.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/aps/sys/user/getUserInfo', headers: { 'x-access-token': token } });

describe('inactivity expiry', () => {
  it('a token idle longer than the limit is refused with Token失效', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    expect((await me(token)).statusCode).toBe(200);
    const sessionId = token.split('.')[0] ?? '';
    await t.db
      .update(sysSession)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sysSession.id, sessionId));
    // The verified session is answered from memory for SESSION_CACHE_MS; a change made in the database directly
    // (not through the API, which invalidates at once) shows once that has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS);
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain('Token失效');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a frozen user is refused even with a live token', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: user.username, password: user.password },
    });
    expect(again.json()).toMatchObject({ success: false, message: '该用户已冻结，请联系管理员' });
  });
});

describe('force logout', () => {
  it('an administrator ends another user session at once; others may not', async () => {
    const victim = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(victim.username);
    const buyer = await t.login('buyer01');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/online/forceLogout',
      headers: { 'x-access-token': buyer },
      payload: { token },
    });
    expect(denied.statusCode).toBe(403);
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/online/forceLogout',
      headers: { 'x-access-token': admin },
      payload: { token },
    });
    expect(res.json()).toMatchObject({ success: true, message: '强制退出成功！' });
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('phone login', () => {
  it('logs in with the SMS code the sender delivered, once', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const phone = `139${String(Date.now()).slice(-8)}`;
    await t.db.update(sysUser).set({ phone }).where(eq(sysUser.id, user.id));
    // Each request for a code carries a fresh slider proof (issue 12 §2).
    const sendWithProof = async () => {
      const proof = await t.app.inject({ method: 'POST', url: '/aps/sys/humanProof/slider' });
      const checkKey = proof.json().result.checkKey;
      return t.app.inject({
        method: 'POST',
        url: '/aps/sys/sms',
        payload: { mobile: phone, smsmode: '0', captcha: 'slider', checkKey },
      });
    };
    const sent = await sendWithProof();
    expect(sent.json()).toMatchObject({ success: true });
    const tooSoon = await sendWithProof();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('验证码已发送，请60秒后再试');
    const [row] = await t.db
      .select()
      .from(sysSmsCode)
      .where(eq(sysSmsCode.phone, phone))
      .orderBy(desc(sysSmsCode.createdAt));
    expect(row?.code).toMatch(/^\d{6}$/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/phoneLogin',
      payload: { mobile: phone, captcha: row?.code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json()).toMatchObject({ success: false, message: '验证码错误或已过期' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/phoneLogin',
      payload: { mobile: phone, captcha: row?.code },
    });
    expect(ok.json()).toMatchObject({ success: true, code: 200, result: { userInfo: { username: user.username } } });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/phoneLogin',
      payload: { mobile: phone, captcha: row?.code },
    });
    expect(reused.json().success).toBe(false);
  });

  it('validates the mobile number with the §5 message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/phoneLogin',
      payload: { mobile: '12345', captcha: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请输入正确手机号');
  });
});

describe('third-party and CAS login', () => {
  it('exchanges an issued token for the login result', async () => {
    const token = await t.login('buyer01');
    const res = await t.app.inject({
      url: `/aps/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/wechat_enterprise`,
    });
    expect(res.json()).toMatchObject({ success: true, result: { token, userInfo: { username: 'buyer01' } } });
    const bad = await t.app.inject({ url: '/aps/sys/thirdLogin/getLoginUser/forged.token/wechat_enterprise' });
    expect(bad.statusCode).toBe(401);
  });

  it('validates a CAS ticket against the configured CAS server', async () => {
    // A CAS server of our own on loopback answers the protocol-3 serviceValidate call.
    const cas = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const ticket = url.searchParams.get('ticket');
      res.setHeader('content-type', 'application/xml');
      res.end(
        ticket === 'ST-good'
          ? '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>buyer01</cas:user></cas:authenticationSuccess></cas:serviceResponse>'
          : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">bad</cas:authenticationFailure></cas:serviceResponse>',
      );
    });
    await new Promise<void>((r) => cas.listen(0, '127.0.0.1', r));
    const casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    const withCas = await createTestApp({ casServerUrl: casUrl });
    try {
      const good = await withCas.app.inject({
        method: 'POST',
        url: '/aps/sys/cas/client/validateLogin',
        payload: { ticket: 'ST-good', service: 'http://localhost:8086/' },
      });
      expect(good.json()).toMatchObject({ success: true, result: { userInfo: { username: 'buyer01' } } });
      const bad = await withCas.app.inject({
        method: 'POST',
        url: '/aps/sys/cas/client/validateLogin',
        payload: { ticket: 'ST-bad' },
      });
      expect(bad.json()).toMatchObject({ success: false, code: 400, message: 'CAS票据校验失败' });
    } finally {
      await withCas.close();
      cas.close();
    }
    const unconfigured = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/cas/client/validateLogin',
      payload: { ticket: 'ST-good' },
    });
    expect(unconfigured.json()).toMatchObject({ success: false, message: '未配置CAS服务' });
  });
});

describe('audit log', () => {
  it('records logins (good and bad), logouts and writes, without secrets', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: user.username, password: 'wrong-one' },
    });
    const token = await t.login(user.username);
    await t.app.inject({ method: 'POST', url: '/aps/sys/logout', headers: { 'x-access-token': token } });
    const rows = await t.db.select().from(sysLog).where(eq(sysLog.username, user.username)).orderBy(sysLog.id);
    expect(rows.map((r) => [r.logType, r.success, r.logContent])).toEqual([
      [1, false, `用户名: ${user.username}, 用户名或密码错误`],
      [1, true, `用户名: ${user.username}, 登录成功 (password)`],
      [1, true, `用户名: ${user.username}, 退出成功`],
    ]);
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const victim = await t.login(user.username);
    await t.app.inject({
      method: 'POST',
      url: '/aps/sys/online/forceLogout',
      headers: { 'x-access-token': admin },
      payload: { token: victim },
    });
    // Writes are recorded in the onResponse hook, i.e. just after the reply: wait for the row.
    const findWrite = async () => {
      const [row] = await t.db
        .select()
        .from(sysLog)
        .where(and(eq(sysLog.logType, 2), eq(sysLog.logContent, '强制退出用户')))
        .orderBy(desc(sysLog.id))
        .limit(1);
      return row;
    };
    await expect.poll(findWrite, { timeout: 5000 }).toBeDefined();
    const write = await findWrite();
    expect(write).toMatchObject({ username: 'admin', method: 'POST', statusCode: 200, success: true });
    expect(write?.requestParam).toBe('{"token":"******"}');
    expect(write?.ip).toBeTruthy();
  });
});

describe('dictionaries', () => {
  it('getDictItems answers the items, and an unknown code an empty list', async () => {
    const token = await t.login('buyer01');
    const yn = await t.app.inject({ url: '/aps/sys/dict/getDictItems/yn', headers: { 'x-access-token': token } });
    expect(yn.json().result).toEqual([
      { value: '1', text: '是', title: '是', label: '是' },
      { value: '0', text: '否', title: '否', label: '否' },
    ]);
    const none = await t.app.inject({
      url: '/aps/sys/dict/getDictItems/no_such_dict',
      headers: { 'x-access-token': token },
    });
    expect(none.json()).toMatchObject({ success: true, result: [] });
  });
});
