import {
  type ExcelImportResult,
  formatDateTime,
  type PageResult,
  PLAN_EDITABLE_STATES,
  PLAN_ITEM_HEADERS,
  PLAN_STATES,
  PLAN_VOIDABLE_STATES,
  type PlanAddRequest,
  type PlanChangeDto,
  type PlanChangeRequest,
  type PlanDto,
  type PlanEditRequest,
  type PlanItemDto,
  type PlanItemInput,
  type PlanListQuery,
  type PlanState,
  PROCUREMENT_DEFAULTS,
  PROCUREMENT_LIMITS,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_WORKFLOW_TYPES,
  PURCHASE_CATEGORIES,
  PURCHASE_METHODS,
  type PurchaseCategory,
  type PurchaseMethod,
  planItemSchema,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import type { ExcelImporter, UploadedFile } from '../../platform/excel/import.ts';
import { type DataScope, scopeFilter } from '../../platform/permission/data-scope.ts';
import type { RuleService } from '../../platform/rule/service.ts';
import { actorName, type WorkflowPort } from '../workflow-port.ts';
import { createPlanChanges } from './change.ts';
import { purchasePlan, purchasePlanItem } from './tables.ts';

export type PlanRow = typeof purchasePlan.$inferSelect;
type ItemRow = typeof purchasePlanItem.$inferSelect;

export interface PlanActor {
  tenantId: number;
  userId: string;
  username: string;
  orgCode: string | null;
  scope: DataScope;
}

/** Item amount = quantity × unit price, rounded half up to cents (exact decimal arithmetic on strings). */
export function lineAmount(quantity: string, unitPrice: string): string {
  const [qi, qf = ''] = quantity.split('.');
  const [pi, pf = ''] = unitPrice.split('.');
  const q = BigInt(`${qi}${qf.padEnd(3, '0')}`); // × 1000
  const p = BigInt(`${pi}${pf.padEnd(2, '0')}`); // × 100
  const raw = q * p; // × 100000
  const cents = (raw + 500n) / 1000n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export const sumAmounts = (amounts: string[]): string => {
  const cents = amounts.reduce((n, a) => {
    const [i, f = ''] = a.split('.');
    return n + BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
  }, 0n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
};

const toItemDto = (r: ItemRow): PlanItemDto => ({
  id: r.id,
  lineNo: r.lineNo,
  name: r.name,
  specification: r.specification,
  unit: r.unit,
  quantity: r.quantity,
  unitPrice: r.unitPrice,
  amount: r.amount,
});

export function toPlanDto(r: PlanRow, items?: ItemRow[], changing?: boolean): PlanDto {
  return {
    id: r.id,
    planCode: r.planCode,
    planName: r.planName,
    category: r.category as PurchaseCategory,
    departId: r.departId,
    sysOrgCode: r.sysOrgCode,
    purchaseMethod: r.purchaseMethod as PurchaseMethod,
    budget: r.budget,
    plannedTime: formatDateTime(r.plannedTime),
    state: r.state as PlanState,
    approvalStatus: r.approvalStatus,
    instanceId: r.instanceId,
    memo: r.memo,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
    ...(items ? { items: items.map(toItemDto) } : {}),
    ...(changing !== undefined ? { changing } : {}),
  };
}

/** A plan change in approval (计划变更 变更中). */
const CHANGING = sql<boolean>`EXISTS (SELECT 1 FROM purchase_plan_change c
  WHERE c.plan_id = purchase_plan.id AND c.state = 'pending')`;

const SORT = {
  createTime: purchasePlan.createTime,
  planCode: purchasePlan.planCode,
  budget: purchasePlan.budget,
  plannedTime: purchasePlan.plannedTime,
} as const;

const stateName = (s: string) => PLAN_STATES[s as PlanState] ?? s;

export interface PlanService {
  list(actor: PlanActor, q: PlanListQuery): Promise<PageResult<PlanDto>>;
  queryById(actor: PlanActor, id: string): Promise<PlanDto>;
  add(actor: PlanActor, body: PlanAddRequest): Promise<PlanDto>;
  edit(actor: PlanActor, body: PlanEditRequest): Promise<PlanDto>;
  remove(actor: PlanActor, id: string): Promise<void>;
  submit(actor: PlanActor, id: string): Promise<PlanDto>;
  voidPlan(actor: PlanActor, id: string): Promise<PlanDto>;
  exportList(actor: PlanActor, q: Omit<PlanListQuery, 'pageNo' | 'pageSize'>): ListExport<PlanDto>;
  /** Appends the item lines of Excel sheets to an editable plan (each file's good rows in one transaction). */
  importItems(actor: PlanActor, id: string, files: UploadedFile[]): Promise<ExcelImportResult>;
  /** 计划变更 of an approved or executing plan: a new budget and item lines, through the approval. */
  change(actor: PlanActor, body: PlanChangeRequest): Promise<PlanChangeDto>;
  /** A plan row, locked, in the data scope: the project service turns it into a project. */
  lockForProject(tx: DbOrTx, actor: PlanActor, id: string): Promise<PlanRow>;
}

/** The plan list's tenant and data-scope filter (the list, the detail and the dashboard's plan figures). */
export const planScope = (actor: Pick<PlanActor, 'tenantId' | 'scope'>): SQL | undefined =>
  and(eq(purchasePlan.tenantId, actor.tenantId), scopeFilter(actor.scope, purchasePlan.sysOrgCode));

export function createPlanService({
  db,
  rules,
  workflow,
  importExcel,
}: {
  db: Db;
  rules: Pick<RuleService, 'execute'>;
  workflow: WorkflowPort | null;
  importExcel: ExcelImporter;
}): PlanService {
  const visible = planScope;

  function where(actor: PlanActor, q: Omit<PlanListQuery, 'pageNo' | 'pageSize'>): SQL | undefined {
    return and(
      visible(actor),
      q.planName ? ilike(purchasePlan.planName, `%${escapeLike(q.planName)}%`) : undefined,
      q.planCode ? ilike(purchasePlan.planCode, `%${escapeLike(q.planCode)}%`) : undefined,
      q.category ? eq(purchasePlan.category, q.category) : undefined,
      q.purchaseMethod ? eq(purchasePlan.purchaseMethod, q.purchaseMethod) : undefined,
      q.state ? eq(purchasePlan.state, q.state) : undefined,
    );
  }

  const page = (w: SQL | undefined, q: Omit<PlanListQuery, 'pageNo' | 'pageSize'>, offset: number, limit: number) => {
    const dir = q.order === 'asc' ? asc : desc;
    return db
      .select({ plan: purchasePlan, changing: CHANGING })
      .from(purchasePlan)
      .where(w)
      .orderBy(dir(SORT[q.column ?? 'createTime']), dir(purchasePlan.id))
      .offset(offset)
      .limit(limit);
  };

  async function get(tx: DbOrTx, actor: PlanActor, id: string, lock = false): Promise<PlanRow> {
    const query = tx
      .select()
      .from(purchasePlan)
      .where(and(visible(actor), eq(purchasePlan.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(PROCUREMENT_MESSAGES.planNotFound);
    return row;
  }

  const itemsOf = (tx: DbOrTx, planId: string) =>
    tx.select().from(purchasePlanItem).where(eq(purchasePlanItem.planId, planId)).orderBy(asc(purchasePlanItem.lineNo));

  async function writeItems(tx: DbOrTx, plan: PlanRow, items: PlanItemInput[], startLine = 1) {
    if (items.length === 0) return;
    await tx.insert(purchasePlanItem).values(
      items.map((item, i) => ({
        tenantId: plan.tenantId,
        planId: plan.id,
        lineNo: startLine + i,
        name: item.name,
        specification: item.specification ?? null,
        unit: item.unit ?? null,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        amount: lineAmount(item.quantity, item.unitPrice),
      })),
    );
  }

  /**
   * The edited lines: a line sent with the id of one of the plan's lines is updated in place (its id stays, so the
   * grids of others editing the plan match it, §4), the others are added, the lines not sent are removed.
   */
  async function replaceItems(tx: DbOrTx, plan: PlanRow, items: PlanItemInput[]) {
    const existing = new Set((await itemsOf(tx, plan.id)).map((r) => r.id));
    const kept = new Set(items.flatMap((i) => (i.id && existing.has(i.id) ? [i.id] : [])));
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await tx.delete(purchasePlanItem).where(inArray(purchasePlanItem.id, gone));
    const added: { item: PlanItemInput; lineNo: number }[] = [];
    for (const [i, item] of items.entries()) {
      if (!item.id || !kept.has(item.id)) {
        added.push({ item, lineNo: i + 1 });
        continue;
      }
      kept.delete(item.id); // a repeated id is a new line the second time
      await tx
        .update(purchasePlanItem)
        .set({
          lineNo: i + 1,
          name: item.name,
          specification: item.specification ?? null,
          unit: item.unit ?? null,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          amount: lineAmount(item.quantity, item.unitPrice),
        })
        .where(eq(purchasePlanItem.id, item.id));
    }
    for (const { item, lineNo } of added) await writeItems(tx, plan, [item], lineNo);
  }

  const toTime = (v: string | null | undefined) => (v ? new Date(v.replace(' ', 'T')) : null);

  async function setState(tx: DbOrTx, id: string, state: PlanState, approvalStatus?: string, instanceId?: string) {
    await tx
      .update(purchasePlan)
      .set({
        state,
        ...(approvalStatus ? { approvalStatus } : {}),
        ...(instanceId ? { instanceId } : {}),
        updateTime: new Date(),
      })
      .where(eq(purchasePlan.id, id));
  }

  const changes = createPlanChanges({ workflow, lineAmount });

  // The approval's outcome moves the plan (审批中 → 已通过 / 驳回; withdrawn or terminated → 草稿), in the same
  // transaction as the deciding task action.
  workflow?.registerHandler(PROCUREMENT_WORKFLOW_TYPES.plan, {
    async onStatus(tx, event) {
      const [plan] = await tx
        .select()
        .from(purchasePlan)
        .where(and(eq(purchasePlan.id, event.businessKey), eq(purchasePlan.tenantId, event.tenantId)))
        .for('update');
      // Not a plan: a plan change of the same business type (keyed by the change).
      if (!plan) {
        await changes.onStatus(tx, event);
        return;
      }
      const next: Record<WorkflowStatusOutcome, PlanState | null> = {
        approved: 'approved',
        rejected: 'rejected',
        withdrawn: 'draft',
        terminated: 'draft',
        progress: null,
      };
      const state = next[event.outcome] ?? (plan.state as PlanState);
      await tx
        .update(purchasePlan)
        .set({
          state,
          approvalStatus: String(event.approvalStatus),
          updateTime: new Date(),
          updateBy: actorName(event.actor),
        })
        .where(eq(purchasePlan.id, plan.id));
    },
  });

  return {
    list(actor, q) {
      const w = where(actor, q);
      return fetchPage(
        q,
        db.select({ n: count() }).from(purchasePlan).where(w),
        (offset, limit) => page(w, q, offset, limit),
        (r) => toPlanDto(r.plan, undefined, r.changing),
      );
    },

    async queryById(actor, id) {
      const plan = await get(db, actor, id);
      const history = await changes.historyOf(db, id);
      return {
        ...toPlanDto(
          plan,
          await itemsOf(db, id),
          history.some((c) => c.state === 'pending'),
        ),
        changes: history,
      };
    },

    change(actor, body) {
      return db.transaction(async (tx) => changes.propose(tx, actor, await get(tx, actor, body.id, true), body));
    },

    add(actor, body) {
      return db.transaction(async (tx) => {
        const planCode = await rules.execute(PROCUREMENT_DEFAULTS.planCodeRule, actor.tenantId, actor.orgCode);
        const [plan] = await tx
          .insert(purchasePlan)
          .values({
            tenantId: actor.tenantId,
            sysOrgCode: actor.orgCode ?? '',
            departId: body.departId ?? null,
            planCode,
            planName: body.planName,
            category: body.category,
            purchaseMethod: body.purchaseMethod,
            budget: body.budget,
            plannedTime: toTime(body.plannedTime),
            memo: body.memo ?? null,
            createBy: actor.username,
          })
          .returning();
        if (!plan) throw badRequest(PROCUREMENT_MESSAGES.planNotFound);
        await writeItems(tx, plan, body.items);
        return toPlanDto(plan, await itemsOf(tx, plan.id));
      });
    },

    edit(actor, body) {
      return db.transaction(async (tx) => {
        const plan = await get(tx, actor, body.id, true);
        if (!PLAN_EDITABLE_STATES.includes(plan.state as PlanState)) {
          throw badRequest(PROCUREMENT_MESSAGES.planNotEditable(stateName(plan.state)));
        }
        const [updated] = await tx
          .update(purchasePlan)
          .set({
            planName: body.planName,
            category: body.category,
            purchaseMethod: body.purchaseMethod,
            departId: body.departId ?? plan.departId,
            budget: body.budget,
            plannedTime: toTime(body.plannedTime),
            memo: body.memo ?? null,
            updateBy: actor.username,
            updateTime: new Date(),
          })
          .where(eq(purchasePlan.id, plan.id))
          .returning();
        await replaceItems(tx, plan, body.items);
        return toPlanDto(updated ?? plan, await itemsOf(tx, plan.id));
      });
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        const plan = await get(tx, actor, id, true);
        if (plan.state !== 'draft') throw badRequest(PROCUREMENT_MESSAGES.planNotDeletable);
        await tx.delete(purchasePlan).where(eq(purchasePlan.id, plan.id));
      });
    },

    submit(actor, id) {
      return db.transaction(async (tx) => {
        const plan = await get(tx, actor, id, true);
        if (!PLAN_EDITABLE_STATES.includes(plan.state as PlanState)) {
          throw badRequest(PROCUREMENT_MESSAGES.planNotSubmittable(stateName(plan.state)));
        }
        const items = await itemsOf(tx, plan.id);
        if (items.length === 0) throw badRequest(PROCUREMENT_MESSAGES.planItemsRequired);
        if (!workflow) throw badRequest('审批流程未启用');
        const variables = {
          amount: Number(plan.budget),
          category: plan.category,
          method: plan.purchaseMethod,
          categoryName: PURCHASE_CATEGORIES[plan.category as PurchaseCategory],
          methodName: PURCHASE_METHODS[plan.purchaseMethod as PurchaseMethod],
        };
        const txDb = tx as unknown as Db;
        const started =
          plan.state === 'rejected' && plan.instanceId
            ? await workflow.resubmit(txDb, {
                tenantId: actor.tenantId,
                actor: { id: actor.userId, username: actor.username },
                businessType: PROCUREMENT_WORKFLOW_TYPES.plan,
                businessKey: plan.id,
                variables,
              })
            : await workflow.start(txDb, {
                tenantId: actor.tenantId,
                initiator: { id: actor.userId, username: actor.username, departId: plan.departId ?? undefined },
                businessType: PROCUREMENT_WORKFLOW_TYPES.plan,
                businessKey: plan.id,
                title: `采购计划「${plan.planName}」${plan.planCode}`,
                variables,
              });
        // An auto-approved process (no user task) has already called the handler: keep what it wrote.
        const [now] = await tx.select().from(purchasePlan).where(eq(purchasePlan.id, plan.id));
        if (now && (now.state === 'draft' || now.state === 'rejected')) {
          await setState(tx, plan.id, 'approving', String(started.approvalStatus), started.instanceId);
        } else if (now) {
          await tx.update(purchasePlan).set({ instanceId: started.instanceId }).where(eq(purchasePlan.id, plan.id));
        }
        return toPlanDto(await get(tx, actor, id), items);
      });
    },

    voidPlan(actor, id) {
      return db.transaction(async (tx) => {
        const plan = await get(tx, actor, id, true);
        if (!PLAN_VOIDABLE_STATES.includes(plan.state as PlanState) || plan.state === 'approving') {
          throw badRequest(PROCUREMENT_MESSAGES.planNotVoidable(stateName(plan.state)));
        }
        await setState(tx, plan.id, 'void');
        return toPlanDto(await get(tx, actor, id));
      });
    },

    exportList(actor, q) {
      const w = where(actor, q);
      return {
        sheetName: '采购计划',
        columns: [
          { header: '计划编号', width: 20, value: (r) => r.planCode },
          { header: '计划名称', width: 30, value: (r) => r.planName },
          { header: '采购类别', width: 12, value: (r) => PURCHASE_CATEGORIES[r.category] },
          { header: '采购方式', width: 14, value: (r) => PURCHASE_METHODS[r.purchaseMethod] },
          { header: '预算金额', width: 16, value: (r) => Number(r.budget) },
          { header: '计划时间', width: 20, value: (r) => r.plannedTime },
          { header: '状态', width: 10, value: (r) => PLAN_STATES[r.state] },
          { header: '创建人', width: 12, value: (r) => r.createBy },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page: async (offset, limit) => (await page(w, q, offset, limit)).map((r) => toPlanDto(r.plan)),
      };
    },

    async importItems(actor, id, files) {
      const plan = await get(db, actor, id);
      if (!PLAN_EDITABLE_STATES.includes(plan.state as PlanState)) {
        throw badRequest(PROCUREMENT_MESSAGES.planNotEditable(stateName(plan.state)));
      }
      const headers = Object.values(PLAN_ITEM_HEADERS);
      return importExcel<PlanItemInput, PlanItemInput>(actor, files, {
        title: '采购明细',
        headers,
        requiredHeaders: [PLAN_ITEM_HEADERS.name, PLAN_ITEM_HEADERS.quantity, PLAN_ITEM_HEADERS.unitPrice],
        schema: planItemSchema as unknown as z.ZodType<PlanItemInput>,
        toInput: (row) => ({
          name: row.cells[PLAN_ITEM_HEADERS.name] ?? '',
          specification: row.cells[PLAN_ITEM_HEADERS.specification] ?? '',
          unit: row.cells[PLAN_ITEM_HEADERS.unit] ?? '',
          quantity: row.cells[PLAN_ITEM_HEADERS.quantity] ?? '',
          unitPrice: row.cells[PLAN_ITEM_HEADERS.unitPrice] ?? '',
        }),
        existingRows: { policy: 'refuse', text: '导入的明细追加在已有明细之后' },
        prepare: (data) => data,
        insert: async (tx, rows) => {
          const locked = await get(tx, actor, id, true);
          if (!PLAN_EDITABLE_STATES.includes(locked.state as PlanState)) {
            throw badRequest(PROCUREMENT_MESSAGES.planNotEditable(stateName(locked.state)));
          }
          const existing = await itemsOf(tx, locked.id);
          if (existing.length + rows.length > PROCUREMENT_LIMITS.itemLines) {
            throw badRequest(`采购明细最多${PROCUREMENT_LIMITS.itemLines}行`);
          }
          await writeItems(tx, locked, rows, (existing.at(-1)?.lineNo ?? 0) + 1);
          return 0;
        },
      });
    },

    lockForProject: (tx, actor, id) => get(tx, actor, id, true),
  };
}

type WorkflowStatusOutcome = 'approved' | 'rejected' | 'withdrawn' | 'terminated' | 'progress';
