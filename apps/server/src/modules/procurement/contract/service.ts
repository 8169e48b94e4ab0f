import {
  CONTRACT_STATES,
  type ContractAddInput,
  type ContractAwardDto,
  type ContractChangeDto,
  type ContractDetailDto,
  type ContractDto,
  type ContractEditInput,
  type ContractListQuery,
  type ContractState,
  contractFigures,
  formatDateTime,
  CONTRACT_MESSAGES as M,
  nextContractState,
  type PageResult,
  type PerformanceAddInput,
  type PerformanceDto,
} from '@aps/shared';
import { and, count, desc, eq, gte, ilike, inArray, like, lt, ne, type SQL, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { scopeFilter } from '../../platform/permission/data-scope.ts';
import type { RuleService } from '../../platform/rule/service.ts';
import { sysDepart } from '../../platform/system/tables.ts';
import { tenantFiles } from '../files.ts';
import type { PlanActor } from '../plan/service.ts';
import { assertContractable as assertSupplierContractable } from '../supplier/eligibility.ts';
import { supplier } from '../supplier/tables.ts';
import type { WorkflowPort } from '../workflow-port.ts';
import { awardForContract, DEFAULT_RETENTION_RATE } from './award.ts';
import { createContractLifecycle, type SupplierActor } from './lifecycle.ts';
import { evaluateContract, laborCategoriesByCode, toPerformanceDto } from './performance.ts';
import { createContractPortal } from './portal.ts';
import { contract, settlement, supplierPerformance } from './tables.ts';

export type ContractActor = PlanActor;
export type ContractRow = typeof contract.$inferSelect;
/** The business type of the seeded 合同审批 process (contracts and their changes). */
export const CONTRACT_WORKFLOW = 'contract';
/** The fill rule seeded for contract numbers (HT + year + 5 digits). */
const CONTRACT_NO_RULE = 'contract_code';

export const toContractDto = (r: ContractRow, supplierName?: string | null, packageName?: string | null) =>
  ({
    id: r.id,
    contractNo: r.contractNo,
    name: r.name,
    packageId: r.packageId,
    ...(packageName ? { packageName } : {}),
    projectId: r.projectId,
    purchaseId: r.purchaseId,
    awardLetterId: r.awardLetterId,
    supplierId: r.supplierId,
    ...(supplierName ? { supplierName } : {}),
    sysOrgCode: r.sysOrgCode,
    amount: r.amount,
    changedAmount: r.changedAmount,
    settledAmount: r.settledAmount,
    payableAmount: r.payableAmount,
    paidAmount: r.paidAmount,
    retentionHeld: r.retentionHeld,
    retentionReleased: r.retentionReleased,
    termStart: r.termStart,
    termEnd: r.termEnd,
    payTerms: r.payTerms,
    warrantyPeriod: r.warrantyPeriod,
    retentionRate: r.retentionRate,
    attachments: r.attachments,
    state: r.state as ContractState,
    state_dictText: CONTRACT_STATES[r.state as ContractState] ?? r.state,
    approvalStatus: r.approvalStatus,
    buyerSignedAt: formatDateTime(r.buyerSignedAt),
    buyerSignedBy: r.buyerSignedBy,
    supplierSignedAt: formatDateTime(r.supplierSignedAt),
    supplierSignedBy: r.supplierSignedBy,
    performanceEnd: formatDateTime(r.performanceEnd),
    warrantyEnd: r.warrantyEnd,
    endedAt: formatDateTime(r.terminatedAt ?? r.voidedAt ?? r.closedAt),
    endReason: r.endReason,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
  }) satisfies ContractDto;

/** Tenant and department data scope of the buyer's side (the contract's sys_org_code, from the package). */
export const contractScope = (actor: Pick<ContractActor, 'tenantId' | 'scope'>): SQL | undefined =>
  and(eq(contract.tenantId, actor.tenantId), scopeFilter(actor.scope, contract.sysOrgCode));

/**
 * THE participation check at contract time (supplier/eligibility.ts `assertContractable`): a blacklisted (for the
 * package's category), eliminated or unadmitted supplier is refused with the check's own message (the blacklist's
 * reason and end date); a suspended one passes, its warning left to the pages that show the supplier.
 */
export async function assertContractable(tx: DbOrTx, tenantId: number, supplierId: string, packageId: string) {
  const pkg = await tx.execute<{ purchase_category: string | null }>(
    sql`SELECT purchase_category FROM purchase_package WHERE id = ${packageId} AND tenant_id = ${tenantId}`,
  );
  try {
    await assertSupplierContractable(tx, tenantId, supplierId, pkg.rows[0]?.purchase_category ?? null);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) throw badRequest(M.supplierIneligible(err.message));
    throw err;
  }
}

const refused = (label: string, state: string) =>
  badRequest(M.stateRefused(label, CONTRACT_STATES[state as ContractState] ?? state));
export function assertTransition(row: ContractRow, action: Parameters<typeof nextContractState>[1], label: string) {
  const to = nextContractState(row.state, action);
  if (!to) throw refused(label, row.state);
  return to;
}

const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === '23505' && c.constraint === constraint;
};

type ListFilter = Omit<ContractListQuery, 'pageNo' | 'pageSize'>;

export function createContractService({
  db,
  rules,
  workflow,
}: {
  db: Db;
  rules: Pick<RuleService, 'execute'>;
  workflow: WorkflowPort | null;
}) {
  const select = () =>
    db
      .select({ c: contract, supplierName: supplier.name })
      .from(contract)
      .innerJoin(supplier, eq(supplier.id, contract.supplierId));

  function where(actor: ContractActor, q: ListFilter): SQL | undefined {
    return and(
      contractScope(actor),
      q.name ? ilike(contract.name, `%${escapeLike(q.name)}%`) : undefined,
      q.contractNo ? ilike(contract.contractNo, `%${escapeLike(q.contractNo)}%`) : undefined,
      q.supplierName ? ilike(supplier.name, `%${escapeLike(q.supplierName)}%`) : undefined,
      q.supplierId ? eq(contract.supplierId, q.supplierId) : undefined,
      q.state ? eq(contract.state, q.state) : undefined,
      q.sysOrgCode ? like(contract.sysOrgCode, `${escapeLike(q.sysOrgCode)}%`) : undefined,
      q.createTimeBegin ? gte(contract.createTime, new Date(`${q.createTimeBegin}T00:00:00+08:00`)) : undefined,
      q.createTimeEnd
        ? lt(contract.createTime, new Date(new Date(`${q.createTimeEnd}T00:00:00+08:00`).getTime() + 86_400_000))
        : undefined,
    );
  }

  async function get(tx: DbOrTx, actor: ContractActor, id: string, lock = false): Promise<ContractRow> {
    const query = tx
      .select()
      .from(contract)
      .where(and(contractScope(actor), eq(contract.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function dtoOf(tx: DbOrTx, row: ContractRow): Promise<ContractDto> {
    const [s] = await tx.select({ name: supplier.name }).from(supplier).where(eq(supplier.id, row.supplierId));
    return toContractDto(row, s?.name);
  }

  const liveOf = (tx: DbOrTx, tenantId: number, packageId: string) =>
    tx
      .select({ id: contract.id })
      .from(contract)
      .where(and(eq(contract.tenantId, tenantId), eq(contract.packageId, packageId), ne(contract.state, 'voided')));

  const lifecycle = createContractLifecycle({ db, workflow, get, dtoOf });

  return {
    ...lifecycle,
    ...createContractPortal(db),

    async changeList(actor: ContractActor, id: string): Promise<ContractChangeDto[]> {
      return lifecycle.changesOf(db, (await get(db, actor, id)).id);
    },

    evaluate(actor: ContractActor, body: PerformanceAddInput): Promise<PerformanceDto> {
      return db.transaction(async (tx) =>
        evaluateContract(tx as unknown as Db, actor, await get(tx, actor, body.contractId, true), body),
      );
    },

    laborCategories: (tenantId: number, itemValue: string) => laborCategoriesByCode(db, tenantId, itemValue),

    list(actor: ContractActor, q: ContractListQuery): Promise<PageResult<ContractDto>> {
      const w = where(actor, q);
      return fetchPage(
        q,
        db.select({ n: count() }).from(contract).innerJoin(supplier, eq(supplier.id, contract.supplierId)).where(w),
        (offset, limit) =>
          select().where(w).orderBy(desc(contract.createTime), desc(contract.id)).offset(offset).limit(limit),
        (r) => toContractDto(r.c, r.supplierName),
      );
    },

    async queryById(actor: ContractActor, id: string): Promise<ContractDetailDto> {
      const row = await get(db, actor, id);
      return detailOf(db, await dtoOf(db, row), row);
    },

    async draftFromAward(actor: ContractActor, packageId: string): Promise<ContractAwardDto> {
      const a = await awardForContract(db, actor.tenantId, actor.scope, packageId);
      const [live] = await liveOf(db, actor.tenantId, packageId);
      return {
        packageId: a.packageId,
        packageName: a.packageName,
        purchaseName: a.purchaseName,
        supplierId: a.supplierId,
        supplierName: a.supplierName,
        amount: a.amount,
        payTerms: a.payTerms,
        warrantyPeriod: a.warrantyPeriod,
        retentionRate: DEFAULT_RETENTION_RATE,
        awardLetterId: a.awardLetterId,
        awardTime: formatDateTime(a.awardTime),
        contractId: live?.id ?? null,
      };
    },

    /** A draft from an awarded package: parties, amount (the winning price) and award come from the award. */
    add(actor: ContractActor, body: ContractAddInput): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        // The package row is locked so that two drafts of one package are serialised (the unique index backs it).
        const a = await awardForContract(tx, actor.tenantId, actor.scope, body.packageId);
        await tx.execute(sql`SELECT 1 FROM purchase_package WHERE id = ${a.packageId} FOR UPDATE`);
        if ((await liveOf(tx, actor.tenantId, a.packageId)).length) throw badRequest(M.packageHasContract);
        await assertContractable(tx, actor.tenantId, a.supplierId, a.packageId);
        const contractNo = body.contractNo || (await rules.execute(CONTRACT_NO_RULE, actor.tenantId, actor.orgCode));
        try {
          const [row] = await tx
            .insert(contract)
            .values({
              tenantId: actor.tenantId,
              sysOrgCode: a.sysOrgCode,
              contractNo,
              name: body.name,
              packageId: a.packageId,
              projectId: a.projectId,
              awardLetterId: a.awardLetterId,
              supplierId: a.supplierId,
              amount: a.amount,
              termStart: body.termStart,
              termEnd: body.termEnd,
              payTerms: body.payTerms ?? a.payTerms,
              warrantyPeriod: body.warrantyPeriod,
              retentionRate: body.retentionRate,
              attachments: await tenantFiles(tx, actor.tenantId, body.attachments),
              createBy: actor.username,
            })
            .returning();
          if (!row) throw notFound(M.notFound);
          return toContractDto(row, a.supplierName, a.packageName);
        } catch (err) {
          if (isUniqueViolation(err, 'contract_package_live_uq')) throw badRequest(M.packageHasContract);
          if (isUniqueViolation(err, 'contract_no_uq')) throw badRequest('合同编号已存在');
          throw err;
        }
      });
    },

    /** 草稿 only; the amount stays the winning price (a different amount is a 变更 after signing). */
    edit(actor: ContractActor, body: ContractEditInput): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, body.id, true);
        if (row.state !== 'draft') throw badRequest(M.notEditable);
        try {
          const [next] = await tx
            .update(contract)
            .set({
              name: body.name,
              ...(body.contractNo ? { contractNo: body.contractNo } : {}),
              termStart: body.termStart,
              termEnd: body.termEnd,
              payTerms: body.payTerms ?? null,
              warrantyPeriod: body.warrantyPeriod,
              retentionRate: body.retentionRate,
              attachments: await tenantFiles(tx, actor.tenantId, body.attachments),
              updateBy: actor.username,
              updateTime: new Date(),
            })
            .where(eq(contract.id, row.id))
            .returning();
          return dtoOf(tx, next ?? row);
        } catch (err) {
          if (isUniqueViolation(err, 'contract_no_uq')) throw badRequest('合同编号已存在');
          throw err;
        }
      });
    },

    /**
     * A 修改 work order's correction of one field (issue 17 §4) under the edit rule: 草稿 only (a signed contract
     * changes through a 变更). Returns the value before and after.
     */
    correct(
      actor: ContractActor,
      id: string,
      field: 'name' | 'payTerms',
      value: string | null,
    ): Promise<{ before: string | null; after: string | null }> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        if (row.state !== 'draft') throw badRequest(M.notEditable);
        const before = field === 'name' ? row.name : row.payTerms;
        await tx
          .update(contract)
          .set({
            ...(field === 'name' ? { name: value ?? row.name } : { payTerms: value }),
            updateBy: actor.username,
            updateTime: new Date(),
          })
          .where(eq(contract.id, row.id));
        return { before, after: field === 'name' ? (value ?? row.name) : value };
      });
    },

    /** Deletes drafts never submitted (a draft back from a rejection keeps its approval history: void it). */
    remove(actor: ContractActor, ids: string[]): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(contract)
          .where(and(contractScope(actor), inArray(contract.id, ids)))
          .for('update');
        if (rows.length !== ids.length) throw notFound(M.notFound);
        for (const r of rows) if (r.state !== 'draft' || r.instanceId) throw refused('删除', r.state);
        await tx.delete(contract).where(inArray(contract.id, ids));
        return rows.length;
      });
    },

    submit(actor: ContractActor, id: string): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        assertTransition(row, 'submit', '提交审批');
        await assertContractable(tx, actor.tenantId, row.supplierId, row.packageId);
        if (!workflow) throw badRequest('审批流程未启用');
        const [s] = await tx.select({ name: supplier.name }).from(supplier).where(eq(supplier.id, row.supplierId));
        const variables = { amount: Number(row.amount), supplierName: s?.name ?? '', contractNo: row.contractNo };
        const txDb = tx as unknown as Db;
        const started =
          row.approvalStatus === '5' && row.instanceId
            ? await workflow.resubmit(txDb, {
                tenantId: actor.tenantId,
                actor: { id: actor.userId, username: actor.username },
                businessType: CONTRACT_WORKFLOW,
                businessKey: row.id,
                variables,
              })
            : await workflow.start(txDb, {
                tenantId: actor.tenantId,
                initiator: { id: actor.userId, username: actor.username },
                businessType: CONTRACT_WORKFLOW,
                businessKey: row.id,
                title: `合同「${row.name}」${row.contractNo}`,
                variables,
              });
        // An auto-approved process has already moved it in its callback: keep what that wrote.
        const [now] = await tx.select().from(contract).where(eq(contract.id, row.id));
        await tx
          .update(contract)
          .set({
            instanceId: started.instanceId,
            ...(now?.state === 'draft'
              ? { state: 'approving', approvalStatus: String(started.approvalStatus), endReason: null }
              : {}),
            updateTime: new Date(),
          })
          .where(eq(contract.id, row.id));
        return dtoOf(tx, await get(tx, actor, id));
      });
    },
  };

  async function detailOf(tx: DbOrTx, dto: ContractDto, row: ContractRow): Promise<ContractDetailDto> {
    const figures = contractFigures(row);
    const changes = await lifecycle.changesOf(tx, row.id);
    const [n] = await tx.select({ n: count() }).from(settlement).where(eq(settlement.contractId, row.id));
    const [e] = await tx.select().from(supplierPerformance).where(eq(supplierPerformance.contractId, row.id));
    const [d] = await tx
      .select({ name: sysDepart.departName })
      .from(sysDepart)
      .where(and(eq(sysDepart.tenantId, row.tenantId), eq(sysDepart.orgCode, row.sysOrgCode)))
      .limit(1);
    return {
      ...dto,
      departName: d?.name ?? null,
      total: figures.total,
      unpaid: figures.unpaid,
      remaining: figures.remaining,
      changes,
      settlementCount: n?.n ?? 0,
      evaluation: e ? toPerformanceDto(e, row.contractNo) : null,
    };
  }
}

export type ContractService = ReturnType<typeof createContractService>;
export type { SupplierActor };
