import {
  PERMISSIONS,
  PROCUREMENT_API,
  planAddSchema,
  planChangeSchema,
  planEditSchema,
  planExportQuerySchema,
  planIdSchema,
  planListQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import { acceptExcelUploads, importReply, readExcelUploads } from '../../platform/excel/upload.ts';
import type { PlanActor } from './service.ts';

const TAG = '采购计划';
const P = PERMISSIONS.purchasePlan;

/** The acting user with the data scope of their roles (plans and packages are department-owned). */
export async function procurementActor(services: Services, request: FastifyRequest): Promise<PlanActor> {
  const s = sessionOf(request);
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    username: s.username,
    orgCode: s.orgCode,
    scope: await services.permissions.dataScope(s.userId, s.tenantId),
  };
}

/** 采购计划: CRUD with item lines, submit for approval (purchase_plan), void, Excel export and item import. */
export const purchasePlanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { purchasePlans: plans } = services;
  const actor = (request: FastifyRequest) => procurementActor(services, request);
  const base = PROCUREMENT_API.plan;
  await acceptExcelUploads(app);

  app.get(
    `${base}/list`,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '采购计划分页列表', querystring: planListQuerySchema },
    },
    async (request) => ok(await plans.list(await actor(request), request.query)),
  );
  app.get(
    `${base}/queryById`,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '采购计划详情（含明细）', querystring: planIdSchema },
    },
    async (request) => ok(await plans.queryById(await actor(request), request.query.id)),
  );
  app.post(
    `${base}/add`,
    {
      config: { access: P.add, audit: '新增采购计划' },
      schema: { tags: [TAG], summary: '新增采购计划', body: planAddSchema },
    },
    async (request) => ok(await plans.add(await actor(request), request.body), '添加成功！'),
  );
  app.put(
    `${base}/edit`,
    {
      config: { access: P.edit, audit: '编辑采购计划' },
      schema: { tags: [TAG], summary: '编辑采购计划', body: planEditSchema },
    },
    async (request) => ok(await plans.edit(await actor(request), request.body), '编辑成功!'),
  );
  app.delete(
    `${base}/delete`,
    {
      config: { access: P.delete, audit: '删除采购计划' },
      schema: { tags: [TAG], summary: '删除草稿采购计划', querystring: planIdSchema },
    },
    async (request) => {
      await plans.remove(await actor(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.post(
    PROCUREMENT_API.planSubmit,
    {
      config: { access: P.submit, audit: '提交采购计划审批' },
      schema: { tags: [TAG], summary: '提交审批（purchase_plan）', body: planIdSchema },
    },
    async (request) => ok(await plans.submit(await actor(request), request.body.id), '已提交审批'),
  );
  app.post(
    PROCUREMENT_API.planVoid,
    {
      config: { access: P.edit, audit: '作废采购计划' },
      schema: { tags: [TAG], summary: '作废采购计划', body: planIdSchema },
    },
    async (request) => ok(await plans.voidPlan(await actor(request), request.body.id), '已作废'),
  );
  app.post(
    PROCUREMENT_API.planChange,
    {
      config: { access: P.submit, audit: '提交计划变更' },
      schema: { tags: [TAG], summary: '计划变更（新预算与明细，经审批后生效）', body: planChangeSchema },
    },
    async (request) => ok(await plans.change(await actor(request), request.body), '计划变更已提交审批'),
  );
  app.get(
    PROCUREMENT_API.planExport,
    {
      config: { access: P.export },
      schema: { tags: [TAG], summary: '导出采购计划 (.xlsx)', querystring: planExportQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '采购计划.xlsx', asciiFallback: 'purchase-plans.xlsx' },
        plans.exportList(await actor(request), request.query),
      ),
  );
  app.post(
    PROCUREMENT_API.planImportItems,
    {
      config: { access: P.edit, audit: '导入采购明细' },
      schema: { tags: [TAG], summary: '导入采购明细（multipart，id 在查询串）', querystring: planIdSchema },
    },
    async (request) =>
      importReply(await plans.importItems(await actor(request), request.query.id, await readExcelUploads(request))),
  );
};
