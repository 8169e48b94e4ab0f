import {
  checkRoleCodeSchema,
  idQuerySchema,
  idsQuerySchema,
  PERMISSIONS,
  ROLE_MESSAGES,
  roleAddSchema,
  roleDataRuleQuerySchema,
  roleDataRuleSaveSchema,
  roleEditSchema,
  roleListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail, ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { sessionOf } from '../auth/guard.ts';

const TAGS = ['角色'];

export const roleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { roles, permissionAdmin } = services;
  const P = PERMISSIONS.role;
  const tenantOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).tenantId;

  app.get(
    '/sys/role/list',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '角色分页列表', querystring: roleListQuerySchema } },
    async (request) => ok(await roles.list(tenantOf(request), request.query)),
  );

  app.get(
    '/sys/role/queryall',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '本租户全部角色' } },
    async (request) => ok(await roles.all(tenantOf(request))),
  );

  app.get(
    '/sys/role/queryTreeList',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '角色（树选择节点）' } },
    async (request) => ok(await roles.tree(tenantOf(request))),
  );

  app.get(
    '/sys/role/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '角色详情', querystring: idQuerySchema } },
    async (request) => ok(await roles.byId(tenantOf(request), request.query.id)),
  );

  app.get(
    '/sys/role/checkRoleCode',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '角色编码唯一性校验', querystring: checkRoleCodeSchema },
    },
    async (request, reply) => {
      const { roleCode, id } = request.query;
      if (await roles.codeAvailable(tenantOf(request), roleCode, id)) return ok(true, '该值可用！');
      // A taken code is an answer, not an error: 200 with success false, as the duplicate check of §5 expects.
      return reply.send(fail(200, ROLE_MESSAGES.codeTaken, false));
    },
  );

  app.post(
    '/sys/role/add',
    { config: { access: P.add, audit: '新增角色' }, schema: { tags: TAGS, summary: '新增角色', body: roleAddSchema } },
    async (request) => ok(await roles.add(tenantOf(request), request.body), '添加成功！'),
  );

  app.put(
    '/sys/role/edit',
    {
      config: { access: P.edit, audit: '编辑角色' },
      schema: { tags: TAGS, summary: '编辑角色（含数据范围）', body: roleEditSchema },
    },
    async (request) => ok(await roles.edit(tenantOf(request), request.body), '编辑成功！'),
  );

  app.delete(
    '/sys/role/delete',
    {
      config: { access: P.delete, audit: '删除角色' },
      schema: { tags: TAGS, summary: '删除角色', querystring: idQuerySchema },
    },
    async (request) => ok(await roles.remove(tenantOf(request), [request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/role/deleteBatch',
    {
      config: { access: P.delete, audit: '批量删除角色' },
      schema: { tags: TAGS, summary: '批量删除角色', querystring: idsQuerySchema },
    },
    async (request) => ok(await roles.remove(tenantOf(request), request.query.ids), '删除成功!'),
  );

  app.get(
    '/sys/role/datarule',
    {
      config: { access: P.authorize },
      schema: { tags: TAGS, summary: '角色在某菜单上可选与已选的数据规则', querystring: roleDataRuleQuerySchema },
    },
    async (request) => {
      const { roleId, permissionId } = request.query;
      return ok(await permissionAdmin.roleRules(tenantOf(request), roleId, permissionId));
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: { access: P.authorize, audit: '保存角色数据规则' },
      schema: { tags: TAGS, summary: '保存角色在某菜单上的数据规则', body: roleDataRuleSaveSchema },
    },
    async (request) => {
      const { roleId, permissionId, dataRuleIds } = request.body;
      await permissionAdmin.saveRoleRules(tenantOf(request), roleId, permissionId, dataRuleIds);
      return ok(null, '保存成功！');
    },
  );
};
