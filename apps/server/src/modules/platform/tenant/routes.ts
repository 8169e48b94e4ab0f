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
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import type { Services } from '../../../services.ts';

const P = PERMISSIONS.tenant;

/** Tenant administration (/sys/tenant/*). Tenants are platform-wide: hold system:tenant:* only as a platform administrator. */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { tenants } = services;

  crudRoutes(app, services.dicts, {
    base: '/sys/tenant',
    name: '租户',
    list: {
      access: P.list,
      query: tenantListQuerySchema,
      run: (_request, query) => tenants.list(query),
      dictText: { status: TENANT_STATUS_LABELS },
    },
    byId: { access: P.list, query: tenantIdQuerySchema, run: (_request, id) => tenants.byId(Number(id)) },
    exportXls: {
      access: P.list,
      file: { name: '租户.xlsx', ascii: 'tenants.xlsx', sheet: '租户' },
      columns: [
        { header: '租户编号', width: 10, value: (r) => r.id },
        { header: '租户名称', width: 30, value: (r) => r.name },
        { header: '状态', width: 8, value: (r) => TENANT_STATUS_LABELS[r.status] ?? String(r.status) },
        { header: '用户数', width: 8, value: (r) => r.userCount },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: { access: P.edit, body: tenantAddSchema, run: (_request, body) => tenants.add(body) },
    edit: { access: P.edit, body: tenantEditSchema, run: (_request, body) => tenants.edit(body) },
    remove: {
      access: P.edit,
      idQuery: tenantIdQuerySchema,
      idsQuery: tenantIdsQuerySchema,
      summary: '删除租户（有用户或数据时拒绝）',
      // The tenant the caller works in cannot be deleted from under them.
      run: (request, ids) => tenants.remove(ids.map(Number), tenantOf(request)),
    },
  });
};
