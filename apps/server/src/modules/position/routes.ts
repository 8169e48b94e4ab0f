import {
  idQuerySchema,
  idsQuerySchema,
  PERMISSIONS,
  POSITION_RANKS,
  positionAddSchema,
  positionEditSchema,
  positionListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../core/dict-text.ts';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const TAGS = ['职务'];
const P = PERMISSIONS.position;

/** Positions of the tenant (/sys/position/*). */
export const positionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { positions } = services;
  const tenant = (request: Parameters<typeof actorOf>[0]) => actorOf(request).tenantId;

  app.get(
    '/sys/position/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '职务分页列表', querystring: positionListQuerySchema },
    },
    async (request) =>
      ok(
        await pageWithDictText(services.dicts, await positions.list(tenant(request), request.query), {
          postRank: POSITION_RANKS,
        }),
      ),
  );

  app.get(
    '/sys/position/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '职务详情', querystring: idQuerySchema } },
    async (request) => ok(await positions.byId(tenant(request), request.query.id)),
  );

  app.get(
    '/sys/position/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出职务 (.xlsx)',
        querystring: positionListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await positions.list(tenant(request), { ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '职务.xlsx', ascii: 'positions.xlsx', sheet: '职务' },
        [
          { header: '职务编码', width: 16, value: (r) => r.code },
          { header: '职务名称', width: 24, value: (r) => r.name },
          { header: '职级', width: 10, value: (r) => POSITION_RANKS[r.postRank] ?? r.postRank },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/position/add',
    {
      config: { access: P.edit, audit: '新增职务' },
      schema: { tags: TAGS, summary: '新增职务', body: positionAddSchema },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await positions.add(actor.tenantId, actor.username, request.body), '添加成功！');
    },
  );

  app.put(
    '/sys/position/edit',
    {
      config: { access: P.edit, audit: '编辑职务' },
      schema: { tags: TAGS, summary: '编辑职务', body: positionEditSchema },
    },
    async (request) => ok(await positions.edit(tenant(request), request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/position/delete',
    {
      config: { access: P.edit, audit: '删除职务' },
      schema: { tags: TAGS, summary: '删除职务', querystring: idQuerySchema },
    },
    async (request) => ok(await positions.remove(tenant(request), [request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/position/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除职务' },
      schema: { tags: TAGS, summary: '批量删除职务', querystring: idsQuerySchema },
    },
    async (request) => ok(await positions.remove(tenant(request), request.query.ids), '删除成功!'),
  );
};
