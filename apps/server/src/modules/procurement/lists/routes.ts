import {
  fileRecordListQuerySchema,
  PERMISSIONS,
  PROCUREMENT_API,
  packageDetailListQuerySchema,
  purchaseListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { procurementActor } from '../plan/routes.ts';

/**
 * The special lists of §7 (issue 14 §10): 采购文件记录, 采购清单, 标包明细. Reads only, in the package list's tenant
 * and data scope, with the package list's permission.
 */
export const procurementListRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const access = PERMISSIONS.purchasePackage.list;
  app.get(
    PROCUREMENT_API.fileRecordList,
    {
      config: { access },
      schema: {
        tags: ['采购管理'],
        summary: '采购文件记录：公告附件与开标后的投标文件',
        querystring: fileRecordListQuerySchema,
      },
    },
    async (request) =>
      ok(await services.procurementLists.fileRecords(await procurementActor(services, request), request.query)),
  );
  app.get(
    PROCUREMENT_API.purchaseListList,
    {
      config: { access },
      schema: { tags: ['采购管理'], summary: '采购清单：按部门排序的标包', querystring: purchaseListQuerySchema },
    },
    async (request) =>
      ok(await services.procurementLists.purchaseList(await procurementActor(services, request), request.query)),
  );
  app.get(
    PROCUREMENT_API.packageDetailList,
    {
      config: { access },
      schema: {
        tags: ['采购管理'],
        summary: '标包明细：每个标包 × 投标人一行，按标包分页',
        querystring: packageDetailListQuerySchema,
      },
    },
    async (request) =>
      ok(await services.procurementLists.packageDetails(await procurementActor(services, request), request.query)),
  );
};
