import {
  clarifyAddSchema,
  clarifyAnswerSchema,
  clarifyDecideSchema,
  PERMISSIONS,
  packageIdQuerySchema,
  REVIEW_API,
  REVIEW_MESSAGES,
  supplierClarifyQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import type { ReviewActor } from './seat.ts';

const TAG = '报价澄清';
const P = PERMISSIONS.reviewTask;
const S = PERMISSIONS.supplierClarify;

/**
 * 报价澄清 and quotation rounds (issue 15 §5): the committee's view, the leader's requests and decisions, and the
 * supplier's list and answer. The services check the seat (leader, 组长汇总, stage 8) or the supplier's ownership.
 */
export const reviewClarifyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviewClarify, supplierClarify } = services;
  const actor = (request: FastifyRequest): ReviewActor => {
    const c = services.callers(request);
    return { tenantId: c.tenantId, userId: c.userId, username: c.username };
  };

  app.get(
    REVIEW_API.clarifyPackage,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '标包的报价澄清与多轮报价（评审委员会）', querystring: packageIdQuerySchema },
    },
    async (request) => ok(await reviewClarify.packageView(actor(request), request.query.packageId)),
  );
  app.post(
    REVIEW_API.clarifyAdd,
    {
      config: { access: P.lead, audit: '发起报价澄清' },
      schema: { tags: [TAG], summary: '发起报价澄清或新一轮报价（评审组长）', body: clarifyAddSchema },
    },
    async (request) => ok(await reviewClarify.add(actor(request), request.body), REVIEW_MESSAGES.success),
  );
  app.put(
    REVIEW_API.clarifyEdit,
    {
      config: { access: P.lead, audit: '决定报价澄清' },
      schema: { tags: [TAG], summary: '接受或拒绝报价澄清答复（评审组长）', body: clarifyDecideSchema },
    },
    async (request) => ok(await reviewClarify.decide(actor(request), request.body), REVIEW_MESSAGES.success),
  );
  app.get(
    REVIEW_API.supplierClarifyList,
    {
      config: { access: S.list },
      schema: { tags: [TAG], summary: '我的报价澄清（供应商）', querystring: supplierClarifyQuerySchema },
    },
    async (request) => ok(await supplierClarify.list(actor(request), request.query)),
  );
  app.post(
    REVIEW_API.supplierClarifyAnswer,
    {
      config: { access: S.answer, audit: '答复报价澄清' },
      schema: { tags: [TAG], summary: '答复报价澄清或提交本轮报价（供应商）', body: clarifyAnswerSchema },
    },
    async (request) => ok(await supplierClarify.answer(actor(request), request.body), REVIEW_MESSAGES.success),
  );
};
