import type { DepartTreeNode, MenuNode } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUserDepart } from '../src/modules/platform/system/tables.ts';
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
const get = async (token: string, url: string, tenant = '1') =>
  (await call(token, 'GET', url, undefined, tenant)).json();

async function addDepart(departName: string, parentId: string | null, orgCategory = '3') {
  const res = await call(admin, 'POST', '/sys/sysDepart/add', { departName, parentId, orgCategory });
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as DepartTreeNode;
}
const flatten = (nodes: DepartTreeNode[]): DepartTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const codes = (nodes: DepartTreeNode[]) => flatten(nodes).map((n) => n.orgCode);

describe('/sys/sysDepart CRUD', () => {
  it('generates hierarchical org codes and answers the §3 node shape', async () => {
    const branch = await addDepart('测试分公司', seedId('depart:A01'), '2');
    expect(branch.orgCode).toMatch(/^A01[A-Z]\d{2}$/);
    expect(branch).toMatchObject({ key: branch.id, title: '测试分公司', parentId: seedId('depart:A01'), isLeaf: true });
    const a = await addDepart('测试项目一', branch.id);
    const b = await addDepart('测试项目二', branch.id);
    expect(a.orgCode).toBe(`${branch.orgCode}A01`);
    expect(b.orgCode).toBe(`${branch.orgCode}A02`);
    const root = await addDepart('测试独立集团', null, '1');
    expect(root.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(['A01', 'B01']).not.toContain(root.orgCode);
    const edited = await call(admin, 'PUT', '/sys/sysDepart/edit', {
      id: a.id,
      departName: '测试项目一（改）',
      departNameAbbr: '项目一',
      orgCategory: '3',
    });
    expect(edited.json().result).toMatchObject({
      title: '测试项目一（改）',
      departNameAbbr: '项目一',
      orgCode: a.orgCode,
    });
  });

  it('generates distinct codes under parallel adds', async () => {
    const parent = await addDepart('并发父部门', seedId('depart:A01'), '2');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(admin, 'POST', '/sys/sysDepart/add', { departName: `并发${i}`, parentId: parent.id }),
      ),
    );
    const made = results.map((r) => r.json().result.orgCode as string);
    expect(new Set(made).size).toBe(8);
  });

  it('validates and refuses deleting a department with children or users', async () => {
    const empty = await call(admin, 'POST', '/sys/sysDepart/add', { departName: '' });
    expect(empty.json().message).toContain('请输入机构名称!');
    const badCategory = await call(admin, 'POST', '/sys/sysDepart/add', { departName: '甲', orgCategory: '7' });
    expect(badCategory.json().message).toContain('机构类型只能是');
    const withChildren = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${seedId('depart:A01A01')}`);
    expect(withChildren.json()).toMatchObject({ success: false, message: '该部门下存在子部门，请先删除子部门' });
    const withUsers = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${seedId('depart:A01A01A01')}`);
    expect(withUsers.json()).toMatchObject({
      success: false,
      message: '该部门下存在用户，请先移除或调整这些用户的部门',
    });
    const parent = await addDepart('待删父部门', seedId('depart:A01'));
    const child = await addDepart('待删子部门', parent.id);
    // Parent and child together: allowed, nothing is left behind.
    const batch = await call(admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${parent.id},${child.id}`);
    expect(batch.json()).toMatchObject({ success: true, result: 2 });
    const tree = await get(admin, '/sys/sysDepart/queryTreeList');
    expect(flatten(tree.result).map((n) => n.id)).not.toContain(parent.id);
  });

  it('answers 403 without the codes and keeps tenants apart', async () => {
    const buyer = await t.login('buyer01');
    expect((await call(buyer, 'POST', '/sys/sysDepart/add', { departName: '越权' })).statusCode).toBe(403);
    expect((await call(buyer, 'DELETE', `/sys/sysDepart/delete?id=${seedId('depart:A01A02A01')}`)).statusCode).toBe(
      403,
    );
    const yh = await t.login('yhadmin');
    const tree = await get(yh, '/sys/sysDepart/queryTreeList', '2');
    expect(codes(tree.result).every((c) => c.startsWith('B01'))).toBe(true);
    const cross = await call(yh, 'PUT', '/sys/sysDepart/edit', { id: seedId('depart:A01'), departName: '篡改' }, '2');
    expect(cross.statusCode).toBe(404);
    const under = await call(
      yh,
      'POST',
      '/sys/sysDepart/add',
      { departName: 'x', parentId: seedId('depart:A01') },
      '2',
    );
    expect(under.json().message).toBe('上级部门不存在');
  });
});

describe('tree variants', () => {
  it('queryTreeList, companyTreeList, queryIdTree, queryTreeListByDataCode', async () => {
    const full = (await get(admin, '/sys/sysDepart/queryTreeList')).result as DepartTreeNode[];
    expect(full[0]).toMatchObject({ orgCode: 'A01', title: '华信建设集团有限公司', isLeaf: false });
    expect(codes(full)).toEqual(expect.arrayContaining(['A01', 'A01A01', 'A01A01A01', 'A01A02A01']));
    const some = (await get(admin, `/sys/sysDepart/queryTreeList?ids=${seedId('depart:A01A02')}`)).result;
    expect(codes(some)).toEqual(['A01A02', 'A01A02A01']);
    const companies = codes((await get(admin, '/sys/sysDepart/companyTreeList')).result);
    expect(companies).toEqual(expect.arrayContaining(['A01', 'A01A01', 'A01A02']));
    expect(companies).not.toContain('A01A01A01');
    const ids = (await get(admin, '/sys/sysDepart/queryIdTree')).result;
    expect(Object.keys(ids[0]).sort()).toEqual(['children', 'id', 'isLeaf', 'key', 'title', 'value']);
    const byCode = codes((await get(admin, '/sys/sysDepart/queryTreeListByDataCode?dataCode=A01A01')).result);
    expect(byCode.sort()).toEqual(['A01A01', 'A01A01A01', 'A01A01A02']);
    expect((await call(admin, 'GET', '/sys/sysDepart/queryTreeListByDataCode?dataCode=a;drop')).statusCode).toBe(400);
  });

  it('queryDepartTreeSync loads one level at a time', async () => {
    const roots = (await get(admin, '/sys/sysDepart/queryDepartTreeSync')).result;
    expect(roots.map((n: DepartTreeNode) => n.orgCode)).toContain('A01');
    expect(roots.find((n: DepartTreeNode) => n.orgCode === 'A01').isLeaf).toBe(false);
    expect(roots[0].children).toBeUndefined();
    const kids = (await get(admin, `/sys/sysDepart/queryDepartTreeSync?pid=${seedId('depart:A01A01')}`)).result;
    expect(kids.map((n: DepartTreeNode) => n.orgCode)).toEqual(['A01A01A01', 'A01A01A02']);
    expect(kids.every((n: DepartTreeNode) => n.isLeaf)).toBe(true);
  });

  it('searchBy finds by name; nothing found says so', async () => {
    const hit = await get(admin, '/sys/sysDepart/searchBy?keyWord=管廊');
    expect(hit.result.map((n: DepartTreeNode) => n.orgCode)).toEqual(['A01A01A01']);
    const none = await get(admin, '/sys/sysDepart/searchBy?keyWord=不存在的部门名');
    expect(none).toMatchObject({ success: true, result: [], message: '没有查询到任何数据' });
    const project = await t.login('project01');
    const mine = await get(project, '/sys/sysDepart/searchBy?keyWord=项目&myDeptSearch=1');
    expect(mine.result.map((n: DepartTreeNode) => n.orgCode)).toEqual(['A01A01A01']);
  });

  it('the user-based trees follow the user’s departments', async () => {
    const branch = await t.login('branch01');
    const my = codes((await get(branch, '/sys/sysDepart/queryMyDeptTreeList')).result).sort();
    expect(my).toEqual(['A01A01', 'A01A01A01', 'A01A01A02', 'A01A02', 'A01A02A01']);
    const project01 = seedId('user:project01');
    const byUser = (await get(admin, `/sys/sysDepart/queryTreeListByUser?userId=${project01}`)).result;
    // The path down from the root to the user's department.
    expect(codes(byUser)).toEqual(['A01', 'A01A01', 'A01A01A01']);
    const other = codes((await get(admin, `/sys/sysDepart/queryMyDeptTreeListByUser?userId=${project01}`)).result);
    expect(other).toEqual(['A01A01A01']);
  });

  it('the account-book trees follow the caller’s data scope', async () => {
    const project = await t.login('project01'); // data scope 3: own department only
    expect(codes((await get(project, '/sys/sysDepart/queryTreeListForAccountBook')).result)).toEqual(['A01A01A01']);
    expect((await get(project, '/sys/sysDepart/companyTreeListForAccountBook')).result).toEqual([]);
    const branch = await t.login('branch01'); // data scope 2: with children
    const tree = codes((await get(branch, '/sys/sysDepart/queryTreeListForAccountBook')).result);
    expect(tree.sort()).toEqual(['A01A01', 'A01A01A01', 'A01A01A02', 'A01A02', 'A01A02A01']);
    expect(codes((await get(branch, '/sys/sysDepart/companyTreeListForAccountBook')).result).sort()).toEqual([
      'A01A01',
      'A01A02',
    ]);
    const all = codes((await get(admin, '/sys/sysDepart/queryTreeListForAccountBook')).result);
    expect(all).toContain('A01');
  });
});

describe('department permissions and department roles', () => {
  const paths = (menu: MenuNode[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

  it('a department role gives its users menus within the department’s grant', async () => {
    const depart = await addDepart('部门角色测试部', seedId('depart:A01'));
    const contract = seedId('menu:/contract/list');
    const contractAdd = seedId('button:/contract/list:contract:add');
    const supervision = seedId('menu:/supervision/monitor');
    const savedDepart = await call(admin, 'POST', '/sys/permission/saveDepartPermission', {
      departId: depart.id,
      permissionIds: `${contract},${contractAdd}`,
    });
    expect(savedDepart.json().success).toBe(true);
    expect((await get(admin, `/sys/permission/queryDepartPermission?departId=${depart.id}`)).result.sort()).toEqual(
      [seedId('menu:/contract'), contract, contractAdd].sort(),
    );
    const tree = (await get(admin, `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${depart.id}`)).result;
    expect(tree.treeList).toHaveLength(1);
    expect(tree.treeList[0]).toMatchObject({ title: '合同结算', isLeaf: false });
    expect(tree.ids).toHaveLength(3);

    const role = await call(admin, 'POST', '/sys/sysDepartRole/add', {
      departId: depart.id,
      roleName: '合同专员',
      roleCode: 'contract_clerk',
    });
    expect(role.json(), role.body).toMatchObject({ success: true });
    const roleId = role.json().result.id as string;
    expect(
      (await get(admin, `/sys/sysDepartRole/list?deptId=${depart.id}`)).result.map((r: { id: string }) => r.id),
    ).toEqual([roleId]);
    const beyond = await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: `${contract},${supervision}`,
    });
    expect(beyond.json()).toMatchObject({ success: false, message: '所选权限超出部门可授予的权限范围' });
    const ok = await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: [seedId('menu:/contract'), contract, contractAdd].join(','),
    });
    expect(ok.json().success).toBe(true);
    expect((await get(admin, `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).result).toHaveLength(
      3,
    );

    const user = await t.createUser({ roles: ['expert'] });
    await t.db.insert(sysUserDepart).values({ userId: user.id, depId: depart.id });
    const assign = await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: user.id,
      departId: depart.id,
      roleIds: [roleId],
    });
    expect(assign.json().success).toBe(true);
    expect(
      (await get(admin, `/sys/sysDepartRole/getDeptRoleByUserId?userId=${user.id}&departId=${depart.id}`)).result,
    ).toEqual([roleId]);
    const token = await t.login(user.username);
    const perms = (await get(token, '/sys/permission/getUserPermissionByToken')).result;
    expect(paths(perms.menu)).toEqual(expect.arrayContaining(['/contract', '/contract/list', '/review']));
    expect(perms.auth.map((a: { action: string }) => a.action)).toContain('contract:add');

    // Taking the menu back from the department takes it from the department role too.
    await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: depart.id, permissionIds: '' });
    expect((await get(admin, `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).result).toEqual([]);
    const after = (await get(token, '/sys/permission/getUserPermissionByToken')).result;
    expect(paths(after.menu)).not.toContain('/contract/list');
  });

  it('validates department roles: code per department, members only', async () => {
    const depart = await addDepart('部门角色校验部', seedId('depart:A01'));
    const add = (body: object) => call(admin, 'POST', '/sys/sysDepartRole/add', { departId: depart.id, ...body });
    expect((await add({ roleName: '', roleCode: 'a' })).json().message).toContain('请输入部门角色名称!');
    expect((await add({ roleName: '甲', roleCode: '1a' })).json().message).toContain('角色编码只能以字母开头');
    const first = await add({ roleName: '组长', roleCode: 'leader' });
    expect(first.json().success).toBe(true);
    expect((await add({ roleName: '组长二', roleCode: 'leader' })).json().message).toBe('该部门下角色编码已存在');
    const outsider = await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: seedId('user:buyer01'),
      departId: depart.id,
      roleIds: [first.json().result.id],
    });
    expect(outsider.json().message).toBe('该用户不属于此部门');
    const removed = await call(admin, 'DELETE', `/sys/sysDepartRole/deleteBatch?ids=${first.json().result.id}`);
    expect(removed.json()).toMatchObject({ success: true, result: 1 });
  });

  it('answers 403 without system:depart:role / authorize', async () => {
    const buyer = await t.login('buyer01');
    const id = seedId('depart:A01');
    expect(
      (await call(buyer, 'GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${id}`)).statusCode,
    ).toBe(403);
    expect((await call(buyer, 'GET', `/sys/permission/queryDepartPermission?departId=${id}`)).statusCode).toBe(403);
  });
});
