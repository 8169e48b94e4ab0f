import { PERMISSIONS, reportCodeParamSchema, reportDataQuerySchema } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { sessionOf } from '../auth/guard.ts';

/** Online reports (§7): the columns, the query form and pages of data of a report defined in the database. */
export const reportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['在线报表'];
  const access = PERMISSIONS.report.view;

  app.get(
    '/online/cgreport/api/getRpColumns/:code',
    { config: { access }, schema: { tags, summary: '报表列与字典', params: reportCodeParamSchema } },
    async (request) => ok(await services.reports.columns(sessionOf(request).tenantId, request.params.code)),
  );

  app.get(
    '/online/cgreport/api/getQueryInfo/:code',
    { config: { access }, schema: { tags, summary: '报表查询条件', params: reportCodeParamSchema } },
    async (request) => ok(await services.reports.queryInfo(sessionOf(request).tenantId, request.params.code)),
  );

  app.get(
    '/online/cgreport/api/getData/:code',
    {
      config: { access },
      schema: { tags, summary: '报表分页数据', params: reportCodeParamSchema, querystring: reportDataQuerySchema },
    },
    async (request) => {
      const { userId, tenantId, username, orgCode } = sessionOf(request);
      const scope = await services.permissions.dataScope(userId, tenantId);
      return ok(
        await services.reports.data({ tenantId, username, orgCode, scope }, request.params.code, request.query),
      );
    },
  );
};
