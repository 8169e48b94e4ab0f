import {
  REVIEW_API as API,
  CAMPAIGN_CHECK_KIND_CODES,
  CAMPAIGN_CHECK_KINDS,
  CAMPAIGN_CHECK_PATHS,
  campaignCheckSchema,
  PERMISSIONS,
  packageIdQuerySchema,
  packageMoveSchema,
  REVIEW_MESSAGES,
} from '@aps/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import type { ReviewActor } from './seat.ts';

const TAG = '评审汇总';

/** The envelope of ok() around JSON text the service has ready (Fastify sends a string as it is). */
function sendJson(reply: FastifyReply, json: string) {
  const envelope = JSON.stringify(ok(null)).replace('"result":null', () => `"result":${json}`);
  return reply.type('application/json; charset=utf-8').send(envelope);
}
const P = PERMISSIONS.reviewTask;

/**
 * 汇总 and 竞选核查 (issue 15 §9): the score summary and the result for the committee, the leader's four campaign
 * checks and the confirmation of the result. The service checks the caller's seat on the package's committee.
 */
export const reviewResultRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const results = services.reviewResults;
  const actor = (request: FastifyRequest): ReviewActor => {
    const c = services.callers(request);
    return { tenantId: c.tenantId, userId: c.userId, username: c.username };
  };

  app.get(
    API.scoreSummary,
    {
      config: { access: P.list },
      schema: {
        tags: [TAG],
        summary: '评分汇总（各投标人、各评分项、各专家的评分，均值、价格分、总分、排名）',
        description: '评审委员会成员在组长汇总起可查看（成员须已提交评分表）；读取已保存的计算结果。',
        querystring: packageIdQuerySchema,
      },
    },
    async (request, reply) => sendJson(reply, await results.summaryJson(actor(request), request.query.packageId)),
  );
  app.get(
    API.monitorSummary,
    {
      config: { access: PERMISSIONS.reviewMonitor.view },
      schema: {
        tags: [TAG],
        summary: '评审管理：标包的评分汇总（组长汇总起，本人数据范围内的标包）',
        querystring: packageIdQuerySchema,
      },
    },
    async (request, reply) => {
      const c = services.callers(request);
      const who = { ...actor(request), scope: await c.scope() };
      return sendJson(reply, await results.monitorSummaryJson(who, request.query.packageId));
    },
  );
  app.get(
    API.reviewResults,
    {
      config: { access: P.list },
      schema: {
        tags: [TAG],
        summary: '评审结果（排名、中标候选人、竞选核查、签字）',
        querystring: packageIdQuerySchema,
      },
    },
    async (request) => ok(await results.results(actor(request), request.query.packageId)),
  );
  app.post(
    API.resultConfirm,
    {
      config: { access: P.lead, audit: '确认评审结果' },
      schema: {
        tags: [TAG],
        summary: '组长确认评审结果（进入签字）',
        description: '有未决定的报价澄清、未结束的报价轮次或退回重评未提交时不能确认。',
        body: packageMoveSchema,
      },
    },
    async (request) => ok(await results.confirm(actor(request), request.body.packageId), REVIEW_MESSAGES.success),
  );
  for (const kind of CAMPAIGN_CHECK_KIND_CODES) {
    app.post(
      CAMPAIGN_CHECK_PATHS[kind],
      {
        config: { access: P.check, audit: CAMPAIGN_CHECK_KINDS[kind] },
        schema: {
          tags: [TAG],
          summary: `竞选核查：${CAMPAIGN_CHECK_KINDS[kind]}（新增或修改）`,
          description:
            '组长对推荐的中标候选人核查；不通过须填写核查情况，该候选人失去资格，依次递补，无人可递补则流标。',
          body: campaignCheckSchema,
        },
      },
      async (request) => ok(await results.check(actor(request), kind, request.body), REVIEW_MESSAGES.success),
    );
  }
};
