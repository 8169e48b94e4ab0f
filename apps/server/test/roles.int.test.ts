import type { MenuNode } from '@aps/shared';
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
const call = (token: string, method: Method, url: string, payload?: object, tenant = '1') =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': tenant },
    ...(payload ? { payload } : {}),
  });
let seq = 0;
const code = () => `r_${Date.now().toString(36)}${(seq++).toString(36)}`;

async function addRole(over: object = {}, token = admin, tenant = '1') {
  const res = await call(token, 'POST', '/sys/role/add', { roleName: '测试角色', roleCode: code(), ...over }, tenant);
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as { id: string; roleCode: string; roleName: string; dataScope: string };
}

describe('/sys/role CRUD', () => {
  it('validates with Chinese messages', async () => {
    const cases: [object, string][] = [
      [{ roleName: '', roleCode: 'abc' }, '请输入角色名称!'],
      [{ roleName: '甲', roleCode: 'abc' }, '长度在 2 到 30 个字符'],
      [{ roleName: '角色', roleCode: '' }, '请输入角色编码!'],
      [{ roleName: '角色', roleCode: '1abc' }, '角色编码只能以字母开头，由字母、数字、下划线组成'],
      [
        { roleName: '角色', roleCode: 'abc', dataScope: '9' },
        '数据范围只能是1（全部）、2（本部门及下级）或3（仅本部门）',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin, 'POST', '/sys/role/add', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('counts the live users of each role (用户数), the seeded ones included', async () => {
    const page = (await call(admin, 'GET', '/sys/role/list?pageSize=100')).json().result;
    const buyerRole = page.records.find((r: { roleCode: string }) => r.roleCode === 'buyer');
    const [{ n }] = (
      await t.pool.query(
        `SELECT count(*)::int AS n FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id AND u.del_flag = 0
          WHERE ur.role_id = $1`,
        [buyerRole.id],
      )
    ).rows;
    expect(n).toBeGreaterThan(0);
    expect(buyerRole.userCount).toBe(n);
    const role = await addRole({ roleName: '计数角色' });
    const user = await t.createUser();
    await t.pool.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [user.id, role.id]);
    const counted = (await call(admin, 'GET', '/sys/role/list?roleName=计数角色')).json().result.records[0];
    expect(counted.userCount).toBe(1);
  });

  it('adds, lists with search, edits the data scope, checks the code, deletes', async () => {
    const role = await addRole({ roleName: '检索角色甲', description: '说明' });
    expect(role.dataScope).toBe('3');
    const dup = await call(admin, 'POST', '/sys/role/add', { roleName: '重复', roleCode: role.roleCode });
    expect(dup.json()).toMatchObject({ success: false, message: '角色编码已存在' });
    const list = (await call(admin, 'GET', '/sys/role/list?roleName=检索角色甲')).json().result;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([role.id]);
    expect(list.records[0]).toMatchObject({ description: '说明', userCount: 0 });
    const byCode = (await call(admin, 'GET', `/sys/role/checkRoleCode?roleCode=${role.roleCode}`)).json();
    expect(byCode).toMatchObject({ success: false, message: '角色编码已存在' });
    const self = (await call(admin, 'GET', `/sys/role/checkRoleCode?roleCode=${role.roleCode}&id=${role.id}`)).json();
    expect(self.success).toBe(true);
    const edited = await call(admin, 'PUT', '/sys/role/edit', {
      id: role.id,
      roleName: '检索角色乙',
      roleCode: role.roleCode,
      dataScope: '2',
    });
    expect(edited.json().result).toMatchObject({ roleName: '检索角色乙', dataScope: '2' });
    const all = (await call(admin, 'GET', '/sys/role/queryall')).json().result;
    expect(all.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'buyer']));
    const tree = (await call(admin, 'GET', '/sys/role/queryTreeList')).json().result;
    expect(tree.find((n: { key: string }) => n.key === role.id)).toMatchObject({ title: '检索角色乙', isLeaf: true });
    expect((await call(admin, 'DELETE', `/sys/role/delete?id=${role.id}`)).json().success).toBe(true);
    expect((await call(admin, 'GET', '/sys/role/list?roleName=检索角色')).json().result.total).toBe(0);
  });

  it('parallel adds of one code: one wins, the others get the uniqueness message (never a 500)', async () => {
    const roleCode = code();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(admin, 'POST', '/sys/role/add', { roleName: '并发角色', roleCode })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('角色编码已存在');
    }
  });

  it('pages with a sort allow-list and deletes a batch', async () => {
    const name = `分页${Date.now().toString(36)}`;
    const a = await addRole({ roleName: `${name}A` });
    const b = await addRole({ roleName: `${name}B` });
    const page = (await call(admin, 'GET', `/sys/role/list?pageSize=10&roleName=${name}`)).json().result;
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    const byName = (await call(admin, 'GET', `/sys/role/list?roleName=${name}&column=roleName&order=asc`)).json();
    expect(byName.result.records.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect((await call(admin, 'GET', '/sys/role/list?column=tenant_id')).json().message).toBe('不支持按该字段排序');
    const res = await call(admin, 'DELETE', `/sys/role/deleteBatch?ids=${a.id},${b.id}`);
    expect(res.json()).toMatchObject({ success: true, result: 2 });
  });

  it('answers 403 without the codes and keeps tenants apart', async () => {
    const buyer = await t.login('buyer01');
    expect((await call(buyer, 'GET', '/sys/role/list')).statusCode).toBe(403);
    expect((await call(buyer, 'POST', '/sys/role/add', { roleName: '越权', roleCode: code() })).statusCode).toBe(403);
    const yh = await t.login('yhadmin');
    const two = (await call(yh, 'GET', '/sys/role/queryall', undefined, '2')).json().result;
    // Tenant 2's own roles only (its administrators and the approvers of its default processes, issue 13).
    expect(two.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual([
      'admin',
      'group_leader',
      'purchase_manager',
    ]);
    const buyerRole = seedId('role:1:buyer');
    expect((await call(yh, 'DELETE', `/sys/role/delete?id=${buyerRole}`, undefined, '2')).statusCode).toBe(404);
    expect(
      (await call(yh, 'GET', `/sys/permission/queryRolePermission?roleId=${buyerRole}`, undefined, '2')).statusCode,
    ).toBe(404);
    // The same code may exist in two tenants.
    expect(
      (await call(yh, 'POST', '/sys/role/add', { roleName: '采购经办', roleCode: 'buyer' }, '2')).json().success,
    ).toBe(true);
  });
});

describe('a role with a chosen menu subset (the issue’s acceptance, through the API)', () => {
  const paths = (menu: MenuNode[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

  it('its user sees exactly that subset; removing the button code hides it and the server refuses', async () => {
    const role = await addRole({ roleName: '采购查询员', dataScope: '1' });
    const record = seedId('menu:/purchase/record');
    const listButton = seedId('button:/purchase/record:purchase:record:list');
    const faq = seedId('menu:/qa/questionsAndAnswers');
    // Only the leaf menu and the button are ticked: the server adds the 采购管理 parent itself.
    const saved = await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: [record, listButton, faq].join(','),
      lastpermissionIds: '',
    });
    expect(saved.json().success).toBe(true);
    const granted = (await call(admin, 'GET', `/sys/permission/queryRolePermission?roleId=${role.id}`)).json().result;
    expect(new Set(granted)).toEqual(new Set([seedId('menu:/purchase'), record, listButton, faq]));

    const depart = await call(admin, 'POST', '/sys/sysDepart/add', {
      parentId: seedId('depart:A01'),
      departName: '验收测试部',
    });
    expect(depart.json().success).toBe(true);
    const username = `acc_${Date.now().toString(36)}`;
    const user = await call(admin, 'POST', '/sys/user/add', {
      username,
      realname: '验收用户',
      phone: `137${String(Date.now()).slice(-8)}`,
      password: 'Accept123',
      confirmpassword: 'Accept123',
      roleIds: [role.id],
      departIds: [depart.json().result.id],
    });
    expect(user.json(), user.body).toMatchObject({ success: true });

    const token = await t.login(username, 'Accept123');
    const perms = (await call(token, 'GET', '/sys/permission/getUserPermissionByToken')).json().result;
    expect(paths(perms.menu).sort()).toEqual(['/purchase', '/purchase/record', '/qa/questionsAndAnswers']);
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(['purchase:record:list']);
    expect((await call(token, 'GET', '/purchase/purchaseRecord/list')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/sys/user/list')).statusCode).toBe(403);

    await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: [record, faq].join(','),
      lastpermissionIds: granted.join(','),
    });
    const after = (await call(token, 'GET', '/sys/permission/getUserPermissionByToken')).json().result;
    expect(after.auth).toEqual([]);
    expect(paths(after.menu).sort()).toEqual(['/purchase', '/purchase/record', '/qa/questionsAndAnswers']);
    const refused = await call(token, 'GET', '/purchase/purchaseRecord/list');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('拒绝访问');
  });

  it('refuses unknown permission ids and a role of another tenant', async () => {
    const role = await addRole();
    const unknown = await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json()).toMatchObject({ success: false, message: '所选权限中有不存在的菜单或按钮' });
    const other = await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: seedId('role:2:admin'),
      permissionIds: '',
    });
    expect(other.statusCode).toBe(404);
    const buyer = await t.login('buyer01');
    const denied = await call(buyer, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: '',
    });
    expect(denied.statusCode).toBe(403);
  });
});
