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
  LOGIN,
  PERMISSIONS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../dict/kit.ts';

const TAGS = ['分类字典'];
const P = PERMISSIONS.category;

/** The category dictionary (§7 Dictionaries and categories). Tree reads need a login; administration needs the codes. */
export const categoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { categories } = services;
  const tenant = tenantOf;

  crudRoutes(app, services.dicts, {
    base: '/sys/category',
    name: '分类',
    tag: '分类字典',
    list: {
      access: P.list,
      query: categoryListQuerySchema,
      summary: '分类分页列表（默认顶级分类）',
      run: (request, query) => categories.list(tenant(request), query),
    },
    byId: { access: P.list, run: (request, id) => categories.byId(tenant(request), String(id)) },
    exportXls: {
      access: P.list,
      file: { name: '分类字典.xlsx', ascii: 'categories.xlsx', sheet: '分类字典' },
      columns: [
        { header: '分类名称', width: 24, value: (r) => r.name },
        { header: '分类编码', width: 20, value: (r) => r.code },
        { header: '父级', width: 40, value: (r) => (r.pid === CATEGORY_ROOT ? '' : r.pid) },
        { header: '有下级', width: 8, value: (r) => (r.hasChild === '1' ? '是' : '否') },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: {
      access: P.edit,
      body: categoryAddSchema,
      summary: '新增分类（编码留空则自动生成）',
      run: (request, body) => {
        const actor = actorOf(request);
        return categories.add(actor.tenantId, actor.username, body);
      },
    },
    edit: { access: P.edit, body: categoryEditSchema, run: (request, body) => categories.edit(tenant(request), body) },
    remove: {
      access: P.edit,
      summary: '删除分类（有下级时拒绝）',
      run: (request, ids) => categories.remove(tenant(request), ids.map(String)),
    },
  });

  app.get(
    '/sys/category/childList',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '下级分类', querystring: categoryChildrenQuerySchema },
    },
    async (request) => ok(await categories.children(tenant(request), request.query.pid)),
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
