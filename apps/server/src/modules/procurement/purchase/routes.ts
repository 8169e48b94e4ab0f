import { DICT, PERMISSIONS, purchaseRecordQuerySchema } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../../core/dict-text.ts';
import { ok } from '../../../core/envelope.ts';
import { DICT_TABLES, sendCachedPage } from '../../../core/list-body.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { dataRuleFilter } from '../../platform/permission/data-rule.ts';
import { PURCHASE_LIST_TABLES } from './service.ts';

const FIELDS = {
  purchaseStage: DICT.purchaseStage,
  electionStatus: DICT.electionStatus,
  scoreType: DICT.scoreType,
  approvalStatus: DICT.approvalStatus,
} as const;
const LIST_TABLES = [...PURCHASE_LIST_TABLES, ...DICT_TABLES];

export const purchaseRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/purchase/purchaseRecord/list',
    {
      config: { access: PERMISSIONS.purchase.list },
      schema: { tags: ['采购记录'], summary: '采购记录分页列表', querystring: purchaseRecordQuerySchema },
    },
    async (request, reply) => {
      const { userId, tenantId, username, orgCode } = sessionOf(request);
      const [scope, ruleSets] = await Promise.all([
        services.permissions.dataScope(userId, tenantId),
        services.permissions.dataRuleSets(userId, tenantId, '/purchase/record'),
      ]);
      const rules = dataRuleFilter('/purchase/record', ruleSets, { username, orgCode });
      const build = async () =>
        pageWithDictText(services.dicts, await services.purchases.list(tenantId, scope, request.query, rules), FIELDS);
      // Without data rules a page depends on the tenant, the data scope and the query only: served as cached bytes.
      // The web client's cache buster `_t` (§7) changes nothing in the page, so it is not part of the key.
      if (rules) return ok(await build());
      const { _t, ...query } = request.query;
      return sendCachedPage(reply, JSON.stringify([tenantId, scope, query]), LIST_TABLES, build);
    },
  );
};
