import {
  DICT,
  HEADERS,
  LOGIN,
  PERMISSIONS,
  PUBLIC,
  QA_API,
  qaAddSchema,
  qaEditSchema,
  qaExportQuerySchema,
  qaIdQuerySchema,
  qaIdsQuerySchema,
  qaListQuerySchema,
  qaPublicQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../../core/dict-text.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import { sendXlsx } from '../excel/export.ts';
import { acceptExcelUploads, importReply, readExcelUploads } from '../excel/upload.ts';
import type { QaActor } from './service.ts';

const TAG = '问题答疑';
/** The tenant whose FAQ the public page shows when the request names none. */
const DEFAULT_PUBLIC_TENANT = 1;

const actorOf = (request: FastifyRequest): QaActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};

/**
 * The FAQ module (§2, §5, §6, §7). Reading needs a login; every write needs qa:edit. The public list feeds
 * /moreHelp with supplier-visible entries only.
 */
export const qaRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { qa } = services;
  // Scoped to this plugin: only importExcel accepts multipart bodies.
  await acceptExcelUploads(app);

  app.get(
    `${QA_API}/list`,
    {
      config: { access: LOGIN },
      schema: { tags: [TAG], summary: '问答分页列表', querystring: qaListQuerySchema },
    },
    async (request) =>
      ok(
        await pageWithDictText(services.dicts, await qa.list(actorOf(request), request.query), {
          useType: DICT.yn,
          qaType: DICT.qaType,
        }),
      ),
  );

  app.get(
    `${QA_API}/queryById`,
    { config: { access: LOGIN }, schema: { tags: [TAG], summary: '问答详情', querystring: qaIdQuerySchema } },
    async (request) => ok(await qa.queryById(actorOf(request), request.query.id)),
  );

  app.post(
    `${QA_API}/add`,
    {
      config: { access: PERMISSIONS.qa.edit, audit: '新增问答' },
      schema: { tags: [TAG], summary: '新增问答', body: qaAddSchema },
    },
    async (request) => ok(await qa.add(actorOf(request), request.body), '添加成功！'),
  );

  app.put(
    `${QA_API}/edit`,
    {
      config: { access: PERMISSIONS.qa.edit, audit: '编辑问答' },
      schema: { tags: [TAG], summary: '编辑问答', body: qaEditSchema },
    },
    async (request) => ok(await qa.edit(actorOf(request), request.body), '编辑成功!'),
  );

  app.delete(
    `${QA_API}/delete`,
    {
      config: { access: PERMISSIONS.qa.edit, audit: '删除问答' },
      schema: { tags: [TAG], summary: '删除问答', querystring: qaIdQuerySchema },
    },
    async (request) => {
      await qa.remove(actorOf(request), [request.query.id]);
      return ok(null, '删除成功!');
    },
  );

  app.delete(
    `${QA_API}/deleteBatch`,
    {
      config: { access: PERMISSIONS.qa.edit, audit: '批量删除问答' },
      schema: { tags: [TAG], summary: '批量删除问答（ids 逗号分隔）', querystring: qaIdsQuerySchema },
    },
    async (request) => {
      const removed = await qa.remove(actorOf(request), request.query.ids);
      return ok(removed, '批量删除成功!');
    },
  );

  app.get(
    `${QA_API}/exportXls`,
    {
      config: { access: LOGIN },
      schema: { tags: [TAG], summary: '导出问答 (.xlsx)', querystring: qaExportQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '问题答疑.xlsx', asciiFallback: 'questions-and-answers.xlsx' },
        await qa.exportList(actorOf(request), request.query),
      ),
  );

  app.post(
    `${QA_API}/importExcel`,
    {
      config: { access: PERMISSIONS.qa.edit, audit: '导入问答' },
      schema: { tags: [TAG], summary: '导入问答（multipart，.xls/.xlsx，可多个文件）' },
    },
    // §4/§8: code 201 means imported with error rows; result.fileUrl is the report to download.
    async (request) => importReply(await qa.importFiles(actorOf(request), await readExcelUploads(request))),
  );

  app.get(
    `${QA_API}/publicList`,
    {
      config: { access: PUBLIC },
      schema: { tags: [TAG], summary: '供应商可见的问答（/moreHelp，无需登录）', querystring: qaPublicQuerySchema },
    },
    async (request) => {
      const header = Number(request.headers[HEADERS.tenant]);
      const tenantId = request.query.tenantId ?? (Number.isInteger(header) && header > 0 ? header : undefined);
      return ok(await qa.publicList(tenantId ?? DEFAULT_PUBLIC_TENANT, request.query.keyword));
    },
  );
};
