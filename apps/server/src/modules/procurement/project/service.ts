import {
  allowedActions,
  formatDateTime,
  type PackageAddRequest,
  type PackageDto,
  type PackageEditRequest,
  type PackageListQuery,
  type PageResult,
  PROCUREMENT_MESSAGES,
  type ProjectDto,
  type ProjectFromPlanRequest,
  type ProjectListItem,
  type ProjectListQuery,
  type SelectionRequest,
  type StageHistoryDto,
  type StageTransition,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage, type KeysetOptions } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { scopeFilter, scopeValues } from '../../platform/permission/data-scope.ts';
import type { RuleService } from '../../platform/rule/service.ts';
import type { PlanActor, PlanService } from '../plan/service.ts';
import { purchasePlan } from '../plan/tables.ts';
import type { WorkflowPort } from '../workflow-port.ts';
import { createPackageActions, type PackageActions } from './actions.ts';
import { cents, money, type ProjectRow, packageValues, time, toPackageDto, toProjectDto } from './dto.ts';
import { registerPackageWorkflowHandlers } from './rounds.ts';
import type { PackageRow, PackageStages } from './stage.ts';
import { purchasePackage, purchasePackageHistory, purchaseProject, purchaseReviewItem } from './tables.ts';

const SORT = {
  createTime: purchasePackage.createTime,
  purchaseStage: purchasePackage.purchaseStage,
  fixedPrice: purchasePackage.fixedPrice,
  openingStartTime: purchasePackage.openingStartTime,
} as const;

/**
 * The package list's tenant and data-scope filter. Every read of packages for a user applies this one (the list,
 * the detail, the dashboard's counts), so that what a user is shown anywhere is what the list lets them open.
 */
export const packageScope = (actor: Pick<PlanActor, 'tenantId' | 'scope'>): SQL | undefined =>
  and(eq(purchasePackage.tenantId, actor.tenantId), scopeFilter(actor.scope, purchasePackage.sysOrgCode));

export interface PackageDetail extends PackageDto {
  actions: Pick<StageTransition, 'action' | 'label' | 'actor'>[];
}

export interface ProjectService extends PackageActions {
  fromPlan(actor: PlanActor, body: ProjectFromPlanRequest): Promise<{ project: ProjectDto; packages: PackageDto[] }>;
  /** Projects of the tenant and data scope, each with its package count and amount (server paged). */
  projectList(actor: PlanActor, q: ProjectListQuery): Promise<PageResult<ProjectListItem>>;
  projectById(actor: PlanActor, id: string): Promise<ProjectDto & { packages: PackageDto[] }>;
  addPackage(actor: PlanActor, body: PackageAddRequest): Promise<PackageDto>;
  editPackage(actor: PlanActor, body: PackageEditRequest): Promise<PackageDto>;
  saveSelection(actor: PlanActor, body: SelectionRequest): Promise<PackageDto>;
  list(actor: PlanActor, q: PackageListQuery): Promise<PageResult<PackageDto>>;
  queryById(actor: PlanActor, id: string): Promise<PackageDetail>;
  history(actor: PlanActor, id: string): Promise<StageHistoryDto[]>;
}

/**
 * The package list counts exactly up to this many rows, then shows the planner's estimate (约 N 条): at a million
 * packages a name search matching 80,000 of them cannot be counted from an index (issue 14 bench).
 */
const PACKAGE_ESTIMATE_ABOVE = 10_000;

export function createProjectService({
  db,
  rules,
  plans,
  stages,
  workflow,
}: {
  db: Db;
  rules: Pick<RuleService, 'execute'>;
  plans: PlanService;
  stages: PackageStages;
  workflow: WorkflowPort | null;
}): ProjectService {
  const visible = packageScope;

  async function getPackage(tx: DbOrTx, actor: PlanActor, id: string, lock = false): Promise<PackageRow> {
    const query = tx
      .select()
      .from(purchasePackage)
      .where(and(visible(actor), eq(purchasePackage.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(PROCUREMENT_MESSAGES.packageNotFound);
    return row;
  }

  async function getProject(tx: DbOrTx, actor: PlanActor, id: string): Promise<ProjectRow> {
    const [row] = await tx
      .select()
      .from(purchaseProject)
      .where(
        and(
          eq(purchaseProject.tenantId, actor.tenantId),
          eq(purchaseProject.id, id),
          scopeFilter(actor.scope, purchaseProject.sysOrgCode),
        ),
      );
    if (!row) throw notFound(PROCUREMENT_MESSAGES.projectNotFound);
    return row;
  }

  /** Package amounts (active and finished, not replaced by a rebid or terminated) may not exceed the plan. */
  async function assertWithinPlan(tx: DbOrTx, project: ProjectRow, extra: bigint, excludeId?: string) {
    const [plan] = await tx.select().from(purchasePlan).where(eq(purchasePlan.id, project.planId)).for('update');
    const rows = await tx
      .select({ fixedPrice: purchasePackage.fixedPrice })
      .from(purchasePackage)
      .where(
        and(
          eq(purchasePackage.projectId, project.id),
          eq(purchasePackage.status, 'active'),
          excludeId ? ne(purchasePackage.id, excludeId) : undefined,
        ),
      );
    const total = rows.reduce((n, r) => n + cents(r.fixedPrice), extra);
    if (plan && total > cents(plan.budget))
      throw badRequest(PROCUREMENT_MESSAGES.planAmountExceeded(plan.budget, money(total)));
  }

  const reviewItemsOf = (tx: DbOrTx, packageId: string) =>
    tx
      .select()
      .from(purchaseReviewItem)
      .where(eq(purchaseReviewItem.packageId, packageId))
      .orderBy(asc(purchaseReviewItem.sortNo));

  async function nextPackageNo(tx: DbOrTx, projectId: string): Promise<string> {
    const [row] = await tx.select({ n: count() }).from(purchasePackage).where(eq(purchasePackage.projectId, projectId));
    return String(Number(row?.n ?? 0) + 1).padStart(2, '0');
  }

  registerPackageWorkflowHandlers(stages, workflow);
  const packageActions = createPackageActions({ db, stages, workflow, getPackage });

  function listWhere(actor: PlanActor, q: PackageListQuery): SQL | undefined {
    const stagesFilter = q.purchaseStage ? [q.purchaseStage] : (q.stages ?? []);
    return and(
      visible(actor),
      stagesFilter.length === 1
        ? eq(purchasePackage.purchaseStage, stagesFilter[0] as number)
        : stagesFilter.length > 1
          ? inArray(purchasePackage.purchaseStage, stagesFilter)
          : undefined,
      q.electionStatus ? eq(purchasePackage.electionStatus, q.electionStatus) : undefined,
      q.purchaseCategory ? eq(purchasePackage.purchaseCategory, q.purchaseCategory) : undefined,
      q.projectId ? eq(purchasePackage.projectId, q.projectId) : undefined,
      q.name
        ? or(
            ilike(purchasePackage.packageName, `%${escapeLike(q.name)}%`),
            ilike(purchasePackage.purchaseName, `%${escapeLike(q.name)}%`),
          )
        : undefined,
    );
  }

  return {
    fromPlan(actor, body) {
      return db.transaction(async (tx) => {
        const plan = await plans.lockForProject(tx, actor, body.planId);
        if (plan.state !== 'approved') throw badRequest(PROCUREMENT_MESSAGES.planNotApproved);
        const total = body.packages.reduce((n, p) => n + cents(p.fixedPrice), 0n);
        if (total > cents(plan.budget))
          throw badRequest(PROCUREMENT_MESSAGES.planAmountExceeded(plan.budget, money(total)));
        const purchaseCode = await rules.execute('purchase_code', actor.tenantId, plan.sysOrgCode);
        const [project] = await tx
          .insert(purchaseProject)
          .values({
            tenantId: actor.tenantId,
            planId: plan.id,
            sysOrgCode: plan.sysOrgCode,
            purchaseNo: plan.planCode,
            purchaseCode,
            purchaseName: body.purchaseName ?? plan.planName,
            purchaseCategory: plan.category,
            purchaseMethod: plan.purchaseMethod,
            purchaseCandidateCount: body.purchaseCandidateCount,
            createBy: actor.username,
          })
          .returning();
        if (!project) throw badRequest(PROCUREMENT_MESSAGES.projectNotFound);
        const packages = await tx
          .insert(purchasePackage)
          .values(
            body.packages.map((p, i) => ({
              tenantId: actor.tenantId,
              projectId: project.id,
              sysOrgCode: project.sysOrgCode,
              purchaseNo: project.purchaseNo,
              purchaseCode: project.purchaseCode,
              purchaseName: project.purchaseName,
              purchaseCategory: project.purchaseCategory,
              purchaseMethod: project.purchaseMethod,
              purchaseCandidateCount: project.purchaseCandidateCount,
              packageNo: String(i + 1).padStart(2, '0'),
              ...packageValues(p),
              createBy: actor.username,
            })),
          )
          .returning();
        await tx
          .update(purchasePlan)
          .set({ state: 'executing', updateBy: actor.username, updateTime: new Date() })
          .where(eq(purchasePlan.id, plan.id));
        return { project: toProjectDto(project), packages: packages.map((p) => toPackageDto(p)) };
      });
    },

    projectList(actor, q) {
      const w = and(
        eq(purchaseProject.tenantId, actor.tenantId),
        scopeFilter(actor.scope, purchaseProject.sysOrgCode),
        q.planId ? eq(purchaseProject.planId, q.planId) : undefined,
        q.purchaseName ? ilike(purchaseProject.purchaseName, `%${escapeLike(q.purchaseName)}%`) : undefined,
        q.purchaseCode ? ilike(purchaseProject.purchaseCode, `%${escapeLike(q.purchaseCode)}%`) : undefined,
      );
      return fetchPage(
        q,
        db.select({ n: count() }).from(purchaseProject).where(w),
        (offset, limit, after) =>
          db
            .select({
              project: purchaseProject,
              packageCount: sql<number>`(SELECT count(*)::int FROM purchase_package pk WHERE pk.project_id = purchase_project.id)`,
              packageAmount: sql<string>`(SELECT coalesce(sum(pk.fixed_price), 0)::numeric(20, 2)::text FROM purchase_package pk
                WHERE pk.project_id = purchase_project.id AND pk.status = 'active')`,
            })
            .from(purchaseProject)
            .where(after ? and(w, after) : w)
            .orderBy(desc(purchaseProject.createTime), desc(purchaseProject.id))
            .offset(offset)
            .limit(limit),
        (r) => ({ ...toProjectDto(r.project), packageCount: Number(r.packageCount), packageAmount: r.packageAmount }),
        {
          keyset: { table: purchaseProject, sort: purchaseProject.createTime, id: purchaseProject.id, order: 'desc' },
        },
      );
    },

    async projectById(actor, id) {
      const project = await getProject(db, actor, id);
      const packages = await db
        .select()
        .from(purchasePackage)
        .where(eq(purchasePackage.projectId, id))
        .orderBy(asc(purchasePackage.packageNo));
      return { ...toProjectDto(project), packages: packages.map((p) => toPackageDto(p)) };
    },

    addPackage(actor, body) {
      return db.transaction(async (tx) => {
        const project = await getProject(tx, actor, body.projectId);
        await assertWithinPlan(tx, project, cents(body.fixedPrice));
        const [pkg] = await tx
          .insert(purchasePackage)
          .values({
            tenantId: actor.tenantId,
            projectId: project.id,
            sysOrgCode: project.sysOrgCode,
            purchaseNo: project.purchaseNo,
            purchaseCode: project.purchaseCode,
            purchaseName: project.purchaseName,
            purchaseCategory: project.purchaseCategory,
            purchaseMethod: project.purchaseMethod,
            purchaseCandidateCount: project.purchaseCandidateCount,
            packageNo: await nextPackageNo(tx, project.id),
            ...packageValues(body),
            createBy: actor.username,
          })
          .returning();
        if (!pkg) throw badRequest(PROCUREMENT_MESSAGES.packageNotFound);
        return toPackageDto(pkg);
      });
    },

    editPackage(actor, body) {
      return db.transaction(async (tx) => {
        const pkg = await getPackage(tx, actor, body.id, true);
        if (pkg.purchaseStage !== 1 || pkg.status !== 'active')
          throw badRequest(PROCUREMENT_MESSAGES.packageNotEditable);
        const project = await getProject(tx, actor, pkg.projectId);
        await assertWithinPlan(tx, project, cents(body.fixedPrice), pkg.id);
        const [updated] = await tx
          .update(purchasePackage)
          .set({ ...packageValues(body), updateTime: new Date() })
          .where(eq(purchasePackage.id, pkg.id))
          .returning();
        return toPackageDto(updated ?? pkg);
      });
    },

    saveSelection(actor, body) {
      return db.transaction(async (tx) => {
        const pkg = await getPackage(tx, actor, body.id, true);
        if (pkg.purchaseStage !== 1 || pkg.status !== 'active') throw badRequest(PROCUREMENT_MESSAGES.packageLocked);
        const [updated] = await tx
          .update(purchasePackage)
          .set({
            priceMethod: body.priceMethod,
            priceK: body.priceMethod === 'average_benchmark' && body.priceK != null ? String(body.priceK) : null,
            priceAlpha: body.priceMethod === 'average_benchmark' ? String(body.priceAlpha ?? 1) : null,
            priceBeta: body.priceMethod === 'average_benchmark' ? String(body.priceBeta ?? 0.5) : null,
            quotationRoundCount: pkg.scoreType === '3' ? 1 : body.quotationRoundCount,
            purchaseCandidateCount: body.purchaseCandidateCount,
            minBidders: body.minBidders,
            expertCount: body.expertCount ?? null,
            expertSpecialities: body.expertSpecialities ?? null,
            twoEnvelope: body.twoEnvelope,
            publicityDays: body.publicityDays,
            signUpStartTime: time(body.signUpStartTime),
            signUpEndTime: time(body.signUpEndTime),
            bidDeadline: time(body.bidDeadline),
            openingStartTime: time(body.openingTime),
            updateTime: new Date(),
          })
          .where(eq(purchasePackage.id, pkg.id))
          .returning();
        await tx.delete(purchaseReviewItem).where(eq(purchaseReviewItem.packageId, pkg.id));
        await tx.insert(purchaseReviewItem).values(
          body.reviewItems.map((item, i) => ({
            tenantId: pkg.tenantId,
            packageId: pkg.id,
            kind: item.kind,
            name: item.name,
            maxScore: item.kind === 'scoring' && item.maxScore != null ? String(item.maxScore) : null,
            guidance: item.guidance ?? null,
            sortNo: i + 1,
          })),
        );
        return toPackageDto(updated ?? pkg, await reviewItemsOf(tx, pkg.id));
      });
    },

    list(actor, q) {
      const w = listWhere(actor, q);
      const direction = q.order === 'asc' ? asc : desc;
      const keyset: KeysetOptions | undefined =
        (q.column ?? 'createTime') === 'createTime'
          ? {
              table: purchasePackage,
              sort: purchasePackage.createTime,
              id: purchasePackage.id,
              order: q.order === 'asc' ? 'asc' : 'desc',
            }
          : undefined;
      return fetchPage(
        q,
        db.select({ n: count() }).from(purchasePackage).where(w),
        (offset, limit, after) =>
          db
            .select()
            .from(purchasePackage)
            .where(after ? and(w, after) : w)
            .orderBy(direction(SORT[q.column ?? 'createTime']), direction(purchasePackage.id))
            .offset(offset)
            .limit(limit),
        (r) => toPackageDto(r),
        {
          ...(keyset ? { keyset } : {}),
          estimateAbove: PACKAGE_ESTIMATE_ABOVE,
          // A page asked again (the list re-opened, 50 buyers on the same stage tab) costs no query until a package
          // changes. The key holds everything listWhere and the order read: tenant, data scope, filters, page.
          rowsCache: {
            key: `purchase_package${JSON.stringify([
              actor.tenantId,
              actor.scope.kind,
              scopeValues(actor.scope),
              q.purchaseStage,
              q.stages,
              q.electionStatus,
              q.purchaseCategory,
              q.projectId,
              q.name,
              q.column,
              q.order,
              q.pageNo,
              q.pageSize,
              q.cursor,
            ])}`,
            tables: ['purchase_package'],
          },
        },
      );
    },

    async queryById(actor, id) {
      const pkg = await getPackage(db, actor, id);
      const actions =
        pkg.status === 'active'
          ? allowedActions(pkg.purchaseStage, pkg.electionStatus, 'buyer').map(({ action, label, actor: a }) => ({
              action,
              label,
              actor: a,
            }))
          : [];
      return { ...toPackageDto(pkg, await reviewItemsOf(db, id)), actions };
    },

    async history(actor, id) {
      await getPackage(db, actor, id);
      const rows = await db
        .select()
        .from(purchasePackageHistory)
        .where(eq(purchasePackageHistory.packageId, id))
        .orderBy(asc(purchasePackageHistory.id));
      return rows.map((r) => ({
        id: String(r.id),
        packageId: r.packageId,
        action: r.action,
        fromStage: r.fromStage,
        toStage: r.toStage,
        electionStatus: r.electionStatus as '0' | '1',
        reason: r.reason,
        actor: r.actor,
        createTime: formatDateTime(r.createTime) ?? '',
      }));
    },

    ...packageActions,
  };
}
