import {
  formatDateTime,
  INSTANCE_STATUS_LABELS,
  type InstanceStatus,
  WORKFLOW_MESSAGES as M,
  type PageResult,
  TASK_ACTIONS,
  type TaskAction,
  WORKFLOW_BUSINESS_TYPES,
  type WorkflowBindingDto,
  type WorkflowBindRequest,
  type WorkflowBusinessType,
  type WorkflowDefinitionDto,
  type WorkflowDefinitionListQuery,
  type WorkflowDeployRequest,
  type WorkflowDiagramState,
  type WorkflowHistoryDto,
  type WorkflowInstanceDetail,
  type WorkflowInstanceDto,
  type WorkflowInstanceListQuery,
  type WorkflowTaskDetail,
  type WorkflowTaskDto,
  type WorkflowTaskListQuery,
  type WorkflowValidateResult,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import { createWorkflowEngine } from './engine.ts';
import type { WorkflowActor } from './engine-types.ts';
import { type CompiledGraph, compileBpmn } from './graph.ts';
import { wfBinding, wfDefinition } from './tables.ts';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const time = (v: unknown) => formatDateTime(v as string | Date | null) ?? '';

function instanceDto(r: Row): WorkflowInstanceDto {
  const status = r.status as InstanceStatus;
  const type = r.business_type as WorkflowBusinessType;
  return {
    id: String(r.id),
    definitionId: String(r.definition_id),
    definitionKey: String(r.definition_key ?? ''),
    definitionName: String(r.definition_name ?? ''),
    definitionVersion: Number(r.definition_version ?? 0),
    businessType: type,
    businessTypeText: WORKFLOW_BUSINESS_TYPES[type] ?? type,
    businessKey: String(r.business_key),
    title: String(r.title),
    initiator: String(r.initiator),
    initiatorName: str(r.initiator_name),
    status,
    statusText: INSTANCE_STATUS_LABELS[status] ?? status,
    approvalStatus: Number(r.approval_status) as WorkflowInstanceDto['approvalStatus'],
    round: Number(r.round),
    currentNodes: String(r.current_nodes ?? ''),
    currentAssignees: String(r.current_assignees ?? ''),
    startTime: time(r.start_time),
    endTime: formatDateTime(r.end_time as string | null) ?? null,
    ...(r.variables ? { variables: r.variables as Record<string, unknown> } : {}),
  };
}

function taskDto(r: Row): WorkflowTaskDto {
  const type = r.business_type as WorkflowBusinessType;
  const action = (r.action as TaskAction | null) ?? null;
  return {
    id: String(r.id),
    instanceId: String(r.instance_id),
    nodeId: String(r.node_id),
    nodeName: String(r.node_name),
    assignee: String(r.assignee),
    assigneeName: str(r.assignee_name),
    status: r.status as WorkflowTaskDto['status'],
    signMode: r.sign_mode as WorkflowTaskDto['signMode'],
    delegatedFrom: str(r.delegated_from),
    createTime: time(r.create_time),
    finishTime: formatDateTime(r.finish_time as string | null) ?? null,
    title: String(r.title ?? ''),
    businessType: type,
    businessTypeText: WORKFLOW_BUSINESS_TYPES[type] ?? type,
    businessKey: String(r.business_key ?? ''),
    initiator: String(r.initiator ?? ''),
    initiatorName: str(r.initiator_name),
    action,
    actionText: action ? (TASK_ACTIONS[action] ?? action) : null,
  };
}

const historyDto = (r: Row): WorkflowHistoryDto => ({
  id: String(r.id),
  instanceId: String(r.instance_id),
  taskId: str(r.task_id),
  nodeId: str(r.node_id),
  nodeName: str(r.node_name),
  actor: String(r.actor),
  actorName: str(r.actor_name),
  action: r.action as TaskAction,
  actionText: TASK_ACTIONS[r.action as TaskAction] ?? String(r.action),
  comment: str(r.comment),
  time: time(r.time),
});

const INSTANCE_SELECT = sql`
  SELECT i.id, i.definition_id, d.key AS definition_key, d.name AS definition_name, d.version AS definition_version,
    i.business_type, i.business_key, i.title, i.initiator, iu.realname AS initiator_name, i.status, i.approval_status,
    i.round, i.start_time, i.end_time,
    (SELECT string_agg(DISTINCT t.node_name, '、') FROM wf_task t WHERE t.instance_id = i.id AND t.status = 'open') AS current_nodes,
    (SELECT string_agg(coalesce(u.realname, t.assignee), '、' ORDER BY t.create_time) FROM wf_task t
       LEFT JOIN sys_user u ON u.username = t.assignee WHERE t.instance_id = i.id AND t.status = 'open') AS current_assignees
  FROM wf_instance i
  JOIN wf_definition d ON d.id = i.definition_id
  LEFT JOIN sys_user iu ON iu.username = i.initiator`;

export function createWorkflowService({ db }: { db: Db }) {
  const engine = createWorkflowEngine({ db });
  const exec = async <T = Row>(q: SQL) => (await db.execute(q)).rows as T[];

  async function diagram(instanceId: string, xml: string, trail: { nodes: string[]; flows: string[] }) {
    const active = await exec<{ node_id: string }>(
      sql`SELECT DISTINCT node_id FROM wf_task WHERE instance_id = ${instanceId} AND status = 'open'`,
    );
    const activeIds = active.map((a) => a.node_id);
    return {
      xml,
      activeNodeIds: activeIds,
      finishedNodeIds: trail.nodes.filter((n) => !activeIds.includes(n)),
      finishedFlowIds: trail.flows,
    } satisfies WorkflowDiagramState;
  }

  async function historyOf(instanceId: string) {
    return (
      await exec(sql`
        SELECT h.*, u.realname AS actor_name FROM wf_history h LEFT JOIN sys_user u ON u.username = h.actor
        WHERE h.instance_id = ${instanceId} ORDER BY h.time, h.id`)
    ).map(historyDto);
  }

  async function instanceRow(tenantId: number, id: string) {
    const [row] = await exec(sql`${INSTANCE_SELECT} WHERE i.tenant_id = ${tenantId} AND i.id = ${id}`);
    if (!row) throw notFound(M.instanceNotFound);
    const [extra] = await exec<{ xml: string; trail: { nodes: string[]; flows: string[] }; variables: Row }>(sql`
      SELECT d.xml, i.trail, i.variables FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id
      WHERE i.id = ${id}`);
    return {
      dto: instanceDto({ ...row, variables: extra?.variables ?? {} }),
      xml: extra?.xml ?? '',
      trail: extra?.trail,
    };
  }

  function taskWhere(actor: WorkflowActor, q: WorkflowTaskListQuery, status: 'open' | 'done') {
    const parts: SQL[] = [
      sql`t.tenant_id = ${actor.tenantId}`,
      sql`t.assignee = ${actor.username}`,
      sql`t.status = ${status}`,
    ];
    const timeColumn = status === 'open' ? sql`t.create_time` : sql`t.finish_time`;
    if (q.title) parts.push(sql`i.title ILIKE ${`%${escapeLike(q.title)}%`}`);
    if (q.businessType) parts.push(sql`i.business_type = ${q.businessType}`);
    if (q.beginTime)
      parts.push(sql`${timeColumn} >= ${q.beginTime}::timestamp AT TIME ZONE current_setting('TimeZone')`);
    if (q.endTime) {
      const end = q.endTime.length <= 10 ? `${q.endTime} 23:59:59.999` : q.endTime;
      parts.push(sql`${timeColumn} <= ${end}::timestamp AT TIME ZONE current_setting('TimeZone')`);
    }
    return sql.join(parts, sql` AND `);
  }

  async function taskList(actor: WorkflowActor, q: WorkflowTaskListQuery, status: 'open' | 'done') {
    const where = taskWhere(actor, q, status);
    const needsInstance = Boolean(q.title || q.businessType);
    const order =
      status === 'open' ? sql`t.create_time DESC NULLS LAST, t.id` : sql`t.finish_time DESC NULLS LAST, t.id`;
    // Totals and pages are kept (core/list-cache.ts) until wf_task or wf_instance is written: a user's todo list is
    // read far more often than any task changes.
    const key = JSON.stringify([
      'wf-task',
      status,
      actor.tenantId,
      actor.username,
      q.title ?? '',
      q.businessType ?? '',
      q.beginTime ?? '',
      q.endTime ?? '',
    ]);
    const tables = ['wf_task', 'wf_instance'] as const;
    return fetchPage<Row, WorkflowTaskDto>(
      q,
      {
        key,
        tables,
        count: async () => {
          const [r] = await exec<{ n: number }>(
            needsInstance
              ? sql`SELECT count(*)::int AS n FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE ${where}`
              : sql`SELECT count(*)::int AS n FROM wf_task t WHERE ${where}`,
          );
          return r?.n ?? 0;
        },
      },
      (offset, limit) =>
        exec(sql`
          WITH page AS (
            SELECT t.* FROM wf_task t ${needsInstance ? sql`JOIN wf_instance i ON i.id = t.instance_id` : sql``}
            WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
          )
          SELECT t.*, i.title, i.business_type, i.business_key, i.initiator, iu.realname AS initiator_name,
            au.realname AS assignee_name
          FROM page t JOIN wf_instance i ON i.id = t.instance_id
          LEFT JOIN sys_user iu ON iu.username = i.initiator
          LEFT JOIN sys_user au ON au.username = t.assignee
          ORDER BY ${order}`),
      taskDto,
      { rowsCache: { key: `${key}\u0000${q.pageNo}\u0000${q.pageSize}`, tables } },
    );
  }

  async function instanceList(
    tenantId: number,
    q: WorkflowInstanceListQuery,
    initiator?: string,
  ): Promise<PageResult<WorkflowInstanceDto>> {
    const parts: SQL[] = [sql`i.tenant_id = ${tenantId}`];
    const who = initiator ?? q.initiator;
    if (who) parts.push(initiator ? sql`i.initiator = ${who}` : sql`i.initiator ILIKE ${`%${escapeLike(who)}%`}`);
    if (q.title) parts.push(sql`i.title ILIKE ${`%${escapeLike(q.title)}%`}`);
    if (q.businessType) parts.push(sql`i.business_type = ${q.businessType}`);
    if (q.status) parts.push(sql`i.status = ${q.status}`);
    const where = sql.join(parts, sql` AND `);
    return fetchPage<Row, WorkflowInstanceDto>(
      q,
      async () =>
        (await exec<{ n: number }>(sql`SELECT count(*)::int AS n FROM wf_instance i WHERE ${where}`))[0]?.n ?? 0,
      (offset, limit) =>
        exec(sql`${INSTANCE_SELECT} WHERE ${where} ORDER BY i.start_time DESC, i.id LIMIT ${limit} OFFSET ${offset}`),
      instanceDto,
    );
  }

  async function latestDefinition(tenantId: number, key: string) {
    const [def] = await db
      .select()
      .from(wfDefinition)
      .where(sql`${wfDefinition.tenantId} = ${tenantId} AND ${wfDefinition.key} = ${key}`)
      .orderBy(sql`${wfDefinition.version} DESC`)
      .limit(1);
    return def ?? null;
  }

  async function bind(tenantId: number, username: string, req: WorkflowBindRequest) {
    if (!(await latestDefinition(tenantId, req.key))) throw badRequest(M.definitionNotFound);
    await db
      .insert(wfBinding)
      .values({ tenantId, businessType: req.businessType, key: req.key, updateBy: username })
      .onConflictDoUpdate({
        target: [wfBinding.tenantId, wfBinding.businessType],
        set: { key: req.key, updateBy: username, updateTime: new Date() },
      });
  }

  const defDto = (r: Row): WorkflowDefinitionDto => ({
    id: String(r.id),
    key: String(r.key),
    name: String(r.name),
    version: Number(r.version),
    status: r.status as WorkflowDefinitionDto['status'],
    ...(r.version_count !== undefined ? { versionCount: Number(r.version_count) } : {}),
    ...(r.bound_types !== undefined ? { boundTypes: (r.bound_types as WorkflowBusinessType[] | null) ?? [] } : {}),
    createBy: str(r.create_by),
    createTime: time(r.create_time),
    ...(r.xml !== undefined ? { xml: String(r.xml) } : {}),
  });

  return {
    engine,
    registerHandler: engine.registerHandler,
    start: engine.start,
    resubmit: engine.resubmit,

    async validate(xml: string): Promise<WorkflowValidateResult> {
      const { errors } = await compileBpmn(xml);
      return { valid: errors.length === 0, errors };
    },

    async deploy(actor: WorkflowActor, req: WorkflowDeployRequest): Promise<WorkflowDefinitionDto> {
      const { graph, errors } = await compileBpmn(req.xml);
      if (!graph) throw badRequest(errors.join('；'));
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wf:${actor.tenantId}:${req.key}`}))`);
      const latest = await latestDefinition(actor.tenantId, req.key);
      const [row] = await db
        .insert(wfDefinition)
        .values({
          tenantId: actor.tenantId,
          key: req.key,
          version: (latest?.version ?? 0) + 1,
          name: req.name,
          xml: req.xml,
          graph: graph as CompiledGraph,
          createBy: actor.username,
        })
        .returning();
      if (!row) throw new Error('wf_definition insert failed');
      if (req.businessType)
        await bind(actor.tenantId, actor.username, { businessType: req.businessType, key: req.key });
      return defDto({ ...row, create_by: row.createBy, create_time: row.createTime });
    },

    async definitionList(tenantId: number, q: WorkflowDefinitionListQuery) {
      const parts: SQL[] = [sql`d.tenant_id = ${tenantId}`];
      if (q.key) parts.push(sql`d.key ILIKE ${`%${escapeLike(q.key)}%`}`);
      if (q.name) parts.push(sql`d.name ILIKE ${`%${escapeLike(q.name)}%`}`);
      if (q.businessType) {
        parts.push(
          sql`EXISTS (SELECT 1 FROM wf_binding b WHERE b.tenant_id = d.tenant_id AND b.key = d.key AND b.business_type = ${q.businessType})`,
        );
      }
      const where = sql.join(parts, sql` AND `);
      const latest = sql`d.version = (SELECT max(x.version) FROM wf_definition x WHERE x.tenant_id = d.tenant_id AND x.key = d.key)`;
      return fetchPage<Row, WorkflowDefinitionDto>(
        q,
        async () =>
          (
            await exec<{ n: number }>(sql`SELECT count(DISTINCT d.key)::int AS n FROM wf_definition d WHERE ${where}`)
          )[0]?.n ?? 0,
        (offset, limit) =>
          exec(sql`
            SELECT d.id, d.key, d.name, d.version, d.status, d.create_by, d.create_time,
              (SELECT count(*) FROM wf_definition x WHERE x.tenant_id = d.tenant_id AND x.key = d.key)::int AS version_count,
              (SELECT array_agg(b.business_type ORDER BY b.business_type) FROM wf_binding b
                 WHERE b.tenant_id = d.tenant_id AND b.key = d.key) AS bound_types
            FROM wf_definition d WHERE ${where} AND ${latest}
            ORDER BY d.create_time DESC, d.key LIMIT ${limit} OFFSET ${offset}`),
        defDto,
      );
    },

    async definitionVersions(tenantId: number, key: string) {
      return (
        await exec(sql`
          SELECT id, key, name, version, status, create_by, create_time FROM wf_definition
          WHERE tenant_id = ${tenantId} AND key = ${key} ORDER BY version DESC`)
      ).map(defDto);
    },

    async definitionById(tenantId: number, id: string) {
      const [row] = await exec(sql`
        SELECT id, key, name, version, status, create_by, create_time, xml FROM wf_definition
        WHERE tenant_id = ${tenantId} AND id = ${id}`);
      if (!row) throw notFound(M.definitionNotFound);
      return defDto(row);
    },

    async setDefinitionStatus(tenantId: number, id: string, status: 'active' | 'suspended') {
      const res = await exec(
        sql`UPDATE wf_definition SET status = ${status} WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
      );
      if (!res.length) throw notFound(M.definitionNotFound);
    },

    async bindingList(tenantId: number): Promise<WorkflowBindingDto[]> {
      const bound = await exec<{
        business_type: WorkflowBusinessType;
        key: string;
        name: string | null;
        version: number | null;
      }>(sql`
        SELECT b.business_type, b.key, d.name, d.version FROM wf_binding b
        LEFT JOIN LATERAL (SELECT name, version FROM wf_definition x WHERE x.tenant_id = b.tenant_id AND x.key = b.key
          ORDER BY version DESC LIMIT 1) d ON true
        WHERE b.tenant_id = ${tenantId}`);
      return (Object.keys(WORKFLOW_BUSINESS_TYPES) as WorkflowBusinessType[]).map((type) => {
        const b = bound.find((x) => x.business_type === type);
        return {
          businessType: type,
          businessTypeText: WORKFLOW_BUSINESS_TYPES[type],
          key: b?.key ?? null,
          definitionName: b?.name ?? null,
          version: b?.version ?? null,
        };
      });
    },

    bind,

    todo: (actor: WorkflowActor, q: WorkflowTaskListQuery) => taskList(actor, q, 'open'),
    done: (actor: WorkflowActor, q: WorkflowTaskListQuery) => taskList(actor, q, 'done'),
    myInstances: (actor: WorkflowActor, q: WorkflowInstanceListQuery) =>
      instanceList(actor.tenantId, q, actor.username),
    instances: (tenantId: number, q: WorkflowInstanceListQuery) => instanceList(tenantId, q),

    async taskDetail(actor: WorkflowActor, id: string): Promise<WorkflowTaskDetail> {
      const [row] = await exec(sql`
        SELECT t.*, i.title, i.business_type, i.business_key, i.initiator, i.round AS instance_round,
          iu.realname AS initiator_name, au.realname AS assignee_name
        FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
        LEFT JOIN sys_user iu ON iu.username = i.initiator
        LEFT JOIN sys_user au ON au.username = t.assignee
        WHERE t.id = ${id} AND t.tenant_id = ${actor.tenantId}`);
      if (!row) throw notFound(M.taskNotFound);
      const task = taskDto(row);
      // The assignee, the initiator, or whoever acted on the instance may look; anyone else sees nothing.
      if (task.assignee !== actor.username && task.initiator !== actor.username) {
        const [seen] = await exec(
          sql`SELECT 1 FROM wf_task WHERE instance_id = ${task.instanceId} AND assignee = ${actor.username} LIMIT 1`,
        );
        if (!seen) throw notFound(M.taskNotFound);
      }
      const inst = await instanceRow(actor.tenantId, task.instanceId);
      const canAct = task.status === 'open' && task.assignee === actor.username && inst.dto.status === 'running';
      const [graphRow] = await exec<{ graph: CompiledGraph }>(
        sql`SELECT d.graph FROM wf_definition d WHERE d.id = ${inst.dto.definitionId}`,
      );
      return {
        task,
        instance: inst.dto,
        history: await historyOf(task.instanceId),
        diagram: await diagram(task.instanceId, inst.xml, inst.trail ?? { nodes: [], flows: [] }),
        returnTargets:
          canAct && graphRow
            ? await engine.returnTargets(task.instanceId, Number(row.instance_round), task.nodeId, graphRow.graph)
            : [],
        canAct,
      };
    },

    async instanceDetail(actor: WorkflowActor, id: string, admin: boolean): Promise<WorkflowInstanceDetail> {
      const inst = await instanceRow(actor.tenantId, id);
      if (!admin && inst.dto.initiator !== actor.username) {
        const [seen] = await exec(
          sql`SELECT 1 FROM wf_task WHERE instance_id = ${id} AND assignee = ${actor.username} LIMIT 1`,
        );
        if (!seen) throw notFound(M.instanceNotFound);
      }
      const current = await exec(sql`
        SELECT t.*, i.title, i.business_type, i.business_key, i.initiator, au.realname AS assignee_name
        FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id LEFT JOIN sys_user au ON au.username = t.assignee
        WHERE t.instance_id = ${id} AND t.status = 'open' ORDER BY t.create_time`);
      return {
        instance: inst.dto,
        history: await historyOf(id),
        diagram: await diagram(id, inst.xml, inst.trail ?? { nodes: [], flows: [] }),
        currentTasks: current.map(taskDto),
      };
    },

    /** The latest instance of a business row (business modules show its diagram and history). */
    async latestInstanceId(tenantId: number, businessType: WorkflowBusinessType, businessKey: string) {
      const [row] = await exec<{ id: string }>(sql`
        SELECT id FROM wf_instance WHERE tenant_id = ${tenantId} AND business_type = ${businessType}
          AND business_key = ${businessKey} ORDER BY start_time DESC LIMIT 1`);
      return row?.id ?? null;
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
