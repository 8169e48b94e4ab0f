import {
  CONTRACT_API as API,
  CONTRACT_STATES,
  type ContractDto,
  contractAddSchema,
  contractChangeSchema,
  contractEditSchema,
  contractIdSchema,
  contractListQuerySchema,
  contractProgressSchema,
  contractReasonSchema,
  laborCategoryQuerySchema,
  PERMISSIONS,
  performanceAddSchema,
  type RouteAccess,
  SUPPLIER_API,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import type { SheetColumn } from '../../platform/excel/workbook.ts';
import { procurementActor } from '../plan/routes.ts';

const P = PERMISSIONS.contract;
const PS = PERMISSIONS.contractSupplier;
const TAG = '合同管理';
const base = API.list.replace(/\/list$/, '');

const COLUMNS: SheetColumn<ContractDto>[] = [
  { header: '合同编号', width: 18, value: (r) => r.contractNo },
  { header: '合同名称', width: 30, wrap: true, value: (r) => r.name },
  { header: '供应商', width: 28, value: (r) => r.supplierName ?? '' },
  { header: '合同金额', width: 16, value: (r) => r.amount },
  { header: '变更金额', width: 14, value: (r) => r.changedAmount },
  { header: '已结算', width: 14, value: (r) => r.settledAmount },
  { header: '已付款', width: 14, value: (r) => r.paidAmount },
  { header: '开始日期', width: 12, value: (r) => r.termStart },
  { header: '结束日期', width: 12, value: (r) => r.termEnd },
  { header: '状态', width: 10, value: (r) => CONTRACT_STATES[r.state] },
  { header: '创建时间', width: 20, value: (r) => r.createTime },
];

const supplierActor = (request: FastifyRequest) => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};
const supplierListQuery = contractListQuerySchema.pick({ pageNo: true, pageSize: true, contractNo: true, state: true });

/** 合同管理 (buyer side, data-scoped), 我的合同 (the supplier's own), 履约评价 and the §7 labour category lookup. */
export const contractRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { contracts } = services;
  const actor = (request: FastifyRequest) => procurementActor(services, request);

  crudRoutes(app, services.dicts, {
    base,
    name: '合同',
    tag: TAG,
    list: { access: P.list, query: contractListQuerySchema, run: async (r, q) => contracts.list(await actor(r), q) },
    byId: {
      access: P.list,
      query: contractIdSchema,
      run: async (r, id) => contracts.queryById(await actor(r), String(id)),
    },
    exportXls: {
      access: P.export,
      file: { name: '合同.xlsx', ascii: 'contracts.xlsx', sheet: '合同' },
      columns: COLUMNS,
    },
    add: { access: P.add, body: contractAddSchema, run: async (r, body) => contracts.add(await actor(r), body) },
    edit: { access: P.edit, body: contractEditSchema, run: async (r, body) => contracts.edit(await actor(r), body) },
    remove: { access: P.delete, run: async (r, ids) => contracts.remove(await actor(r), ids.map(String)) },
  });

  app.get(
    API.draftFromAward,
    {
      config: { access: P.add },
      schema: {
        tags: [TAG],
        summary: '由定标结果起草合同（中标人、中标价、付款条件）',
        querystring: z.object({ packageId: contractIdSchema.shape.id }),
      },
    },
    async (request) => ok(await contracts.draftFromAward(await actor(request), request.query.packageId)),
  );
  const post = <S extends z.ZodType>(
    path: string,
    access: RouteAccess,
    summary: string,
    body: S,
    run: (request: FastifyRequest, body: z.output<S>) => Promise<unknown>,
    message: string,
  ) =>
    app.post(path, { config: { access, audit: summary }, schema: { tags: [TAG], summary, body } }, async (request) =>
      ok(await run(request, request.body as z.output<S>), message),
    );

  post(
    API.submit,
    P.submit,
    '提交合同审批',
    contractIdSchema,
    async (r, b) => contracts.submit(await actor(r), b.id),
    '已提交审批',
  );
  post(
    API.sign,
    P.sign,
    '采购方签订合同',
    contractIdSchema,
    async (r, b) => contracts.sign(await actor(r), b.id),
    '签订成功',
  );
  post(
    API.progress,
    P.progress,
    '合同履行进度',
    contractProgressSchema,
    async (r, b) => contracts.progress(await actor(r), b.id, b.action),
    '操作成功',
  );
  post(
    API.terminate,
    P.terminate,
    '终止合同',
    contractReasonSchema,
    async (r, b) => contracts.terminate(await actor(r), b),
    '合同已终止',
  );
  post(
    API.void,
    P.void,
    '作废合同',
    contractReasonSchema,
    async (r, b) => contracts.voidContract(await actor(r), b),
    '合同已作废',
  );
  post(
    API.change,
    P.change,
    '合同变更',
    contractChangeSchema,
    async (r, b) => contracts.change(await actor(r), b),
    '合同变更已提交审批',
  );
  post(
    API.evaluate,
    P.evaluate,
    '履约评价',
    performanceAddSchema,
    async (r, b) => contracts.evaluate(await actor(r), b),
    '评价成功',
  );
  app.get(
    API.changeList,
    { config: { access: P.list }, schema: { tags: [TAG], summary: '合同变更记录', querystring: contractIdSchema } },
    async (request) => ok(await contracts.changeList(await actor(request), request.query.id)),
  );

  // The supplier's portal: its own contracts only.
  app.get(
    API.supplierList,
    {
      config: { access: PS.list },
      schema: { tags: ['我的合同'], summary: '我的合同', querystring: supplierListQuery },
    },
    async (request) => ok(await contracts.supplierList(supplierActor(request), request.query)),
  );
  app.get(
    API.supplierQueryById,
    {
      config: { access: PS.list },
      schema: { tags: ['我的合同'], summary: '我的合同详情', querystring: contractIdSchema },
    },
    async (request) => ok(await contracts.supplierById(supplierActor(request), request.query.id)),
  );
  app.post(
    API.supplierSign,
    {
      config: { access: PS.sign, audit: '供应商签订合同' },
      schema: { tags: ['我的合同'], summary: '供应商确认签订', body: contractIdSchema },
    },
    async (request) => ok(await contracts.supplierSign(supplierActor(request), request.body.id), '签订成功'),
  );

  app.get(
    SUPPLIER_API.laborCategoryByCode,
    {
      config: { access: PERMISSIONS.supplierPerformance.list },
      schema: {
        tags: ['履约评价'],
        summary: '履约历史中的劳务分类（按分类编码）',
        querystring: laborCategoryQuerySchema,
      },
    },
    async (request) => ok(await contracts.laborCategories(sessionOf(request).tenantId, request.query.itemValue)),
  );
};
