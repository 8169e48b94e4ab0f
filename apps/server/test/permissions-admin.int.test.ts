import type { MenuNode, PermissionNode, PermissionTreeNode } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUserRole } from '../src/modules/platform/system/tables.ts';
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
const get = async (token: string, url: string) => (await call(token, 'GET', url)).json();
const flat = <T extends { children?: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
let seq = 0;
const stamp = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

async function addMenu(body: object) {
  const res = await call(admin, 'POST', '/sys/permission/add', body);
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as PermissionNode;
}

/** A role of its own with the given permissions, and a user holding only it. */
async function userWith(permissionIds: string[]) {
  const role = await call(admin, 'POST', '/sys/role/add', { roleName: '菜单测试', roleCode: `m_${stamp()}` });
  const roleId = role.json().result.id as string;
  await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: permissionIds.join(',') });
  const user = await t.createUser();
  await t.db.insert(sysUserRole).values({ userId: user.id, roleId });
  return { roleId, token: await t.login(user.username) };
}

describe('menu tree reads', () => {
  it('list gives the full tree with every menu field', async () => {
    const tree = (await get(admin, '/sys/permission/list')).result as PermissionNode[];
    const all = flat(tree);
    const user = all.find((n) => n.url === '/system/user');
    expect(user).toMatchObject({
      title: '用户管理',
      menuType: 1,
      component: 'system/UserList',
      componentName: 'UserList',
      keepAlive: true,
      hidden: false,
      alwaysShow: false,
      internalOrExternal: false,
      iframe: false,
      status: '1',
    });
    expect(user?.children?.map((c) => c.perms)).toEqual(
      expect.arrayContaining(['system:user:add', 'system:user:frozen']),
    );
    expect(user?.children?.every((c) => c.menuType === 2)).toBe(true);
    const docs = all.find((n) => n.url === '/aps/docs');
    expect(docs).toMatchObject({ internalOrExternal: true, iframe: true });
  });

  it('getSystemMenuList, getSystemSubmenu, getSystemSubmenuBatch and queryTreeList', async () => {
    const top = (await get(admin, '/sys/permission/getSystemMenuList')).result as PermissionNode[];
    expect(top.map((n) => n.title)).toEqual(expect.arrayContaining(['首页', '系统管理', '采购管理']));
    expect(top.every((n) => n.children === undefined)).toBe(true);
    const system = seedId('menu:/system');
    const sub = (await get(admin, `/sys/permission/getSystemSubmenu?parentId=${system}`)).result as PermissionNode[];
    expect(sub[0]).toMatchObject({ title: '用户管理', leaf: false });
    const purchase = seedId('menu:/purchase');
    const batch = (await get(admin, `/sys/permission/getSystemSubmenuBatch?parentIds=${system},${purchase}`)).result;
    expect(Object.keys(batch).sort()).toEqual([system, purchase].sort());
    expect(batch[purchase].map((n: PermissionNode) => n.title)).toContain('采购记录');
    const auth = (await get(admin, '/sys/permission/queryTreeList')).result;
    const nodes = flat(auth.treeList as PermissionTreeNode[]);
    expect(auth.ids.length).toBe(nodes.length);
    expect(nodes.find((n) => n.perms === 'system:user:add')).toMatchObject({
      title: '新增',
      menuType: 2,
      isLeaf: true,
    });
  });

  it('answers 403 without the codes', async () => {
    const buyer = await t.login('buyer01');
    expect((await call(buyer, 'GET', '/sys/permission/list')).statusCode).toBe(403);
    expect((await call(buyer, 'GET', '/sys/permission/queryTreeList')).statusCode).toBe(403);
    const body = { name: '越权', menuType: 0, url: `/x${stamp()}`, component: 'x/Y' };
    expect((await call(buyer, 'POST', '/sys/permission/add', body)).statusCode).toBe(403);
  });
});

describe('menu writes', () => {
  it('validates by menu type with Chinese messages', async () => {
    const parent = seedId('menu:/system');
    const button = seedId('button:/system/user:system:user:add');
    const cases: [object, string][] = [
      [{ name: '', menuType: 0, url: '/a', component: 'a/B' }, '请输入菜单名称!'],
      [{ name: '甲', menuType: 5, url: '/a', component: 'a/B' }, '菜单类型只能是0（一级菜单）、1（子菜单）或2（按钮）'],
      [{ name: '甲', menuType: 0, component: 'a/B' }, '请输入菜单路径!'],
      [{ name: '甲', menuType: 0, url: 'a' }, '菜单路径须以/开头'],
      [{ name: '甲', menuType: 0, url: `/a${stamp()}` }, '请输入前端组件!'],
      [{ name: '甲', menuType: 1, url: `/a${stamp()}`, component: 'a/B' }, '请选择上级菜单!'],
      [{ name: '甲', menuType: 2, parentId: parent }, '请输入授权标识!'],
      [{ name: '甲', menuType: 2, perms: 'a:b' }, '请选择上级菜单!'],
      [{ name: '甲', menuType: 2, parentId: parent, perms: 'a b;drop' }, '授权标识只能包含'],
      [{ name: '甲', menuType: 1, parentId: parent, url: '/system/user', component: 'a/B' }, '菜单路径已存在'],
      [{ name: '甲', menuType: 2, parentId: button, perms: 'a:b' }, '按钮下不能再添加菜单或按钮'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin, 'POST', '/sys/permission/add', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('a change reaches the affected user at their next permission load', async () => {
    const s = stamp();
    const top = await addMenu({
      name: '测试菜单',
      menuType: 0,
      url: `/t${s}`,
      component: 'layouts/RouteView',
      sortNo: 99,
    });
    const page = await addMenu({
      name: '测试页面',
      menuType: 1,
      parentId: top.id,
      url: `/t${s}/page`,
      component: 'test/PageList',
      keepAlive: true,
      alwaysShow: true,
    });
    const btn = await addMenu({ name: '测试按钮', menuType: 2, parentId: page.id, perms: `test${s}:add` });
    expect(page.componentName).toBe('PageList');
    const { token } = await userWith([top.id, page.id, btn.id]);
    const load = async () => (await get(token, '/sys/permission/getUserPermissionByToken')).result;
    const first = await load();
    const node = flat(first.menu as MenuNode[]).find((m) => m.path === `/t${s}/page`);
    expect(node).toMatchObject({
      hidden: false,
      meta: { title: '测试页面', keepAlive: true, componentName: 'PageList' },
    });
    expect(first.auth.map((a: { action: string }) => a.action)).toEqual([`test${s}:add`]);

    const edited = await call(admin, 'PUT', '/sys/permission/edit', {
      id: page.id,
      name: '改名页面',
      menuType: 1,
      parentId: top.id,
      url: `/t${s}/page`,
      component: 'test/PageList',
      componentName: 'RenamedPage',
      hidden: true,
    });
    expect(edited.json().success).toBe(true);
    // Read right after the write, well within the 5 s cache: the write forgot the cache.
    const second = await load();
    const changed = flat(second.menu as MenuNode[]).find((m) => m.path === `/t${s}/page`);
    expect(changed).toMatchObject({ hidden: true, meta: { title: '改名页面', componentName: 'RenamedPage' } });
    expect(flat(second.menu as MenuNode[]).find((m) => m.path === `/t${s}`)?.hidden).toBe(true);

    // A disabled button grants nothing.
    await call(admin, 'PUT', '/sys/permission/edit', {
      id: btn.id,
      name: '测试按钮',
      menuType: 2,
      parentId: page.id,
      perms: `test${s}:add`,
      status: '0',
    });
    expect((await load()).auth).toEqual([]);

    const deleted = await call(admin, 'DELETE', `/sys/permission/delete?id=${top.id}`);
    expect(deleted.json()).toMatchObject({ success: true, result: 3 });
    const third = await call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(third.statusCode).toBe(403); // nothing left: the empty-menu refusal
  });

  it('stores the external and iframe flags and refuses a parent below itself', async () => {
    const s = stamp();
    const frame = await addMenu({ name: '内嵌页', menuType: 0, url: `https://example.com/${s}`, iframe: true });
    expect(frame).toMatchObject({ component: 'layouts/IframePageView', iframe: true, internalOrExternal: false });
    const out = await addMenu({
      name: '外链',
      menuType: 0,
      url: `https://example.org/${s}`,
      component: 'layouts/IframePageView',
      internalOrExternal: true,
    });
    expect(out).toMatchObject({ internalOrExternal: true });
    const child = await addMenu({ name: '子', menuType: 1, parentId: frame.id, url: `/f${s}`, component: 'a/B' });
    const loop = await call(admin, 'PUT', '/sys/permission/edit', {
      id: frame.id,
      name: '内嵌页',
      menuType: 1,
      parentId: child.id,
      url: `https://example.com/${s}`,
      iframe: true,
    });
    expect(loop.json().message).toBe('上级菜单不能是自己或自己的下级');
    const batch = await call(admin, 'DELETE', `/sys/permission/deleteBatch?ids=${frame.id},${out.id}`);
    expect(batch.json()).toMatchObject({ success: true, result: 3 });
  });
});

describe('data rules per permission', () => {
  const record = seedId('menu:/purchase/record');

  it('stores, lists, filters, edits and deletes rules, validating the column allow-list', async () => {
    const add = (body: object) => call(admin, 'POST', '/sys/permission/addPermissionRule', body);
    const ok = await add({
      permissionId: record,
      ruleName: '只看本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true, result: { ruleName: '只看本部门', status: '1' } });
    const id = ok.json().result.id as string;

    const column = await add({
      permissionId: record,
      ruleName: 'x',
      ruleColumn: 'password_hash',
      ruleConditions: '=',
      ruleValue: '1',
    });
    expect(column.statusCode).toBe(400);
    expect(column.json().message).toContain('字段 password_hash 不在该菜单允许的数据规则字段中');
    const numberLike = await add({
      permissionId: record,
      ruleName: 'x',
      ruleColumn: 'purchaseStage',
      ruleConditions: 'LIKE',
      ruleValue: '1',
    });
    expect(numberLike.json().message).toBe('字段 purchaseStage 是数值，不能使用模糊匹配');
    const unknownVar = await add({
      permissionId: record,
      ruleName: 'x',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_password}',
    });
    expect(unknownVar.json().message).toContain('#{sys_user_code}');
    const badCondition = await add({
      permissionId: record,
      ruleName: 'x',
      ruleColumn: 'createBy',
      ruleConditions: 'SQL',
      ruleValue: '1',
    });
    expect(badCondition.json().message).toBe('条件规则不受支持');
    const missing = await add({ permissionId: record, ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '1' });
    expect(missing.json().message).toContain('请输入规则名称!');
    const otherMenu = await add({
      permissionId: seedId('menu:/system/user'),
      ruleName: 'x',
      ruleColumn: 'sysOrgCode',
      ruleConditions: '=',
      ruleValue: 'A01',
    });
    expect(otherMenu.json().message).toContain('该菜单不支持数据规则');

    await add({
      permissionId: record,
      ruleName: '阶段大于5',
      ruleColumn: 'purchaseStage',
      ruleConditions: '>',
      ruleValue: '5',
    });
    const list = (await get(admin, `/sys/permission/getPermRuleListByPermId?permissionId=${record}`)).result;
    expect(list.map((r: { ruleName: string }) => r.ruleName)).toEqual(
      expect.arrayContaining(['只看本部门', '阶段大于5']),
    );
    const filtered = (await get(admin, `/sys/permission/queryPermissionRule?permissionId=${record}&ruleName=阶段`))
      .result;
    expect(filtered.map((r: { ruleName: string }) => r.ruleName)).toEqual(['阶段大于5']);
    const tree = flat((await get(admin, '/sys/permission/queryTreeList')).result.treeList as PermissionTreeNode[]);
    expect(tree.find((n) => n.key === record)?.ruleFlag).toBe(true);

    const edited = await call(admin, 'PUT', '/sys/permission/editPermissionRule', {
      id,
      permissionId: record,
      ruleName: '只看本部门（停用）',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
      status: '0',
    });
    expect(edited.json().result).toMatchObject({ status: '0', ruleName: '只看本部门（停用）' });
    expect((await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).json().success).toBe(true);
    expect((await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).statusCode).toBe(404);
  });

  it('a role chooses among a menu’s rules (GET/POST /sys/role/datarule)', async () => {
    const rule = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: record,
      ruleName: `类别规则${stamp()}`,
      ruleColumn: 'purchaseCategory',
      ruleConditions: 'IN',
      ruleValue: '1,2',
    });
    const ruleId = rule.json().result.id as string;
    const role = await call(admin, 'POST', '/sys/role/add', { roleName: '规则测试', roleCode: `dr_${stamp()}` });
    const roleId = role.json().result.id as string;
    const save = await call(admin, 'POST', '/sys/role/datarule', { roleId, permissionId: record, dataRuleIds: ruleId });
    expect(save.json().success).toBe(true);
    const got = (await get(admin, `/sys/role/datarule?roleId=${roleId}&permissionId=${record}`)).result;
    expect(got.drChecked).toEqual([ruleId]);
    expect(got.datarule.map((r: { id: string }) => r.id)).toContain(ruleId);
    const foreign = await call(admin, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: seedId('menu:/system/user'),
      dataRuleIds: ruleId,
    });
    expect(foreign.json().message).toBe('所选数据规则不属于该菜单');
    await call(admin, 'POST', '/sys/role/datarule', { roleId, permissionId: record, dataRuleIds: '' });
    expect((await get(admin, `/sys/role/datarule?roleId=${roleId}&permissionId=${record}`)).result.drChecked).toEqual(
      [],
    );
    await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${ruleId}`);
  });

  it('answers 403 without system:permission:dataRule', async () => {
    const buyer = await t.login('buyer01');
    const res = await call(buyer, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: record,
      ruleName: 'x',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: 'x',
    });
    expect(res.statusCode).toBe(403);
  });
});
