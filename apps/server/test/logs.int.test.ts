import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  call = caller(t);
});
afterAll(() => t.close());

describe('system logs', () => {
  it('GET /sys/loginfo pages the login log with filters and counts today’s visits', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    await t.login(user.username, user.password);
    await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: user.username, password: 'wrong-pass-1' },
    });
    const res = (await call(admin, 'GET', `/sys/loginfo?username=${user.username}`)).json().result;
    expect(res.total).toBe(2);
    expect(res.records.map((r: { success: boolean }) => r.success)).toEqual([false, true]);
    expect(res.todayVisitCount).toBeGreaterThanOrEqual(2);
    expect(res.totalVisitCount).toBeGreaterThanOrEqual(res.todayVisitCount);
    expect(res.todayIp).toBeGreaterThanOrEqual(1);
    const ok = (await call(admin, 'GET', `/sys/loginfo?username=${user.username}&success=1&type=login`)).json().result;
    expect(ok.total).toBe(1);
    const future = (
      await call(admin, 'GET', `/sys/loginfo?username=${user.username}&createTime_begin=2999-01-01`)
    ).json().result;
    expect(future.total).toBe(0);
    const badDate = await call(admin, 'GET', '/sys/loginfo?createTime_begin=yesterday');
    expect(badDate.json().message).toContain('日期格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss');
  });

  it('GET /sys/visitInfo gives one entry per day for the chart, today last', async () => {
    const days = (await call(admin, 'GET', '/sys/visitInfo?days=7')).json().result;
    expect(days).toHaveLength(7);
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(days[6]).toMatchObject({ date: today, tian: today.slice(5) });
    expect(days[6].visit).toBeGreaterThanOrEqual(1);
    expect(days[6].ip).toBeGreaterThanOrEqual(1);
    expect((await call(admin, 'GET', '/sys/visitInfo?days=91')).json().message).toBe('天数须在1到90之间');
  });

  it('the demo seed leaves four weeks of sign-ins, so the chart is not empty on a fresh demo', async () => {
    const days = (await call(admin, 'GET', '/sys/visitInfo?days=30')).json().result as { visit: number; ip: number }[];
    const past = days.slice(1, 29);
    expect(past.every((d) => d.visit >= 4 && d.ip >= 1)).toBe(true);
  });

  it('GET /sys/log/list shows the operation log (every write), filters and exports', async () => {
    await call(admin, 'POST', '/sys/position/add', { code: 'LOGTEST', name: '日志测试职务', postRank: '1' });
    // The audit row is written in the onResponse hook, i.e. just after the reply: wait for it.
    const findLogged = async () =>
      (await call(admin, 'GET', '/sys/log/list?logType=2&keyWord=新增职务&username=admin')).json().result;
    await expect.poll(async () => (await findLogged()).total, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const list = await findLogged();
    expect(list.records[0]).toMatchObject({ logType: 2, logContent: '新增职务', method: 'POST', username: 'admin' });
    const xlsx = await call(admin, 'GET', '/sys/log/exportXls?logType=2&keyWord=新增职务');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const badSort = await call(admin, 'GET', '/sys/log/list?column=request_param');
    expect(badSort.json().message).toBe('不支持按该字段排序');
  });

  it('keeps tenants apart and needs system:log:list', async () => {
    const other = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const token = await t.login(other.username, other.password);
    const theirs = (await call(token, 'GET', '/sys/loginfo?username=admin', undefined, '2')).json().result;
    expect(theirs.records.every((r: { username: string }) => r.username !== 'admin')).toBe(true);
    const buyer = await t.createUser({ roles: ['buyer'] });
    const buyerToken = await t.login(buyer.username, buyer.password);
    expect((await call(buyerToken, 'GET', '/sys/loginfo')).statusCode).toBe(403);
    expect((await call(buyerToken, 'GET', '/sys/log/list')).statusCode).toBe(403);
  });
});
