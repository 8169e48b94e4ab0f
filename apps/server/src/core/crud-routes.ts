import type { PageResult, RouteAccess } from '@aps/shared';
import { idQuerySchema, idsQuerySchema } from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../modules/platform/dict/kit.ts';
import type { DictService } from '../modules/platform/dict/service.ts';
import type { SheetColumn } from '../modules/platform/excel/workbook.ts';
import { type DictFields, pageWithDictText } from './dict-text.ts';
import { ok } from './envelope.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Page = { pageNo: number; pageSize: number };

/** The answers JeecgBoot's clients look for after a write (§8). */
export const CRUD_MESSAGES = { added: '添加成功！', edited: '编辑成功!', removed: '删除成功!' } as const;

/**
 * One resource's standard operations (issue 11 §3), each declared where it is used: its access code, its schema
 * from packages/shared and its service call. An operation left out is not registered. Summaries and audit labels
 * follow from `name` (新增职务, 职务分页列表, …) unless a `summary` says more.
 */
export interface CrudResource<
  ListQuery extends z.ZodType<Page>,
  Row extends object,
  AddBody extends z.ZodType,
  EditBody extends z.ZodType,
> {
  /** The path prefix, e.g. `/sys/position`: the routes are `<base>/list`, `<base>/queryById`, … */
  base: string;
  /** The resource in Chinese, e.g. 职务. */
  name: string;
  /** OpenAPI tag; `name` by default. */
  tag?: string;
  list?: {
    access: RouteAccess;
    query: ListQuery;
    run(request: FastifyRequest, query: z.output<ListQuery>): Promise<PageResult<Row>>;
    /** Coded fields and their labels: each record gains `<field>_dictText` (§7, JeecgBoot's companions). */
    dictText?: DictFields;
    summary?: string;
  };
  byId?: {
    access: RouteAccess;
    query?: z.ZodType<{ id: string | number }>;
    run(request: FastifyRequest, id: string | number): Promise<unknown>;
  };
  /** `<base>/exportXls`: the list's rows under its filters (no paging), up to EXPORT_LIMIT. Needs `list`. */
  exportXls?: {
    access: RouteAccess;
    file: { name: string; ascii: string; sheet: string };
    columns: SheetColumn<Row>[];
  };
  add?: {
    access: RouteAccess;
    body: AddBody;
    run(request: FastifyRequest, body: z.output<AddBody>): Promise<unknown>;
    /** The success message; CRUD_MESSAGES.added by default. */
    message?: string;
    summary?: string;
  };
  edit?: {
    access: RouteAccess;
    body: EditBody;
    run(request: FastifyRequest, body: z.output<EditBody>): Promise<unknown>;
    message?: string;
    summary?: string;
  };
  /** `<base>/delete?id=` and `<base>/deleteBatch?ids=a,b` (comma-joined or repeated), one service call for both. */
  remove?: {
    access: RouteAccess;
    idQuery?: z.ZodType<{ id: string | number }>;
    idsQuery?: z.ZodType<{ ids: (string | number)[] }>;
    summary?: string;
    /** The success messages of delete and deleteBatch; CRUD_MESSAGES.removed by default. */
    messages?: { one?: string; batch?: string };
    run(request: FastifyRequest, ids: (string | number)[]): Promise<unknown>;
  };
}

/** Registers the declared operations of `resource` on `app` (see CrudResource). */
export function crudRoutes<
  ListQuery extends z.ZodType<Page>,
  Row extends object,
  AddBody extends z.ZodType,
  EditBody extends z.ZodType,
>(app: App, dicts: Pick<DictService, 'all'>, resource: CrudResource<ListQuery, Row, AddBody, EditBody>): void {
  const { base, name, list, byId, exportXls, add, edit, remove } = resource;
  const tags = [resource.tag ?? name];

  if (list) {
    app.get(
      `${base}/list`,
      {
        config: { access: list.access },
        schema: { tags, summary: list.summary ?? `${name}分页列表`, querystring: list.query },
      },
      async (request) => {
        const page = await list.run(request, request.query as z.output<ListQuery>);
        return ok(list.dictText ? await pageWithDictText(dicts, page, list.dictText) : page);
      },
    );
  }

  if (byId) {
    app.get(
      `${base}/queryById`,
      {
        config: { access: byId.access },
        schema: { tags, summary: `${name}详情`, querystring: byId.query ?? idQuerySchema },
      },
      async (request) => ok(await byId.run(request, (request.query as { id: string | number }).id)),
    );
  }

  if (exportXls && list) {
    const unpaged = (list.query as unknown as z.ZodObject).omit({ pageNo: true, pageSize: true });
    app.get(
      `${base}/exportXls`,
      { config: { access: exportXls.access }, schema: { tags, summary: `导出${name} (.xlsx)`, querystring: unpaged } },
      async (request, reply) => {
        const query = { ...(request.query as object), pageNo: 1, pageSize: EXPORT_LIMIT } as z.output<ListQuery>;
        const page = await list.run(request, query);
        return sendXlsx(reply, exportXls.file, exportXls.columns, page.records);
      },
    );
  }

  if (add) {
    app.post(
      `${base}/add`,
      {
        config: { access: add.access, audit: `新增${name}` },
        schema: { tags, summary: add.summary ?? `新增${name}`, body: add.body },
      },
      async (request) =>
        ok(await add.run(request, request.body as z.output<AddBody>), add.message ?? CRUD_MESSAGES.added),
    );
  }

  if (edit) {
    app.put(
      `${base}/edit`,
      {
        config: { access: edit.access, audit: `编辑${name}` },
        schema: { tags, summary: edit.summary ?? `编辑${name}`, body: edit.body },
      },
      async (request) =>
        ok(await edit.run(request, request.body as z.output<EditBody>), edit.message ?? CRUD_MESSAGES.edited),
    );
  }

  if (remove) {
    app.delete(
      `${base}/delete`,
      {
        config: { access: remove.access, audit: `删除${name}` },
        schema: { tags, summary: remove.summary ?? `删除${name}`, querystring: remove.idQuery ?? idQuerySchema },
      },
      async (request) =>
        ok(
          await remove.run(request, [(request.query as { id: string | number }).id]),
          remove.messages?.one ?? CRUD_MESSAGES.removed,
        ),
    );
    app.delete(
      `${base}/deleteBatch`,
      {
        config: { access: remove.access, audit: `批量删除${name}` },
        schema: { tags, summary: `批量删除${name}`, querystring: remove.idsQuery ?? idsQuerySchema },
      },
      async (request) =>
        ok(
          await remove.run(request, (request.query as { ids: (string | number)[] }).ids),
          remove.messages?.batch ?? CRUD_MESSAGES.removed,
        ),
    );
  }
}

/** The caller's tenant, for the many resources that live in one. */
export const tenantOf = (request: FastifyRequest) => actorOf(request).tenantId;
