import { PERMISSIONS, RECORD_HISTORY_API, recordHistoryQuerySchema } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';

/** Issue 17 §5: a business record's change history (who, when, field, before, after), in the record's scope. */
export const recordHistoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    RECORD_HISTORY_API.list,
    {
      config: { access: PERMISSIONS.recordHistory.list },
      schema: { tags: ['变更历史'], summary: '业务记录的变更历史（分页）', querystring: recordHistoryQuerySchema },
    },
    async (request) => {
      const s = sessionOf(request);
      const scope = await services.permissions.dataScope(s.userId, s.tenantId);
      return ok(await services.recordHistory.list({ tenantId: s.tenantId, scope }, request.query));
    },
  );
};
