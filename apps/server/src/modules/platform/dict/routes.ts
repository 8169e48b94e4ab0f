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
  LOGIN,
  loadDictItemQuerySchema,
  loadDictQuerySchema,
  loadTreeDataQuerySchema,
  PERMISSIONS,
  tableDataQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
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

  crudRoutes(app, services.dicts, {
    base: '/sys/dict',
    name: '字典',
    tag: TAGS[0],
    list: { access: P.list, query: dictListQuerySchema, run: (_request, query) => dictAdmin.list(query) },
    exportXls: {
      access: P.list,
      file: { name: '数据字典.xlsx', ascii: 'dictionaries.xlsx', sheet: '数据字典' },
      columns: [
        { header: '字典名称', width: 24, value: (r) => r.dictName },
        { header: '字典编码', width: 24, value: (r) => r.dictCode },
        { header: '描述', width: 40, wrap: true, value: (r) => r.description },
        { header: '字典项数', width: 10, value: (r) => r.itemCount },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: { access: P.edit, body: dictAddSchema, run: (_request, body) => dictAdmin.add(body) },
    edit: { access: P.edit, body: dictEditSchema, run: (_request, body) => dictAdmin.edit(body) },
    remove: {
      access: P.edit,
      idsQuery: dictIdsQuerySchema,
      summary: '删除字典（连同字典项）',
      run: (_request, ids) => dictAdmin.remove(ids.map(String)),
    },
  });

  crudRoutes(app, services.dicts, {
    base: '/sys/dictItem',
    name: '字典项',
    tag: TAGS[0],
    list: {
      access: P.list,
      query: dictItemListQuerySchema,
      summary: '字典项分页列表（dictId）',
      run: (_request, query) => dictAdmin.items(query),
    },
    add: { access: P.edit, body: dictItemAddSchema, run: (_request, body) => dictAdmin.addItem(body) },
    edit: { access: P.edit, body: dictItemEditSchema, run: (_request, body) => dictAdmin.editItem(body) },
    remove: {
      access: P.edit,
      idsQuery: dictIdsQuerySchema,
      run: (_request, ids) => dictAdmin.removeItems(ids.map(String)),
    },
  });
};
