import { PUBLIC } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/envelope.ts';

const startedAt = new Date().toISOString();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Constant JSON: liveness probe, and the throughput ceiling the benchmark compares lists against.
  app.get('/sys/health', { config: { access: PUBLIC }, schema: { tags: ['系统'], summary: '存活检查' } }, async () =>
    ok({ status: 'UP', startedAt }),
  );
};
