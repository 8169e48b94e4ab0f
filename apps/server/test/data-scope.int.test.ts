import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseRecord } from '../src/modules/procurement/purchase/tables.ts';
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
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': '1' },
    ...(payload ? { payload } : {}),
  });
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result;
}

/**
 * A department P with a child C and a sibling O, two purchase rows in each, a role limited to its own
 * department and a user of that role in P: what the user's purchase list shows follows the role.
 */
describe('data scope of business lists', () => {
  const stamp = `DS${Date.now().toString(36).toUpperCase()}`;
  let role: { id: string; roleCode: string };
  let token: string;
  const depart: Record<'P' | 'C' | 'O', { id: string; orgCode: string }> = {} as never;

  beforeAll(async () => {
    depart.P = await ok(
      await call(admin, 'POST', '/sys/sysDepart/add', {
        parentId: seedId('depart:A01'),
        departName: `范围P${stamp}`,
        orgCategory: '2',
      }),
    );
    depart.C = await ok(
      await call(admin, 'POST', '/sys/sysDepart/add', { parentId: depart.P.id, departName: `范围C${stamp}` }),
    );
    depart.O = await ok(
      await call(admin, 'POST', '/sys/sysDepart/add', { parentId: seedId('depart:A01'), departName: `范围O${stamp}` }),
    );
    const rows = (['P', 'C', 'O'] as const).flatMap((k) =>
      ['X1', 'X2'].map((category) => ({
        tenantId: 1,
        sysOrgCode: depart[k].orgCode,
        purchaseNo: `${stamp}-${k}-${category}`,
        purchaseCode: `${stamp}-${k}-${category}`,
        purchaseName: `数据范围测试${k}`,
        purchaseCategory: category,
        packageNo: '1',
        packageName: '第1包',
      })),
    );
    await t.db.insert(purchaseRecord).values(rows);
    role = await ok(
      await call(admin, 'POST', '/sys/role/add', {
        roleName: '范围测试',
        roleCode: `ds_${Date.now().toString(36)}`,
        dataScope: '3',
      }),
    );
    await ok(
      await call(admin, 'POST', '/sys/permission/saveRolePermission', {
        roleId: role.id,
        permissionIds: [seedId('menu:/purchase/record'), seedId('button:/purchase/record:purchase:record:list')].join(
          ',',
        ),
      }),
    );
    const username = `ds_${Date.now().toString(36)}`;
    await ok(
      await call(admin, 'POST', '/sys/user/add', {
        username,
        realname: '范围用户',
        phone: `135${String(Date.now()).slice(-8)}`,
        password: 'Scope1234',
        confirmpassword: 'Scope1234',
        roleIds: [role.id],
        departIds: [depart.P.id],
      }),
    );
    token = await t.login(username, 'Scope1234');
  });

  const seen = async () => {
    const res = await call(token, 'GET', `/purchase/purchaseRecord/list?purchaseCode=${stamp}&pageSize=50`);
    const records = (await ok(res)).records as { purchaseCode: string }[];
    return records.map((r) => r.purchaseCode.slice(stamp.length + 1)).sort();
  };
  const setScope = (dataScope: string) =>
    call(admin, 'PUT', '/sys/role/edit', {
      id: role.id,
      roleName: '范围测试',
      roleCode: role.roleCode,
      dataScope,
    }).then(ok);

  it('own department: another department’s rows (even a child’s) stay hidden', async () => {
    expect(await seen()).toEqual(['P-X1', 'P-X2']);
  });

  it('changing the role’s data scope through /sys/role/edit changes what the user sees at once', async () => {
    await setScope('2');
    expect(await seen()).toEqual(['C-X1', 'C-X2', 'P-X1', 'P-X2']);
    await setScope('1');
    expect(await seen()).toEqual(['C-X1', 'C-X2', 'O-X1', 'O-X2', 'P-X1', 'P-X2']);
    await setScope('3');
    expect(await seen()).toEqual(['P-X1', 'P-X2']);
  });

  it('a data rule chosen for the role narrows the list further; removing it lifts it', async () => {
    await setScope('2');
    const rule = await ok(
      await call(admin, 'POST', '/sys/permission/addPermissionRule', {
        permissionId: seedId('menu:/purchase/record'),
        ruleName: '只看X1类别',
        ruleColumn: 'purchaseCategory',
        ruleConditions: '=',
        ruleValue: 'X1',
      }),
    );
    await ok(
      await call(admin, 'POST', '/sys/role/datarule', {
        roleId: role.id,
        permissionId: seedId('menu:/purchase/record'),
        dataRuleIds: rule.id,
      }),
    );
    expect(await seen()).toEqual(['C-X1', 'P-X1']);
    // #{sys_org_code} is the user's current department: only P's own rows.
    const own = await ok(
      await call(admin, 'POST', '/sys/permission/addPermissionRule', {
        permissionId: seedId('menu:/purchase/record'),
        ruleName: '当前部门',
        ruleColumn: 'sysOrgCode',
        ruleConditions: '=',
        ruleValue: '#{sys_org_code}',
      }),
    );
    await ok(
      await call(admin, 'POST', '/sys/role/datarule', {
        roleId: role.id,
        permissionId: seedId('menu:/purchase/record'),
        dataRuleIds: `${rule.id},${own.id}`,
      }),
    );
    expect(await seen()).toEqual(['P-X1']);
    // A disabled rule applies nowhere.
    await ok(
      await call(admin, 'PUT', '/sys/permission/editPermissionRule', {
        id: own.id,
        permissionId: seedId('menu:/purchase/record'),
        ruleName: '当前部门',
        ruleColumn: 'sysOrgCode',
        ruleConditions: '=',
        ruleValue: '#{sys_org_code}',
        status: '0',
      }),
    );
    expect(await seen()).toEqual(['C-X1', 'P-X1']);
    await ok(await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`));
    await ok(await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${own.id}`));
    expect(await seen()).toEqual(['C-X1', 'C-X2', 'P-X1', 'P-X2']);
    await setScope('3');
  });

  it('the seeded roles keep working: a project buyer sees only their project', async () => {
    const project = await t.login('project01');
    const res = await call(project, 'GET', '/purchase/purchaseRecord/list?pageSize=50');
    const codes = new Set(((await ok(res)).records as { sysOrgCode: string }[]).map((r) => r.sysOrgCode));
    expect([...codes]).toEqual(['A01A01A01']);
  });
});
