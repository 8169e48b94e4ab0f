import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (token: string, tenant?: string) =>
  t.app.inject({
    url: '/aps/purchase/purchaseRecord/list?pageSize=50',
    headers: { 'x-access-token': token, ...(tenant ? { 'tenant-id': tenant } : {}) },
  });

describe('tenant-id header', () => {
  it('selects the tenant whose rows a list returns', async () => {
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    const one = (await list(token, '1')).json().result;
    const two = (await list(token, '2')).json().result;
    expect(one.total).toBeGreaterThanOrEqual(360);
    expect(two.total).toBeGreaterThanOrEqual(40);
    expect(one.total).not.toBe(two.total);
    expect(one.records.every((r: { tenantId: number }) => r.tenantId === 1)).toBe(true);
    expect(two.records.every((r: { tenantId: number }) => r.tenantId === 2)).toBe(true);
    expect(two.records.every((r: { purchaseNo: string }) => r.purchaseNo.startsWith('YH'))).toBe(true);
  });

  it('defaults to the tenant chosen at login', async () => {
    const token = await t.login('admin', TEST_ADMIN_PASSWORD);
    const res = (await list(token)).json().result;
    expect(res.records[0].tenantId).toBe(1);
  });

  it('refuses a tenant the user does not belong to', async () => {
    const token = await t.login('buyer01');
    const res = await list(token, '2');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 403, message: '无权访问该租户的数据' });
    expect((await list(token, 'abc')).statusCode).toBe(403);
  });

  it('a user of tenant 2 only never sees tenant 1 rows', async () => {
    const token = await t.login('yhadmin');
    const res = (await list(token)).json().result;
    expect(res.records.length).toBeGreaterThan(0);
    expect(res.records.every((r: { tenantId: number }) => r.tenantId === 2)).toBe(true);
    expect((await list(token, '1')).statusCode).toBe(403);
  });
});

describe('department data scope', () => {
  const orgCodes = async (token: string) => {
    const res = await t.app.inject({
      url: '/aps/purchase/purchaseRecord/list?pageSize=500',
      headers: { 'x-access-token': token },
    });
    const result = res.json().result as { total: number; records: { sysOrgCode: string }[] };
    return { total: result.total, codes: new Set(result.records.map((r) => r.sysOrgCode)) };
  };

  it('a project buyer (own department) sees only that department’s rows', async () => {
    const { total, codes } = await orgCodes(await t.login('project01'));
    expect(total).toBeGreaterThan(0);
    expect([...codes]).toEqual(['A01A01A01']);
  });

  it('a group buyer (department and children) sees the whole tree below the group', async () => {
    const all = await orgCodes(await t.login('admin', TEST_ADMIN_PASSWORD));
    const buyer = await orgCodes(await t.login('buyer01'));
    expect(buyer.total).toBe(all.total);
    expect(buyer.codes.size).toBeGreaterThan(3);
  });

  it('a user in one branch does not see the other branch', async () => {
    const user = await t.createUser({ roles: ['buyer'], departs: ['A01A02'] });
    const { total, codes } = await orgCodes(await t.login(user.username));
    expect(total).toBeGreaterThan(0);
    expect([...codes].every((c) => c.startsWith('A01A02'))).toBe(true);
  });

  it('a user without departments sees nothing rather than everything', async () => {
    const user = await t.createUser({ roles: ['buyer'], departs: [] });
    expect((await orgCodes(await t.login(user.username))).total).toBe(0);
  });
});
