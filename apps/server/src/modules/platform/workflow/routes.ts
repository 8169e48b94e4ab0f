import type { RouteAccess } from '@aps/shared';
import {
  WORKFLOW_API as API,
  WORKFLOW_MESSAGES as M,
  PERMISSIONS as P,
  workflowAddSignerSchema,
  workflowApproveSchema,
  workflowBindSchema,
  workflowDefinitionIdBodySchema,
  workflowDefinitionIdQuerySchema,
  workflowDefinitionListQuerySchema,
  workflowDefinitionVersionsQuerySchema,
  workflowDelegateSchema,
  workflowDeploySchema,
  workflowInstanceIdQuerySchema,
  workflowInstanceListQuerySchema,
  workflowInstanceMyQuerySchema,
  workflowInstanceReasonSchema,
  workflowInstanceResumeSchema,
  workflowRejectSchema,
  workflowReturnSchema,
  workflowTaskIdQuerySchema,
  workflowTaskListQuerySchema,
  workflowTransferSchema,
  workflowValidateSchema,
  workflowWithdrawSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import type { WorkflowActor } from './engine-types.ts';

const TAG = '流程中心';

const actorOf = (request: FastifyRequest): WorkflowActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};

/**
 * The workflow module (issue 13): definitions (流程设计), tasks (我的待办/我的已办), instances (我发起的/流程实例).
 * Acting on a task needs workflow:todo and being its current assignee (checked by the engine under a row lock).
 */
export const workflowRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const wf = services.workflow;

  /** A task or instance action: a POST, audited under `label`, answered with 操作成功. */
  function action<Body extends z.ZodType>(
    url: string,
    access: RouteAccess,
    label: string,
    summary: string,
    body: Body,
    run: (actor: WorkflowActor, body: z.output<Body>) => Promise<unknown>,
  ) {
    app.post(url, { config: { access, audit: label }, schema: { tags: [TAG], summary, body } }, async (request) =>
      ok(await run(actorOf(request), request.body as z.output<Body>), M.ok),
    );
  }

  // ---- definitions ----
  app.get(
    API.definitionList,
    {
      config: { access: P.workflow.definitionList },
      schema: {
        tags: [TAG],
        summary: '流程定义列表（每个标识的最新版本）',
        querystring: workflowDefinitionListQuerySchema,
      },
    },
    async (request) => ok(await wf.definitionList(actorOf(request).tenantId, request.query)),
  );
  app.get(
    API.definitionVersions,
    {
      config: { access: P.workflow.definitionList },
      schema: { tags: [TAG], summary: '流程定义的全部版本', querystring: workflowDefinitionVersionsQuerySchema },
    },
    async (request) => ok(await wf.definitionVersions(actorOf(request).tenantId, request.query.key)),
  );
  app.get(
    API.definitionQueryById,
    {
      config: { access: P.workflow.definitionList },
      schema: { tags: [TAG], summary: '流程定义详情（含XML）', querystring: workflowDefinitionIdQuerySchema },
    },
    async (request) => ok(await wf.definitionById(actorOf(request).tenantId, request.query.id)),
  );
  app.post(
    API.definitionDeploy,
    {
      config: { access: P.workflow.definitionDeploy, audit: '部署流程' },
      schema: { tags: [TAG], summary: '部署流程（新版本）', body: workflowDeploySchema },
    },
    async (request) => ok(await wf.deploy(actorOf(request), request.body), '部署成功!'),
  );
  app.post(
    API.definitionValidate,
    {
      config: { access: P.workflow.definitionList, audit: false },
      schema: { tags: [TAG], summary: '校验流程图', body: workflowValidateSchema },
    },
    async (request) => ok(await wf.validate(request.body.xml)),
  );
  app.put(
    API.definitionSuspend,
    {
      config: { access: P.workflow.definitionDeploy, audit: '挂起流程定义' },
      schema: { tags: [TAG], summary: '挂起流程定义', body: workflowDefinitionIdBodySchema },
    },
    async (request) => {
      await wf.setDefinitionStatus(actorOf(request).tenantId, request.body.id, 'suspended');
      return ok(null, M.ok);
    },
  );
  app.put(
    API.definitionActivate,
    {
      config: { access: P.workflow.definitionDeploy, audit: '激活流程定义' },
      schema: { tags: [TAG], summary: '激活流程定义', body: workflowDefinitionIdBodySchema },
    },
    async (request) => {
      await wf.setDefinitionStatus(actorOf(request).tenantId, request.body.id, 'active');
      return ok(null, M.ok);
    },
  );
  app.get(
    API.bindingList,
    { config: { access: P.workflow.definitionList }, schema: { tags: [TAG], summary: '业务类型绑定的流程' } },
    async (request) => ok(await wf.bindingList(actorOf(request).tenantId)),
  );
  app.put(
    API.bindingBind,
    {
      config: { access: P.workflow.definitionDeploy, audit: '绑定流程' },
      schema: { tags: [TAG], summary: '业务类型绑定流程', body: workflowBindSchema },
    },
    async (request) => {
      const a = actorOf(request);
      await wf.bind(a.tenantId, a.username, request.body);
      return ok(null, M.ok);
    },
  );

  // ---- tasks ----
  app.get(
    API.taskTodo,
    {
      config: { access: P.workflow.todo },
      schema: { tags: [TAG], summary: '我的待办', querystring: workflowTaskListQuerySchema },
    },
    async (request) => ok(await wf.todo(actorOf(request), request.query)),
  );
  app.get(
    API.taskDone,
    {
      config: { access: P.workflow.done },
      schema: { tags: [TAG], summary: '我的已办', querystring: workflowTaskListQuerySchema },
    },
    async (request) => ok(await wf.done(actorOf(request), request.query)),
  );
  app.get(
    API.taskQueryById,
    {
      config: { access: P.workflow.todo },
      schema: { tags: [TAG], summary: '任务详情（审批面板）', querystring: workflowTaskIdQuerySchema },
    },
    async (request) => ok(await wf.taskDetail(actorOf(request), request.query.id)),
  );
  action(API.taskApprove, P.workflow.todo, '审批同意', '同意', workflowApproveSchema, (actor, b) =>
    wf.engine.approve(actor, b.taskId, b.comment),
  );
  action(API.taskReject, P.workflow.todo, '审批驳回', '驳回', workflowRejectSchema, (actor, b) =>
    wf.engine.reject(actor, b.taskId, b.comment),
  );
  action(API.taskReturn, P.workflow.todo, '审批退回', '退回到之前的节点', workflowReturnSchema, (actor, b) =>
    wf.engine.returnTo(actor, b.taskId, b.targetNodeId, b.comment),
  );
  action(API.taskDelegate, P.workflow.todo, '任务委派', '委派（办理后回到本人）', workflowDelegateSchema, (actor, b) =>
    wf.engine.delegate(actor, b.taskId, b.username, b.comment),
  );
  action(API.taskTransfer, P.workflow.todo, '任务转办', '转办', workflowTransferSchema, (actor, b) =>
    wf.engine.delegate(actor, b.taskId, b.username, b.comment, true),
  );
  action(API.taskAddSigner, P.workflow.todo, '任务加签', '加签', workflowAddSignerSchema, (actor, b) =>
    wf.engine.addSigner(actor, b.taskId, b.usernames, b.comment),
  );

  // ---- instances ----
  app.get(
    API.instanceMy,
    {
      config: { access: P.workflow.apply },
      schema: { tags: [TAG], summary: '我发起的', querystring: workflowInstanceMyQuerySchema },
    },
    async (request) => ok(await wf.myInstances(actorOf(request), request.query)),
  );
  app.get(
    API.instanceList,
    {
      config: { access: P.workflow.instanceList },
      schema: { tags: [TAG], summary: '流程实例', querystring: workflowInstanceListQuerySchema },
    },
    async (request) => ok(await wf.instances(actorOf(request).tenantId, request.query)),
  );
  app.get(
    API.instanceQueryById,
    {
      config: { access: P.workflow.apply },
      schema: { tags: [TAG], summary: '流程实例详情', querystring: workflowInstanceIdQuerySchema },
    },
    async (request) => {
      const codes = await services.permissions.codes(sessionOf(request).userId, sessionOf(request).tenantId);
      const admin = codes.has(P.workflow.instanceList);
      return ok(await wf.instanceDetail(actorOf(request), request.query.id, admin));
    },
  );
  action(API.instanceWithdraw, P.workflow.apply, '撤回流程', '撤回（无人处理时）', workflowWithdrawSchema, (actor, b) =>
    wf.engine.withdraw(actor, b.instanceId, b.comment),
  );
  action(API.instanceSuspend, P.workflow.instanceManage, '挂起流程', '挂起', workflowInstanceReasonSchema, (actor, b) =>
    wf.engine.suspend(actor, b.instanceId, b.reason),
  );
  action(API.instanceResume, P.workflow.instanceManage, '激活流程', '激活', workflowInstanceResumeSchema, (actor, b) =>
    wf.engine.resume(actor, b.instanceId, b.reason),
  );
  action(
    API.instanceTerminate,
    P.workflow.instanceManage,
    '终止流程',
    '终止',
    workflowInstanceReasonSchema,
    (actor, b) => wf.engine.terminate(actor, b.instanceId, b.reason),
  );
};
