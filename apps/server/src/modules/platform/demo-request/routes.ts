import {
  DEMO_REQUEST_API as API,
  demoRequestAddSchema,
  demoRequestEditSchema,
  demoRequestIdQuerySchema,
  demoRequestIdSchema,
  demoRequestListQuerySchema,
  WORKFLOW_MESSAGES as M,
  PERMISSIONS as P,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import type { DemoActor } from './service.ts';

const TAG = '申请示例';
const actorOf = (request: FastifyRequest): DemoActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};

/** 申请示例: CRUD plus submit/resubmit through the workflow (business type demo_request). */
export const demoRequestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.demoRequests;
  app.get(
    API.list,
    {
      config: { access: P.demoRequest.list },
      schema: { tags: [TAG], summary: '申请分页列表', querystring: demoRequestListQuerySchema },
    },
    async (request) => ok(await s.list(actorOf(request), request.query)),
  );
  app.get(
    API.queryById,
    {
      config: { access: P.demoRequest.list },
      schema: { tags: [TAG], summary: '申请详情', querystring: demoRequestIdQuerySchema },
    },
    async (request) => ok(await s.queryById(actorOf(request), request.query.id)),
  );
  app.post(
    API.add,
    {
      config: { access: P.demoRequest.edit, audit: '新增申请' },
      schema: { tags: [TAG], summary: '新增申请', body: demoRequestAddSchema },
    },
    async (request) => ok(await s.add(actorOf(request), request.body), '添加成功！'),
  );
  app.put(
    API.edit,
    {
      config: { access: P.demoRequest.edit, audit: '编辑申请' },
      schema: { tags: [TAG], summary: '编辑申请', body: demoRequestEditSchema },
    },
    async (request) => ok(await s.edit(actorOf(request), request.body), '编辑成功!'),
  );
  app.delete(
    API.delete,
    {
      config: { access: P.demoRequest.edit, audit: '删除申请' },
      schema: { tags: [TAG], summary: '删除申请', querystring: demoRequestIdQuerySchema },
    },
    async (request) => {
      await s.remove(actorOf(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.post(
    API.submit,
    {
      config: { access: P.demoRequest.edit, audit: '提交申请' },
      schema: { tags: [TAG], summary: '提交审批', body: demoRequestIdSchema },
    },
    async (request) => ok(await s.submit(actorOf(request), request.body.id), M.ok),
  );
  app.post(
    API.resubmit,
    {
      config: { access: P.demoRequest.edit, audit: '重新提交申请' },
      schema: { tags: [TAG], summary: '驳回后重新提交', body: demoRequestIdSchema },
    },
    async (request) => ok(await s.resubmit(actorOf(request), request.body.id), M.ok),
  );
};
