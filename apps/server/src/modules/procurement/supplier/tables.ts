import {
  BLACKLIST_STATES,
  CERTIFICATE_STATES,
  SUPPLIER_CHANGE_STATES,
  SUPPLIER_STATUS_LABELS,
  type SupplierFileDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sysUser } from '../../platform/system/tables.ts';
import {
  approvalColumns,
  createTimeColumn as createTime,
  filesColumn,
  inList,
  percentColumn,
  tenantColumn as tenantId,
  updateTimeColumn as updateTime,
} from '../columns.ts';

const supplierRef = () =>
  uuid('supplier_id')
    .notNull()
    .references(() => supplier.id, { onDelete: 'cascade' });

/**
 * A supplier (供应商/投标人) of a tenant: the company that signs up and bids. status: SUPPLIER_STATUS ('1' 注册待审,
 * '2' 准入, '3' 合格, '4' 暂停, '5' 黑名单, '6' 淘汰), moved only by SUPPLIER_TRANSITIONS, each move writing a
 * supplier_status_history row. Issue 16 adds the profile, the bank, the categories (GIN: the qualified list by
 * category), the performance score (mean of supplier_performance totals) and the lifecycle times.
 */
export const supplier = pgTable(
  'supplier',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** 统一社会信用代码 (isValidUscc). */
    creditCode: text('credit_code').notNull(),
    legalRepresentative: text('legal_representative'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** sys_category codes the supplier serves. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    /** 履约评分: the mean of its supplier_performance totals (null until the first evaluation). */
    score: percentColumn('score'),
    /** 备注 / standing note kept by the administrators. */
    standing: text('standing'),
    status: text('status').notNull().default('2'),
    /** The admission approval (supplier_admission): the workflow's APPROVAL_STATUS code. */
    ...approvalColumns(),
    suspendedReason: text('suspended_reason'),
    /** The user who registered the supplier (self-registration), null when staff entered it. */
    registeredBy: uuid('registered_by').references(() => sysUser.id),
    registerTime: timestamp('register_time', { withTimezone: true }),
    admittedTime: timestamp('admitted_time', { withTimezone: true }),
    qualifiedTime: timestamp('qualified_time', { withTimezone: true }),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('supplier_credit_code_uq').on(t.tenantId, t.creditCode).where(sql`del_flag = 0`),
    index('supplier_name_idx').on(t.tenantId, t.name),
    index('supplier_status_idx').on(t.tenantId, t.status, t.createTime.desc().nullsFirst()),
    index('supplier_categories_gin').using('gin', t.categories),
    check('supplier_status_ck', inList('status', SUPPLIER_STATUS_LABELS)),
    check('supplier_score_ck', sql`score IS NULL OR (score >= 0 AND score <= 100)`),
  ],
);

/** Which external users (userEnd 3) act for which supplier: one supplier per user in a tenant. */
export const supplierUser = pgTable(
  'supplier_user',
  {
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    supplierId: supplierRef(),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index('supplier_user_supplier_idx').on(t.supplierId)],
);

/**
 * A qualification certificate (资质证书). state follows expires_on (certificateState; the daily job moves it to
 * expiring / expired): (tenant, expires_on) serves that job and the expiry reminders.
 */
export const supplierCertificate = pgTable(
  'supplier_certificate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    supplierId: supplierRef(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    issuer: text('issuer'),
    validFrom: date('valid_from', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    files: filesColumn<SupplierFileDto>('files'),
    state: text('state').notNull().default('valid'),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('supplier_certificate_supplier_idx').on(t.supplierId, t.expiresOn),
    index('supplier_certificate_expiry_idx').on(t.tenantId, t.expiresOn),
    check('supplier_certificate_state_ck', inList('state', CERTIFICATE_STATES)),
    check('supplier_certificate_dates_ck', sql`valid_from IS NULL OR expires_on >= valid_from`),
  ],
);

/**
 * A blacklist entry (黑名单): pending (the supplier_blacklist approval) → active (supplier.status 5) → released
 * (back to 合格) | rejected. scope 'tenant' bars everything, 'categories' only the listed categories. end_date null =
 * permanent. At most one pending or active row per supplier (partial unique index).
 */
export const supplierBlacklist = pgTable(
  'supplier_blacklist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    supplierId: supplierRef(),
    reason: text('reason').notNull(),
    scope: text('scope').notNull().default('tenant'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    state: text('state').notNull().default('pending'),
    ...approvalColumns(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: text('released_by'),
    releaseReason: text('release_reason'),
    createBy: text('create_by'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('supplier_blacklist_live_uq').on(t.supplierId).where(sql`state IN ('pending', 'active')`),
    index('supplier_blacklist_state_idx').on(t.tenantId, t.state, t.createTime.desc().nullsFirst()),
    // The daily job releases expired rows: active by end_date.
    index('supplier_blacklist_end_idx').on(t.tenantId, t.endDate).where(sql`state = 'active'`),
    check('supplier_blacklist_state_ck', inList('state', BLACKLIST_STATES)),
    check('supplier_blacklist_scope_ck', sql`scope IN ('tenant', 'categories')`),
    check('supplier_blacklist_categories_ck', sql`scope = 'tenant' OR cardinality(categories) > 0`),
    check('supplier_blacklist_dates_ck', sql`end_date IS NULL OR end_date >= start_date`),
  ],
);

/**
 * A profile change request from the portal: old and new values; key_data (SUPPLIER_KEY_FIELDS changed) goes
 * through approval, the rest applies at once (state 'applied'). At most one pending request per supplier.
 */
export const supplierChange = pgTable(
  'supplier_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    supplierId: supplierRef(),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>().notNull(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>().notNull(),
    keyData: boolean('key_data').notNull().default(false),
    reason: text('reason'),
    state: text('state').notNull().default('pending'),
    ...approvalColumns(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createBy: text('create_by'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('supplier_change_pending_uq').on(t.supplierId).where(sql`state = 'pending'`),
    index('supplier_change_supplier_idx').on(t.supplierId, t.createTime.desc().nullsFirst()),
    check('supplier_change_state_ck', inList('state', SUPPLIER_CHANGE_STATES)),
  ],
);

/** Every supplier status change (from null at registration), with its reason and actor: the supplier's history. */
export const supplierStatusHistory = pgTable(
  'supplier_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    supplierId: supplierRef(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actor: text('actor').notNull(),
    createTime: createTime(),
  },
  (t) => [
    index('supplier_status_history_idx').on(t.supplierId, t.createTime.desc().nullsFirst()),
    check('supplier_status_history_to_ck', inList('to_status', SUPPLIER_STATUS_LABELS)),
  ],
);
