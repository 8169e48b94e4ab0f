import {
  GATEWAY_STATUS_LABELS,
  gatewayRouteAddSchema,
  gatewayRouteEditSchema,
  gatewayRouteListQuerySchema,
  idQuerySchema,
  idsQuerySchema,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../core/dict-text.ts';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const TAGS = ['网关路由'];
const P = PERMISSIONS.gateway;

/** Gateway routes (/sys/gatewayRoute/*): configuration CRUD, validated on save. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { gateway } = services;

  app.get(
    '/sys/gatewayRoute/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '网关路由分页列表', querystring: gatewayRouteListQuerySchema },
    },
    async (request) =>
      ok(await pageWithDictText(services.dicts, await gateway.list(request.query), { status: GATEWAY_STATUS_LABELS })),
  );

  app.get(
    '/sys/gatewayRoute/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '网关路由详情', querystring: idQuerySchema } },
    async (request) => ok(await gateway.byId(request.query.id)),
  );

  app.get(
    '/sys/gatewayRoute/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出网关路由 (.xlsx)',
        querystring: gatewayRouteListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await gateway.list({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '网关路由.xlsx', ascii: 'gateway-routes.xlsx', sheet: '网关路由' },
        [
          { header: '路由ID', width: 20, value: (r) => r.routerId },
          { header: '路由名称', width: 20, value: (r) => r.name },
          { header: 'URI', width: 30, value: (r) => r.uri },
          { header: '断言', width: 40, wrap: true, value: (r) => JSON.stringify(r.predicates) },
          { header: '过滤器', width: 40, wrap: true, value: (r) => JSON.stringify(r.filters) },
          { header: '排序', width: 8, value: (r) => r.sortOrder },
          { header: '状态', width: 8, value: (r) => GATEWAY_STATUS_LABELS[r.status === 1 ? 1 : 0] },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/gatewayRoute/add',
    {
      config: { access: P.edit, audit: '新增网关路由' },
      schema: { tags: TAGS, summary: '新增网关路由', body: gatewayRouteAddSchema },
    },
    async (request) => ok(await gateway.add(actorOf(request).username, request.body), '添加成功！'),
  );

  app.put(
    '/sys/gatewayRoute/edit',
    {
      config: { access: P.edit, audit: '编辑网关路由' },
      schema: { tags: TAGS, summary: '编辑网关路由', body: gatewayRouteEditSchema },
    },
    async (request) => ok(await gateway.edit(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/gatewayRoute/delete',
    {
      config: { access: P.edit, audit: '删除网关路由' },
      schema: { tags: TAGS, summary: '删除网关路由', querystring: idQuerySchema },
    },
    async (request) => ok(await gateway.remove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/gatewayRoute/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除网关路由' },
      schema: { tags: TAGS, summary: '批量删除网关路由', querystring: idsQuerySchema },
    },
    async (request) => ok(await gateway.remove(request.query.ids), '删除成功!'),
  );
};
