import {
  dataRuleAddSchema,
  dataRuleEditSchema,
  departIdQuerySchema,
  idQuerySchema,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
  permissionAddSchema,
  permissionEditSchema,
  permissionSubmenuBatchQuerySchema,
  permissionSubmenuQuerySchema,
  permRuleListQuerySchema,
  queryPermissionRuleSchema,
  roleIdQuerySchema,
  saveDepartPermissionSchema,
  saveRolePermissionSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

const TAGS = ['菜单权限'];

export const permissionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const admin = services.permissionAdmin;
  const P = PERMISSIONS.permission;

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '当前用户的菜单与按钮权限' } },
    async (request) => {
      const s = sessionOf(request);
      return ok(await services.permissions.userPermissions(s.userId, s.tenantId));
    },
  );

  app.get(
    '/sys/permission/list',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '全部菜单与按钮（树）' } },
    async () => ok(await admin.tree()),
  );

  app.get(
    '/sys/permission/getSystemMenuList',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '一级菜单列表' } },
    async () => ok(await admin.topMenus()),
  );

  app.get(
    '/sys/permission/getSystemSubmenu',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '下级菜单与按钮', querystring: permissionSubmenuQuerySchema },
    },
    async (request) => ok(await admin.submenus(request.query.parentId)),
  );

  app.get(
    '/sys/permission/getSystemSubmenuBatch',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '批量查询下级菜单（按上级id分组）',
        querystring: permissionSubmenuBatchQuerySchema,
      },
    },
    async (request) => ok(await admin.submenusBatch(request.query.parentIds)),
  );

  app.post(
    '/sys/permission/add',
    {
      config: { access: P.add, audit: '新增菜单' },
      schema: { tags: TAGS, summary: '新增菜单或按钮', body: permissionAddSchema },
    },
    async (request) => ok(await admin.add(request.body), '添加成功！'),
  );

  app.put(
    '/sys/permission/edit',
    {
      config: { access: P.edit, audit: '编辑菜单' },
      schema: { tags: TAGS, summary: '编辑菜单或按钮', body: permissionEditSchema },
    },
    async (request) => ok(await admin.edit(request.body), '编辑成功！'),
  );

  app.delete(
    '/sys/permission/delete',
    {
      config: { access: P.delete, audit: '删除菜单' },
      schema: { tags: TAGS, summary: '删除菜单（连同其下级）', querystring: idQuerySchema },
    },
    async (request) => ok(await admin.remove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/permission/deleteBatch',
    {
      config: { access: P.delete, audit: '批量删除菜单' },
      schema: { tags: TAGS, summary: '批量删除菜单', querystring: idsQuerySchema },
    },
    async (request) => ok(await admin.remove(request.query.ids), '删除成功!'),
  );

  // ── Role authorisation ───────────────────────────────────────────────────────────────────────
  app.get(
    '/sys/permission/queryTreeList',
    { config: { access: PERMISSIONS.role.authorize }, schema: { tags: TAGS, summary: '授权用的菜单按钮树与全部id' } },
    async () => ok(await admin.authTree()),
  );

  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: { access: PERMISSIONS.role.authorize },
      schema: { tags: TAGS, summary: '角色已授权的菜单按钮id', querystring: roleIdQuerySchema },
    },
    async (request) => ok(await admin.rolePermissionIds(sessionOf(request).tenantId, request.query.roleId)),
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { access: PERMISSIONS.role.authorize, audit: '保存角色授权' },
      schema: { tags: TAGS, summary: '保存角色授权（整体替换）', body: saveRolePermissionSchema },
    },
    async (request) => {
      const { roleId, permissionIds } = request.body;
      return ok(await admin.saveRolePermissions(sessionOf(request).tenantId, roleId, permissionIds), '保存成功！');
    },
  );

  // ── Department authorisation ─────────────────────────────────────────────────────────────────
  app.get(
    '/sys/permission/queryDepartPermission',
    {
      config: { access: PERMISSIONS.depart.authorize },
      schema: { tags: TAGS, summary: '部门可授予的菜单按钮id', querystring: departIdQuerySchema },
    },
    async (request) => ok(await admin.departPermissionIds(sessionOf(request).tenantId, request.query.departId)),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: { access: PERMISSIONS.depart.authorize, audit: '保存部门授权' },
      schema: { tags: TAGS, summary: '保存部门授权（整体替换）', body: saveDepartPermissionSchema },
    },
    async (request) => {
      const { departId, permissionIds } = request.body;
      return ok(await admin.saveDepartPermissions(sessionOf(request).tenantId, departId, permissionIds), '保存成功！');
    },
  );

  // ── Data rules ───────────────────────────────────────────────────────────────────────────────
  app.get(
    '/sys/permission/getPermRuleListByPermId',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '菜单的数据规则', querystring: permRuleListQuerySchema },
    },
    async (request) => ok(await admin.rules(request.query.permissionId)),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '按条件查询菜单的数据规则', querystring: queryPermissionRuleSchema },
    },
    async (request) => {
      const { permissionId, ...filter } = request.query;
      return ok(await admin.rules(permissionId, filter));
    },
  );

  app.post(
    '/sys/permission/addPermissionRule',
    {
      config: { access: P.dataRule, audit: '新增数据规则' },
      schema: { tags: TAGS, summary: '新增数据规则', body: dataRuleAddSchema },
    },
    async (request) => ok(await admin.addRule(request.body, sessionOf(request).username), '添加成功！'),
  );

  app.put(
    '/sys/permission/editPermissionRule',
    {
      config: { access: P.dataRule, audit: '编辑数据规则' },
      schema: { tags: TAGS, summary: '编辑数据规则', body: dataRuleEditSchema },
    },
    async (request) => ok(await admin.editRule(request.body), '编辑成功！'),
  );

  app.delete(
    '/sys/permission/deletePermissionRule',
    {
      config: { access: P.dataRule, audit: '删除数据规则' },
      schema: { tags: TAGS, summary: '删除数据规则', querystring: idQuerySchema },
    },
    async (request) => {
      await admin.removeRule(request.query.id);
      return ok(null, '删除成功!');
    },
  );
};
