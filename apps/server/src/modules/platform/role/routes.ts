import {
  checkRoleCodeSchema,
  PERMISSIONS,
  ROLE_MESSAGES,
  roleAddSchema,
  roleDataRuleQuerySchema,
  roleDataRuleSaveSchema,
  roleEditSchema,
  roleListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../../core/crud-routes.ts';
import { fail, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

const TAGS = ['角色'];

export const roleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { roles, permissionAdmin } = services;
  const P = PERMISSIONS.role;
  const tenantOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).tenantId;

  crudRoutes(app, services.dicts, {
    base: '/sys/role',
    name: '角色',
    list: { access: P.list, query: roleListQuerySchema, run: (request, query) => roles.list(tenantOf(request), query) },
    byId: { access: P.list, run: (request, id) => roles.byId(tenantOf(request), String(id)) },
    add: { access: P.add, body: roleAddSchema, run: (request, body) => roles.add(tenantOf(request), body) },
    edit: { access: P.edit, body: roleEditSchema, run: (request, body) => roles.edit(tenantOf(request), body) },
    remove: { access: P.delete, run: (request, ids) => roles.remove(tenantOf(request), ids.map(String)) },
  });

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
