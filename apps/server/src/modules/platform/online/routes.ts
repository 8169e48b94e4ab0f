import { onlineListQuerySchema, PERMISSIONS } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

/** The online-user list; force logout (POST /sys/online/forceLogout) lives with the sessions in auth. */
export const onlineRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/sys/online/list',
    {
      config: { access: PERMISSIONS.online.list },
      schema: { tags: ['在线用户'], summary: '当前在线用户（会话）', querystring: onlineListQuerySchema },
    },
    async (request) => {
      const s = sessionOf(request);
      return ok(await services.online.list(s.tenantId, request.query, s.sessionId));
    },
  );
};
