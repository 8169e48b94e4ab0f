import {
  DICT_MESSAGES,
  dictAddSchema,
  dictCodeParamSchema,
  dictEditSchema,
  dictIdsQuerySchema,
  dictItemAddSchema,
  dictItemEditSchema,
  dictItemListQuerySchema,
  dictListQuerySchema,
  idQuerySchema,
  LOGIN,
  loadDictItemQuerySchema,
  loadDictQuerySchema,
  loadTreeDataQuerySchema,
  PERMISSIONS,
  tableDataQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { EXPORT_LIMIT, sendXlsx } from './kit.ts';
import { isTableDictCode } from './table-dict.ts';

const TAGS = ['数据字典'];
const P = PERMISSIONS.dict;
/** How many options a table-backed dictionary gives getDictItems at most. */
const TABLE_DICT_LIMIT = 5000;

export const dictRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { dicts, dictAdmin, tableDict } = services;

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '按编码取字典项（也支持“表名,显示字段,值字段”）',
        params: z.object({ dictCode: z.string().trim().min(1, DICT_MESSAGES.codeRequired).max(200) }),
      },
    },
    // An unknown dictionary gives an empty list (§8), not an error.
    async (request) => {
      const code = request.params.dictCode;
      if (isTableDictCode(code)) {
        return ok(await tableDict.options(code, services.callers(request), { limit: TABLE_DICT_LIMIT }));
      }
      return ok(await dicts.items(code));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dict',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '取值对应的显示文本（key 可逗号分隔）',
        params: dictCodeParamSchema,
        querystring: loadDictItemQuerySchema,
      },
    },
    async (request) => {
      const { dict } = request.params;
      const keys = [...new Set(request.query.key.split(',').map((k) => k.trim()))].filter(Boolean).slice(0, 500);
      if (isTableDictCode(dict)) return ok(await tableDict.labels(dict, services.callers(request), keys));
      const items = await dicts.items(dict);
      return ok(keys.flatMap((k) => items.filter((i) => i.value === k).map((i) => i.text)));
    },
  );

  app.get(
    '/sys/dict/loadDict/:dict',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '按关键字搜索字典项（keyword, pageSize）',
        params: dictCodeParamSchema,
        querystring: loadDictQuerySchema,
      },
    },
    async (request) => {
      const { dict } = request.params;
      const { keyword, pageSize } = request.query;
      const word = keyword.trim();
      if (isTableDictCode(dict)) {
        return ok(await tableDict.options(dict, services.callers(request), { keyword: word, limit: pageSize }));
      }
      const items = await dicts.items(dict);
      const lower = word.toLowerCase();
      return ok(items.filter((i) => !word || i.text.toLowerCase().includes(lower)).slice(0, pageSize));
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '表字典树（pid, tableName, text, code, pidField, hasChildField, condition）',
        querystring: loadTreeDataQuerySchema,
      },
    },
    async (request) => ok(await tableDict.tree(request.query, services.callers(request))),
  );

  // The business-component select (§2, §3): like the table dictionaries, a table of the shared allow-list
  // (core/shared-tables.ts) read with the permission and data scope of the list that owns it.
  app.get(
    '/sys/dict/queryTableData',
    {
      config: { access: LOGIN },
      schema: {
        tags: TAGS,
        summary: '业务组件选择：允许的表的分页数据（table, columns, query, keyField, keys）',
        querystring: tableDataQuerySchema,
      },
    },
    async (request) => ok(await tableDict.page(request.query, services.callers(request))),
  );

  // Every user calls it at sign-in and from the header (§7: refleshCache, then queryAllDictItems into the client's
  // own cache), so it stays open; only dictionary administrators drop the server's shared cache. Everyone else's
  // call reloads nothing shared: their client refetches queryAllDictItems, which is all their refresh needs.
  app.get(
    '/sys/dict/refleshCache',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '刷新字典缓存' } },
    async (request) => {
      const caller = services.callers(request);
      if ((await caller.can(P.list)) || (await caller.can(P.edit))) {
        dicts.invalidate();
        await dicts.all();
      }
      return ok(null, '刷新缓存完成！');
    },
  );

  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '全部字典项' } },
    async () => ok(await dicts.all()),
  );

  // ── Administration ──────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/sys/dict/list',
    { config: { access: P.list }, schema: { tags: TAGS, summary: '字典分页列表', querystring: dictListQuerySchema } },
    async (request) => ok(await dictAdmin.list(request.query)),
  );

  app.get(
    '/sys/dict/exportXls',
    {
      config: { access: P.list },
      schema: {
        tags: TAGS,
        summary: '导出字典 (.xlsx)',
        querystring: dictListQuerySchema.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await dictAdmin.list({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '数据字典.xlsx', ascii: 'dictionaries.xlsx', sheet: '数据字典' },
        [
          { header: '字典名称', width: 24, value: (r) => r.dictName },
          { header: '字典编码', width: 24, value: (r) => r.dictCode },
          { header: '描述', width: 40, wrap: true, value: (r) => r.description },
          { header: '字典项数', width: 10, value: (r) => r.itemCount },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/dict/add',
    { config: { access: P.edit, audit: '新增字典' }, schema: { tags: TAGS, summary: '新增字典', body: dictAddSchema } },
    async (request) => ok(await dictAdmin.add(request.body), '添加成功！'),
  );

  app.put(
    '/sys/dict/edit',
    {
      config: { access: P.edit, audit: '编辑字典' },
      schema: { tags: TAGS, summary: '编辑字典', body: dictEditSchema },
    },
    async (request) => ok(await dictAdmin.edit(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/dict/delete',
    {
      config: { access: P.edit, audit: '删除字典' },
      schema: { tags: TAGS, summary: '删除字典（连同字典项）', querystring: idQuerySchema },
    },
    async (request) => ok(await dictAdmin.remove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/dict/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除字典' },
      schema: { tags: TAGS, summary: '批量删除字典', querystring: dictIdsQuerySchema },
    },
    async (request) => ok(await dictAdmin.remove(request.query.ids), '删除成功!'),
  );

  app.get(
    '/sys/dictItem/list',
    {
      config: { access: P.list },
      schema: { tags: TAGS, summary: '字典项分页列表（dictId）', querystring: dictItemListQuerySchema },
    },
    async (request) => ok(await dictAdmin.items(request.query)),
  );

  app.post(
    '/sys/dictItem/add',
    {
      config: { access: P.edit, audit: '新增字典项' },
      schema: { tags: TAGS, summary: '新增字典项', body: dictItemAddSchema },
    },
    async (request) => ok(await dictAdmin.addItem(request.body), '添加成功！'),
  );

  app.put(
    '/sys/dictItem/edit',
    {
      config: { access: P.edit, audit: '编辑字典项' },
      schema: { tags: TAGS, summary: '编辑字典项', body: dictItemEditSchema },
    },
    async (request) => ok(await dictAdmin.editItem(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/dictItem/delete',
    {
      config: { access: P.edit, audit: '删除字典项' },
      schema: { tags: TAGS, summary: '删除字典项', querystring: idQuerySchema },
    },
    async (request) => ok(await dictAdmin.removeItems([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/dictItem/deleteBatch',
    {
      config: { access: P.edit, audit: '批量删除字典项' },
      schema: { tags: TAGS, summary: '批量删除字典项', querystring: dictIdsQuerySchema },
    },
    async (request) => ok(await dictAdmin.removeItems(request.query.ids), '删除成功!'),
  );
};
