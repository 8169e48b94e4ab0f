import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  call = caller(t);
});
afterAll(() => t.close());

const route = (over: object = {}) => ({
  routerId: uniqueCode('route-'),
  name: '测试路由',
  uri: 'lb://aps-test',
  predicates: '[{"name":"Path","args":{"_genkey_0":"/test/**"}}]',
  filters: [{ name: 'StripPrefix', args: { _genkey_0: 1 } }],
  ...over,
});

describe('tenants (/sys/tenant/*)', () => {
  it('adds, lists, edits, refuses deleting a tenant in use or the current one, deletes an empty one', async () => {
    const name = `测试租户${uniqueCode()}`;
    const added = await call(admin, 'POST', '/sys/tenant/add', { name });
    expect(added.json(), added.body).toMatchObject({ success: true, result: { name, status: 1, userCount: 0 } });
    const id = added.json().result.id as number;
    expect((await call(admin, 'POST', '/sys/tenant/add', { name })).json().message).toBe('租户名称已存在');
    expect((await call(admin, 'POST', '/sys/tenant/add', { id: 1, name: `${name}x` })).json().message).toBe(
      '该租户编号已存在',
    );
    const list = (await call(admin, 'GET', `/sys/tenant/list?name=${encodeURIComponent(name)}`)).json().result;
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([id]);
    const edited = await call(admin, 'PUT', '/sys/tenant/edit', { id, name: `${name}改`, status: 0 });
    expect(edited.json().result).toMatchObject({ status: 0 });
    expect((await call(admin, 'DELETE', '/sys/tenant/delete?id=2')).json().message).toBe(
      '租户下还有用户或业务数据，不能删除',
    );
    expect((await call(admin, 'DELETE', '/sys/tenant/delete?id=1')).json().message).toBe('不能删除当前所在的租户');
    expect((await call(admin, 'DELETE', `/sys/tenant/delete?id=${id}`)).json().success).toBe(true);
    expect((await call(admin, 'POST', '/sys/tenant/add', { name: '' })).json().message).toContain('请输入租户名称!');
  });
});

describe('positions (/sys/position/*)', () => {
  it('CRUD within the tenant, code unique per tenant, export', async () => {
    const code = uniqueCode('P');
    const added = await call(admin, 'POST', '/sys/position/add', { code, name: '测试职务', postRank: '3' });
    expect(added.json(), added.body).toMatchObject({ success: true, result: { code, postRank: '3' } });
    expect((await call(admin, 'POST', '/sys/position/add', { code, name: '重复', postRank: '1' })).json().message).toBe(
      '职务编码已存在',
    );
    const bad = await call(admin, 'POST', '/sys/position/add', { code: '编码', name: 'x', postRank: '9' });
    expect(bad.json().message).toContain('职务编码只能由字母、数字、下划线、中划线组成');
    expect(bad.json().message).toContain('请选择职级!');
    const list = (await call(admin, 'GET', `/sys/position/list?code=${code}`)).json().result;
    expect(list.total).toBe(1);
    const other = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const token = await t.login(other.username, other.password);
    expect((await call(token, 'GET', `/sys/position/list?code=${code}`, undefined, '2')).json().result.total).toBe(0);
    // The same code is free in another tenant.
    const theirs = await call(token, 'POST', '/sys/position/add', { code, name: '他们的', postRank: '1' }, '2');
    expect(theirs.json().success).toBe(true);
    const edited = await call(admin, 'PUT', '/sys/position/edit', {
      id: added.json().result.id,
      code,
      name: '改名',
      postRank: '4',
    });
    expect(edited.json().result).toMatchObject({ name: '改名', postRank: '4' });
    const xlsx = await call(admin, 'GET', `/sys/position/exportXls?code=${code}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await call(admin, 'DELETE', `/sys/position/delete?id=${added.json().result.id}`)).json().success).toBe(
      true,
    );
  });
});

describe('gateway routes (/sys/gatewayRoute/*)', () => {
  it('stores validated routes', async () => {
    const added = await call(admin, 'POST', '/sys/gatewayRoute/add', route());
    expect(added.json(), added.body).toMatchObject({
      success: true,
      result: {
        uri: 'lb://aps-test',
        predicates: [{ name: 'Path', args: { _genkey_0: '/test/**' } }],
        filters: [{ args: { _genkey_0: '1' } }],
      },
    });
    const id = added.json().result.id;
    expect(
      (await call(admin, 'POST', '/sys/gatewayRoute/add', route({ routerId: added.json().result.routerId }))).json()
        .message,
    ).toBe('路由ID已存在');
    const edited = await call(admin, 'PUT', '/sys/gatewayRoute/edit', {
      ...route({ routerId: added.json().result.routerId }),
      id,
      uri: 'https://api.example.com/v1',
      status: 0,
    });
    expect(edited.json().result).toMatchObject({ uri: 'https://api.example.com/v1', status: 0 });
    expect(
      (await call(admin, 'GET', `/sys/gatewayRoute/list?routerId=${added.json().result.routerId}`)).json().result.total,
    ).toBe(1);
    expect((await call(admin, 'DELETE', `/sys/gatewayRoute/delete?id=${id}`)).json().success).toBe(true);
  });

  it.each([
    [{ uri: 'ftp://host/x' }, '路由URI须以http://、https://或lb://开头，且为合法地址'],
    [{ uri: 'javascript:alert(1)' }, '路由URI须以http://、https://或lb://开头，且为合法地址'],
    [{ uri: 'http://user:pw@host' }, '路由URI须以http://、https://或lb://开头，且为合法地址'],
    [{ predicates: '[{"name":"Path"' }, '断言须为JSON数组'],
    [{ predicates: '[]' }, '请至少配置一个断言（predicates）'],
    [{ predicates: '[{"name":"Exec","args":{}}]' }, '断言“Exec”不受支持'],
    [{ filters: '{"name":"StripPrefix"}' }, '过滤器须为JSON数组'],
    [{ filters: '[{"name":"StripPrefix","args":{"a":{"b":1}}}]' }, '过滤器须为JSON数组'],
    [{ routerId: 'a b' }, '路由ID只能由字母、数字、下划线、中划线和点组成'],
  ])('refuses %j', async (over, message) => {
    const res = await call(admin, 'POST', '/sys/gatewayRoute/add', route(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('permission codes', () => {
  it.each([
    ['GET', '/sys/tenant/list', undefined],
    ['POST', '/sys/tenant/add', { name: '无权租户' }],
    ['GET', '/sys/position/list', undefined],
    ['POST', '/sys/position/add', { code: 'NOPE', name: '无权', postRank: '1' }],
    ['GET', '/sys/gatewayRoute/list', undefined],
    ['POST', '/sys/gatewayRoute/add', route()],
  ] as const)('%s %s answers 403 without the code', async (method, url, body) => {
    const buyer = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(buyer.username, buyer.password);
    const res = await call(token, method, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('拒绝访问');
  });
});
