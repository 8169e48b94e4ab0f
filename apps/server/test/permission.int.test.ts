import type { MenuNode } from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysRolePermission, sysUserRole } from '../src/modules/platform/system/tables.ts';
import { seedId } from '../src/seed/ids.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function permissionsOf(token: string) {
  const res = await t.app.inject({
    url: '/aps/sys/permission/getUserPermissionByToken',
    headers: { 'x-access-token': token },
  });
  return { status: res.statusCode, body: res.json() };
}
const titles = (menu: MenuNode[]) => menu.map((m) => m.meta.title);
const find = (menu: MenuNode[], path: string): MenuNode | undefined => {
  for (const m of menu) {
    if (m.path === path) return m;
    const hit = m.children && find(m.children, path);
    if (hit) return hit;
  }
  return undefined;
};

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives menu, auth and allAuth in the shape §3 describes', async () => {
    const { status, body } = await permissionsOf(await t.login('admin', TEST_ADMIN_PASSWORD));
    expect(status).toBe(200);
    const user = find(body.result.menu, '/system/user');
    expect(user).toMatchObject({
      path: '/system/user',
      name: 'system-user',
      component: 'system/UserList',
      hidden: false,
      alwaysShow: false,
      meta: { title: '用户管理', keepAlive: true, internalOrExternal: false, componentName: 'UserList' },
    });
    expect(user?.meta.permissionList).toContainEqual({
      action: 'system:user:add',
      type: '1',
      describe: '新增',
      status: '1',
    });
    expect(body.result.auth).toContainEqual({ action: 'qa:edit', type: '1', describe: '问答维护', status: '1' });
    expect(body.result.allAuth.length).toBeGreaterThanOrEqual(body.result.auth.length);
    const docs = find(body.result.menu, '/aps/docs');
    expect(docs?.meta).toMatchObject({ internalOrExternal: true, url: '/aps/docs' });
  });

  it('differs per role as seeded: buyer vs supplier vs admin', async () => {
    const admin = (await permissionsOf(await t.login('admin', TEST_ADMIN_PASSWORD))).body.result;
    const buyer = (await permissionsOf(await t.login('buyer01'))).body.result;
    const supplier = (await permissionsOf(await t.login('supplier01'))).body.result;
    expect(titles(admin.menu)).toEqual(expect.arrayContaining(['系统管理', '采购管理', '专家评审', '常见问题']));
    expect(titles(buyer.menu)).toEqual(expect.arrayContaining(['采购管理', '供应商管理', '合同结算', '常见问题']));
    expect(titles(buyer.menu)).not.toContain('系统管理');
    expect(titles(supplier.menu)).not.toContain('系统管理');
    // The supplier's first entry is the announcement tabs (§1: userEnd 3), under 采购管理 alone.
    const purchase = supplier.menu.find((m: MenuNode) => m.path === '/purchase');
    expect(purchase?.children?.map((c: MenuNode) => c.path)).toEqual([
      '/purchaseannouncement/PurchaseAnnouncementTabs',
      '/purchaseannouncement/MyBids',
    ]);
    // 我的投标 is the supplier's: staff granted the whole 采购管理 do not get it.
    expect(
      buyer.menu.find((m: MenuNode) => m.path === '/purchase')?.children?.map((c: MenuNode) => c.path),
    ).not.toContain('/purchaseannouncement/MyBids');
    // Buttons: buyers may not edit the FAQ; admins may.
    const codes = (r: { auth: { action: string }[] }) => r.auth.map((a) => a.action);
    expect(codes(admin)).toContain('qa:edit');
    expect(codes(buyer)).not.toContain('qa:edit');
    expect(codes(buyer)).toContain('purchase:record:list');
  });

  it('hides a parent whose children are all hidden', async () => {
    const { body } = await permissionsOf(await t.login('buyer01'));
    const account = find(body.result.menu, '/account');
    expect(account?.children?.every((c) => c.hidden)).toBe(true);
    expect(account?.hidden).toBe(true);
    const purchase = find(body.result.menu, '/purchase');
    expect(purchase?.hidden).toBe(false);
  });

  it('fails when the user has no menu', async () => {
    const user = await t.createUser({ roles: [] });
    const { status, body } = await permissionsOf(await t.login(user.username));
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 403 });
    expect(body.message).toContain('菜单');
  });

  it('follows a role change at the next load, and the server refuses a removed code', async () => {
    // A role of its own so the seeded roles stay untouched for the other tests.
    const roleId = seedId(`role:it-${Date.now()}`);
    await t.db
      .insert(t.sysRole)
      .values({ id: roleId, tenantId: 1, roleCode: `it_${Date.now()}`, roleName: '测试角色' });
    const listMenu = seedId('menu:/purchase/record');
    const listButton = seedId('button:/purchase/record:purchase:record:list');
    await t.db.insert(sysRolePermission).values([
      { roleId, permissionId: seedId('menu:/purchase') },
      { roleId, permissionId: listMenu },
      { roleId, permissionId: listButton },
    ]);
    const user = await t.createUser();
    await t.db.insert(sysUserRole).values({ userId: user.id, roleId });
    const token = await t.login(user.username);
    const list = () =>
      t.app.inject({ url: '/aps/purchase/purchaseRecord/list?pageSize=1', headers: { 'x-access-token': token } });
    expect((await list()).statusCode).toBe(200);
    await t.db
      .delete(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, listButton)));
    t.services.permissions.invalidate();
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 403, message: '拒绝访问' });
    const menu = (await permissionsOf(token)).body.result;
    expect(menu.auth.map((a: { action: string }) => a.action)).not.toContain('purchase:record:list');
  });
});
