import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDict, sysDictItem } from '../src/modules/platform/system/tables.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

/**
 * Issue 12 §3–4, written as the attacks: a supplier (userEnd 3) and an expert (userEnd 2) call every shared
 * endpoint that used to answer any signed-in user, and get a refusal, masked contacts or only their own
 * departments; an internal user without the user list code (buyer01) picks people with masked contacts; the
 * administrator still gets everything.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
let supplier: string;
let expert: string;
let buyer: string;
let project: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  supplier = await t.login('supplier01', DEMO_PASSWORD);
  expert = await t.login('expert01', DEMO_PASSWORD);
  buyer = await t.login('buyer01', DEMO_PASSWORD);
  project = await t.login('project01', DEMO_PASSWORD);
});
afterAll(() => t.close());

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const RAW_PHONE = /1380000000\d/;
const RAW_EMAIL = /[a-z0-9]{2,}@aps\.example/;

/** GET as `token`; the status and the parsed envelope. */
async function get(token: string, url: string) {
  const res = await call(token, 'GET', url);
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

describe('user pickers (queryUserComponentData, getMultiUser)', () => {
  it('refuse external user ends, mask contacts for internal users without the list code, admin sees all', async () => {
    const url = `/sys/user/queryUserComponentData?${qs({ pageSize: '20' })}`;
    for (const token of [supplier, expert]) {
      const res = await get(token, url);
      expect(res.status, res.raw).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: '拒绝访问' });
      expect(res.raw).not.toMatch(RAW_PHONE);
    }

    const picked = await get(buyer, url);
    expect(picked.status, picked.raw).toBe(200);
    const rows = picked.body.result.records as { username: string; phone: string | null; email: string | null }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(picked.raw).not.toMatch(RAW_PHONE);
    expect(picked.raw).not.toMatch(RAW_EMAIL);
    const admin01 = rows.find((r) => r.username === 'admin');
    expect(admin01).toMatchObject({ phone: '138****0000', email: 'a***@aps.example' });

    const full = await get(admin, url);
    expect(full.body.result.records.find((r: { username: string }) => r.username === 'admin')).toMatchObject({
      phone: '13800000000',
      email: 'admin@aps.example',
    });
  });

  it('refuse a search by phone without the user list code (the masked value cannot be probed)', async () => {
    const byPhone = `/sys/user/queryUserComponentData?${qs({ field: 'phone', username: '13800000000' })}`;
    const refused = await get(buyer, byPhone);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('无权按手机号或邮箱查询用户');
    expect((await get(supplier, byPhone)).status).toBe(403);
    const found = await get(admin, byPhone);
    expect(found.body.result.records.map((r: { username: string }) => r.username)).toEqual(['admin']);
  });

  it('getMultiUser: the same rule for saved values', async () => {
    const ids = (await get(admin, `/sys/user/queryUserComponentData?${qs({ pageSize: '3' })}`)).body.result.records
      .map((r: { id: string }) => r.id)
      .join(',');
    const url = `/sys/user/getMultiUser?${qs({ ids })}`;
    expect((await get(supplier, url)).status).toBe(403);
    expect((await get(expert, url)).status).toBe(403);
    const masked = await get(buyer, url);
    expect(masked.body.result).toHaveLength(3);
    expect(masked.raw).not.toMatch(RAW_PHONE);
    expect(masked.raw).not.toMatch(RAW_EMAIL);
    expect(masked.body.result[0]).toMatchObject({ birthday: null, roleIds: [] });
    expect((await get(admin, url)).raw).toMatch(RAW_PHONE);
  });
});

describe('table reads over sys_user (queryTableData, getDictItems, loadDict, loadDictItem)', () => {
  const data = (params: Record<string, string>) => `/sys/dict/queryTableData?${qs({ table: 'sys_user', ...params })}`;

  it('refuse external user ends on every table-driven read of users', async () => {
    for (const token of [supplier, expert]) {
      for (const url of [
        data({ columns: 'id,username,realname,phone,email' }),
        data({ columns: 'id,realname' }),
        '/sys/dict/getDictItems/sys_user,phone,username',
        '/sys/dict/getDictItems/sys_user,realname,id',
        `/sys/dict/loadDict/sys_user,realname,username?${qs({ keyword: 'a' })}`,
        `/sys/dict/loadDictItem/sys_user,phone,username?${qs({ key: 'admin' })}`,
      ]) {
        const res = await get(token, url);
        expect(res.status, `${url} ${res.raw}`).toBe(403);
        expect(res.raw).not.toMatch(RAW_PHONE);
      }
    }
  });

  it('mask contacts for an internal user without the list code and refuse searching, sorting or keying by them', async () => {
    const page = await get(buyer, data({ columns: 'id,username,realname,phone,email', pageSize: '50' }));
    expect(page.status, page.raw).toBe(200);
    expect(page.raw).not.toMatch(RAW_PHONE);
    expect(page.raw).not.toMatch(RAW_EMAIL);
    const admin01 = page.body.result.records.find((r: { username: string }) => r.username === 'admin');
    expect(admin01).toMatchObject({ phone: '138****0000', email: 'a***@aps.example' });

    for (const url of [
      data({ columns: 'id,realname', query: JSON.stringify({ phone: '1380000000' }) }),
      data({ columns: 'id,realname', keyField: 'email', keys: 'admin@aps.example' }),
      data({ columns: 'id,realname', column: 'phone' }),
      '/sys/dict/getDictItems/sys_user,phone,username',
      `/sys/dict/loadDictItem/sys_user,realname,phone?${qs({ key: '13800000000' })}`,
    ]) {
      const res = await get(buyer, url);
      expect(res.status, `${url} ${res.raw}`).toBe(403);
      expect(res.raw).not.toMatch(RAW_PHONE);
    }
    // The picker's own read (names of saved usernames) keeps working.
    const names = await get(buyer, data({ columns: 'id,username,realname', keyField: 'username', keys: 'admin' }));
    expect(names.body.result.records).toEqual([expect.objectContaining({ username: 'admin' })]);

    const full = await get(admin, data({ columns: 'username,phone', keyField: 'phone', keys: '13800000000' }));
    expect(full.body.result.records).toEqual([{ username: 'admin', phone: '13800000000' }]);
  });
});

describe('table reads over purchase records', () => {
  it('answer exactly what the purchase list answers: 403 to a supplier, the data scope to a project buyer', async () => {
    const list = (token: string) => get(token, `/purchase/purchaseRecord/list?${qs({ pageSize: '1' })}`);
    const data = (token: string) =>
      get(
        token,
        `/sys/dict/queryTableData?${qs({ table: 'purchase_record', columns: 'purchase_code,sys_org_code', pageSize: '100' })}`,
      );
    for (const token of [supplier, expert]) {
      expect((await list(token)).status).toBe(403);
      expect((await data(token)).status).toBe(403);
      expect((await get(token, '/sys/dict/getDictItems/purchase_record,purchase_name,id')).status).toBe(403);
      expect(
        (await get(token, `/sys/dict/loadDict/purchase_record,purchase_name,id?${qs({ keyword: '采购' })}`)).status,
      ).toBe(403);
    }

    // project01 (data scope 3: own department A01A01A01) sees the same rows through both.
    const own = await data(project);
    expect(own.status, own.raw).toBe(200);
    expect(own.body.result.total).toBe((await list(project)).body.result.total);
    expect(new Set(own.body.result.records.map((r: { sys_org_code: string }) => r.sys_org_code))).toEqual(
      new Set(['A01A01A01']),
    );
    const all = await data(admin);
    expect(all.body.result.total).toBe((await list(admin)).body.result.total);
    expect(all.body.result.total).toBeGreaterThan(own.body.result.total);
  });
});

describe('department trees and the department table', () => {
  it('answer a supplier only the departments of their data scope', async () => {
    const tree = await get(supplier, '/sys/sysDepart/queryTreeList');
    expect(tree.status).toBe(200);
    expect(tree.body.result).toEqual([expect.objectContaining({ orgCode: 'A01', isLeaf: true })]);
    expect(tree.body.result[0].children).toBeUndefined();

    const full = (await get(admin, '/sys/sysDepart/queryTreeList')).body.result;
    const branch = full[0].children.find((d: { orgCode: string }) => d.orgCode === 'A01A01');
    expect(branch).toBeDefined();

    for (const url of [
      '/sys/sysDepart/companyTreeList',
      '/sys/sysDepart/queryIdTree',
      '/sys/sysDepart/queryDepartTreeSync',
      `/sys/sysDepart/queryTreeListByDataCode?${qs({ dataCode: 'A01' })}`,
    ]) {
      const res = await get(supplier, url);
      expect(res.raw, url).not.toContain(branch.id);
      expect(res.raw, url).not.toContain('分公司');
    }
    expect((await get(supplier, `/sys/sysDepart/queryDepartTreeSync?${qs({ pid: full[0].id })}`)).body.result).toEqual(
      [],
    );
    expect((await get(supplier, `/sys/sysDepart/searchBy?${qs({ keyWord: '分公司' })}`)).body.result).toEqual([]);
    expect((await get(supplier, `/sys/sysDepart/queryById?${qs({ id: branch.id })}`)).status).toBe(404);
    expect((await get(admin, `/sys/sysDepart/queryById?${qs({ id: branch.id })}`)).status).toBe(200);

    const treeData = `/sys/dict/loadTreeData?${qs({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', pid: full[0].id })}`;
    expect((await get(supplier, treeData)).body.result).toEqual([]);
    expect((await get(admin, treeData)).body.result.length).toBeGreaterThan(1);
    const rows = await get(
      supplier,
      `/sys/dict/queryTableData?${qs({ table: 'sys_depart', columns: 'org_code', pageSize: '100' })}`,
    );
    expect(rows.body.result.records).toEqual([{ org_code: 'A01' }]);
    // Roles are the role list's: refused without its code.
    expect((await get(supplier, '/sys/dict/getDictItems/sys_role,role_name,role_code')).status).toBe(403);
    expect((await get(buyer, '/sys/dict/getDictItems/sys_role,role_name,role_code')).status).toBe(403);
  });
});

describe('the duplicate check', () => {
  it('refuses whoever lacks the add/edit code of the table’s module: no probing for usernames', async () => {
    const probe = (token: string, tableName: string, fieldName: string, fieldVal: string) =>
      get(token, `/sys/duplicate/check?${qs({ tableName, fieldName, fieldVal })}`);
    for (const token of [supplier, expert, buyer]) {
      for (const field of ['username', 'phone', 'email']) {
        const res = await probe(token, 'sys_user', field, field === 'username' ? 'admin' : '13800000000');
        expect(res.status, res.raw).toBe(403);
        expect(res.body.message).toBe('拒绝访问');
      }
      expect((await probe(token, 'sys_dict', 'dictCode', 'sex')).status).toBe(403);
    }
    expect((await probe(admin, 'sys_user', 'username', 'admin')).body).toMatchObject({ success: false });
    expect((await probe(admin, 'sys_user', 'username', uniqueCode('free'))).body).toMatchObject({ success: true });
    // Pairs outside the allow-list stay a 400, for everyone.
    expect((await probe(admin, 'sys_user', 'passwordHash', 'x')).status).toBe(400);
  });
});

describe('shared state changed by anyone signed in (issue 12 §4)', () => {
  it('fillRule/executeRuleByCode: a supplier or expert cannot advance a numbering sequence', async () => {
    // A rule of this test's own, so that no other test's numbers move its sequence.
    const ruleCode = uniqueCode('exp_');
    const rule = (
      await call(admin, 'POST', '/sys/fillRule/add', { ruleCode, ruleName: '探测', pattern: `E\${seq:3}` })
    ).json().result;
    const taken = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM sys_fill_rule_seq WHERE rule_code = ${ruleCode}`,
        )
      ).rows[0]?.n;
    try {
      for (const token of [supplier, expert]) {
        for (const code of [ruleCode, 'purchase_code']) {
          const res = await get(token, `/sys/fillRule/executeRuleByCode/${code}`);
          expect(res.status, res.raw).toBe(403);
        }
      }
      expect(await taken()).toBe(0);
      expect((await get(admin, `/sys/fillRule/executeRuleByCode/${ruleCode}`)).body.result).toBe('E001');
      expect(await taken()).toBe(1);
    } finally {
      await call(admin, 'DELETE', `/sys/fillRule/delete?id=${rule.id}`);
    }
  });

  it('visitInfo needs the log list code', async () => {
    for (const token of [supplier, expert, buyer]) {
      expect((await get(token, '/sys/visitInfo?days=7')).status).toBe(403);
    }
    expect((await get(admin, '/sys/visitInfo?days=7')).body.success).toBe(true);
  });

  it('refleshCache drops the shared dictionary cache only for dictionary administrators', async () => {
    const [dict] = await t.db.select({ id: sysDict.id, code: sysDict.dictCode }).from(sysDict).limit(1);
    if (!dict) throw new Error('no dictionary seeded');
    const value = uniqueCode('v');
    const items = async (token: string) =>
      (await get(token, '/sys/dict/queryAllDictItems')).body.result[dict.code] as { value: string }[];
    await items(admin); // the shared cache holds the dictionaries now
    // A row written behind the cache's back (as a migration or another tool would): only a refresh shows it.
    await t.db.insert(sysDictItem).values({ dictId: dict.id, itemText: '缓存探测', itemValue: value });
    try {
      for (const token of [supplier, expert]) {
        const res = await get(token, '/sys/dict/refleshCache');
        expect(res.body).toMatchObject({ success: true, message: '刷新缓存完成！' });
        expect((await items(token)).map((i) => i.value)).not.toContain(value);
      }
      expect((await get(admin, '/sys/dict/refleshCache')).body.success).toBe(true);
      expect((await items(supplier)).map((i) => i.value)).toContain(value);
    } finally {
      await t.db.execute(sql`DELETE FROM sys_dict_item WHERE item_value = ${value}`);
    }
  });
});
