import {
  GATEWAY_STATUS_LABELS,
  gatewayRouteAddSchema,
  gatewayRouteEditSchema,
  gatewayRouteListQuerySchema,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../../core/crud-routes.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../dict/kit.ts';

const P = PERMISSIONS.gateway;

/** Gateway routes (/sys/gatewayRoute/*): configuration CRUD, validated on save. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { gateway } = services;

  crudRoutes(app, services.dicts, {
    base: '/sys/gatewayRoute',
    name: '网关路由',
    list: {
      access: P.list,
      query: gatewayRouteListQuerySchema,
      run: (_request, query) => gateway.list(query),
      dictText: { status: GATEWAY_STATUS_LABELS },
    },
    byId: { access: P.list, run: (_request, id) => gateway.byId(String(id)) },
    exportXls: {
      access: P.list,
      file: { name: '网关路由.xlsx', ascii: 'gateway-routes.xlsx', sheet: '网关路由' },
      columns: [
        { header: '路由ID', width: 20, value: (r) => r.routerId },
        { header: '路由名称', width: 20, value: (r) => r.name },
        { header: 'URI', width: 30, value: (r) => r.uri },
        { header: '断言', width: 40, wrap: true, value: (r) => JSON.stringify(r.predicates) },
        { header: '过滤器', width: 40, wrap: true, value: (r) => JSON.stringify(r.filters) },
        { header: '排序', width: 8, value: (r) => r.sortOrder },
        { header: '状态', width: 8, value: (r) => GATEWAY_STATUS_LABELS[r.status === 1 ? 1 : 0] },
      ],
    },
    add: {
      access: P.edit,
      body: gatewayRouteAddSchema,
      run: (request, body) => gateway.add(actorOf(request).username, body),
    },
    edit: { access: P.edit, body: gatewayRouteEditSchema, run: (_request, body) => gateway.edit(body) },
    remove: { access: P.edit, run: (_request, ids) => gateway.remove(ids.map(String)) },
  });
};
