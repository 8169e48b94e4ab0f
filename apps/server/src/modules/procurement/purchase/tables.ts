import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sysTenant } from '../../platform/system/tables.ts';

/** A purchase record (§3): one package of a purchase project, with its stage in the review process. */
export const purchaseRecord = pgTable(
  'purchase_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    sysOrgCode: text('sys_org_code').notNull(),
    purchaseNo: text('purchase_no').notNull(),
    purchaseCode: text('purchase_code').notNull(),
    purchaseName: text('purchase_name').notNull(),
    purchaseCategory: text('purchase_category').notNull(),
    purchaseCandidateCount: integer('purchase_candidate_count').notNull().default(3),
    purchaseStage: smallint('purchase_stage').notNull().default(1),
    reviewStartTime: timestamp('review_start_time', { withTimezone: true }),
    reviewStopTime: timestamp('review_stop_time', { withTimezone: true }),
    openingStartTime: timestamp('opening_start_time', { withTimezone: true }),
    packageNo: text('package_no').notNull(),
    packageName: text('package_name').notNull(),
    number: numeric('number', { precision: 18, scale: 3 }),
    fixedPrice: numeric('fixed_price', { precision: 18, scale: 2 }),
    lowerCoefficientType: smallint('lower_coefficient_type'),
    lowerCoefficient: numeric('lower_coefficient', { precision: 8, scale: 4 }),
    electionStatus: text('election_status'),
    warrantyPeriod: integer('warranty_period'),
    materialStartTime: timestamp('material_start_time', { withTimezone: true }),
    materialEndTime: timestamp('material_end_time', { withTimezone: true }),
    scoreType: text('score_type').notNull().default('1'),
    quotationRoundCount: integer('quotation_round_count').notNull().default(1),
    currentRoundNo: integer('current_round_no').notNull().default(1),
    brandRequirements: text('brand_requirements'),
    payTypeMemo: text('pay_type_memo'),
    approvalStatus: text('approval_status').notNull().default('1'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_record_code_uq').on(t.tenantId, t.purchaseCode, t.packageNo),
    // The list's default order is (create_time, id) in one direction: both keys in the index, same direction,
    // so a page is read straight off the index (forwards or backwards) instead of sorting every match.
    // NULLS FIRST is what ORDER BY … DESC means (and, scanned backwards, ORDER BY … ASC).
    index('purchase_record_tenant_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('purchase_record_stage_time_idx').on(
      t.tenantId,
      t.purchaseStage,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('purchase_record_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
    index('purchase_record_name_trgm_idx').using('gin', sql`${t.purchaseName} gin_trgm_ops`),
  ],
);

/**
 * Exact row counts of purchase_record per tenant, department, stage, category and election status ('' for
 * none), kept by statement-level triggers in the same transaction as the change (see the migration that
 * creates this table). A list's total without a text search is then a sum over a few hundred rows instead
 * of a count over the whole table.
 */
export const purchaseRecordCount = pgTable(
  'purchase_record_count',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    sysOrgCode: text('sys_org_code').notNull(),
    purchaseStage: smallint('purchase_stage').notNull(),
    purchaseCategory: text('purchase_category').notNull(),
    electionStatus: text('election_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'purchase_record_count_pk',
      columns: [t.tenantId, t.sysOrgCode, t.purchaseStage, t.purchaseCategory, t.electionStatus],
    }),
  ],
);
