import { sql } from 'drizzle-orm';
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

const check = (q: Record<string, string>, token = admin, tenant = '1') =>
  call(token, 'GET', `/sys/duplicate/check?${new URLSearchParams(q)}`, undefined, tenant);

describe('GET /sys/duplicate/check', () => {
  it('says taken for an existing value, available otherwise; the record itself does not count', async () => {
    const taken = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const free = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody_here_x' });
    expect(free.json()).toMatchObject({ success: true, message: '该值可用！' });
    const adminId = (await t.db.execute<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = 'admin'`)).rows[0]
      ?.id;
    const self = await check({
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'admin',
      dataId: String(adminId),
    });
    expect(self.json().success).toBe(true);
    // camelCase field names are the same field.
    const camel = await check({ tableName: 'sys_role', fieldName: 'roleCode', fieldVal: 'admin' });
    expect(camel.json().success).toBe(false);
  });

  it('skips empty values (§5)', async () => {
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' })).json().success).toBe(true);
  });

  it('is tenant-scoped where the table is', async () => {
    // Role code "buyer" exists in tenant 1 only.
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'buyer' })).json().success).toBe(
      false,
    );
    const other = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const token = await t.login(other.username, other.password);
    const inTenant2 = await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'buyer' }, token, '2');
    expect(inTenant2.json().success).toBe(true);
    // Position codes are per tenant too; both tenants have the seeded CGY.
    expect(
      (await check({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'CGY' }, token, '2')).json().success,
    ).toBe(false);
  });

  it.each([
    ['sys_user', 'password_hash'],
    ['sys_session', 'id'],
    ['pg_authid', 'rolname'],
    ['sys_user', 'username = username OR 1'],
    ['sys_user;drop table sys_user', 'username'],
  ])('refuses %s.%s with a clear message', async (tableName, fieldName) => {
    const res = await check({ tableName, fieldName, fieldVal: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 400,
      message: `不支持对表“${tableName}”的字段“${fieldName}”做重复校验`,
    });
  });

  it('binds values: a quote is just part of the value', async () => {
    const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: "admin' OR '1'='1" });
    expect(res.json().success).toBe(true);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/aps/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=a',
    });
    expect(res.statusCode).toBe(401);
  });
});
