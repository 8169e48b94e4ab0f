import {
  REVIEW_API as API,
  drawReplaceSchema,
  drawSchema,
  LOGIN,
  PERMISSIONS,
  packageIdQuerySchema,
  REVIEW_MESSAGES,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import type { DrawActor } from './draw.ts';

const TAG = '专家抽取';
const P = PERMISSIONS.reviewDraw;

/**
 * The buyer's draw of a package's committee (issue 15 §2, 评审管理): draw, replace a declined or avoiding
 * member, read the committee. The service checks tenant, data scope and stage in the package's row lock.
 */
export const reviewDrawRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviewDraw } = services;
  const actorOf = async (request: FastifyRequest): Promise<DrawActor> => {
    const caller = services.callers(request);
    return { tenantId: caller.tenantId, userId: caller.userId, username: caller.username, scope: await caller.scope() };
  };

  app.post(
    API.draw,
    {
      config: { access: P.draw, audit: '抽取评审专家' },
      schema: {
        tags: [TAG],
        summary: '抽取评审专家（待开标或已开标的标包，每个标包一次）',
        description: '服务器以密码学随机数生成抽取种子并记录，可据此复现抽取结果。',
        body: drawSchema,
      },
    },
    async (request) => ok(await reviewDraw.draw(await actorOf(request), request.body), '抽取成功!'),
  );

  app.post(
    API.drawReplace,
    {
      config: { access: P.replace, audit: '补抽评审专家' },
      schema: { tags: [TAG], summary: '补抽（替换回避或拒绝的专家）', body: drawReplaceSchema },
    },
    async (request) => ok(await reviewDraw.replace(await actorOf(request), request.body.memberId), '补抽成功!'),
  );

  app.get(
    API.committee,
    {
      // The buyer (抽取查询) and the supervisor (评审监控) read it: either code.
      config: { access: LOGIN },
      schema: {
        tags: [TAG],
        summary: '标包的评审委员会（成员状态、抽取种子、排除的专家）',
        querystring: packageIdQuerySchema,
      },
    },
    async (request) => {
      await services.callers(request).demand(P.list, PERMISSIONS.reviewMonitor.view);
      const result = await reviewDraw.committee(await actorOf(request), request.query.packageId);
      return ok(result, result ? REVIEW_MESSAGES.success : REVIEW_MESSAGES.committeeNotFound);
    },
  );
};
