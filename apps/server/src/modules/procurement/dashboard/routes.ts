import { PERMISSIONS, PROCUREMENT_API } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { procurementActor } from '../plan/routes.ts';

/** The buyer's home dashboard (issue 14 §10): one read, in the caller's tenant and data scope. */
export const procurementDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    PROCUREMENT_API.dashboardBuyer,
    {
      config: { access: PERMISSIONS.purchasePackage.list },
      schema: { tags: ['采购概览'], summary: '采购概览：各阶段标包数、我的待办、本周开标、各品类金额' },
    },
    async (request) => {
      const s = sessionOf(request);
      const [actor, codes] = await Promise.all([
        procurementActor(services, request),
        services.permissions.codes(s.userId, s.tenantId),
      ]);
      return ok(await services.procurementDashboard.buyer(actor, codes));
    },
  );
};
