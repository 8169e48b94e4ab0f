import { DUPLICATE_MESSAGES, duplicateCheckQuerySchema, LOGIN } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';

/**
 * GET /sys/duplicate/check (§7 Checks): only for allow-listed table/field pairs and to the forms that own them
 * (their module's add/edit code); values are bound.
 */
export const duplicateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/sys/duplicate/check',
    {
      config: { access: LOGIN },
      schema: {
        tags: ['重复校验'],
        summary: '校验值是否已存在（tableName, fieldName, fieldVal, dataId）',
        querystring: duplicateCheckQuerySchema,
      },
    },
    async (request, reply) => {
      if (await services.duplicates.available(services.callers(request), request.query)) {
        return ok(true, DUPLICATE_MESSAGES.available);
      }
      // A taken value is an answer, not an error: success false with the message for the field (§5).
      return reply.send(fail(200, DUPLICATE_MESSAGES.taken, false));
    },
  );
};
