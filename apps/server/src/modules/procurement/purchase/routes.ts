import { DICT, PERMISSIONS, purchaseRecordQuerySchema } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWithDictText } from '../../../core/dict-text.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { dataRuleFilter } from '../../platform/permission/data-rule.ts';

const PURCHASE_DICT_FIELDS = {
  purchaseStage: DICT.purchaseStage,
  electionStatus: DICT.electionStatus,
  scoreType: DICT.scoreType,
  approvalStatus: DICT.approvalStatus,
} as const;

export const purchaseRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/purchase/purchaseRecord/list',
    {
      config: { access: PERMISSIONS.purchase.list },
      schema: { tags: ['采购记录'], summary: '采购记录分页列表', querystring: purchaseRecordQuerySchema },
    },
    async (request) => {
      const { userId, tenantId, username, orgCode } = sessionOf(request);
      const [scope, ruleSets] = await Promise.all([
        services.permissions.dataScope(userId, tenantId),
        services.permissions.dataRuleSets(userId, tenantId, '/purchase/record'),
      ]);
      const rules = dataRuleFilter('/purchase/record', ruleSets, { username, orgCode });
      const page = await services.purchases.list(tenantId, scope, request.query, rules);
      return ok(await pageWithDictText(services.dicts, page, PURCHASE_DICT_FIELDS));
    },
  );
};
