import { randomUUID } from 'node:crypto';
import {
  type ApprovalStatus,
  evaluateExpression,
  type InstanceStatus,
  WORKFLOW_MESSAGES as M,
  type SignMode,
  type TaskAction,
  WORKFLOW_BUSINESS_TYPES,
  type WorkflowBusinessType,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { ApiError, badRequest, forbidden, notFound } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { createWorkflowDirectory } from './directory.ts';
import type {
  InstanceRow,
  ResubmitInput,
  Run,
  StartInput,
  TaskRow,
  WorkflowActor,
  WorkflowHandler,
  WorkflowOutcome,
} from './engine-types.ts';
import type { CompiledGraph, CompiledNode } from './graph.ts';
import { approvalStatusOf, countersignOutcome, resolveAssignees } from './rules.ts';
import { wfHistory, wfInstance, wfTask } from './tables.ts';

/**
 * The workflow engine: an explicit executor over the compiled BPMN subset (docs/decisions.md "Workflow engine").
 * Every action runs inside the request's transaction with the instance row locked (SELECT … FOR UPDATE), so two
 * actions on one instance never interleave: of two approvals of one task exactly one finds it open. Business
 * modules start processes and hear the outcome through `registerHandler`, in the same transaction.
 */

const conflict = (message: string) => new ApiError(409, message);
const MAX_STEPS = 500;

export function createWorkflowEngine({ db }: { db: Db }) {
  const handlers = new Map<string, WorkflowHandler>();
  const { assigneeContext, tenantUsernames, notify, userDepart, assertTenantUser } = createWorkflowDirectory(db);

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await db.execute(query)).rows as T[];
  }

  async function lockInstance(tenantId: number, instanceId: string): Promise<InstanceRow> {
    const [row] = await rows<InstanceRow>(sql`
      SELECT i.id, i.tenant_id, i.definition_id, i.business_type, i.business_key, i.title, i.initiator,
             i.initiator_depart_id, i.status, i.approval_status, i.variables, i.round, i.joins, i.trail, d.graph
      FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id
      WHERE i.id = ${instanceId} AND i.tenant_id = ${tenantId}
      FOR UPDATE OF i`);
    if (!row) throw notFound(M.instanceNotFound);
    return row;
  }

  async function history(
    run: Run,
    action: TaskAction,
    opts: { task?: TaskRow | null; node?: CompiledNode | null; comment?: string | null; actor?: string } = {},
  ) {
    await db.insert(wfHistory).values({
      tenantId: run.instance.tenant_id,
      instanceId: run.instance.id,
      taskId: opts.task?.id ?? null,
      nodeId: opts.task?.node_id ?? opts.node?.id ?? null,
      nodeName: opts.task?.node_name ?? opts.node?.name ?? null,
      actor: opts.actor ?? run.actor,
      action,
      round: run.instance.round,
      comment: opts.comment === undefined ? run.comment : opts.comment,
    });
  }

  // ---- execution ----
  async function createTasks(run: Run, node: CompiledNode) {
    const ctx = await assigneeContext(run.instance, node);
    const assignees = resolveAssignees(node, ctx);
    if (!assignees.length) throw badRequest(M.noAssigneeResolved(node.name));
    const groupId = randomUUID();
    const inserted = await db
      .insert(wfTask)
      .values(
        assignees.map((assignee) => ({
          tenantId: run.instance.tenant_id,
          instanceId: run.instance.id,
          nodeId: node.id,
          nodeName: node.name,
          assignee,
          signMode: node.signMode ?? 'or',
          groupId,
          round: run.instance.round,
        })),
      )
      .returning({ id: wfTask.id, assignee: wfTask.assignee });
    await notify(
      run.instance,
      inserted.map((t) => ({ ...t, nodeName: node.name })),
    );
  }

  function mark(run: Run, nodeId: string, flowId?: string) {
    const trail = run.instance.trail;
    if (!trail.nodes.includes(nodeId)) trail.nodes.push(nodeId);
    if (flowId && !trail.flows.includes(flowId)) trail.flows.push(flowId);
  }

  async function takeFlow(run: Run, flowId: string) {
    const flow = run.instance.graph.flows[flowId];
    if (!flow) return;
    mark(run, flow.source, flowId);
    await enter(run, flow.target, flowId);
  }

  async function leave(run: Run, node: CompiledNode) {
    mark(run, node.id);
    for (const f of node.outgoing) await takeFlow(run, f);
  }

  async function enter(run: Run, nodeId: string, via: string | null) {
    if (++run.steps > MAX_STEPS) throw badRequest('流程出现死循环，请检查流程设计');
    const node = run.instance.graph.nodes[nodeId];
    if (!node) throw badRequest(M.definitionNotFound);
    switch (node.type) {
      case 'start':
        await leave(run, node);
        return;
      case 'userTask':
        await createTasks(run, node);
        return;
      case 'end':
        mark(run, node.id);
        return;
      case 'exclusive': {
        const vars = run.instance.variables;
        const chosen =
          node.outgoing.find((f) => {
            const flow = run.instance.graph.flows[f];
            if (!flow || f === node.defaultFlow) return false;
            return flow.condition ? evaluateExpression(flow.condition, vars) : false;
          }) ??
          node.defaultFlow ??
          node.outgoing.find((f) => !run.instance.graph.flows[f]?.condition);
        if (!chosen) throw badRequest(M.noPathTaken(node.name));
        mark(run, node.id);
        await takeFlow(run, chosen);
        return;
      }
      case 'parallel': {
        if (node.incoming.length > 1) {
          const arrived = new Set(run.instance.joins[node.id] ?? []);
          if (via) arrived.add(via);
          if (arrived.size < node.incoming.length) {
            run.instance.joins[node.id] = [...arrived];
            return;
          }
          delete run.instance.joins[node.id];
        }
        await leave(run, node);
        return;
      }
    }
  }

  async function openTasks(instanceId: string) {
    return rows<{ id: string; sign_mode: SignMode; group_id: string }>(sql`
      SELECT id, sign_mode, group_id FROM wf_task WHERE instance_id = ${instanceId} AND status = 'open'`);
  }

  async function callHandler(run: Run, outcome: WorkflowOutcome) {
    const handler = handlers.get(run.instance.business_type);
    await handler?.onStatus(db, {
      tenantId: run.instance.tenant_id,
      businessKey: run.instance.business_key,
      instanceId: run.instance.id,
      approvalStatus: run.instance.approval_status,
      outcome,
      actor: run.actor,
      comment: run.comment,
    });
  }

  /** Writes the run back: completion when nothing is open, the approvalStatus, and the business hook. */
  async function finish(run: Run, forced?: { status: InstanceStatus; outcome: WorkflowOutcome }) {
    const i = run.instance;
    let outcome: WorkflowOutcome = 'progress';
    if (forced) {
      i.status = forced.status;
      outcome = forced.outcome;
    } else if (i.status === 'running') {
      const open = await openTasks(i.id);
      if (open.length === 0) {
        i.status = 'approved';
        outcome = 'approved';
      } else {
        const groups = new Map<string, number>();
        for (const t of open) if (t.sign_mode === 'and') groups.set(t.group_id, (groups.get(t.group_id) ?? 0) + 1);
        i.approval_status = approvalStatusOf({ status: 'running', round: i.round, countersigning: groups.size > 0 });
      }
    }
    if (i.status !== 'running' && i.status !== 'suspended') {
      i.approval_status = approvalStatusOf({ status: i.status, round: i.round, countersigning: false });
    }
    const ended = ['approved', 'rejected', 'withdrawn', 'terminated'].includes(i.status);
    await db.execute(sql`
      UPDATE wf_instance SET status = ${i.status}, approval_status = ${i.approval_status},
        joins = ${JSON.stringify(i.joins)}::jsonb, trail = ${JSON.stringify(i.trail)}::jsonb,
        variables = ${JSON.stringify(i.variables)}::jsonb, round = ${i.round},
        end_time = ${ended ? sql`now()` : sql`NULL`}
      WHERE id = ${i.id}`);
    await callHandler(run, outcome);
    return { instanceId: i.id, approvalStatus: i.approval_status, status: i.status };
  }

  async function cancelOpen(instanceId: string, except: string | null, where = sql``) {
    await db.execute(sql`
      UPDATE wf_task SET status = 'cancelled', action = 'auto', finish_time = now(), version = version + 1
      WHERE instance_id = ${instanceId} AND status = 'open' ${except ? sql`AND id <> ${except}` : sql``} ${where}`);
  }

  async function closeTask(taskId: string, action: TaskAction, comment: string | null) {
    await db.execute(sql`
      UPDATE wf_task SET status = 'done', action = ${action}, comment = ${comment}, finish_time = now(),
        version = version + 1
      WHERE id = ${taskId}`);
  }

  /**
   * The task an actor acts on: in the tenant (else 任务不存在或已处理), theirs (else 403), still open once the
   * instance is locked (else 409 任务已被他人处理), on a running instance.
   */
  async function actOn(actor: WorkflowActor, taskId: string, comment: string | null | undefined) {
    const [peek] = await rows<TaskRow>(sql`
      SELECT id, tenant_id, instance_id, node_id, node_name, assignee, status, sign_mode, group_id, delegated_from, round
      FROM wf_task WHERE id = ${taskId} AND tenant_id = ${actor.tenantId}`);
    if (!peek) throw notFound(M.taskNotFound);
    if (peek.assignee !== actor.username) throw forbidden(M.notAssignee);
    const instance = await lockInstance(actor.tenantId, peek.instance_id);
    const [task] = await rows<TaskRow>(sql`
      SELECT id, tenant_id, instance_id, node_id, node_name, assignee, status, sign_mode, group_id, delegated_from, round
      FROM wf_task WHERE id = ${taskId} FOR UPDATE`);
    if (task?.status !== 'open') throw conflict(M.taskTaken);
    if (instance.status === 'suspended') throw badRequest(M.suspended);
    if (instance.status !== 'running') throw badRequest(M.ended);
    const run: Run = { db, instance, actor: actor.username, comment: comment?.trim() || null, steps: 0 };
    return { run, task, node: instance.graph.nodes[task.node_id] ?? null };
  }

  async function activeDefinition(tenantId: number, businessType: WorkflowBusinessType) {
    const [def] = await rows<{ id: string; status: string; graph: CompiledGraph }>(sql`
      SELECT d.id, d.status, d.graph FROM wf_binding b
      JOIN wf_definition d ON d.tenant_id = b.tenant_id AND d.key = b.key
      WHERE b.tenant_id = ${tenantId} AND b.business_type = ${businessType}
      ORDER BY d.version DESC LIMIT 1`);
    if (!def) throw badRequest(M.noBinding(WORKFLOW_BUSINESS_TYPES[businessType] ?? businessType));
    if (def.status !== 'active') throw badRequest(M.definitionSuspended);
    return def;
  }

  return {
    registerHandler(businessType: WorkflowBusinessType, handler: WorkflowHandler) {
      handlers.set(businessType, handler);
    },

    async start(_db: Db, input: StartInput): Promise<{ instanceId: string; approvalStatus: ApprovalStatus }> {
      const def = await activeDefinition(input.tenantId, input.businessType);
      const departId = input.initiator.departId ?? (await userDepart(input.tenantId, input.initiator.id));
      const [created] = await db
        .insert(wfInstance)
        .values({
          tenantId: input.tenantId,
          definitionId: def.id,
          businessType: input.businessType,
          businessKey: input.businessKey,
          title: input.title,
          initiator: input.initiator.username,
          initiatorDepartId: departId,
          variables: input.variables,
        })
        .returning({ id: wfInstance.id });
      if (!created) throw new Error('wf_instance insert failed');
      const instance = await lockInstance(input.tenantId, created.id);
      const run: Run = { db, instance, actor: input.initiator.username, comment: null, steps: 0 };
      await history(run, 'start', { node: instance.graph.nodes[instance.graph.startId] ?? null });
      await enter(run, instance.graph.startId, null);
      const r = await finish(run);
      return { instanceId: r.instanceId, approvalStatus: r.approvalStatus };
    },

    async resubmit(_db: Db, input: ResubmitInput): Promise<{ instanceId: string; approvalStatus: ApprovalStatus }> {
      const [latest] = await rows<{ id: string }>(sql`
        SELECT id FROM wf_instance
        WHERE tenant_id = ${input.tenantId} AND business_type = ${input.businessType} AND business_key = ${input.businessKey}
        ORDER BY start_time DESC LIMIT 1`);
      if (!latest) throw badRequest(M.notRejected);
      const instance = await lockInstance(input.tenantId, latest.id);
      if (instance.status !== 'rejected' && instance.status !== 'terminated') throw badRequest(M.notRejected);
      if (instance.initiator !== input.actor.username)
        throw forbidden(M.withdrawNotInitiator.replace('撤回', '重新提交'));
      instance.round += 1;
      instance.status = 'running';
      instance.joins = {};
      instance.trail = { nodes: [], flows: [] };
      if (input.variables) instance.variables = { ...instance.variables, ...input.variables };
      const run: Run = { db, instance, actor: input.actor.username, comment: null, steps: 0 };
      await history(run, 'resubmit', { node: instance.graph.nodes[instance.graph.startId] ?? null });
      await enter(run, instance.graph.startId, null);
      const r = await finish(run);
      return { instanceId: r.instanceId, approvalStatus: r.approvalStatus };
    },

    async approve(actor: WorkflowActor, taskId: string, comment?: string | null) {
      const { run, task, node } = await actOn(actor, taskId, comment);
      await closeTask(task.id, 'approve', run.comment);
      await history(run, 'approve', { task });
      if (task.delegated_from) {
        // A delegated task goes back to its owner, who decides.
        await db.insert(wfTask).values({
          tenantId: task.tenant_id,
          instanceId: task.instance_id,
          nodeId: task.node_id,
          nodeName: task.node_name,
          assignee: task.delegated_from,
          signMode: task.sign_mode,
          groupId: task.group_id,
          round: task.round,
        });
        return finish(run);
      }
      const [{ n } = { n: 0 }] = await rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM wf_task WHERE group_id = ${task.group_id} AND status = 'open'`);
      const outcome = countersignOutcome(task.sign_mode, 'approve', n);
      if (outcome === 'complete' && node) {
        await cancelOpen(task.instance_id, null, sql`AND group_id = ${task.group_id}`);
        await leave(run, node);
      }
      return finish(run);
    },

    async reject(actor: WorkflowActor, taskId: string, comment: string) {
      const { run, task } = await actOn(actor, taskId, comment);
      await closeTask(task.id, 'reject', run.comment);
      await history(run, 'reject', { task });
      await cancelOpen(task.instance_id, null);
      run.instance.joins = {};
      return finish(run, { status: 'rejected', outcome: 'rejected' });
    },

    async returnTo(actor: WorkflowActor, taskId: string, targetNodeId: string, comment: string) {
      const { run, task } = await actOn(actor, taskId, comment);
      const target = run.instance.graph.nodes[targetNodeId];
      const passed = await this.returnTargets(run.instance.id, run.instance.round, task.node_id, run.instance.graph);
      if (target?.type !== 'userTask' || !passed.some((p) => p.nodeId === targetNodeId)) {
        throw badRequest(M.returnTargetInvalid);
      }
      await closeTask(task.id, 'return', run.comment);
      await history(run, 'return', { task, comment: `${run.comment ?? ''}（退回至「${target.name}」）` });
      await cancelOpen(task.instance_id, null);
      run.instance.joins = {};
      await enter(run, target.id, null);
      return finish(run);
    },

    /** Nodes of this round that someone approved, before the current one: where a task may be returned to. */
    async returnTargets(instanceId: string, round: number, currentNodeId: string, graph: CompiledGraph) {
      const done = await rows<{ node_id: string }>(sql`
        SELECT node_id, min(finish_time) AS t FROM wf_task
        WHERE instance_id = ${instanceId} AND round = ${round} AND status = 'done' AND action = 'approve'
        GROUP BY node_id ORDER BY t`);
      return done
        .filter((d) => d.node_id !== currentNodeId && graph.nodes[d.node_id]?.type === 'userTask')
        .map((d) => ({ nodeId: d.node_id, nodeName: graph.nodes[d.node_id]?.name ?? d.node_id }));
    },

    async delegate(actor: WorkflowActor, taskId: string, username: string, comment?: string | null, transfer = false) {
      const { run, task } = await actOn(actor, taskId, comment);
      if (username === actor.username) throw badRequest(M.selfAssign);
      await assertTenantUser(actor.tenantId, username);
      const [dup] = await rows<{ id: string }>(sql`
        SELECT id FROM wf_task WHERE group_id = ${task.group_id} AND status = 'open' AND assignee = ${username}`);
      if (dup) throw badRequest(M.alreadyAssignee(username));
      const action: TaskAction = transfer ? 'transfer' : 'delegate';
      await closeTask(task.id, action, run.comment);
      await history(run, action, {
        task,
        comment: `${run.comment ? `${run.comment}；` : ''}${transfer ? '转办' : '委派'}给 ${username}`,
      });
      const [created] = await db
        .insert(wfTask)
        .values({
          tenantId: task.tenant_id,
          instanceId: task.instance_id,
          nodeId: task.node_id,
          nodeName: task.node_name,
          assignee: username,
          signMode: task.sign_mode,
          groupId: task.group_id,
          round: task.round,
          // A delegate hands the task back; a transfer gives it away (an owner's delegation passes along).
          delegatedFrom: transfer ? task.delegated_from : (task.delegated_from ?? actor.username),
        })
        .returning({ id: wfTask.id, assignee: wfTask.assignee });
      if (created) await notify(run.instance, [{ ...created, nodeName: task.node_name }]);
      return finish(run);
    },

    async addSigner(actor: WorkflowActor, taskId: string, usernames: string[], comment?: string | null) {
      const { run, task } = await actOn(actor, taskId, comment);
      const found = new Set(await tenantUsernames(actor.tenantId, usernames));
      for (const u of usernames) if (!found.has(u)) throw badRequest(M.userNotFound(u));
      const open = await rows<{ assignee: string }>(sql`
        SELECT assignee FROM wf_task WHERE group_id = ${task.group_id} AND status = 'open'`);
      for (const u of usernames) if (open.some((o) => o.assignee === u)) throw badRequest(M.alreadyAssignee(u));
      // Co-signers must all approve: the node becomes a countersign.
      await db.execute(sql`UPDATE wf_task SET sign_mode = 'and' WHERE group_id = ${task.group_id} AND status = 'open'`);
      const created = await db
        .insert(wfTask)
        .values(
          usernames.map((assignee) => ({
            tenantId: task.tenant_id,
            instanceId: task.instance_id,
            nodeId: task.node_id,
            nodeName: task.node_name,
            assignee,
            signMode: 'and',
            groupId: task.group_id,
            round: task.round,
          })),
        )
        .returning({ id: wfTask.id, assignee: wfTask.assignee });
      await history(run, 'add_signer', {
        task,
        comment: `${run.comment ? `${run.comment}；` : ''}加签 ${usernames.join('、')}`,
      });
      await notify(
        run.instance,
        created.map((c) => ({ ...c, nodeName: task.node_name })),
      );
      return finish(run);
    },

    async withdraw(actor: WorkflowActor, instanceId: string, comment?: string | null) {
      const instance = await lockInstance(actor.tenantId, instanceId);
      if (instance.initiator !== actor.username) throw forbidden(M.withdrawNotInitiator);
      if (instance.status === 'suspended') throw badRequest(M.suspended);
      if (instance.status !== 'running') throw badRequest(M.ended);
      const [acted] = await rows<{ id: string }>(sql`
        SELECT id FROM wf_history WHERE instance_id = ${instanceId} AND round = ${instance.round}
          AND action IN ('approve', 'reject', 'return', 'delegate', 'transfer', 'add_signer') LIMIT 1`);
      if (acted) throw badRequest(M.withdrawActed);
      const run: Run = { db, instance, actor: actor.username, comment: comment?.trim() || null, steps: 0 };
      await cancelOpen(instanceId, null);
      await history(run, 'withdraw');
      instance.joins = {};
      return finish(run, { status: 'withdrawn', outcome: 'withdrawn' });
    },

    async suspend(actor: WorkflowActor, instanceId: string, reason: string) {
      const instance = await lockInstance(actor.tenantId, instanceId);
      if (instance.status === 'suspended') throw badRequest(M.suspended);
      if (instance.status !== 'running') throw badRequest(M.ended);
      const run: Run = { db, instance, actor: actor.username, comment: reason, steps: 0 };
      await history(run, 'suspend');
      instance.status = 'suspended';
      return finish(run);
    },

    async resume(actor: WorkflowActor, instanceId: string, reason?: string | null) {
      const instance = await lockInstance(actor.tenantId, instanceId);
      if (instance.status !== 'suspended') throw badRequest(M.notSuspended);
      const run: Run = { db, instance, actor: actor.username, comment: reason?.trim() || null, steps: 0 };
      await history(run, 'resume');
      instance.status = 'running';
      return finish(run);
    },

    async terminate(actor: WorkflowActor, instanceId: string, reason: string) {
      const instance = await lockInstance(actor.tenantId, instanceId);
      if (instance.status !== 'running' && instance.status !== 'suspended') throw badRequest(M.ended);
      const run: Run = { db, instance, actor: actor.username, comment: reason, steps: 0 };
      await cancelOpen(instanceId, null);
      await history(run, 'terminate');
      instance.joins = {};
      return finish(run, { status: 'terminated', outcome: 'terminated' });
    },
  };
}

export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;
