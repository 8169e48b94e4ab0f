import type { OnlineUserDto } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object, tenant = '1') =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': tenant },
    ...(payload ? { payload } : {}),
  });
const online = async (token: string, query = '', tenant = '1') =>
  (await call(token, 'GET', `/sys/online/list?pageSize=100${query}`, undefined, tenant)).json().result as {
    records: OnlineUserDto[];
    total: number;
  };

describe('/sys/online/list', () => {
  it('lists who is signed in now, with ip and times, and marks the caller’s own session', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    await t.login(user.username);
    await t.login(user.username);
    const list = await online(admin, `&username=${user.username}`);
    expect(list.total).toBe(2);
    expect(list.records[0]).toMatchObject({
      username: user.username,
      realname: `测试${user.username}`,
      loginType: 'password',
    });
    expect(list.records[0]?.ip).toBeTruthy();
    expect(list.records[0]?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.records[0]?.lastSeenTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const mine = await online(admin, '&username=admin');
    expect(mine.records.some((r) => r.current)).toBe(true);
  });

  it('force logout ends the chosen session only; logout removes a session from the list', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const first = await t.login(user.username);
    const second = await t.login(user.username);
    const before = await online(admin, `&username=${user.username}`);
    const target = before.records.find((r) => first.startsWith(`${r.token}.`));
    expect(target).toBeTruthy();
    const res = await call(admin, 'POST', '/sys/online/forceLogout', { token: target!.token });
    expect(res.json()).toMatchObject({ success: true, message: '强制退出成功！' });
    expect((await call(first, 'GET', '/sys/user/getUserInfo')).statusCode).toBe(401);
    expect((await call(second, 'GET', '/sys/user/getUserInfo')).statusCode).toBe(200);
    const after = await online(admin, `&username=${user.username}`);
    expect(after.records.map((r) => r.token)).not.toContain(target!.token);
    await t.app.inject({ method: 'POST', url: '/aps/sys/logout', headers: { 'x-access-token': second } });
    expect((await online(admin, `&username=${user.username}`)).total).toBe(0);
  });

  it('answers 403 without system:online:list and shows only the tenant’s users', async () => {
    const buyer = await t.login('buyer01');
    expect((await call(buyer, 'GET', '/sys/online/list')).statusCode).toBe(403);
    const yh = await t.login('yhadmin');
    const two = await online(yh, '', '2');
    const names = new Set(two.records.map((r) => r.username));
    expect(names.has('yhadmin')).toBe(true);
    expect(names.has('buyer01')).toBe(false);
  });
});
