import {
  PERMISSIONS,
  TENANT_STATUS_LABELS,
  tenantAddSchema,
  tenantEditSchema,
  tenantIdQuerySchema,
  tenantIdsQuerySchema,
  tenantListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../core/dict-text.ts';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const TAGS = ['租户'];
const P = PERMISSIONS.tenant;

/** Tenant administration (/sys/tenant/*). Tenants are platform-wide: hold system:tenant:* only as a platform administrator. */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { tenants } = services;

  app.get(
    '/sys/tenant/list',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '租户分页列表', querystring: tenantListQuerySchema } },
    async (request) =>
      ok(await pageWithDictText(services.dicts, await tenants.list(request.query), { status: TENANT_STATUS_LABELS })),
  );

  app.get(
    '/sys/tenant/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '租户详情', querystring: tenantIdQuerySchema } },
    async (request) => ok(await tenants.byId(request.query.id)),
  );

  app.get(
    '/sys/tenant/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出租户 (.xlsx)',
        querystring: tenantListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await tenants.list({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '租户.xlsx', ascii: 'tenants.xlsx', sheet: '租户' },
        [
          { header: '租户编号', width: 10, value: (r) => r.id },
          { header: '租户名称', width: 30, value: (r) => r.name },
          { header: '状态', width: 8, value: (r) => TENANT_STATUS_LABELS[r.status] ?? String(r.status) },
          { header: '用户数', width: 8, value: (r) => r.userCount },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/tenant/add',
    {
      config: { access: P.edit, audit: '新增租户' },
      schema: { tags: TAGS, summary: '新增租户', body: tenantAddSchema },
    },
    async (request) => ok(await tenants.add(request.body), '添加成功！'),
  );

  app.put(
    '/sys/tenant/edit',
    {
      config: { access: P.edit, audit: '编辑租户' },
      schema: { tags: TAGS, summary: '编辑租户', body: tenantEditSchema },
    },
    async (request) => ok(await tenants.edit(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/tenant/delete',
    {
      config: { access: P.edit, audit: '删除租户' },
      schema: { tags: TAGS, summary: '删除租户（有用户或数据时拒绝）', querystring: tenantIdQuerySchema },
    },
    async (request) => ok(await tenants.remove([request.query.id], actorOf(request).tenantId), '删除成功!'),
  );

  app.delete(
    '/sys/tenant/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除租户' },
      schema: { tags: TAGS, summary: '批量删除租户', querystring: tenantIdsQuerySchema },
    },
    async (request) => ok(await tenants.remove(request.query.ids, actorOf(request).tenantId), '删除成功!'),
  );
};
