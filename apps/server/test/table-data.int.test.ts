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

const url = (params: Record<string, string>) => `/sys/dict/queryTableData?${new URLSearchParams(params)}`;
type Row = Record<string, string | null>;

describe('business-component select data (/sys/dict/queryTableData)', () => {
  it('pages the asked columns of an allow-listed table within the tenant', async () => {
    const res = await call(admin, 'GET', url({ table: 'sys_user', columns: 'id,username,realname', pageSize: '5' }));
    expect(res.json(), res.body).toMatchObject({ success: true, result: { size: 5, current: 1 } });
    const page = res.json().result as { records: Row[]; total: number };
    expect(page.records.length).toBe(5);
    expect(Object.keys(page.records[0] ?? {}).sort()).toEqual(['id', 'realname', 'username']);
    // Sorted by the first column asked for; tenant 2's administrator is not a user of tenant 1.
    const all = (
      await call(admin, 'GET', url({ table: 'sys_user', columns: 'username', column: 'username', pageSize: '100' }))
    ).json().result.records as Row[];
    const names = all.map((r) => r.username);
    expect(names).toContain('buyer01');
    expect(names).not.toContain('yhadmin');
    expect(all.length).toBe(page.total);
    const tenant2 = (
      await call(admin, 'GET', url({ table: 'sys_user', columns: 'username', pageSize: '100' }), undefined, '2')
    ).json().result.records as Row[];
    expect(tenant2.map((r) => r.username)).toContain('yhadmin');
    expect(tenant2.map((r) => r.username)).not.toContain('buyer01');
  });

  it('filters by contains (bound) and picks rows by key', async () => {
    const query = JSON.stringify({ depart_name: '分公司' });
    const found = (
      await call(admin, 'GET', url({ table: 'sys_depart', columns: 'org_code,depart_name', query }))
    ).json();
    expect(found.result.records.map((r: Row) => r.org_code)).toEqual(['A01A01', 'A01A02']);

    const keyed = (
      await call(
        admin,
        'GET',
        url({ table: 'sys_depart', columns: 'org_code', keyField: 'org_code', keys: 'A01A02,A01' }),
      )
    ).json();
    expect(keyed.result.records.map((r: Row) => r.org_code)).toEqual(['A01', 'A01A02']);

    // Values are bound: a quote or a wildcard in the text matches nothing instead of changing the statement.
    for (const text of ["' OR '1'='1", '%', '_']) {
      const res = await call(
        admin,
        'GET',
        url({ table: 'sys_user', columns: 'username', query: JSON.stringify({ username: text }) }),
      );
      expect(res.json(), text).toMatchObject({ success: true, result: { total: 0 } });
    }
  });

  it('refuses tables, columns and filters outside the allow-list', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ table: 'sys_log', columns: 'id' }, '表“sys_log”不允许作为字典表'],
      [{ table: 'sys_user', columns: 'id,password' }, '表“sys_user”的字段“password”不允许用于字典'],
      [{ table: 'sys_user', columns: 'id', column: 'salt' }, '表“sys_user”的字段“salt”不允许用于字典'],
      [
        { table: 'sys_user', columns: 'id', query: JSON.stringify({ 'username) OR (1=1': 'a' }) },
        '表“sys_user”的字段“username) OR (1=1”不允许用于字典',
      ],
      [
        { table: 'sys_user', columns: 'id', keyField: 'password', keys: 'x' },
        '表“sys_user”的字段“password”不允许用于字典',
      ],
      [{ table: 'sys_user', columns: 'id', query: '[1]' }, '字典查询条件有误，需要一个JSON对象字符串'],
      [{ table: 'sys_user', columns: 'id', query: 'abc' }, '字典查询条件有误，需要一个JSON对象字符串'],
    ];
    for (const [params, message] of cases) {
      const res = await call(admin, 'GET', url(params));
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/aps${url({ table: 'sys_user', columns: 'id' })}` });
    expect(res.statusCode).toBe(401);
  });
});
