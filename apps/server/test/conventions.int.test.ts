/**
 * JeecgBoot API conventions (issue 11 §1), tried as a client written for JeecgBoot would: numbers where we keep
 * strings and the reverse, any page size up to 9999, `<field>_dictText` companions and comma-joined multi-values.
 * Tolerance stops at types and shapes: the strict-validation tests beside this one still hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../src/seed/ids.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': admin, 'tenant-id': '1' },
    ...(payload ? { payload } : {}),
  });

let seq = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`;

describe('login', () => {
  it('accepts a numeric checkKey (a JeecgBoot client sends Date.now())', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, checkKey: Date.now() },
    });
    expect(res.statusCode, res.body).not.toBe(400);
    expect(res.json().message).not.toContain('checkKey');
  });
});

describe('page sizes', () => {
  const lists = [
    '/sys/user/list',
    '/sys/role/list',
    '/sys/log/list?logType=1',
    '/sys/annountCement/list',
    '/sys/tenant/list',
  ];

  it.each([5, 30, 9999])('honours pageSize %i on every admin list', async (size) => {
    for (const list of lists) {
      const sep = list.includes('?') ? '&' : '?';
      const res = await call('GET', `${list}${sep}pageNo=1&pageSize=${size}`);
      expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
      expect(res.json().result.size, list).toBe(size);
    }
  });

  it.each(['0', '-10', '10000', 'NaN', 'ten'])('refuses pageSize=%s with a clear message', async (size) => {
    const res = await call('GET', `/sys/user/list?pageNo=1&pageSize=${size}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('每页条数必须是1到9999之间的整数');
  });

  it.each(['0', '-1', '1000000000', 'NaN'])('refuses pageNo=%s instead of silently answering page 1', async (no) => {
    const res = await call('GET', `/sys/role/list?pageNo=${no}&pageSize=10`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('页码必须是1到100000000之间的整数');
  });
});

describe('_dictText companions', () => {
  it('user rows carry sex, status, userType and userEnd texts', async () => {
    const res = await call('GET', '/sys/user/list?pageNo=1&pageSize=50&username=admin');
    const row = res.json().result.records.find((r: { username: string }) => r.username === 'admin');
    expect(row).toMatchObject({ status_dictText: '正常' });
    expect(row).toHaveProperty('sex_dictText');
    expect(row).toHaveProperty('userType_dictText');
    expect(row.userEnd_dictText).not.toBe('');
  });

  it('log rows carry logType text, announcement rows priority and send status', async () => {
    const logs = (await call('GET', '/sys/log/list?logType=1&pageNo=1&pageSize=5')).json().result.records;
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0].logType_dictText).toBe('登录日志');
    const annt = (await call('GET', '/sys/annountCement/list?pageNo=1&pageSize=5')).json().result.records;
    expect(annt.length).toBeGreaterThan(0);
    expect(['一般', '重要', '紧急']).toContain(annt[0].priority_dictText);
    expect(['未发布', '已发布', '已撤销']).toContain(annt[0].sendStatus_dictText);
  });
});

describe('comma-joined multi-values', () => {
  it('user add and edit take selectedroles / selecteddeparts as comma-joined ids', async () => {
    const username = `cv_${uniq()}`;
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const added = await call('POST', '/sys/user/add', {
      username,
      realname: '逗号用户',
      phone,
      sex: '1',
      userType: 1,
      password: 'Passw0rd1',
      confirmpassword: 'Passw0rd1',
      selectedroles: `${seedId('role:1:buyer')},${seedId('role:1:expert')}`,
      selecteddeparts: seedId('depart:A01A01'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result.id as string;
    const roles = (await call('GET', `/sys/user/queryUserRole?userid=${id}`)).json().result as string[];
    expect([...roles].sort()).toEqual([seedId('role:1:buyer'), seedId('role:1:expert')].sort());

    const edited = await call('PUT', '/sys/user/edit', {
      id,
      realname: '逗号用户',
      phone,
      selectedroles: seedId('role:1:expert'),
      selecteddeparts: `${seedId('depart:A01A01')},${seedId('depart:A01A02')}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('GET', `/sys/user/queryUserRole?userid=${id}`)).json().result).toEqual([
      seedId('role:1:expert'),
    ]);
  });

  it('batch delete takes ids as a comma-joined string; malformed ids stay refused', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/sys/position/add', {
        code: `P${uniq()}`.slice(0, 20),
        name: `职务${uniq()}`,
        postRank: '1',
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().result.id);
    }
    const refused = await call('DELETE', `/sys/position/deleteBatch?ids=${ids[0]},not-a-uuid`);
    expect(refused.statusCode).toBe(400);
    const res = await call('DELETE', `/sys/position/deleteBatch?ids=${ids.join(',')}`);
    expect(res.json(), res.body).toMatchObject({ success: true });
  });
});
