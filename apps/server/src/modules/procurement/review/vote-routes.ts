import {
  leaderVoteSchema,
  PERMISSIONS,
  packageIdQuerySchema,
  qualificationSaveSchema,
  REVIEW_API,
  REVIEW_MESSAGES,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import type { ReviewActor } from './seat.ts';

const TAG = '评审任务';
const P = PERMISSIONS.reviewTask;

/**
 * 组长推选 and 资格/符合性审查 (issue 15 §4–§5): the caller's seat on the package's committee is checked by the
 * services (identity, member and committee state, stage) in the committee's row lock.
 */
export const reviewVoteRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviewVote, reviewQualification } = services;
  const actor = (request: FastifyRequest): ReviewActor => {
    const c = services.callers(request);
    return { tenantId: c.tenantId, userId: c.userId, username: c.username };
  };

  /** A read of the caller's own seat on one package (403 for a non-member). */
  const byPackage = <T>(path: string, summary: string, read: (a: ReviewActor, packageId: string) => Promise<T>) =>
    app.get(
      path,
      { config: { access: P.list }, schema: { tags: [TAG], summary, querystring: packageIdQuerySchema } },
      async (request) => ok(await read(actor(request), request.query.packageId)),
    );

  byPackage(REVIEW_API.teamLeaderList, '组长推选：本轮候选人、我的投票与进度（本轮结束后公布票数）', reviewVote.list);
  app.put(
    REVIEW_API.teamLeaderVote,
    {
      config: { access: P.vote },
      schema: {
        tags: [TAG],
        summary: '组长推选投票（每轮一票；全部投票后得票最多者当选，平票则在平票成员中重新投票）',
        body: leaderVoteSchema,
      },
    },
    async (request) => {
      const r = await reviewVote.vote(actor(request), request.body.packageId, request.body.candidateMemberId);
      return ok(r, r.tieRound ? REVIEW_MESSAGES.voteTie(r.tieRound) : REVIEW_MESSAGES.success);
    },
  );
  byPackage(
    REVIEW_API.reviewItems,
    '评审项与资格/符合性审查表（我的审查结果、各投标人的审查结论）',
    reviewQualification.sheet,
  );
  app.post(
    REVIEW_API.eligibleReviewEdit,
    {
      config: { access: P.qualify },
      schema: {
        tags: [TAG],
        summary: '保存资格/符合性审查结果（不通过须填写理由；过半数不通过的投标无效）',
        body: qualificationSaveSchema,
      },
    },
    async (request) => {
      const r = await reviewQualification.save(actor(request), request.body);
      return ok(r, r.failedReason ?? REVIEW_MESSAGES.success);
    },
  );
};
