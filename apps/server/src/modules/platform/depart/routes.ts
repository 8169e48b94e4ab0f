import {
  DEPART_MESSAGES,
  departAddSchema,
  departByDataCodeQuerySchema,
  departByUserQuerySchema,
  departEditSchema,
  departIdQuerySchema,
  departSearchQuerySchema,
  departTreeQuerySchema,
  departTreeSyncQuerySchema,
  deptRoleAddSchema,
  deptRoleByUserQuerySchema,
  deptRoleEditSchema,
  deptRoleListQuerySchema,
  deptRoleUserSchema,
  idQuerySchema,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
  roleIdQuerySchema,
  saveDeptRolePermissionSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import { departScopeOf } from '../../../core/shared-tables.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import type { DataScope } from '../permission/data-scope.ts';

const TAGS = ['部门'];

/**
 * Department trees are read by every signed-in user of the tenant (department pickers in business forms), but
 * each answers only the departments the caller may pick (issue 12 §4): the whole tenant for system:depart:list,
 * else those of the caller's data scope (core/shared-tables.ts departScopeOf; a supplier sees their own).
 * Changing departments, their grants and their roles needs the system:depart:* codes.
 */
export const departRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { departs } = services;
  const D = PERMISSIONS.depart;
  /** The session and the departments the caller may see. */
  const viewOf = async (request: FastifyRequest) => {
    const s = sessionOf(request);
    return { s, visible: await departScopeOf(services.callers(request)) };
  };
  const tree = (
    url: string,
    summary: string,
    load: (tenantId: number, userId: string, visible: DataScope) => Promise<unknown>,
  ) =>
    app.get(url, { config: { access: LOGIN }, schema: { tags: TAGS, summary } }, async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await load(s.tenantId, s.userId, visible));
    });

  app.get(
    '/sys/sysDepart/queryTreeList',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '部门树（全部，或 ids 指定的子树）', querystring: departTreeQuerySchema },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await departs.tree(s.tenantId, request.query.ids, visible));
    },
  );
  tree('/sys/sysDepart/companyTreeList', '公司树（仅集团与公司）', (t, _u, v) => departs.companyTree(t, v));
  tree('/sys/sysDepart/queryIdTree', '部门树（仅 id/key/value/title）', (t, _u, v) => departs.idTree(t, v));
  tree('/sys/sysDepart/queryMyDeptTreeList', '我的部门及其下级', (t, u, v) => departs.myTree(t, u, v));
  tree('/sys/sysDepart/queryTreeListForAccountBook', '数据范围内的部门树', async (t, u) =>
    departs.scopeTree(t, await services.permissions.dataScope(u, t), false),
  );
  tree('/sys/sysDepart/companyTreeListForAccountBook', '数据范围内的公司树', async (t, u) =>
    departs.scopeTree(t, await services.permissions.dataScope(u, t), true),
  );

  app.get(
    '/sys/sysDepart/queryTreeListByUser',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '用户所在部门（含下级与到根的路径）', querystring: departByUserQuerySchema },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await departs.userTree(s.tenantId, request.query.userId ?? s.userId, visible));
    },
  );

  app.get(
    '/sys/sysDepart/queryMyDeptTreeListByUser',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '指定用户的部门及其下级', querystring: departByUserQuerySchema },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await departs.myTree(s.tenantId, request.query.userId ?? s.userId, visible));
    },
  );

  app.get(
    '/sys/sysDepart/queryTreeListByDataCode',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '某机构编码下的子树', querystring: departByDataCodeQuerySchema },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await departs.dataCodeTree(s.tenantId, request.query.dataCode, visible));
    },
  );

  app.get(
    '/sys/sysDepart/queryDepartTreeSync',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '逐级加载：pid 的直接下级（无 pid 为根）',
        querystring: departTreeSyncQuerySchema,
      },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      const only = request.query.onlyCompany === 'true' || request.query.onlyCompany === '1';
      return ok(await departs.children(s.tenantId, request.query.pid, only, visible));
    },
  );

  app.get(
    '/sys/sysDepart/searchBy',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '按名称搜索部门', querystring: departSearchQuerySchema },
    },
    async (request) => {
      const { s, visible } = await viewOf(request);
      const list = await departs.search(
        s.tenantId,
        request.query.keyWord ?? '',
        request.query.myDeptSearch === '1' ? s.userId : undefined,
        visible,
      );
      return ok(list, list.length ? '查询成功' : DEPART_MESSAGES.noMatch);
    },
  );

  app.get(
    '/sys/sysDepart/queryById',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '部门详情', querystring: idQuerySchema } },
    async (request) => {
      const { s, visible } = await viewOf(request);
      return ok(await departs.byId(s.tenantId, request.query.id, visible));
    },
  );

  app.post(
    '/sys/sysDepart/add',
    {
      config: { access: D.add, audit: '新增部门' },
      schema: { tags: TAGS, summary: '新增部门（生成机构编码）', body: departAddSchema },
    },
    async (request) => ok(await departs.add(sessionOf(request).tenantId, request.body), '添加成功！'),
  );

  app.put(
    '/sys/sysDepart/edit',
    {
      config: { access: D.edit, audit: '编辑部门' },
      schema: { tags: TAGS, summary: '编辑部门', body: departEditSchema },
    },
    async (request) => ok(await departs.edit(sessionOf(request).tenantId, request.body), '编辑成功！'),
  );

  app.delete(
    '/sys/sysDepart/delete',
    {
      config: { access: D.delete, audit: '删除部门' },
      schema: { tags: TAGS, summary: '删除部门（有下级或用户时拒绝）', querystring: idQuerySchema },
    },
    async (request) => ok(await departs.remove(sessionOf(request).tenantId, [request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/sysDepart/deleteBatch',
    {
      config: { access: D.delete, audit: '批量删除部门' },
      schema: { tags: TAGS, summary: '批量删除部门', querystring: idsQuerySchema },
    },
    async (request) => ok(await departs.remove(sessionOf(request).tenantId, request.query.ids), '删除成功!'),
  );

  // ── Department roles ─────────────────────────────────────────────────────────────────────────
  app.get(
    '/sys/sysDepartRole/list',
    {
      config: { access: D.role },
      schema: { tags: TAGS, summary: '部门角色列表', querystring: deptRoleListQuerySchema },
    },
    async (request) =>
      ok(await departs.roles(sessionOf(request).tenantId, request.query.deptId, request.query.roleName)),
  );

  app.post(
    '/sys/sysDepartRole/add',
    {
      config: { access: D.role, audit: '新增部门角色' },
      schema: { tags: TAGS, summary: '新增部门角色', body: deptRoleAddSchema },
    },
    async (request) => ok(await departs.addRole(sessionOf(request).tenantId, request.body), '添加成功！'),
  );

  app.put(
    '/sys/sysDepartRole/edit',
    {
      config: { access: D.role, audit: '编辑部门角色' },
      schema: { tags: TAGS, summary: '编辑部门角色', body: deptRoleEditSchema },
    },
    async (request) => ok(await departs.editRole(sessionOf(request).tenantId, request.body), '编辑成功！'),
  );

  app.delete(
    '/sys/sysDepartRole/delete',
    {
      config: { access: D.role, audit: '删除部门角色' },
      schema: { tags: TAGS, summary: '删除部门角色', querystring: idQuerySchema },
    },
    async (request) => ok(await departs.removeRoles(sessionOf(request).tenantId, [request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/sysDepartRole/deleteBatch',
    {
      config: { access: D.role, audit: '批量删除部门角色' },
      schema: { tags: TAGS, summary: '批量删除部门角色', querystring: idsQuerySchema },
    },
    async (request) => ok(await departs.removeRoles(sessionOf(request).tenantId, request.query.ids), '删除成功!'),
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { access: D.role, audit: '设置用户的部门角色' },
      schema: { tags: TAGS, summary: '设置用户在某部门的部门角色（整体替换）', body: deptRoleUserSchema },
    },
    async (request) => {
      const { userId, departId, roleIds } = request.body;
      await departs.setUserRoles(sessionOf(request).tenantId, userId, departId, roleIds);
      return ok(null, '保存成功！');
    },
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    {
      config: { access: D.role },
      schema: { tags: TAGS, summary: '用户在某部门的部门角色id', querystring: deptRoleByUserQuerySchema },
    },
    async (request) =>
      ok(await departs.userRoleIds(sessionOf(request).tenantId, request.query.userId, request.query.departId)),
  );

  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    {
      config: { access: D.role },
      schema: { tags: TAGS, summary: '部门可授予部门角色的菜单按钮树', querystring: departIdQuerySchema },
    },
    async (request) => ok(await departs.roleTree(sessionOf(request).tenantId, request.query.departId)),
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    {
      config: { access: D.role },
      schema: { tags: TAGS, summary: '部门角色已授权的菜单按钮id', querystring: roleIdQuerySchema },
    },
    async (request) => ok(await departs.rolePermissionIds(sessionOf(request).tenantId, request.query.roleId)),
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      config: { access: D.role, audit: '保存部门角色授权' },
      schema: {
        tags: TAGS,
        summary: '保存部门角色授权（整体替换，须在部门权限内）',
        body: saveDeptRolePermissionSchema,
      },
    },
    async (request) => {
      const { roleId, permissionIds } = request.body;
      await departs.saveRolePermissions(sessionOf(request).tenantId, roleId, permissionIds);
      return ok(null, '保存成功！');
    },
  );
};
