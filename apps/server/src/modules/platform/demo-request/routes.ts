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
import { crudRoutes } from '../../../core/crud-routes.ts';
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
  crudRoutes(app, services.dicts, {
    base: API.base,
    name: '申请',
    tag: TAG,
    list: {
      access: P.demoRequest.list,
      query: demoRequestListQuerySchema,
      run: (request, query) => s.list(actorOf(request), query),
    },
    byId: {
      access: P.demoRequest.list,
      query: demoRequestIdQuerySchema,
      run: (request, id) => s.queryById(actorOf(request), String(id)),
    },
    add: {
      access: P.demoRequest.edit,
      body: demoRequestAddSchema,
      run: (request, body) => s.add(actorOf(request), body),
    },
    edit: {
      access: P.demoRequest.edit,
      body: demoRequestEditSchema,
      run: (request, body) => s.edit(actorOf(request), body),
    },
    remove: {
      access: P.demoRequest.edit,
      idQuery: demoRequestIdQuerySchema,
      async run(request, ids) {
        for (const id of ids) await s.remove(actorOf(request), String(id));
      },
    },
  });
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
