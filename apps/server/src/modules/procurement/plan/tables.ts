import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';

/** A purchase plan (采购计划): 草稿 → 审批中 → 已通过 → 执行中 → 已完成; 驳回; 作废. Department-owned (sys_org_code). */
export const purchasePlan = pgTable(
  'purchase_plan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    sysOrgCode: text('sys_org_code').notNull(),
    departId: text('depart_id'),
    planCode: text('plan_code').notNull(),
    planName: text('plan_name').notNull(),
    category: text('category').notNull(),
    purchaseMethod: text('purchase_method').notNull(),
    budget: numeric('budget', { precision: 18, scale: 2 }).notNull(),
    plannedTime: timestamp('planned_time', { withTimezone: true }),
    state: text('state').notNull().default('draft'),
    approvalStatus: text('approval_status').notNull().default('1'),
    instanceId: text('instance_id'),
    memo: text('memo'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_plan_code_uq').on(t.tenantId, t.planCode),
    index('purchase_plan_tenant_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('purchase_plan_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
  ],
);

/** An item line of a plan (name, specification, unit, quantity, estimated unit price, amount). */
export const purchasePlanItem = pgTable(
  'purchase_plan_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => purchasePlan.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    specification: text('specification'),
    unit: text('unit'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index('purchase_plan_item_plan_idx').on(t.planId, t.lineNo)],
);

/** An item line as a plan change stores it (old and new lines, amounts recomputed by the server). */
export interface PlanChangeLine {
  name: string;
  specification: string | null;
  unit: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

/**
 * A plan change (计划变更) of an approved or executing plan: the proposed budget and item lines, approved through the
 * workflow (`purchase_plan` with the variable planChange). state: pending, approved, rejected. On approval the new
 * budget and lines replace the plan's; old_* keep what they replaced (the change history).
 */
export const purchasePlanChange = pgTable(
  'purchase_plan_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => purchasePlan.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    reason: text('reason').notNull(),
    oldBudget: numeric('old_budget', { precision: 18, scale: 2 }).notNull(),
    newBudget: numeric('new_budget', { precision: 18, scale: 2 }).notNull(),
    oldLines: jsonb('old_lines').$type<PlanChangeLine[]>().notNull(),
    newLines: jsonb('new_lines').$type<PlanChangeLine[]>().notNull(),
    instanceId: text('instance_id'),
    approvalStatus: text('approval_status').notNull().default('2'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    decideTime: timestamp('decide_time', { withTimezone: true }),
  },
  (t) => [
    index('purchase_plan_change_plan_idx').on(t.planId, t.createTime),
    // One change in approval per plan at a time.
    uniqueIndex('purchase_plan_change_pending_uq').on(t.planId).where(sql`state = 'pending'`),
  ],
);
