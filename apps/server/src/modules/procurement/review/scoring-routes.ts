import {
  leaderReturnSchema,
  PERMISSIONS,
  packageIdQuerySchema,
  packageMoveSchema,
  REVIEW_API,
  REVIEW_MESSAGES,
  scoreSaveSchema,
  scoringItemsQuerySchema,
  subclassQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import type { ReviewActor } from './seat.ts';

const TAG = '专家评分';
const P = PERMISSIONS.reviewTask;

/**
 * 评分 and the leader's summary (issue 15 §6): start scoring, the caller's sheets, save/submit (and the first
 * envelope of a two-envelope package), the leader's summary with returns for re-scoring, one item's drill-down.
 * The services check the caller's seat (identity, member and committee state, stage) on every call.
 */
export const reviewScoringRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviewScoring: scoring, reviewLeader: leader } = services;
  const actor = (request: FastifyRequest): ReviewActor => {
    const caller = services.callers(request);
    return { tenantId: caller.tenantId, userId: caller.userId, username: caller.username };
  };

  app.post(
    REVIEW_API.startScoreEdit,
    {
      config: { access: P.lead, audit: '开始评分' },
      schema: {
        tags: [TAG],
        summary: '开始评分（评审组长；资格/符合性审查全部完成后）',
        description: '标包由资格审查（6）进入评分（7），评审委员会及成员进入评分状态。',
        body: packageMoveSchema,
      },
    },
    async (request) => ok(await scoring.startScoring(actor(request), request.body.packageId), REVIEW_MESSAGES.success),
  );
  app.get(
    REVIEW_API.scoringItemsList,
    {
      config: { access: P.score },
      schema: {
        tags: [TAG],
        summary: '我的评分表（每个有效投标人一张；指定 bidId 时只返回该投标人）',
        querystring: scoringItemsQuerySchema,
      },
    },
    async (request) =>
      ok(await scoring.sheets(actor(request), request.query.packageId, request.query.bidId, request.query.envelope)),
  );
  // The sheet and, in a two-envelope package, its first (technical) envelope: one body, the envelope by path.
  const saves = [
    [REVIEW_API.scoreSave, 2, '保存或提交评分表（submit=true 提交后只读，组长退回的评分项除外）'],
    [REVIEW_API.firstEnvelopeSave, 1, '保存或提交第一信封（技术）评分（仅两阶段/双信封评审的标包）'],
  ] as const;
  for (const [path, envelope, summary] of saves) {
    app.post(
      path,
      { config: { access: P.score }, schema: { tags: [TAG], summary, body: scoreSaveSchema } },
      async (request) => ok(await scoring.save(actor(request), request.body, envelope), REVIEW_MESSAGES.success),
    );
  }
  app.get(
    REVIEW_API.leaderReview,
    {
      config: { access: P.lead },
      schema: {
        tags: [TAG],
        summary: '组长汇总：各成员对每个投标人、每个评分项的评分，平均分与分差（分差过大标记）',
        querystring: packageIdQuerySchema,
      },
    },
    async (request) => ok(await leader.summary(actor(request), request.query.packageId)),
  );
  app.post(
    REVIEW_API.leaderReview,
    {
      config: { access: P.lead, audit: '退回重评' },
      schema: { tags: [TAG], summary: '组长退回评分项重评（须填写说明）', body: leaderReturnSchema },
    },
    async (request) => ok(await leader.returnItems(actor(request), request.body), REVIEW_MESSAGES.success),
  );
  app.get(
    REVIEW_API.subclass,
    {
      config: { access: P.score },
      schema: {
        tags: [TAG],
        summary: '评分项明细：各成员对每个投标人的评分与评分说明（组长，或已提交评分的成员）',
        querystring: subclassQuerySchema,
      },
    },
    async (request) => ok(await leader.subclass(actor(request), request.query.packageId, request.query.itemId)),
  );
};
