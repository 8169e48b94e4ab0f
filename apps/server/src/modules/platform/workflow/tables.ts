import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';
import type { CompiledGraph } from './graph.ts';

/** A deployed BPMN definition: one row per (tenant, key, version); the compiled graph is what the engine runs. */
export const wfDefinition = pgTable(
  'wf_definition',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    xml: text('xml').notNull(),
    graph: jsonb('graph').$type<CompiledGraph>().notNull(),
    /** 'active' | 'suspended': a suspended definition starts no new instances. */
    status: text('status').notNull().default('active'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_definition_key_version_uq').on(t.tenantId, t.key, t.version)],
);

/** Which process key a business type starts (latest active version at start time). */
export const wfBinding = pgTable(
  'wf_binding',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    businessType: text('business_type').notNull(),
    key: text('key').notNull(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_binding_uq').on(t.tenantId, t.businessType)],
);

/** One run of a definition version for one business row. */
export const wfInstance = pgTable(
  'wf_instance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => wfDefinition.id),
    businessType: text('business_type').notNull(),
    businessKey: text('business_key').notNull(),
    title: text('title').notNull(),
    initiator: text('initiator').notNull(),
    initiatorDepartId: uuid('initiator_depart_id'),
    /** running | approved | rejected | withdrawn | suspended | terminated */
    status: text('status').notNull().default('running'),
    approvalStatus: smallint('approval_status').notNull().default(2),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    /** 1 for the first submission, +1 per resubmission. */
    round: integer('round').notNull().default(1),
    /** Tokens waiting at parallel joins: { [gatewayId]: arrivedFlowIds[] }. */
    joins: jsonb('joins').$type<Record<string, string[]>>().notNull().default({}),
    /** What this round has passed (the diagram's finished nodes and flows). */
    trail: jsonb('trail').$type<{ nodes: string[]; flows: string[] }>().notNull().default({ nodes: [], flows: [] }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    index('wf_instance_tenant_idx').on(t.tenantId, t.startTime.desc().nullsFirst()),
    index('wf_instance_initiator_idx').on(t.tenantId, t.initiator, t.startTime.desc().nullsFirst()),
    index('wf_instance_business_idx').on(t.tenantId, t.businessType, t.businessKey),
  ],
);

/** A task of a user-task node for one assignee. Countersign siblings share group_id. */
export const wfTask = pgTable(
  'wf_task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => wfInstance.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    assignee: text('assignee').notNull(),
    /** open | done | cancelled */
    status: text('status').notNull().default('open'),
    /** or | and */
    signMode: text('sign_mode').notNull().default('or'),
    groupId: uuid('group_id').notNull(),
    delegatedFrom: text('delegated_from'),
    /** The action that closed it (approve, reject, return, transfer…). */
    action: text('action'),
    comment: text('comment'),
    round: integer('round').notNull().default(1),
    version: integer('version').notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
  },
  (t) => [
    // 我的待办 / 我的已办: the index order is the list order (time desc, id), so a page is an index range scan.
    index('wf_task_todo_idx')
      .on(t.tenantId, t.assignee, t.status, t.createTime.desc(), t.id)
      .where(sql`status = 'open'`),
    index('wf_task_done_idx').on(t.tenantId, t.assignee, t.finishTime.desc(), t.id).where(sql`status = 'done'`),
    index('wf_task_instance_idx').on(t.instanceId, t.status),
    index('wf_task_group_idx').on(t.groupId),
  ],
);

/** Every action on an instance: who, when, node, action, comment. */
export const wfHistory = pgTable(
  'wf_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => wfInstance.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    nodeId: text('node_id'),
    nodeName: text('node_name'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    round: integer('round').notNull().default(1),
    comment: text('comment'),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wf_history_instance_idx').on(t.instanceId, t.time)],
);
