import {
  LOGIN,
  SUPER_QUERY_MESSAGES,
  type SuperQueryListKey,
  savedSuperQueryIdSchema,
  savedSuperQueryListSchema,
  savedSuperQuerySaveSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import type { SuperQueryOwner } from './service.ts';

const TAGS = ['高级查询'];

const ownerOf = (request: FastifyRequest): SuperQueryOwner => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId };
};

/**
 * Saved advanced queries (§3, §5) of the signed-in user. Only the owner ever reads or changes them, so a login is
 * the whole access rule; reading a list itself still needs that list's own permission.
 */
export const superQueryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { superQueries } = services;

  app.get(
    '/sys/superQuery/list',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '我保存的高级查询', querystring: savedSuperQueryListSchema },
    },
    async (request) => ok(await superQueries.list(ownerOf(request), request.query.listKey as SuperQueryListKey)),
  );

  app.post(
    '/sys/superQuery/save',
    {
      config: { access: LOGIN, audit: '保存高级查询' },
      schema: { tags: TAGS, summary: '保存高级查询（同名需 overwrite）', body: savedSuperQuerySaveSchema },
    },
    async (request) => ok(await superQueries.save(ownerOf(request), request.body), SUPER_QUERY_MESSAGES.saved),
  );

  app.delete(
    '/sys/superQuery/delete',
    {
      config: { access: LOGIN, audit: '删除高级查询' },
      schema: { tags: TAGS, summary: '删除保存的高级查询', querystring: savedSuperQueryIdSchema },
    },
    async (request) => {
      await superQueries.remove(ownerOf(request), request.query.id);
      return ok(null, SUPER_QUERY_MESSAGES.deleted);
    },
  );
};
