import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';
import { purchasePlan } from '../plan/tables.ts';

/** A purchase project (采购项目), made from one approved plan. */
export const purchaseProject = pgTable(
  'purchase_project',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => purchasePlan.id),
    sysOrgCode: text('sys_org_code').notNull(),
    purchaseNo: text('purchase_no').notNull(),
    purchaseCode: text('purchase_code').notNull(),
    purchaseName: text('purchase_name').notNull(),
    purchaseCategory: text('purchase_category').notNull(),
    purchaseMethod: text('purchase_method').notNull(),
    purchaseCandidateCount: integer('purchase_candidate_count').notNull().default(3),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_project_code_uq').on(t.tenantId, t.purchaseCode),
    index('purchase_project_plan_idx').on(t.planId),
    // The project list: newest first per tenant (keyset on create_time, id).
    index('purchase_project_tenant_time_idx').on(
      t.tenantId,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A package (标包): every purchase-record field of §3, the selection preparation (locked from stage 2), and its
 * stage. The stage changes only in the stage service (row lock + history row).
 */
export const purchasePackage = pgTable(
  'purchase_package',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => purchaseProject.id),
    sysOrgCode: text('sys_org_code').notNull(),
    purchaseNo: text('purchase_no').notNull(),
    purchaseCode: text('purchase_code').notNull(),
    purchaseName: text('purchase_name').notNull(),
    purchaseCategory: text('purchase_category').notNull(),
    purchaseMethod: text('purchase_method').notNull(),
    purchaseCandidateCount: integer('purchase_candidate_count').notNull().default(3),
    purchaseStage: smallint('purchase_stage').notNull().default(1),
    electionStatus: text('election_status').notNull().default('1'),
    status: text('status').notNull().default('active'),
    roundNo: integer('round_no').notNull().default(1),
    previousPackageId: uuid('previous_package_id'),
    packageNo: text('package_no').notNull(),
    packageName: text('package_name').notNull(),
    number: numeric('number', { precision: 18, scale: 3 }),
    fixedPrice: numeric('fixed_price', { precision: 18, scale: 2 }).notNull(),
    lowerCoefficientType: smallint('lower_coefficient_type').notNull().default(0),
    lowerCoefficient: numeric('lower_coefficient', { precision: 8, scale: 4 }),
    warrantyPeriod: integer('warranty_period'),
    materialStartTime: timestamp('material_start_time', { withTimezone: true }),
    materialEndTime: timestamp('material_end_time', { withTimezone: true }),
    scoreType: text('score_type').notNull().default('1'),
    quotationRoundCount: integer('quotation_round_count').notNull().default(1),
    currentRoundNo: integer('current_round_no').notNull().default(1),
    brandRequirements: text('brand_requirements'),
    payTypeMemo: text('pay_type_memo'),
    priceMethod: text('price_method').notNull().default('low_price'),
    priceK: numeric('price_k', { precision: 8, scale: 4 }),
    priceAlpha: numeric('price_alpha', { precision: 8, scale: 4 }),
    priceBeta: numeric('price_beta', { precision: 8, scale: 4 }),
    minBidders: integer('min_bidders').notNull().default(3),
    expertCount: integer('expert_count'),
    expertSpecialities: text('expert_specialities'),
    /** 双信封: the experts score the technical/commercial envelope (1) before they may see the prices. */
    twoEnvelope: boolean('two_envelope').notNull().default(false),
    signUpStartTime: timestamp('sign_up_start_time', { withTimezone: true }),
    signUpEndTime: timestamp('sign_up_end_time', { withTimezone: true }),
    bidDeadline: timestamp('bid_deadline', { withTimezone: true }),
    openingStartTime: timestamp('opening_start_time', { withTimezone: true }),
    reviewStartTime: timestamp('review_start_time', { withTimezone: true }),
    reviewStopTime: timestamp('review_stop_time', { withTimezone: true }),
    publicityDays: integer('publicity_days').notNull().default(3),
    publicityEndTime: timestamp('publicity_end_time', { withTimezone: true }),
    awardTime: timestamp('award_time', { withTimezone: true }),
    validBidderIds: jsonb('valid_bidder_ids').$type<string[]>().notNull().default([]),
    rankedCandidates: jsonb('ranked_candidates').$type<string[]>().notNull().default([]),
    approvalStatus: text('approval_status').notNull().default('1'),
    instanceId: text('instance_id'),
    /** The method a pending 变更方式 approval would switch to. */
    pendingMethod: text('pending_method'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_package_no_uq').on(t.projectId, t.packageNo),
    // The list's default order and its stage filter, read straight off an index (as purchase_record, 0012).
    index('purchase_package_tenant_time_idx').on(
      t.tenantId,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // sys_org_code last: a stage's count within a data scope (sys_org_code LIKE 'A01%') is an index-only scan
    // instead of a heap fetch per package (10,000 packages of a rare stage at a million: 268 → a few ms).
    index('purchase_package_stage_time_org_idx').on(
      t.tenantId,
      t.purchaseStage,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.sysOrgCode,
    ),
    index('purchase_package_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
    index('purchase_package_name_trgm_idx').using('gin', sql`${t.packageName} gin_trgm_ops`),
    index('purchase_package_pname_trgm_idx').using('gin', sql`${t.purchaseName} gin_trgm_ops`),
    index('purchase_package_project_idx').on(t.projectId),
    // The buyer dashboard's openings this week: a range of opening times within the tenant.
    index('purchase_package_tenant_opening_idx').on(t.tenantId, t.openingStartTime),
    // The stage timer job: packages whose sign-up end, bid deadline or opening time has come.
    index('purchase_package_signup_due_idx').on(t.signUpEndTime).where(sql`purchase_stage = 2 AND status = 'active'`),
    index('purchase_package_bid_due_idx').on(t.bidDeadline).where(sql`purchase_stage = 3 AND status = 'active'`),
    index('purchase_package_opening_due_idx')
      .on(t.openingStartTime)
      .where(sql`purchase_stage = 4 AND status = 'active'`),
    index('purchase_package_publicity_due_idx')
      .on(t.publicityEndTime)
      .where(sql`purchase_stage = 11 AND status = 'active'`),
  ],
);

/** Every stage transition of a package: who, when, from, to, why. */
export const purchasePackageHistory = pgTable(
  'purchase_package_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStage: smallint('from_stage').notNull(),
    toStage: smallint('to_stage').notNull(),
    electionStatus: text('election_status').notNull(),
    reason: text('reason'),
    actor: text('actor').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_package_history_pkg_idx').on(t.packageId, t.id)],
);

/** The review items of a package (选商准备): qualification/compliance pass-fail items and scoring items. */
export const purchaseReviewItem = pgTable(
  'purchase_review_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    maxScore: numeric('max_score', { precision: 6, scale: 2 }),
    guidance: text('guidance'),
    sortNo: integer('sort_no').notNull(),
  },
  (t) => [index('purchase_review_item_pkg_idx').on(t.packageId, t.sortNo)],
);
