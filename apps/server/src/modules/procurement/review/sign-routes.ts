import {
  REVIEW_API as API,
  LOGIN,
  PERMISSIONS,
  packageIdQuerySchema,
  packageMoveSchema,
  REVIEW_MESSAGES,
  signSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { attachment } from '../../platform/excel/workbook.ts';
import type { ReviewActor } from './seat.ts';

const TAG = '评审签字';
const P = PERMISSIONS.reviewTask;

/**
 * 签字 and 结束评审 (issue 15 §9): the members' signatures (and the goods/assets variant), the leader's end of the
 * review, whether it ended, and the report PDF. Writes check the caller's seat in the service.
 */
export const reviewSignRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signs = services.reviewSign;
  const actor = (request: FastifyRequest): ReviewActor => {
    const c = services.callers(request);
    return { tenantId: c.tenantId, userId: c.userId, username: c.username };
  };

  app.put(
    API.sign,
    {
      config: { access: P.sign, audit: '评审报告签字' },
      schema: { tags: [TAG], summary: '评审报告签字（同意/不同意，不同意须填写理由）', body: signSchema },
    },
    async (request) => ok(await signs.sign(actor(request), request.body, 'report'), REVIEW_MESSAGES.success),
  );
  app.put(
    API.assetsExpertSign,
    {
      config: { access: P.sign, audit: '评审报告签字（物资/资产）' },
      schema: { tags: [TAG], summary: '物资/资产类标包的评审报告签字', body: signSchema },
    },
    async (request) => ok(await signs.sign(actor(request), request.body, 'assets'), REVIEW_MESSAGES.success),
  );
  app.put(
    API.assetsExpertEdit,
    {
      config: { access: P.sign, audit: '保存评审意见（物资/资产）' },
      schema: {
        tags: [TAG],
        summary: '物资/资产类标包的评审意见（未签字时签字，已签字可在评审结束前修改意见）',
        body: signSchema,
      },
    },
    async (request) => ok(await signs.saveAssetsOpinion(actor(request), request.body), REVIEW_MESSAGES.success),
  );
  app.put(
    API.putReviewScoreEnd,
    {
      config: { access: P.lead, audit: '结束评审' },
      schema: {
        tags: [TAG],
        summary: '结束评审（组长；全部成员签字后，标包进入评审结束并生成评审报告）',
        body: packageMoveSchema,
      },
    },
    async (request) => ok(await signs.end(actor(request), request.body.packageId), '评审已结束'),
  );
  app.get(
    API.queryIsEndReviewById,
    {
      // Committee members (review:task) and the buyer / supervisor (抽取查询 or 评审监控): the service decides.
      config: { access: LOGIN },
      schema: { tags: [TAG], summary: '标包评审是否已结束', querystring: packageIdQuerySchema },
    },
    async (request) => ok(await signs.endState(services.callers(request), request.query.packageId)),
  );
  app.get(
    API.report,
    {
      config: { access: LOGIN },
      schema: {
        tags: [TAG],
        summary: '下载评审报告（PDF；评审委员会、本部门采购人与监督人员，供应商不可读）',
        querystring: packageIdQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await signs.report(services.callers(request), request.query.packageId);
      const ascii = 'review-report.pdf';
      reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(file.fileName, ascii))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (file.object.size !== undefined) reply.header('Content-Length', file.object.size);
      return reply.send(file.object.body);
    },
  );
};
