import { MESSAGES, PUBLIC } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';

const startedAt = new Date().toISOString();

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Constant JSON: liveness probe (the process answers), and the throughput ceiling the benchmark compares lists
  // against. It never touches the database: a database outage must not make an orchestrator restart the server.
  app.get('/sys/health', { config: { access: PUBLIC }, schema: { tags: ['系统'], summary: '存活检查' } }, async () =>
    ok({ status: 'UP', startedAt }),
  );

  // Readiness (issue 12 §8): UP only while the database answers; a load balancer sends no traffic while DOWN.
  app.get(
    '/sys/health/ready',
    { config: { access: PUBLIC }, schema: { tags: ['系统'], summary: '就绪检查（含数据库）' } },
    async (_request, reply) => {
      if (await services.health.databaseReady()) return ok({ status: 'UP', database: 'UP', startedAt });
      return reply
        .status(503)
        .send(fail(503, MESSAGES.databaseUnavailable, { status: 'DOWN', database: 'DOWN', startedAt }));
    },
  );
};
