import {
  SETTLEMENT_API as A,
  LEDGER_API as L,
  ledgerQuerySchema,
  PERMISSIONS,
  paymentAddSchema,
  paymentListQuerySchema,
  retentionReleaseSchema,
  settlementAddSchema,
  settlementEditSchema,
  settlementIdSchema,
  settlementListQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import { procurementActor } from '../plan/routes.ts';

const TAG = '结算管理';
const P = PERMISSIONS.settlement;

/** 结算管理 (settlements, payments, retention release), 我的结算 (supplier portal) and 结算台账 (the ledger). */
export const settlementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { settlements: s, ledger } = services;
  const actor = (request: FastifyRequest) => procurementActor(services, request);

  app.get(
    A.list,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '结算单分页列表', querystring: settlementListQuerySchema },
    },
    async (request) => ok(await s.list(await actor(request), request.query)),
  );
  app.get(
    A.queryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '结算单详情（含付款）', querystring: settlementIdSchema },
    },
    async (request) => ok(await s.queryById(await actor(request), request.query.id)),
  );
  app.post(
    A.add,
    {
      config: { access: P.add, audit: '新增结算单' },
      schema: { tags: [TAG], summary: '新增结算单', body: settlementAddSchema },
    },
    async (request) => ok(await s.add(await actor(request), request.body), '添加成功！'),
  );
  app.put(
    A.edit,
    {
      config: { access: P.edit, audit: '编辑结算单' },
      schema: { tags: [TAG], summary: '编辑草稿结算单', body: settlementEditSchema },
    },
    async (request) => ok(await s.edit(await actor(request), request.body), '编辑成功!'),
  );
  app.delete(
    A.delete,
    {
      config: { access: P.delete, audit: '删除结算单' },
      schema: { tags: [TAG], summary: '删除草稿结算单', querystring: settlementIdSchema },
    },
    async (request) => {
      await s.remove(await actor(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.post(
    A.submit,
    {
      config: { access: P.submit, audit: '提交结算审批' },
      schema: { tags: [TAG], summary: '提交审批（settlement）', body: settlementIdSchema },
    },
    async (request) => ok(await s.submit(await actor(request), request.body.id), '已提交审批'),
  );
  app.post(
    A.pay,
    {
      config: { access: P.pay, audit: '付款登记' },
      schema: { tags: [TAG], summary: '付款登记', body: paymentAddSchema },
    },
    async (request) => ok(await s.pay(await actor(request), request.body), '付款已登记'),
  );
  app.get(
    A.paymentList,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '结算单的付款记录', querystring: paymentListQuerySchema },
    },
    async (request) => ok(await s.payments(await actor(request), request.query.settlementId)),
  );
  app.post(
    A.releaseRetention,
    {
      config: { access: P.pay, audit: '释放质保金' },
      schema: { tags: [TAG], summary: '质保期满释放合同质保金', body: retentionReleaseSchema },
    },
    async (request) => ok(await s.releaseRetention(await actor(request), request.body.contractId), '质保金已释放'),
  );
  app.get(
    A.exportXls,
    {
      config: { access: P.export },
      schema: { tags: [TAG], summary: '导出结算单 (.xlsx)', querystring: settlementListQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '结算单.xlsx', asciiFallback: 'settlements.xlsx' },
        s.exportList(await actor(request), request.query),
      ),
  );

  const SP = PERMISSIONS.settlementSupplier;
  app.get(
    A.supplierList,
    {
      config: { access: SP.list },
      schema: { tags: [TAG], summary: '我的结算（本企业）', querystring: settlementListQuerySchema },
    },
    async (request) => ok(await s.supplierList(await actor(request), request.query)),
  );
  app.get(
    A.supplierQueryById,
    { config: { access: SP.list }, schema: { tags: [TAG], summary: '我的结算详情', querystring: settlementIdSchema } },
    async (request) => ok(await s.supplierQueryById(await actor(request), request.query.id)),
  );

  const LP = PERMISSIONS.ledger;
  app.get(
    L.list,
    {
      config: { access: LP.list },
      schema: { tags: ['结算台账'], summary: '结算台账（按合同）', querystring: ledgerQuerySchema },
    },
    async (request) => ok(await ledger.list(await actor(request), request.query)),
  );
  app.get(
    L.summary,
    {
      config: { access: LP.list },
      schema: { tags: ['结算台账'], summary: '台账汇总（供应商/部门/类别/月份）', querystring: ledgerQuerySchema },
    },
    async (request) => ok(await ledger.summary(await actor(request), request.query)),
  );
  app.get(
    L.exportXls,
    {
      config: { access: LP.export },
      schema: { tags: ['结算台账'], summary: '导出结算台账 (.xlsx)', querystring: ledgerQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '结算台账.xlsx', asciiFallback: 'ledger.xlsx' },
        ledger.exportList(await actor(request), request.query),
      ),
  );
};
