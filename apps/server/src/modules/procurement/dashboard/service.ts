import {
  BUYER_DASHBOARD_LIMITS,
  BUYER_DASHBOARD_PLAN_STATES,
  BUYER_PENDING_ITEMS,
  type BuyerDashboard,
  type BuyerDashboardPendingItem,
  type BuyerPendingKey,
  type ElectionStatus,
  formatDateTime,
  PERMISSIONS,
  PURCHASE_CATEGORIES,
  PURCHASE_CATEGORY_CODES,
  PURCHASE_STAGE_CODES,
  type PurchaseStage,
  stageName,
} from '@aps/shared';
import { and, asc, count, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cachedOrLoad } from '../../../core/list-cache.ts';
import type { Db } from '../../../db/client.ts';
import type { WorkflowService } from '../../platform/workflow/service.ts';
import { type PlanActor, planScope } from '../plan/service.ts';
import { purchasePlan } from '../plan/tables.ts';
import { packageScope } from '../project/service.ts';
import { purchasePackage } from '../project/tables.ts';

export interface DashboardService {
  /** The buyer's home dashboard; `codes` are the caller's permission codes (plan and task figures need theirs). */
  buyer(actor: PlanActor, codes: ReadonlySet<string>): Promise<BuyerDashboard>;
}

const HOUR = 3_600_000;

/** Monday 00:00 to the next Monday 00:00 of `now`'s ISO week, in the server's time zone (process TZ). */
export function isoWeekOf(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  // setDate, not + 7 × 24 h: a week with a daylight-saving change is 167 or 169 hours long.
  const end = new Date(start);
  end.setDate(start.getDate() + 7);
  return { start, end };
}

const p = purchasePackage;
const plan = purchasePlan;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The time of a package's next timed step, by its stage: the columns the stage jobs wait on (jobs.ts DUE_STEPS and
 * the publicity end), each behind its own partial index.
 */
const NEXT_STEP: { stage: PurchaseStage; key: BuyerPendingKey; column: PgColumn }[] = [
  { stage: 2, key: 'signUpEnding', column: p.signUpEndTime },
  { stage: 3, key: 'bidDeadline', column: p.bidDeadline },
  { stage: 4, key: 'opening', column: p.openingStartTime },
  { stage: 11, key: 'publicityEnding', column: p.publicityEndTime },
];

/**
 * Three statements, run side by side, plus the workflow module's own 我的待办 count: packages per stage
 * (with 流标 and the due steps as FILTER columns of the same scan), this week's openings, and the plan figures.
 */
export function createDashboardService({
  db,
  workflow,
  now = () => new Date(),
}: {
  db: Db;
  workflow: Pick<WorkflowService, 'todo'>;
  now?: () => Date;
}): DashboardService {
  function stageCounts(actor: PlanActor, due: Date) {
    const nextStepAt = sql.join(
      [sql`CASE ${p.purchaseStage}`, ...NEXT_STEP.map((s) => sql`WHEN ${s.stage} THEN ${s.column}`), sql`END`],
      sql` `,
    );
    return db
      .select({
        stage: p.purchaseStage,
        n: count(),
        failed: sql<number>`count(*) FILTER (WHERE ${p.electionStatus} = '0')`.mapWith(Number),
        // Already overdue counts too: the job has not moved it yet, and the buyer may act on it.
        due: sql<number>`count(*) FILTER (WHERE ${p.status} = 'active' AND ${nextStepAt} <= ${iso(due)})`.mapWith(
          Number,
        ),
      })
      .from(p)
      .where(packageScope(actor))
      .groupBy(p.purchaseStage);
  }

  function openings(actor: PlanActor, week: { start: Date; end: Date }) {
    return db
      .select({
        id: p.id,
        packageName: p.packageName,
        purchaseName: p.purchaseName,
        openingStartTime: p.openingStartTime,
        stage: p.purchaseStage,
        electionStatus: p.electionStatus,
      })
      .from(p)
      .where(and(packageScope(actor), gte(p.openingStartTime, week.start), lt(p.openingStartTime, week.end)))
      .orderBy(asc(p.openingStartTime), asc(p.id))
      .limit(BUYER_DASHBOARD_LIMITS.openings);
  }

  function planFigures(actor: PlanActor, year: { start: Date; end: Date }) {
    const states = sql.join(
      BUYER_DASHBOARD_PLAN_STATES.map((s) => sql`${s}`),
      sql`, `,
    );
    const mine = sql`${plan.createBy} = ${actor.username}`;
    const inYear: SQL = sql`${plan.state} IN (${states}) AND ${plan.createTime} >= ${iso(year.start)} AND ${plan.createTime} < ${iso(year.end)}`;
    return db
      .select({
        category: plan.category,
        amount: sql<string>`coalesce(sum(${plan.budget}) FILTER (WHERE ${inYear}), 0)::numeric(20, 2)::text`,
        draft: sql<number>`count(*) FILTER (WHERE ${mine} AND ${plan.state} = 'draft')`.mapWith(Number),
        rejected: sql<number>`count(*) FILTER (WHERE ${mine} AND ${plan.state} = 'rejected')`.mapWith(Number),
      })
      .from(plan)
      .where(planScope(actor))
      .groupBy(plan.category);
  }

  async function todoCount(actor: PlanActor): Promise<number> {
    // The 我的待办 list's own query (and its cached total): the dashboard shows the number that page will show.
    const page = await workflow.todo(
      { tenantId: actor.tenantId, userId: actor.userId, username: actor.username },
      { pageNo: 1, pageSize: 1 },
    );
    return page.total;
  }

  return {
    async buyer(actor, codes) {
      const at = now();
      const mayPlans = codes.has(PERMISSIONS.purchasePlan.list);
      const mayTasks = codes.has(PERMISSIONS.workflow.todo);
      const yearNo = at.getFullYear();
      const year = { start: new Date(yearNo, 0, 1), end: new Date(yearNo + 1, 0, 1) };
      const week = isoWeekOf(at);
      // Each statement reads every package (or plan) of the scope: at a million packages a few hundred ms. The
      // list fast path's cache shares one load between the users of a scope and keeps it while the table is
      // unchanged (at most its TTL, 5 s: the 24-hour window may be that much behind).
      const scopeKey = JSON.stringify([actor.tenantId, actor.scope]);
      const [stages, weekRows, plans, todo] = await Promise.all([
        cachedOrLoad(`dashboard:stages\u0000${scopeKey}`, ['purchase_package'], async () =>
          stageCounts(actor, new Date(at.getTime() + BUYER_DASHBOARD_LIMITS.dueWithinHours * HOUR)),
        ),
        cachedOrLoad(
          `dashboard:week\u0000${scopeKey}\u0000${week.start.toISOString()}`,
          ['purchase_package'],
          async () => openings(actor, week),
        ),
        mayPlans
          ? cachedOrLoad(
              `dashboard:plans\u0000${scopeKey}\u0000${actor.username}\u0000${yearNo}`,
              ['purchase_plan'],
              async () => planFigures(actor, year),
            )
          : Promise.resolve([]),
        mayTasks ? todoCount(actor) : Promise.resolve(0),
      ]);

      const byStage = new Map(stages.map((r) => [r.stage, r]));
      const counts: Record<BuyerPendingKey, number> = {
        workflowTodo: todo,
        planDraft: plans.reduce((n, r) => n + r.draft, 0),
        planRejected: plans.reduce((n, r) => n + r.rejected, 0),
        signUpEnding: 0,
        bidDeadline: 0,
        opening: 0,
        publicityEnding: 0,
      };
      for (const step of NEXT_STEP) counts[step.key] = byStage.get(step.stage)?.due ?? 0;
      const shown = (key: BuyerPendingKey) =>
        key === 'workflowTodo' ? mayTasks : key === 'planDraft' || key === 'planRejected' ? mayPlans : true;
      const pending: BuyerDashboardPendingItem[] = (Object.keys(BUYER_PENDING_ITEMS) as BuyerPendingKey[])
        .filter(shown)
        .map((key) => ({ key, ...BUYER_PENDING_ITEMS[key], count: counts[key] }));

      const amounts = new Map(plans.map((r) => [r.category, r.amount]));
      return {
        stageCounts: {
          stages: PURCHASE_STAGE_CODES.map((stage) => ({
            stage,
            name: stageName(stage),
            count: byStage.get(stage)?.n ?? 0,
          })),
          failed: stages.reduce((n, r) => n + r.failed, 0),
        },
        pending,
        openingsThisWeek: weekRows.map((r) => ({
          id: r.id,
          packageName: r.packageName,
          purchaseName: r.purchaseName,
          openingTime: formatDateTime(r.openingStartTime) ?? '',
          stage: r.stage as PurchaseStage,
          electionStatus: r.electionStatus as ElectionStatus,
        })),
        amountsByCategory: {
          year: yearNo,
          categories: PURCHASE_CATEGORY_CODES.map((category) => ({
            category,
            name: PURCHASE_CATEGORIES[category],
            amount: amounts.get(category) ?? '0.00',
          })),
        },
      };
    },
  };
}
