import {
  formatDateTime,
  PLAN_STATES,
  type PlanChangeDto,
  type PlanChangeRequest,
  type PlanChangeState,
  type PlanState,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_WORKFLOW_TYPES,
  PURCHASE_CATEGORIES,
  PURCHASE_METHODS,
  type PurchaseCategory,
  type PurchaseMethod,
} from '@aps/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { WorkflowPort, WorkflowStatusEvent } from '../workflow-port.ts';
import { actorName } from '../workflow-port.ts';
import type { PlanActor, PlanRow } from './service.ts';
import { type PlanChangeLine, purchasePlan, purchasePlanChange, purchasePlanItem } from './tables.ts';

type ChangeRow = typeof purchasePlanChange.$inferSelect;

/** Plans a change may be proposed for: approved, or already turned into a project. */
const CHANGEABLE: readonly string[] = ['approved', 'executing'];

const cents = (v: string): bigint => {
  const [i, f = ''] = v.split('.');
  return BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
};
const money = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

export const toPlanChangeDto = (r: ChangeRow): PlanChangeDto => ({
  id: r.id,
  planId: r.planId,
  state: r.state as PlanChangeState,
  reason: r.reason,
  oldBudget: r.oldBudget,
  newBudget: r.newBudget,
  oldLines: r.oldLines,
  newLines: r.newLines,
  approvalStatus: r.approvalStatus,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  decideTime: formatDateTime(r.decideTime),
});

export interface PlanChanges {
  /** Proposes a change and starts its approval (`purchase_plan` with planChange: true, keyed by the change). */
  propose(tx: DbOrTx, actor: PlanActor, plan: PlanRow, body: PlanChangeRequest): Promise<PlanChangeDto>;
  /** The plan's change history, newest first. */
  historyOf(tx: DbOrTx, planId: string): Promise<PlanChangeDto[]>;
  /** The workflow outcome of a change, in the deciding action's transaction; false when the key is no change. */
  onStatus(tx: Db, event: WorkflowStatusEvent): Promise<boolean>;
}

/**
 * 计划变更 (issue 14 §2: "Plan amounts cannot be exceeded without a plan change"). The change row keeps the old and
 * the new budget and lines; on approval the new ones replace the plan's in the callback's transaction, on a
 * rejection (or a withdrawn or terminated process) nothing on the plan changes.
 */
/** The packages already drawing on the plan (as assertWithinPlan counts them) bound a new budget below. */
async function assertAbovePackages(tx: DbOrTx, planId: string, budget: string): Promise<void> {
  const used = await tx.execute<{ total: string }>(sql`
    SELECT coalesce(sum(p.fixed_price), 0)::numeric(20, 2)::text AS total
    FROM purchase_package p JOIN purchase_project j ON j.id = p.project_id
    WHERE j.plan_id = ${planId} AND p.status = 'active'`);
  const usedTotal = used.rows[0]?.total ?? '0.00';
  if (cents(budget) < cents(usedTotal)) throw badRequest(PROCUREMENT_MESSAGES.planChangeBelowPackages(usedTotal));
}

export function createPlanChanges({
  workflow,
  lineAmount,
}: {
  workflow: WorkflowPort | null;
  lineAmount: (quantity: string, unitPrice: string) => string;
}): PlanChanges {
  return {
    async propose(tx, actor, plan, body) {
      if (!CHANGEABLE.includes(plan.state)) {
        throw badRequest(PROCUREMENT_MESSAGES.planNotChangeable(PLAN_STATES[plan.state as PlanState] ?? plan.state));
      }
      const [pending] = await tx
        .select({ id: purchasePlanChange.id })
        .from(purchasePlanChange)
        .where(and(eq(purchasePlanChange.planId, plan.id), eq(purchasePlanChange.state, 'pending')));
      if (pending) throw badRequest(PROCUREMENT_MESSAGES.planChangePending);
      await assertAbovePackages(tx, plan.id, body.budget);
      const items = await tx
        .select()
        .from(purchasePlanItem)
        .where(eq(purchasePlanItem.planId, plan.id))
        .orderBy(asc(purchasePlanItem.lineNo));
      const oldLines: PlanChangeLine[] = items.map((i) => ({
        name: i.name,
        specification: i.specification,
        unit: i.unit,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        amount: i.amount,
      }));
      const newLines: PlanChangeLine[] = body.items.map((i) => ({
        name: i.name,
        specification: i.specification ?? null,
        unit: i.unit ?? null,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        amount: lineAmount(i.quantity, i.unitPrice),
      }));
      // Compared as numbers of the stored scale, so 10 and 10.000 are the same quantity.
      const key = (lines: PlanChangeLine[]) =>
        JSON.stringify(
          lines.map((l) => [l.name, l.specification ?? '', l.unit ?? '', Number(l.quantity), cents(l.unitPrice)]),
          (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
        );
      if (cents(body.budget) === cents(plan.budget) && key(oldLines) === key(newLines)) {
        throw badRequest(PROCUREMENT_MESSAGES.planChangeNothing);
      }
      if (!workflow) throw badRequest('审批流程未启用');
      const [change] = await tx
        .insert(purchasePlanChange)
        .values({
          tenantId: plan.tenantId,
          planId: plan.id,
          reason: body.reason,
          oldBudget: plan.budget,
          newBudget: money(cents(body.budget)),
          oldLines,
          newLines,
          createBy: actor.username,
        })
        .returning();
      if (!change) throw badRequest(PROCUREMENT_MESSAGES.planNotFound);
      const started = await workflow.start(tx as unknown as Db, {
        tenantId: actor.tenantId,
        initiator: { id: actor.userId, username: actor.username, departId: plan.departId ?? undefined },
        businessType: PROCUREMENT_WORKFLOW_TYPES.plan,
        businessKey: change.id,
        title: `计划变更「${plan.planName}」${plan.planCode}：${plan.budget} → ${change.newBudget}`,
        variables: {
          amount: Number(change.newBudget),
          category: plan.category,
          method: plan.purchaseMethod,
          categoryName: PURCHASE_CATEGORIES[plan.category as PurchaseCategory],
          methodName: PURCHASE_METHODS[plan.purchaseMethod as PurchaseMethod],
          planChange: true,
          planId: plan.id,
          oldBudget: Number(plan.budget),
        },
      });
      // An auto-approved process has already applied it in its callback: keep what that wrote.
      await tx
        .update(purchasePlanChange)
        .set({ instanceId: started.instanceId })
        .where(eq(purchasePlanChange.id, change.id));
      const [now] = await tx.select().from(purchasePlanChange).where(eq(purchasePlanChange.id, change.id));
      return toPlanChangeDto(now ?? change);
    },

    async historyOf(tx, planId) {
      const rows = await tx
        .select()
        .from(purchasePlanChange)
        .where(eq(purchasePlanChange.planId, planId))
        .orderBy(desc(purchasePlanChange.createTime), desc(purchasePlanChange.id));
      return rows.map(toPlanChangeDto);
    },

    async onStatus(tx, event) {
      const [change] = await tx
        .select()
        .from(purchasePlanChange)
        .where(and(eq(purchasePlanChange.id, event.businessKey), eq(purchasePlanChange.tenantId, event.tenantId)))
        .for('update');
      if (!change) return false;
      if (change.state !== 'pending') return true;
      const decided = { approvalStatus: String(event.approvalStatus) };
      if (event.outcome === 'progress') {
        await tx.update(purchasePlanChange).set(decided).where(eq(purchasePlanChange.id, change.id));
        return true;
      }
      if (event.outcome !== 'approved') {
        await tx
          .update(purchasePlanChange)
          .set({ ...decided, state: 'rejected', decideTime: new Date() })
          .where(eq(purchasePlanChange.id, change.id));
        return true;
      }
      const [plan] = await tx.select().from(purchasePlan).where(eq(purchasePlan.id, change.planId)).for('update');
      if (!plan) return true;
      // Packages made while the change was in approval draw on the old budget: a lower new budget is checked
      // again (under the plan's lock, which assertWithinPlan takes too), and the approval is refused if it no
      // longer covers them; the approver can reject the change instead.
      await assertAbovePackages(tx, plan.id, change.newBudget);
      await tx
        .update(purchasePlan)
        .set({ budget: change.newBudget, updateBy: actorName(event.actor), updateTime: new Date() })
        .where(eq(purchasePlan.id, plan.id));
      await tx.delete(purchasePlanItem).where(eq(purchasePlanItem.planId, plan.id));
      if (change.newLines.length > 0) {
        await tx
          .insert(purchasePlanItem)
          .values(change.newLines.map((l, i) => ({ tenantId: plan.tenantId, planId: plan.id, lineNo: i + 1, ...l })));
      }
      // What the plan had just before (a budget moved by nothing else, but be exact about what was replaced).
      await tx
        .update(purchasePlanChange)
        .set({ ...decided, state: 'approved', decideTime: new Date(), oldBudget: plan.budget })
        .where(eq(purchasePlanChange.id, change.id));
      return true;
    },
  };
}
