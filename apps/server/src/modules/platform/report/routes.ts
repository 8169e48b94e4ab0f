import {
  LOGIN,
  PERMISSIONS,
  PUBLIC,
  REPORT_SSO,
  reportCodeParamSchema,
  reportDataQuerySchema,
  reportSsoVerifyQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
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

  // §7 GET /sys/reportSso: the report entry's URL (who may follow it is decided inside: userEnd 1).
  app.get(
    REPORT_SSO.api,
    { config: { access: LOGIN }, schema: { tags, summary: '报表入口单点登录地址' } },
    async (request) => ok(await services.reportSso.link(sessionOf(request))),
  );

  // Called by the report system, not by a browser with a session: the ticket is the credential.
  app.get(
    REPORT_SSO.verifyApi,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: '校验报表单点登录票据', querystring: reportSsoVerifyQuerySchema },
    },
    async (request) => ok(await services.reportSso.verify(request.query.ticket)),
  );
};
