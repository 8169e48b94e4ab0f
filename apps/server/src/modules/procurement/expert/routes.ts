import {
  EXPERT_STATUS_NAMES,
  expertAddSchema,
  expertEditSchema,
  expertIdSchema,
  expertListQuerySchema,
  expertUsersQuerySchema,
  PERMISSIONS,
  REVIEW_API,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../platform/dict/kit.ts';
import { acceptExcelUploads, importReply, readExcelUploads } from '../../platform/excel/upload.ts';
import { EXPORT_COLUMNS } from './excel.ts';

const P = PERMISSIONS.reviewExpert;
const NAME = '专家';

/** The expert pool (专家库, issue 15 §1) under REVIEW_API.expert: the tenant's profiles of expert users. */
export const expertRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { experts } = services;
  // Scoped to this plugin: only importExcel accepts multipart bodies.
  await acceptExcelUploads(app);

  crudRoutes(app, services.dicts, {
    base: REVIEW_API.expert,
    name: NAME,
    tag: '专家库',
    list: {
      access: P.list,
      query: expertListQuerySchema,
      run: (request, query) => experts.list(tenantOf(request), query),
      dictText: { status: EXPERT_STATUS_NAMES },
    },
    byId: { access: P.list, query: expertIdSchema, run: (request, id) => experts.byId(tenantOf(request), String(id)) },
    exportXls: {
      access: P.export,
      file: { name: '专家库.xlsx', ascii: 'experts.xlsx', sheet: '专家库' },
      columns: EXPORT_COLUMNS,
    },
    add: { access: P.add, body: expertAddSchema, run: (request, body) => experts.add(actorOf(request), body) },
    edit: { access: P.edit, body: expertEditSchema, run: (request, body) => experts.edit(actorOf(request), body) },
    remove: { access: P.delete, run: (request, ids) => experts.remove(actorOf(request), ids.map(String)) },
  });

  app.get(
    REVIEW_API.expertUsers,
    {
      config: { access: P.add },
      schema: { tags: ['专家库'], summary: '可建立专家档案的专家端用户', querystring: expertUsersQuerySchema },
    },
    async (request) => ok(await experts.candidates(tenantOf(request), request.query.keyword)),
  );

  app.post(
    REVIEW_API.expertImport,
    {
      config: { access: P.import, audit: '导入专家' },
      schema: { tags: ['专家库'], summary: '导入专家（multipart，.xls/.xlsx，可多个文件）' },
    },
    // §4/§8: code 201 means imported with error rows; result.fileUrl is the report to download.
    async (request) => importReply(await experts.importFiles(actorOf(request), await readExcelUploads(request))),
  );
};
