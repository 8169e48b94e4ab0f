import {
  INSPECTION_API as A,
  findingAddSchema,
  findingIdSchema,
  type InspectionTargetType,
  inspectionAddSchema,
  inspectionEditSchema,
  inspectionIdSchema,
  inspectionListQuerySchema,
  inspectionTargetQuerySchema,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sendXlsx } from '../../platform/excel/export.ts';
import { procurementActor } from '../../procurement/plan/routes.ts';

const TAG = '检查管理';
const P = PERMISSIONS.inspection;

/** 检查管理 (issue 17 §2): inspections and their findings. */
export const inspectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.inspections;
  const actor = (request: FastifyRequest) => procurementActor(services, request);

  app.get(
    A.list,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '检查分页列表', querystring: inspectionListQuerySchema },
    },
    async (request) => ok(await s.list(await actor(request), request.query)),
  );
  app.get(
    A.queryById,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '检查详情（含发现问题）', querystring: inspectionIdSchema },
    },
    async (request) => ok(await s.queryById(await actor(request), request.query.id)),
  );
  app.get(
    A.target,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '检查对象名称', querystring: inspectionTargetQuerySchema },
    },
    async (request) =>
      ok(
        await s.target(await actor(request), request.query.targetType as InspectionTargetType, request.query.targetId),
      ),
  );
  app.post(
    A.add,
    {
      config: { access: P.add, audit: '新增检查' },
      schema: { tags: [TAG], summary: '新增检查', body: inspectionAddSchema },
    },
    async (request) => ok(await s.add(await actor(request), request.body), '添加成功！'),
  );
  app.put(
    A.edit,
    {
      config: { access: P.edit, audit: '编辑检查' },
      schema: { tags: [TAG], summary: '编辑检查', body: inspectionEditSchema },
    },
    async (request) => ok(await s.edit(await actor(request), request.body), '编辑成功!'),
  );
  app.delete(
    A.delete,
    {
      config: { access: P.delete, audit: '删除检查' },
      schema: { tags: [TAG], summary: '删除检查', querystring: inspectionIdSchema },
    },
    async (request) => {
      await s.remove(await actor(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.post(
    A.findingAdd,
    {
      config: { access: P.edit, audit: '登记检查发现' },
      schema: { tags: [TAG], summary: '登记检查发现（问题、严重程度、证据）', body: findingAddSchema },
    },
    async (request) => ok(await s.addFinding(await actor(request), request.body), '添加成功！'),
  );
  app.delete(
    A.findingDelete,
    {
      config: { access: P.edit, audit: '删除检查发现' },
      schema: { tags: [TAG], summary: '删除检查发现', querystring: findingIdSchema },
    },
    async (request) => {
      await s.removeFinding(await actor(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );
  app.get(
    A.exportXls,
    {
      config: { access: P.export },
      schema: { tags: [TAG], summary: '导出检查记录 (.xlsx)', querystring: inspectionListQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '检查记录.xlsx', asciiFallback: 'inspections.xlsx' },
        s.exportList(await actor(request), request.query),
      ),
  );
};
