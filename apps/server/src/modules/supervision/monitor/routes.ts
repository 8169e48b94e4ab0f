import {
  SUPERVISION_MONITOR_API as A,
  monitorSignalExportQuerySchema,
  monitorSignalListQuerySchema,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { sendXlsx } from '../../platform/excel/export.ts';

const TAG = '监控中心';
const P = PERMISSIONS.supervision;

/** 监控中心 (issue 17 §1): the dashboard, the risk signals list and its export, in the caller's tenant and scope. */
export const supervisionMonitorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { supervisionMonitor: monitor } = services;
  const actor = async (request: Parameters<typeof sessionOf>[0]) => {
    const s = sessionOf(request);
    return { tenantId: s.tenantId, scope: await services.permissions.dataScope(s.userId, s.tenantId) };
  };

  app.get(
    A.dashboard,
    {
      config: { access: P.monitorView },
      schema: { tags: [TAG], summary: '监控看板：各类风险信号数、阶段时长与标准、超期阶段、按月信号' },
    },
    async (request) => ok(await monitor.dashboard(await actor(request))),
  );
  app.get(
    A.signals,
    {
      config: { access: P.monitorView },
      schema: { tags: [TAG], summary: '风险信号分页列表', querystring: monitorSignalListQuerySchema },
    },
    async (request) => ok(await monitor.list(await actor(request), request.query)),
  );
  app.get(
    A.exportSignals,
    {
      config: { access: P.monitorExport },
      schema: { tags: [TAG], summary: '导出风险信号 (.xlsx)', querystring: monitorSignalExportQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '风险信号.xlsx', asciiFallback: 'risk-signals.xlsx' },
        monitor.exportList(await actor(request), request.query),
      ),
  );
};
