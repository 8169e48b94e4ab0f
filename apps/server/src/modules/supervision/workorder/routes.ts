import {
  WORK_ORDER_API as API,
  PERMISSIONS,
  type RouteAccess,
  WORK_ORDER_STATES,
  WORK_ORDER_TYPES,
  type WorkOrderDto,
  workOrderAcceptSchema,
  workOrderAddSchema,
  workOrderCommentSchema,
  workOrderIdSchema,
  workOrderListQuerySchema,
  workOrderResultSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import type { SheetColumn } from '../../platform/excel/workbook.ts';
import type { WorkOrderActor } from './service.ts';

const P = PERMISSIONS.workOrder;
const TAG = '工单';

const COLUMNS: SheetColumn<WorkOrderDto>[] = [
  { header: '工单编号', width: 16, value: (r) => r.orderNo },
  { header: '类型', width: 8, value: (r) => WORK_ORDER_TYPES[r.type] },
  { header: '标题', width: 30, wrap: true, value: (r) => r.title },
  { header: '状态', width: 10, value: (r) => WORK_ORDER_STATES[r.state] },
  { header: '处理人', width: 12, value: (r) => r.handlerName ?? '' },
  { header: '办理时限', width: 20, value: (r) => r.deadline ?? '' },
  { header: '是否超期', width: 10, value: (r) => (r.overdue ? '已超期' : '') },
  { header: '提交人', width: 12, value: (r) => r.createBy ?? '' },
  { header: '提交时间', width: 20, value: (r) => r.createTime },
];

/** Work orders (issue 17 §4): file and read one's own; handle and approve are the administrators'. */
export const workOrderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { workOrders } = services;
  const actor = async (request: FastifyRequest): Promise<WorkOrderActor> => {
    const caller = services.callers(request);
    return {
      tenantId: caller.tenantId,
      userId: caller.userId,
      username: caller.username,
      orgCode: caller.orgCode,
      scope: await caller.scope(),
      readsAll: await caller.can(P.all),
    };
  };
  const write = (access: RouteAccess, audit: string) => ({ access, audit });

  app.get(
    API.list,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '工单分页列表', querystring: workOrderListQuerySchema },
    },
    async (request) => ok(await workOrders.list(await actor(request), request.query)),
  );
  app.get(
    API.queryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '工单详情（含评论）', querystring: workOrderIdSchema },
    },
    async (request) => ok(await workOrders.queryById(await actor(request), request.query.id)),
  );
  app.post(
    API.add,
    { config: write(P.add, '提交工单'), schema: { tags: [TAG], summary: '提交工单', body: workOrderAddSchema } },
    async (request) => ok(await workOrders.add(await actor(request), request.body), '提交成功！'),
  );
  app.post(
    API.accept,
    {
      config: write(P.handle, '受理工单'),
      schema: { tags: [TAG], summary: '受理/指派工单', body: workOrderAcceptSchema },
    },
    async (request) =>
      ok(await workOrders.accept(await actor(request), request.body.id, request.body.handlerId), '受理成功！'),
  );
  app.post(
    API.complete,
    {
      config: write(P.handle, '办结工单'),
      schema: { tags: [TAG], summary: '办结运维工单', body: workOrderResultSchema },
    },
    async (request) =>
      ok(await workOrders.complete(await actor(request), request.body.id, request.body.result), '办结成功！'),
  );
  app.post(
    API.reject,
    { config: write(P.handle, '驳回工单'), schema: { tags: [TAG], summary: '驳回工单', body: workOrderResultSchema } },
    async (request) =>
      ok(await workOrders.reject(await actor(request), request.body.id, request.body.result), '已驳回'),
  );
  app.post(
    API.approve,
    {
      config: write(P.approve, '审核修改工单'),
      schema: { tags: [TAG], summary: '审核通过修改工单并应用修改', body: workOrderResultSchema },
    },
    async (request) =>
      ok(await workOrders.approve(await actor(request), request.body.id, request.body.result), '审核通过，修改已应用'),
  );
  app.post(
    API.comment,
    { config: write(P.add, '工单评论'), schema: { tags: [TAG], summary: '发表评论', body: workOrderCommentSchema } },
    async (request) => ok(await workOrders.comment(await actor(request), request.body), '评论成功！'),
  );
  app.get(
    API.export,
    {
      config: { access: P.export },
      schema: { tags: [TAG], summary: '导出工单', querystring: workOrderListQuerySchema },
    },
    async (request, reply) => {
      const a = await actor(request);
      const q = request.query;
      return sendXlsx(
        reply,
        { fileName: `${WORK_ORDER_TYPES[q.type]}工单.xlsx`, asciiFallback: 'work-orders.xlsx' },
        {
          sheetName: `${WORK_ORDER_TYPES[q.type]}工单`,
          columns: COLUMNS,
          page: async (offset, limit) =>
            (await workOrders.list(a, { ...q, pageNo: Math.floor(offset / limit) + 1, pageSize: limit })).records,
        },
      );
    },
  );
};
