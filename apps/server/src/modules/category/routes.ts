import {
  CATEGORY_ROOT,
  categoryAddSchema,
  categoryChildrenQuerySchema,
  categoryDictItemQuerySchema,
  categoryEditSchema,
  categoryListQuerySchema,
  categoryLoadOneQuerySchema,
  categoryTreeDataQuerySchema,
  categoryTreeRootQuerySchema,
  idQuerySchema,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const TAGS = ['分类字典'];
const P = PERMISSIONS.category;

/** The category dictionary (§7 Dictionaries and categories). Tree reads need a login; administration needs the codes. */
export const categoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { categories } = services;
  const tenant = (request: Parameters<typeof actorOf>[0]) => actorOf(request).tenantId;

  app.get(
    '/sys/category/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '分类分页列表（默认顶级分类）', querystring: categoryListQuerySchema },
    },
    async (request) => ok(await categories.list(tenant(request), request.query)),
  );

  app.get(
    '/sys/category/childList',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '下级分类', querystring: categoryChildrenQuerySchema },
    },
    async (request) => ok(await categories.children(tenant(request), request.query.pid)),
  );

  app.get(
    '/sys/category/queryById',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '分类详情', querystring: idQuerySchema } },
    async (request) => ok(await categories.byId(tenant(request), request.query.id)),
  );

  app.get(
    '/sys/category/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出分类 (.xlsx)',
        querystring: categoryListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await categories.list(tenant(request), { ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '分类字典.xlsx', ascii: 'categories.xlsx', sheet: '分类字典' },
        [
          { header: '分类名称', width: 24, value: (r) => r.name },
          { header: '分类编码', width: 20, value: (r) => r.code },
          { header: '父级', width: 40, value: (r) => (r.pid === CATEGORY_ROOT ? '' : r.pid) },
          { header: '有下级', width: 8, value: (r) => (r.hasChild === '1' ? '是' : '否') },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/category/add',
    {
      config: { access: P.edit, audit: '新增分类' },
      schema: { tags: TAGS, summary: '新增分类（编码留空则自动生成）', body: categoryAddSchema },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await categories.add(actor.tenantId, actor.username, request.body), '添加成功！');
    },
  );

  app.put(
    '/sys/category/edit',
    {
      config: { access: P.edit, audit: '编辑分类' },
      schema: { tags: TAGS, summary: '编辑分类', body: categoryEditSchema },
    },
    async (request) => ok(await categories.edit(tenant(request), request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/category/delete',
    {
      config: { access: P.edit, audit: '删除分类' },
      schema: { tags: TAGS, summary: '删除分类（有下级时拒绝）', querystring: idQuerySchema },
    },
    async (request) => ok(await categories.remove(tenant(request), [request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/category/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除分类' },
      schema: { tags: TAGS, summary: '批量删除分类', querystring: idsQuerySchema },
    },
    async (request) => ok(await categories.remove(tenant(request), request.query.ids), '删除成功!'),
  );

  // ── Tree reads for the category select components (§7) ─────────────────────────────────────────────

  app.get(
    '/sys/category/loadTreeRoot',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '分类树根（async, pcode）', querystring: categoryTreeRootQuerySchema },
    },
    async (request) => {
      const { async, pcode } = request.query;
      return ok(await categories.treeRoot(tenant(request), pcode, async));
    },
  );

  app.get(
    '/sys/category/loadTreeChildren',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '分类树下级（pid）', querystring: categoryChildrenQuerySchema },
    },
    async (request) => ok(await categories.treeChildren(tenant(request), request.query.pid)),
  );

  app.get(
    '/sys/category/loadOne',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '按字段取一个分类（field, val）', querystring: categoryLoadOneQuerySchema },
    },
    async (request) => ok(await categories.loadOne(tenant(request), request.query.field, request.query.val)),
  );

  app.get(
    '/sys/category/loadTreeData',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: 'JTreeSelect 数据（pid, pcode, condition 为JSON对象字符串）',
        querystring: categoryTreeDataQuerySchema,
      },
    },
    async (request) => ok(await categories.treeData(tenant(request), request.query)),
  );

  for (const url of ['/sys/category/loadDictItem', '/sys/category/loadDictItem/']) {
    app.get(
      url,
      {
        config: { access: LOGIN },
        schema: { tags: TAGS, summary: '分类id转名称（ids 逗号分隔）', querystring: categoryDictItemQuerySchema },
      },
      async (request) => {
        const ids = request.query.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 1000);
        return ok(await categories.names(tenant(request), ids));
      },
    );
  }
};
