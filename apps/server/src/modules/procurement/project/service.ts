import {
  allowedActions,
  ELECTION_STATUS,
  formatDateTime,
  type PackageAddRequest,
  type PackageDto,
  type PackageEditRequest,
  type PackageInput,
  type PackageListQuery,
  type PackageStatus,
  type PageResult,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_WORKFLOW_TYPES,
  type PriceMethod,
  type ProjectDto,
  type ProjectFromPlanRequest,
  PURCHASE_METHODS,
  type PurchaseCategory,
  type PurchaseMethod,
  type PurchaseStage,
  type ReviewItemDto,
  type ReviewItemKind,
  type SelectionRequest,
  type StageAction,
  type StageHistoryDto,
  type StageTransition,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage, type KeysetOptions } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { scopeFilter } from '../../platform/permission/data-scope.ts';
import type { RuleService } from '../../platform/rule/service.ts';
import type { PlanActor, PlanService } from '../plan/service.ts';
import { purchasePlan } from '../plan/tables.ts';
import { actorName, type WorkflowPort } from '../workflow-port.ts';
import { copyReviewItems, type PackageRow, type PackageStages, type StageActorRef } from './stage.ts';
import { purchasePackage, purchasePackageHistory, purchaseProject, purchaseReviewItem } from './tables.ts';

type ProjectRow = typeof purchaseProject.$inferSelect;
type ReviewItemRow = typeof purchaseReviewItem.$inferSelect;

const time = (v: string | null | undefined) => (v ? new Date(v.replace(' ', 'T')) : null);

export function toProjectDto(r: ProjectRow): ProjectDto {
  return {
    id: r.id,
    planId: r.planId,
    purchaseNo: r.purchaseNo,
    purchaseCode: r.purchaseCode,
    purchaseName: r.purchaseName,
    purchaseCategory: r.purchaseCategory as PurchaseCategory,
    purchaseMethod: r.purchaseMethod as PurchaseMethod,
    purchaseCandidateCount: r.purchaseCandidateCount,
    sysOrgCode: r.sysOrgCode,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

const toReviewItemDto = (r: ReviewItemRow): ReviewItemDto => ({
  id: r.id,
  kind: r.kind as ReviewItemKind,
  name: r.name,
  maxScore: r.maxScore === null ? null : Number(r.maxScore),
  guidance: r.guidance,
  sortNo: r.sortNo,
});

export function toPackageDto(r: PackageRow, items?: ReviewItemRow[]): PackageDto {
  return {
    id: r.id,
    projectId: r.projectId,
    sysOrgCode: r.sysOrgCode,
    purchaseNo: r.purchaseNo,
    purchaseCode: r.purchaseCode,
    purchaseName: r.purchaseName,
    purchaseCategory: r.purchaseCategory as PurchaseCategory,
    purchaseMethod: r.purchaseMethod as PurchaseMethod,
    purchaseCandidateCount: r.purchaseCandidateCount,
    purchaseStage: r.purchaseStage as PurchaseStage,
    electionStatus: r.electionStatus as '0' | '1',
    status: r.status as PackageStatus,
    roundNo: r.roundNo,
    previousPackageId: r.previousPackageId,
    packageNo: r.packageNo,
    packageName: r.packageName,
    number: r.number,
    fixedPrice: r.fixedPrice,
    lowerCoefficientType: r.lowerCoefficientType,
    lowerCoefficient: r.lowerCoefficient,
    warrantyPeriod: r.warrantyPeriod,
    materialStartTime: formatDateTime(r.materialStartTime),
    materialEndTime: formatDateTime(r.materialEndTime),
    scoreType: r.scoreType,
    quotationRoundCount: r.quotationRoundCount,
    currentRoundNo: r.currentRoundNo,
    brandRequirements: r.brandRequirements,
    payTypeMemo: r.payTypeMemo,
    priceMethod: r.priceMethod as PriceMethod,
    priceK: r.priceK,
    priceAlpha: r.priceAlpha,
    priceBeta: r.priceBeta,
    minBidders: r.minBidders,
    expertCount: r.expertCount,
    expertSpecialities: r.expertSpecialities,
    signUpStartTime: formatDateTime(r.signUpStartTime),
    signUpEndTime: formatDateTime(r.signUpEndTime),
    bidDeadline: formatDateTime(r.bidDeadline),
    openingStartTime: formatDateTime(r.openingStartTime),
    reviewStartTime: formatDateTime(r.reviewStartTime),
    reviewStopTime: formatDateTime(r.reviewStopTime),
    publicityDays: r.publicityDays,
    publicityEndTime: formatDateTime(r.publicityEndTime),
    awardTime: formatDateTime(r.awardTime),
    validBidderIds: r.validBidderIds,
    rankedCandidates: r.rankedCandidates,
    approvalStatus: r.approvalStatus,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
    ...(items ? { reviewItems: items.map(toReviewItemDto) } : {}),
  };
}

/** Cents of a numeric text (exact). */
const cents = (v: string | null | undefined): bigint => {
  if (!v) return 0n;
  const [i, f = ''] = v.split('.');
  return BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
};
const money = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

const packageValues = (p: PackageInput) => ({
  packageName: p.packageName,
  number: p.number ?? null,
  fixedPrice: p.fixedPrice,
  lowerCoefficientType: p.lowerCoefficientType,
  lowerCoefficient: p.lowerCoefficientType === 1 ? (p.lowerCoefficient ?? null) : null,
  warrantyPeriod: p.warrantyPeriod ?? null,
  materialStartTime: time(p.materialStartTime),
  materialEndTime: time(p.materialEndTime),
  scoreType: p.scoreType,
  quotationRoundCount: p.scoreType === '3' ? 1 : p.quotationRoundCount,
  brandRequirements: p.brandRequirements ?? null,
  payTypeMemo: p.payTypeMemo ?? null,
});

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

export interface ProjectService {
  fromPlan(actor: PlanActor, body: ProjectFromPlanRequest): Promise<{ project: ProjectDto; packages: PackageDto[] }>;
  projectById(actor: PlanActor, id: string): Promise<ProjectDto & { packages: PackageDto[] }>;
  addPackage(actor: PlanActor, body: PackageAddRequest): Promise<PackageDto>;
  editPackage(actor: PlanActor, body: PackageEditRequest): Promise<PackageDto>;
  saveSelection(actor: PlanActor, body: SelectionRequest): Promise<PackageDto>;
  list(actor: PlanActor, q: PackageListQuery): Promise<PageResult<PackageDto>>;
  queryById(actor: PlanActor, id: string): Promise<PackageDetail>;
  history(actor: PlanActor, id: string): Promise<StageHistoryDto[]>;
  /** A buyer's stage action (publish, openResponses, closeResponses, open, submitEndAudit). */
  act(actor: PlanActor, id: string, action: StageAction, reason: string | null): Promise<PackageDto>;
  rebid(actor: PlanActor, id: string, reason: string | null): Promise<PackageDto>;
  changeMethod(actor: PlanActor, id: string, method: PurchaseMethod, reason: string): Promise<PackageDto>;
  terminate(actor: PlanActor, id: string, reason: string | null): Promise<PackageDto>;
  reviewStart(actor: PlanActor, packageId: string): Promise<PackageDto>;
  reviewComplete(
    actor: PlanActor,
    packageId: string,
    result: { validBidderIds: string[]; rankedCandidates: string[]; electionStatus: '0' | '1' },
  ): Promise<PackageDto>;
}

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
  const buyer = (actor: PlanActor): StageActorRef => ({ username: actor.username, role: 'buyer' });

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

  /** A copy of a failed package as a new round (重新采购, or after an approved 变更方式), at stage 1. */
  async function cloneAsNewRound(tx: DbOrTx, pkg: PackageRow, username: string, method: string, reason: string) {
    const { id: _id, createTime: _c, updateTime: _u, ...rest } = pkg;
    const [clone] = await tx
      .insert(purchasePackage)
      .values({
        ...rest,
        packageNo: `${pkg.packageNo.replace(/-R\d+$/, '')}-R${pkg.roundNo + 1}`,
        purchaseMethod: method,
        purchaseStage: 1,
        electionStatus: ELECTION_STATUS.normal,
        status: 'active',
        roundNo: pkg.roundNo + 1,
        previousPackageId: pkg.id,
        currentRoundNo: 1,
        signUpStartTime: null,
        signUpEndTime: null,
        bidDeadline: null,
        openingStartTime: null,
        reviewStartTime: null,
        reviewStopTime: null,
        publicityEndTime: null,
        awardTime: null,
        validBidderIds: [],
        rankedCandidates: [],
        approvalStatus: '1',
        instanceId: null,
        pendingMethod: null,
        createBy: username,
      })
      .returning();
    if (!clone) throw badRequest(PROCUREMENT_MESSAGES.packageNotFound);
    await copyReviewItems(tx, pkg.id, clone.id);
    await tx.insert(purchasePackageHistory).values({
      tenantId: clone.tenantId,
      packageId: clone.id,
      action: 'rebid',
      fromStage: 9,
      toStage: 1,
      electionStatus: ELECTION_STATUS.normal,
      reason: `${reason}（由标包${pkg.packageNo}第${pkg.roundNo}轮转入）`,
      actor: username,
    });
    return clone;
  }

  // 结束审核: approved → 结果公示 (publicity ends after publicityDays); rejected → back to 评审结束.
  workflow?.registerHandler(PROCUREMENT_WORKFLOW_TYPES.endAudit, {
    async onStatus(tx, event) {
      const system: StageActorRef = { username: actorName(event.actor), role: 'workflow' };
      const base = { tenantId: event.tenantId, packageId: event.businessKey, actor: system };
      const txDb = tx as unknown as Db;
      if (event.outcome === 'approved') {
        const [pkg] = await tx.select().from(purchasePackage).where(eq(purchasePackage.id, event.businessKey));
        const end = new Date(Date.now() + (pkg?.publicityDays ?? 3) * 86_400_000);
        await stages.move(txDb, {
          ...base,
          action: 'endAuditApproved',
          reason: event.comment ?? null,
          patch: { approvalStatus: String(event.approvalStatus), publicityEndTime: end },
        });
      } else if (event.outcome === 'rejected' || event.outcome === 'withdrawn' || event.outcome === 'terminated') {
        await stages.move(txDb, {
          ...base,
          action: 'endAuditRejected',
          reason: event.comment ?? null,
          patch: { approvalStatus: String(event.approvalStatus) },
        });
      } else {
        await tx
          .update(purchasePackage)
          .set({ approvalStatus: String(event.approvalStatus) })
          .where(eq(purchasePackage.id, event.businessKey));
      }
    },
  });

  // 变更方式 after 流标: approved → a new round with the new method; otherwise the package is open again.
  workflow?.registerHandler(PROCUREMENT_WORKFLOW_TYPES.methodChange, {
    async onStatus(tx, event) {
      const [pkg] = await tx
        .select()
        .from(purchasePackage)
        .where(and(eq(purchasePackage.id, event.businessKey), eq(purchasePackage.tenantId, event.tenantId)))
        .for('update');
      if (pkg?.status !== 'method_changing') return;
      if (event.outcome === 'approved' && pkg.pendingMethod) {
        await tx
          .update(purchasePackage)
          .set({ status: 'rebid', approvalStatus: String(event.approvalStatus), updateTime: new Date() })
          .where(eq(purchasePackage.id, pkg.id));
        await cloneAsNewRound(
          tx,
          pkg,
          actorName(event.actor),
          pkg.pendingMethod,
          `变更方式为${PURCHASE_METHODS[pkg.pendingMethod as PurchaseMethod]}`,
        );
      } else if (event.outcome !== 'progress') {
        await tx
          .update(purchasePackage)
          .set({
            status: 'active',
            pendingMethod: null,
            approvalStatus: String(event.approvalStatus),
            updateTime: new Date(),
          })
          .where(eq(purchasePackage.id, pkg.id));
      }
    },
  });

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
        keyset ? { keyset } : {},
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

    async act(actor, id, action, reason) {
      await getPackage(db, actor, id);
      const base = { tenantId: actor.tenantId, packageId: id, actor: buyer(actor), reason };
      switch (action) {
        case 'publish':
          return toPackageDto(
            await stages.move(db, {
              ...base,
              action,
              check: async (pkg, tx) => {
                if (!pkg.signUpStartTime || !pkg.openingStartTime)
                  throw badRequest(PROCUREMENT_MESSAGES.timetableRequired);
                const [items] = await tx
                  .select({ n: count() })
                  .from(purchaseReviewItem)
                  .where(eq(purchaseReviewItem.packageId, pkg.id));
                if (!items?.n) throw badRequest(PROCUREMENT_MESSAGES.reviewItemsRequired);
              },
            }),
          );
        case 'openResponses':
        case 'closeResponses':
          return toPackageDto(await stages.move(db, { ...base, action }));
        case 'open':
          return toPackageDto(await stages.open(db, actor.tenantId, id, buyer(actor)));
        case 'submitEndAudit':
          return toPackageDto(
            await stages.move(db, {
              ...base,
              action,
              after: async (pkg, tx) => {
                if (!workflow) throw badRequest('审批流程未启用');
                const started = await workflow.start(tx as unknown as Db, {
                  tenantId: actor.tenantId,
                  initiator: { id: actor.userId, username: actor.username },
                  businessType: PROCUREMENT_WORKFLOW_TYPES.endAudit,
                  businessKey: pkg.id,
                  title: `结束审核「${pkg.purchaseName} ${pkg.packageName}」`,
                  variables: {
                    amount: Number(pkg.fixedPrice),
                    category: pkg.purchaseCategory,
                    method: pkg.purchaseMethod,
                    electionStatus: pkg.electionStatus,
                  },
                });
                await tx
                  .update(purchasePackage)
                  .set({ instanceId: started.instanceId })
                  .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.purchaseStage, 10)));
                await tx
                  .update(purchasePackage)
                  .set({ approvalStatus: String(started.approvalStatus) })
                  .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.approvalStatus, '1')));
              },
            }),
          );
        case 'rebid':
          return this.rebid(actor, id, reason);
        case 'terminate':
          return this.terminate(actor, id, reason);
        default:
          throw badRequest(PROCUREMENT_MESSAGES.notSystemAction);
      }
    },

    async rebid(actor, id, reason) {
      await getPackage(db, actor, id);
      let clone: PackageRow | undefined;
      await stages.move(db, {
        tenantId: actor.tenantId,
        packageId: id,
        action: 'rebid',
        actor: buyer(actor),
        reason: reason ?? '流标后重新采购',
        patch: { status: 'rebid' },
        after: async (pkg, tx) => {
          clone = await cloneAsNewRound(tx, pkg, actor.username, pkg.purchaseMethod, reason ?? '重新采购');
        },
      });
      if (!clone) throw badRequest(PROCUREMENT_MESSAGES.packageNotFound);
      return toPackageDto(clone);
    },

    async changeMethod(actor, id, method, reason) {
      await getPackage(db, actor, id);
      const moved = await stages.move(db, {
        tenantId: actor.tenantId,
        packageId: id,
        action: 'changeMethod',
        actor: buyer(actor),
        reason,
        patch: { status: 'method_changing', pendingMethod: method },
        after: async (pkg, tx) => {
          if (!workflow) throw badRequest('审批流程未启用');
          const started = await workflow.start(tx as unknown as Db, {
            tenantId: actor.tenantId,
            initiator: { id: actor.userId, username: actor.username },
            businessType: PROCUREMENT_WORKFLOW_TYPES.methodChange,
            businessKey: pkg.id,
            title: `变更方式「${pkg.packageName}」${PURCHASE_METHODS[pkg.purchaseMethod as PurchaseMethod]} → ${PURCHASE_METHODS[method]}`,
            variables: {
              amount: Number(pkg.fixedPrice),
              category: pkg.purchaseCategory,
              method,
              fromMethod: pkg.purchaseMethod,
            },
          });
          await tx
            .update(purchasePackage)
            .set({ instanceId: started.instanceId })
            .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.status, 'method_changing')));
        },
      });
      const [now] = await db.select().from(purchasePackage).where(eq(purchasePackage.id, moved.id));
      return toPackageDto(now ?? moved);
    },

    async terminate(actor, id, reason) {
      await getPackage(db, actor, id);
      return toPackageDto(
        await stages.move(db, {
          tenantId: actor.tenantId,
          packageId: id,
          action: 'terminate',
          actor: buyer(actor),
          reason: reason ?? '流标后终止采购',
          patch: { status: 'terminated' },
          after: async (pkg, tx) => {
            await stages.hooks.onTerminated?.(tx, pkg, reason);
          },
        }),
      );
    },

    async reviewStart(actor, packageId) {
      await getPackage(db, actor, packageId);
      return toPackageDto(
        await stages.startReview(db, actor.tenantId, packageId, { username: actor.username, role: 'review' }),
      );
    },

    async reviewComplete(actor, packageId, result) {
      await getPackage(db, actor, packageId);
      return toPackageDto(
        await stages.completeReview(db, actor.tenantId, packageId, result, {
          username: actor.username,
          role: 'review',
        }),
      );
    },
  };
}
