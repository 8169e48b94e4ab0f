import {
  changeMethodSchema,
  PERMISSIONS,
  PROCUREMENT_API,
  packageActionSchema,
  packageAddSchema,
  packageEditSchema,
  packageIdSchema,
  packageListQuerySchema,
  packageReasonSchema,
  projectFromPlanSchema,
  projectListQuerySchema,
  reviewCompleteSchema,
  reviewStartSchema,
  type StageAction,
  selectionSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { withWinnerLetters } from '../bid/award-letters.ts';
import { procurementActor } from '../plan/routes.ts';

const TAG = '采购项目与标包';
const P = PERMISSIONS;

/** Projects, packages, selection preparation, stage actions, 流标 follow-ups and the review seam. */
export const purchaseProjectRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const projects = services.purchaseProjects;
  const actor = (request: FastifyRequest) => procurementActor(services, request);

  app.post(
    PROCUREMENT_API.projectFromPlan,
    {
      config: { access: P.purchaseProject.edit, audit: '采购计划转为项目' },
      schema: { tags: [TAG], summary: '由已通过的采购计划创建采购项目和标包', body: projectFromPlanSchema },
    },
    async (request) => ok(await projects.fromPlan(await actor(request), request.body), '添加成功！'),
  );
  app.get(
    PROCUREMENT_API.projectList,
    {
      config: { access: P.purchaseProject.list },
      schema: { tags: [TAG], summary: '采购项目分页列表（含标包数与标包金额）', querystring: projectListQuerySchema },
    },
    async (request) => ok(await projects.projectList(await actor(request), request.query)),
  );
  app.get(
    `${PROCUREMENT_API.project}/queryById`,
    {
      config: { access: P.purchaseProject.list },
      schema: {
        tags: [TAG],
        summary: '采购项目详情（含标包）',
        querystring: z.object({ id: z.string().uuid('采购项目不存在或已删除') }),
      },
    },
    async (request) => ok(await projects.projectById(await actor(request), request.query.id)),
  );
  app.post(
    `${PROCUREMENT_API.package}/add`,
    {
      config: { access: P.purchasePackage.edit, audit: '新增标包' },
      schema: { tags: [TAG], summary: '新增标包', body: packageAddSchema },
    },
    async (request) => ok(await projects.addPackage(await actor(request), request.body), '添加成功！'),
  );
  app.put(
    `${PROCUREMENT_API.package}/edit`,
    {
      config: { access: P.purchasePackage.edit, audit: '编辑标包' },
      schema: { tags: [TAG], summary: '编辑标包（待发布）', body: packageEditSchema },
    },
    async (request) => ok(await projects.editPackage(await actor(request), request.body), '编辑成功!'),
  );
  app.put(
    PROCUREMENT_API.packageSelection,
    {
      config: { access: P.purchaseSelection.edit, audit: '保存选商准备' },
      schema: { tags: [TAG], summary: '选商准备（公告发布后锁定）', body: selectionSchema },
    },
    async (request) => ok(await projects.saveSelection(await actor(request), request.body), '保存成功!'),
  );
  app.get(
    PROCUREMENT_API.packageList,
    {
      config: { access: P.purchasePackage.list },
      schema: { tags: [TAG], summary: '标包分页列表（阶段筛选、名称搜索）', querystring: packageListQuerySchema },
    },
    async (request) => {
      const a = await actor(request);
      return ok(await withWinnerLetters(services.awardLetters, a.tenantId, await projects.list(a, request.query)));
    },
  );
  app.get(
    PROCUREMENT_API.packageQueryById,
    {
      config: { access: P.purchasePackage.list },
      schema: { tags: [TAG], summary: '标包详情（含评审项、可执行操作）', querystring: packageIdSchema },
    },
    async (request) => ok(await projects.queryById(await actor(request), request.query.id)),
  );
  app.get(
    PROCUREMENT_API.packageHistory,
    {
      config: { access: P.purchasePackage.list },
      schema: { tags: [TAG], summary: '标包阶段历史', querystring: packageIdSchema },
    },
    async (request) => ok(await projects.history(await actor(request), request.query.id)),
  );
  app.post(
    PROCUREMENT_API.packageAction,
    {
      config: { access: P.purchasePackage.action, audit: '标包阶段操作' },
      schema: {
        tags: [TAG],
        summary: '标包阶段操作（发布公告、开始响应、截止投标、开标、提交结束审核）',
        body: packageActionSchema,
      },
    },
    async (request) =>
      ok(
        await projects.act(
          await actor(request),
          request.body.id,
          request.body.action as StageAction,
          request.body.reason ?? null,
        ),
        '操作成功!',
      ),
  );
  app.post(
    PROCUREMENT_API.packageOpen,
    {
      config: { access: P.purchasePackage.action, audit: '开标' },
      schema: { tags: [TAG], summary: '开标', body: packageIdSchema },
    },
    async (request) => ok(await projects.act(await actor(request), request.body.id, 'open', null), '操作成功!'),
  );
  app.post(
    PROCUREMENT_API.endAuditSubmit,
    {
      config: { access: P.purchaseEndAudit.edit, audit: '提交结束审核' },
      schema: { tags: [TAG], summary: '提交结束审核（end_audit）', body: packageReasonSchema },
    },
    async (request) =>
      ok(
        await projects.act(await actor(request), request.body.id, 'submitEndAudit', request.body.reason ?? null),
        '已提交审批',
      ),
  );
  app.post(
    PROCUREMENT_API.rebid,
    {
      config: { access: P.purchasePackage.action, audit: '重新采购' },
      schema: { tags: [TAG], summary: '流标后重新采购', body: packageReasonSchema },
    },
    async (request) =>
      ok(await projects.rebid(await actor(request), request.body.id, request.body.reason ?? null), '操作成功!'),
  );
  app.post(
    PROCUREMENT_API.changeMethod,
    {
      config: { access: P.purchasePackage.action, audit: '变更方式' },
      schema: { tags: [TAG], summary: '流标后变更方式（method_change）', body: changeMethodSchema },
    },
    async (request) =>
      ok(
        await projects.changeMethod(
          await actor(request),
          request.body.id,
          request.body.purchaseMethod as Parameters<typeof projects.changeMethod>[2],
          request.body.reason,
        ),
        '已提交审批',
      ),
  );
  app.post(
    PROCUREMENT_API.terminate,
    {
      config: { access: P.purchasePackage.action, audit: '终止采购' },
      schema: { tags: [TAG], summary: '流标后终止', body: packageReasonSchema },
    },
    async (request) =>
      ok(await projects.terminate(await actor(request), request.body.id, request.body.reason ?? null), '操作成功!'),
  );
  app.post(
    PROCUREMENT_API.reviewStart,
    {
      config: { access: P.purchaseReview.edit, audit: '开始评审' },
      schema: { tags: [TAG], summary: '评审交接：开始评审（5→6）', body: reviewStartSchema },
    },
    async (request) => ok(await projects.reviewStart(await actor(request), request.body.packageId), '操作成功!'),
  );
  app.post(
    PROCUREMENT_API.reviewComplete,
    {
      config: { access: P.purchaseReview.edit, audit: '结束评审' },
      schema: {
        tags: [TAG],
        summary: '评审交接：结束评审（→9，有效投标人、推荐候选人、流标）',
        body: reviewCompleteSchema,
      },
    },
    async (request) =>
      ok(
        await projects.reviewComplete(await actor(request), request.body.packageId, {
          validBidderIds: request.body.validBidderIds,
          rankedCandidates: request.body.rankedCandidates,
          electionStatus: request.body.electionStatus,
        }),
        '操作成功!',
      ),
  );
};
