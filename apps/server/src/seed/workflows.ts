import type { WorkflowBusinessType } from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { buildApprovalXml, type StepSpec } from '../modules/platform/workflow/bpmn-builder.ts';
import { compileBpmn } from '../modules/platform/workflow/graph.ts';
import { wfBinding, wfDefinition } from '../modules/platform/workflow/tables.ts';
import { seedId } from './ids.ts';
import { DEPART_DIRECTORS, TENANTS, USERS } from './org.ts';

const leader: StepSpec = {
  id: 'Task_dept_leader',
  name: '部门负责人审批',
  assigneeType: 'dept_leader',
  leaderLevels: 1,
};
const group: StepSpec = {
  id: 'Task_group_purchase',
  name: '集团采购部审批',
  assigneeType: 'role',
  assignees: ['purchase_manager'],
};
const vp: StepSpec = { id: 'Task_vp', name: '分管领导审批', assigneeType: 'role', assignees: ['group_leader'] };

/** The default process of each business type (issue 13), deployed and bound in every tenant. */
export const DEFAULT_PROCESSES: { businessType: WorkflowBusinessType; key: string; name: string; steps: StepSpec[] }[] =
  [
    {
      businessType: 'purchase_plan',
      key: 'purchase_plan',
      name: '采购计划审批',
      steps: [leader, { ...group, when: 'amount >= 1000000' }, vp],
    },
    { businessType: 'end_audit', key: 'end_audit', name: '结束审核', steps: [leader, group] },
    { businessType: 'method_change', key: 'method_change', name: '变更采购方式审批', steps: [leader, group, vp] },
    {
      businessType: 'contract',
      key: 'contract',
      name: '合同审批',
      steps: [leader, group, { ...vp, when: 'amount >= 5000000' }],
    },
    { businessType: 'settlement', key: 'settlement', name: '结算审批', steps: [leader, group] },
    {
      businessType: 'supplier_admission',
      key: 'supplier_admission',
      name: '供应商准入审批',
      steps: [{ ...group, name: '集团采购部审核' }, vp],
    },
    {
      businessType: 'supplier_blacklist',
      key: 'supplier_blacklist',
      name: '供应商黑名单审批',
      steps: [
        { ...group, name: '集团采购部审核' },
        { ...vp, name: '分管领导审定' },
      ],
    },
    {
      businessType: 'rectification',
      key: 'rectification',
      name: '整改关闭审批',
      steps: [
        { ...leader, name: '部门负责人确认整改' },
        { ...group, name: '集团采购部复核' },
      ],
    },
    { businessType: 'work_order', key: 'work_order', name: '审计工单审批', steps: [leader, group] },
    { businessType: 'demo_request', key: 'demo_request', name: '申请示例审批', steps: [leader, group] },
  ];

/** The seed's content for its hash. */
export const workflowSeedContent = () => ({ DEFAULT_PROCESSES, DEPART_DIRECTORS });

/** Department 负责人, by username (only users that exist: the base seed has the administrators alone). */
export async function seedDirectors(tx: Tx) {
  for (const [orgCode, usernames] of Object.entries(DEPART_DIRECTORS)) {
    const known = usernames.filter((u) => USERS.some((x) => x.username === u));
    if (!known.length) continue;
    await tx.execute(sql`
      UPDATE sys_depart SET director_user_ids = coalesce((
        SELECT array_agg(id ORDER BY username) FROM sys_user WHERE username IN (${sql.join(
          known.map((u) => sql`${u}`),
          sql`, `,
        )})), '{}'::uuid[])
      WHERE org_code = ${orgCode} AND director_user_ids = '{}'::uuid[]`);
  }
}

/**
 * Version 1 of each default process per tenant, and its binding, inserted once: later versions and bindings
 * belong to the administrators and a re-seed never overwrites them.
 */
export async function seedWorkflows(tx: Tx) {
  for (const p of DEFAULT_PROCESSES) {
    const xml = buildApprovalXml(p.key, p.name, p.steps);
    const { graph, errors } = await compileBpmn(xml);
    if (!graph) throw new Error(`default process ${p.key} does not compile: ${errors.join('; ')}`);
    for (const tenant of TENANTS) {
      await tx
        .insert(wfDefinition)
        .values({
          id: seedId(`wf:${tenant.id}:${p.key}:1`),
          tenantId: tenant.id,
          key: p.key,
          version: 1,
          name: p.name,
          xml,
          graph,
          createBy: 'admin',
        })
        .onConflictDoNothing();
      await tx
        .insert(wfBinding)
        .values({ tenantId: tenant.id, businessType: p.businessType, key: p.key, updateBy: 'admin' })
        .onConflictDoNothing();
    }
  }
}
