import {
  RECTIFICATION_API as A,
  PERMISSIONS,
  rectificationAddSchema,
  rectificationAnswerSchema,
  rectificationIdSchema,
  rectificationListQuerySchema,
  rectificationReturnSchema,
  rectificationReviewSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import { procurementActor } from '../../procurement/plan/routes.ts';

const TAG = '整改管理';
const P = PERMISSIONS.rectification;

/** 整改管理 (issue 17 §3) and the supplier's 我的整改. */
export const rectificationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.rectifications;
  const actor = (request: FastifyRequest) => procurementActor(services, request);

  app.get(
    A.list,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '整改单分页列表', querystring: rectificationListQuerySchema },
    },
    async (request) => ok(await s.list(await actor(request), request.query)),
  );
  app.get(
    A.queryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '整改单详情（含历史）', querystring: rectificationIdSchema },
    },
    async (request) => ok(await s.queryById(await actor(request), request.query.id)),
  );
  app.post(
    A.add,
    {
      config: { access: P.add, audit: '发起整改' },
      schema: { tags: [TAG], summary: '发起整改', body: rectificationAddSchema },
    },
    async (request) => ok(await s.add(await actor(request), request.body), '整改已发起'),
  );
  app.post(
    A.answer,
    {
      config: { access: P.handle, audit: '提交整改（部门）' },
      schema: { tags: [TAG], summary: '整改部门提交整改', body: rectificationAnswerSchema },
    },
    async (request) => {
      await s.answer(await actor(request), request.body);
      return ok(null, '整改已提交');
    },
  );
  app.post(
    A.review,
    {
      config: { access: P.close, audit: '整改复核通过' },
      schema: { tags: [TAG], summary: '复核通过：提交整改关闭审批（rectification）', body: rectificationReviewSchema },
    },
    async (request) => ok(await s.review(await actor(request), request.body.id, request.body.comment), '已提交审批'),
  );
  app.post(
    A.giveBack,
    {
      config: { access: P.close, audit: '整改退回' },
      schema: { tags: [TAG], summary: '退回整改', body: rectificationReturnSchema },
    },
    async (request) => {
      await s.giveBack(await actor(request), request.body.id, request.body.reason);
      return ok(null, '已退回');
    },
  );
  app.get(
    A.exportXls,
    {
      config: { access: P.export },
      schema: { tags: [TAG], summary: '导出整改单 (.xlsx)', querystring: rectificationListQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '整改单.xlsx', asciiFallback: 'rectifications.xlsx' },
        s.exportList(await actor(request), request.query),
      ),
  );

  app.get(
    A.supplierList,
    {
      config: { access: P.answer },
      schema: { tags: [TAG], summary: '我的整改（本企业）', querystring: rectificationListQuerySchema },
    },
    async (request) => ok(await s.supplierList(await actor(request), request.query)),
  );
  app.get(
    A.supplierQueryById,
    {
      config: { access: P.answer },
      schema: { tags: [TAG], summary: '我的整改详情', querystring: rectificationIdSchema },
    },
    async (request) => ok(await s.supplierQueryById(await actor(request), request.query.id)),
  );
  app.post(
    A.supplierAnswer,
    {
      config: { access: P.answer, audit: '提交整改（供应商）' },
      schema: { tags: [TAG], summary: '供应商提交整改', body: rectificationAnswerSchema },
    },
    async (request) => {
      await s.supplierAnswer(await actor(request), request.body);
      return ok(null, '整改已提交');
    },
  );
};
