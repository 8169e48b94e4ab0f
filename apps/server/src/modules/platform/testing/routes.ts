import { PUBLIC } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail, ok } from '../../../core/envelope.ts';

/**
 * Routes that put the server into the states the client's error catalogue (§8) must handle: any status
 * with any message, and a slow answer. Registered only with APS_TEST_ROUTES=1, never in production.
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test/status/:status',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        params: z.object({ status: z.coerce.number().int().min(200).max(599) }),
        querystring: z.object({ message: z.string().max(200).default('测试消息') }),
      },
    },
    async (request, reply) => {
      const { status } = request.params;
      if (status < 300) return ok(null, request.query.message);
      return reply.status(status).send(fail(status, request.query.message));
    },
  );

  // GET for slow reads, POST for a slow submit (the client's duplicate-submit guard applies to writes).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/test/delay',
      config: { access: PUBLIC, audit: false },
      schema: { hide: true, querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000).default(1000) }) },
      handler: async (request) => {
        await new Promise((r) => setTimeout(r, request.query.ms));
        return ok({ waited: request.query.ms });
      },
    });
  }
};
