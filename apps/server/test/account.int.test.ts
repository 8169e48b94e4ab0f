import { ACCOUNT_MESSAGES, type AccountSessionDto, MESSAGES } from '@aps/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysSmsCode } from '../src/modules/platform/auth/tables.ts';
import { sysUser, sysUserRole, sysUserTenant } from '../src/modules/platform/system/tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const headers = (token: string, tenant = '1') => ({ 'x-access-token': token, 'tenant-id': tenant });

/** A fresh user of tenants 1 (buyer) and 2 (admin): the user of several tenants of issue 18 §2. */
async function twoTenantUser() {
  const user = await t.createUser({ roles: ['buyer'] });
  await t.db.insert(sysUserTenant).values({ userId: user.id, tenantId: 2 });
  await t.db.insert(sysUserRole).values({ userId: user.id, roleId: t.roleId(2, 'admin') });
  return user;
}

describe('phone login codes', () => {
  it('refuses a wrong code and an expired one with the same message, and takes a live one', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const phone = `137${String(Date.now()).slice(-8)}`;
    await t.db.update(sysUser).set({ phone }).where(eq(sysUser.id, user.id));
    const tryCode = (captcha: string) =>
      t.app.inject({ method: 'POST', url: '/aps/sys/phoneLogin', payload: { mobile: phone, captcha } });

    await t.db
      .insert(sysSmsCode)
      .values({ phone, code: '246810', purpose: 'login', expiresAt: new Date(Date.now() - 1000) });
    const expired = await tryCode('246810');
    expect(expired.json()).toMatchObject({ success: false, message: '验证码错误或已过期' });

    await t.db
      .insert(sysSmsCode)
      .values({ phone, code: '135790', purpose: 'login', expiresAt: new Date(Date.now() + 300_000) });
    const wrong = await tryCode('975310');
    expect(wrong.json()).toMatchObject({ success: false, message: '验证码错误或已过期' });
    const good = await tryCode('135790');
    expect(good.json()).toMatchObject({ success: true, result: { userInfo: { username: user.username } } });
  });
});

describe('tenant choice', () => {
  it('lists the tenants, refuses one the user is not in, and starts the next sign-in in the chosen one', async () => {
    const user = await twoTenantUser();
    const token = await t.login(user.username);
    const tenants = await t.app.inject({ url: '/aps/sys/account/tenants', headers: headers(token) });
    expect(tenants.json().result).toMatchObject({ current: 1, chosen: false });
    expect(tenants.json().result.list.map((x: { id: number }) => x.id)).toEqual([1, 2]);

    const notMine = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/account/selectTenant',
      headers: headers(token),
      payload: { tenantId: 3 },
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ success: false, message: ACCOUNT_MESSAGES.notYourTenant });
    // Nor can a request simply name a foreign tenant in its header.
    const foreignHeader = await t.app.inject({ url: '/aps/sys/user/getUserInfo', headers: headers(token, '3') });
    expect(foreignHeader.statusCode).toBe(403);
    expect(foreignHeader.json().message).toBe(MESSAGES.tenantDenied);

    const chosen = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/account/selectTenant',
      headers: headers(token),
      payload: { tenantId: 2 },
    });
    expect(chosen.json()).toMatchObject({ success: true, result: { userInfo: { tenantId: '2' } } });
    const after = await t.app.inject({ url: '/aps/sys/account/tenants', headers: headers(token, '2') });
    expect(after.json().result).toMatchObject({ current: 2, chosen: true });

    const next = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: user.username, password: user.password },
    });
    expect(next.json().result.userInfo.tenantId).toBe('2');
  });

  it('a user of one tenant cannot choose another', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/account/selectTenant',
      headers: headers(token),
      payload: { tenantId: 2 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('个人中心 sessions', () => {
  it('lists only the own live sessions and signs another one out at once', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const other = await t.createUser({ roles: ['buyer'] });
    const first = await t.login(user.username);
    const second = await t.login(user.username);
    const stranger = await t.login(other.username);

    const list = await t.app.inject({ url: '/aps/sys/account/sessions', headers: headers(first) });
    const rows = list.json().result as AccountSessionDto[];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.current).toBe(true);
    const secondRow = rows.find((r) => !r.current);
    if (!secondRow) throw new Error('no second session');
    const strangerRows = (await t.app.inject({ url: '/aps/sys/account/sessions', headers: headers(stranger) })).json()
      .result as AccountSessionDto[];
    expect(strangerRows).toHaveLength(1);
    const strangerId = strangerRows[0]?.id ?? '';
    expect(rows.map((r) => r.id)).not.toContain(strangerId);

    const revoke = (token: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/aps/sys/account/sessions/revoke',
        headers: headers(token),
        payload: { id },
      });
    // Someone else's session answers like an unknown one, and stays signed in.
    const foreign = await revoke(first, strangerId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
    expect((await t.app.inject({ url: '/aps/sys/user/getUserInfo', headers: headers(stranger) })).statusCode).toBe(200);
    const current = await revoke(first, rows[0]?.id ?? '');
    expect(current.json().message).toBe(ACCOUNT_MESSAGES.currentSession);

    expect((await revoke(first, secondRow.id)).json()).toMatchObject({ success: true });
    const gone = await t.app.inject({ url: '/aps/sys/user/getUserInfo', headers: headers(second) });
    expect(gone.statusCode).toBe(401);
    const left = await t.app.inject({ url: '/aps/sys/account/sessions', headers: headers(first) });
    expect((left.json().result as AccountSessionDto[]).map((r) => r.id)).toEqual([rows[0]?.id]);
  });
});

describe('个人中心 profile', () => {
  it('saves the own name and avatar, and refuses an outside address', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/aps/sys/account/profile',
      headers: headers(token),
      payload: { realname: '新名字', avatar: 'avatar/20261128/a.png' },
    });
    expect(saved.json()).toMatchObject({
      success: true,
      result: { userInfo: { realname: '新名字', avatar: 'avatar/20261128/a.png' } },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/aps/sys/account/profile',
      headers: headers(token),
      payload: { realname: '新名字', avatar: 'https://evil.example/x.png' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('头像地址有误');
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/aps/sys/account/profile',
      headers: headers(token),
      payload: { realname: '  ' },
    });
    expect(empty.json().message).toBe('请输入姓名');
  });
});
