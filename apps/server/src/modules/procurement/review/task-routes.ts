import {
  bidFilesQuerySchema,
  declineSchema,
  PERMISSIONS,
  packageIdQuerySchema,
  REVIEW_API,
  REVIEW_MESSAGES,
  signInSchema,
  taskIdQuerySchema,
  taskListQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';

const TAG = '评审任务';
const P = PERMISSIONS.reviewTask;

/** The expert's workspace (issue 15 §3): every read and write acts on the caller's own committee rows only. */
export const reviewTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tasks = services.reviewTasks;
  const actor = (request: FastifyRequest) => {
    const s = sessionOf(request);
    return { tenantId: s.tenantId, userId: s.userId };
  };

  app.get(
    REVIEW_API.taskList,
    { config: { access: P.list }, schema: { tags: [TAG], summary: '我的评审任务', querystring: taskListQuerySchema } },
    async (request) => ok(await tasks.list(actor(request), request.query)),
  );
  app.get(
    REVIEW_API.taskQueryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '评审任务详情（采购信息）', querystring: taskIdQuerySchema },
    },
    async (request) => ok(await tasks.detail(actor(request), request.query.id)),
  );
  app.get(
    REVIEW_API.assetsTaskQueryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '评审任务详情（货物/资产）', querystring: taskIdQuerySchema },
    },
    async (request) => ok(await tasks.detail(actor(request), request.query.id, request.query.packageId)),
  );
  app.get(
    REVIEW_API.identity,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '我在该标包评审中的身份', querystring: packageIdQuerySchema },
    },
    async (request) => ok(await tasks.identity(actor(request), request.query.packageId)),
  );
  app.post(
    REVIEW_API.findFileByLaborId,
    { config: { access: P.list }, schema: { tags: [TAG], summary: '投标人的投标文件', body: bidFilesQuerySchema } },
    async (request) => ok(await tasks.bidFiles(actor(request), request.body.packageId, request.body.bidId)),
  );
  app.post(
    REVIEW_API.taskSignIn,
    { config: { access: P.signIn }, schema: { tags: [TAG], summary: '签到（回避声明）', body: signInSchema } },
    async (request) => ok(await tasks.signIn(actor(request), request.body), REVIEW_MESSAGES.success),
  );
  app.post(
    REVIEW_API.taskDecline,
    { config: { access: P.signIn }, schema: { tags: [TAG], summary: '拒绝评审任务', body: declineSchema } },
    async (request) =>
      ok(await tasks.decline(actor(request), request.body.id, request.body.reason), REVIEW_MESSAGES.success),
  );
};
