/**
 * Contracts and settlement (issue 16): the contract signed from an awarded package, its changes, settlements and
 * their payments, and the supplier's performance evaluation. State codes come from
 * packages/shared/src/contract.constants.ts; the CHECK constraints are built from those lists.
 *
 * The ledger totals live on the contract row (settled_amount, payable_amount, paid_amount, retention_held,
 * retention_released, changed_amount), updated in the same transaction as each approved settlement, payment or
 * change (ledger.ts applySettlement / applyPayment / applyAmountChange): the ledger of 100,000 contracts is then
 * one indexed scan of `contract`, never an aggregate over every settlement and payment. Period figures (paid in a
 * month) aggregate settlement_payment by (tenant, paid_on).
 */
import {
  CONTRACT_CHANGE_KINDS,
  CONTRACT_CHANGE_STATES,
  CONTRACT_STATE_CODES,
  PAYMENT_METHODS,
  SETTLEMENT_KIND_CODES,
  SETTLEMENT_STATE_CODES,
  type SupplierFileDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { purchaseAwardLetter } from '../bid/tables.ts';
import {
  approvalColumns,
  createTimeColumn as createTime,
  filesColumn,
  inList,
  moneyColumn as money,
  percentColumn,
  tenantColumn as tenantId,
  updateTimeColumn as updateTime,
} from '../columns.ts';
import { purchasePackage, purchaseProject } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';

const zero = (name: string) => money(name).notNull().default('0');
const files = (name: string) => filesColumn<SupplierFileDto>(name);
const contractRef = () =>
  uuid('contract_id')
    .notNull()
    .references(() => contract.id);
const supplierRef = () =>
  uuid('supplier_id')
    .notNull()
    .references(() => supplier.id);

/** A contract (合同): CONTRACT_STATES, moved by CONTRACT_TRANSITIONS; approved by the 'contract' process. */
export const contract = pgTable(
  'contract',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The department that owns it (data scope), from the package. */
    sysOrgCode: text('sys_org_code').notNull(),
    contractNo: text('contract_no').notNull(),
    name: text('name').notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    projectId: uuid('project_id').references(() => purchaseProject.id),
    /** The package's purchase (采购记录) id, denormalised for links. */
    purchaseId: uuid('purchase_id'),
    awardLetterId: uuid('award_letter_id').references(() => purchaseAwardLetter.id),
    supplierId: supplierRef(),
    /** The winning price. */
    amount: money('amount').notNull(),
    /** Signed sum of approved amount changes: total = amount + changed_amount. */
    changedAmount: zero('changed_amount'),
    termStart: date('term_start', { mode: 'string' }).notNull(),
    termEnd: date('term_end', { mode: 'string' }).notNull(),
    /** From the package's payTypeMemo. */
    payTerms: text('pay_terms'),
    /** Months. */
    warrantyPeriod: integer('warranty_period').notNull().default(0),
    /** Percent (5.00 = 5 %). */
    retentionRate: percentColumn('retention_rate').notNull().default('0'),
    attachments: files('attachments'),
    state: text('state').notNull().default('draft'),
    ...approvalColumns(),
    buyerSignedAt: timestamp('buyer_signed_at', { withTimezone: true }),
    buyerSignedBy: text('buyer_signed_by'),
    supplierSignedAt: timestamp('supplier_signed_at', { withTimezone: true }),
    supplierSignedBy: text('supplier_signed_by'),
    performanceEnd: timestamp('performance_end', { withTimezone: true }),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** Why it was terminated or voided. */
    endReason: text('end_reason'),
    // Ledger totals (see the file comment).
    settledAmount: zero('settled_amount'),
    payableAmount: zero('payable_amount'),
    paidAmount: zero('paid_amount'),
    retentionHeld: zero('retention_held'),
    retentionReleased: zero('retention_released'),
    createBy: text('create_by'),
    createTime: createTime(),
    updateBy: text('update_by'),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('contract_no_uq').on(t.tenantId, t.contractNo),
    // One live contract per awarded package.
    uniqueIndex('contract_package_live_uq').on(t.tenantId, t.packageId).where(sql`state <> 'voided'`),
    index('contract_state_idx').on(t.tenantId, t.state, t.createTime.desc().nullsFirst()),
    index('contract_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contract_supplier_idx').on(t.tenantId, t.supplierId),
    index('contract_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
    check('contract_state_ck', inList('state', CONTRACT_STATE_CODES)),
    check('contract_term_ck', sql`term_end >= term_start`),
    check('contract_amount_ck', sql`amount >= 0 AND amount + changed_amount >= 0`),
    check('contract_retention_rate_ck', sql`retention_rate >= 0 AND retention_rate <= 100`),
    check('contract_settled_ck', sql`settled_amount >= 0 AND settled_amount <= amount + changed_amount`),
    check('contract_paid_ck', sql`paid_amount >= 0 AND paid_amount <= payable_amount + retention_released`),
    check('contract_retention_ck', sql`retention_released >= 0 AND retention_released <= retention_held`),
  ],
);

/** A change request on a contract (amount or term): old and new values, approved by 'contract'; the history. */
export const contractChange = pgTable(
  'contract_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    contractId: contractRef(),
    kind: text('kind').notNull(),
    /** Decimal string for 'amount' (the total), YYYY-MM-DD for 'term' (the end). */
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('approving'),
    ...approvalColumns(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createBy: text('create_by'),
    createTime: createTime(),
  },
  (t) => [
    // One change in approval per contract.
    uniqueIndex('contract_change_live_uq').on(t.contractId).where(sql`state = 'approving'`),
    index('contract_change_contract_idx').on(t.contractId, t.createTime.desc().nullsFirst()),
    check('contract_change_kind_ck', inList('kind', CONTRACT_CHANGE_KINDS)),
    check('contract_change_state_ck', inList('state', CONTRACT_CHANGE_STATES)),
  ],
);

/** A settlement (结算单): SETTLEMENT_STATES; net_payable = amount − deductions − retention; approved by 'settlement'. */
export const settlement = pgTable(
  'settlement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    contractId: contractRef(),
    /** Denormalised from the contract: the list's data scope. */
    sysOrgCode: text('sys_org_code').notNull(),
    settlementNo: text('settlement_no').notNull(),
    /** SETTLEMENT_KINDS: 'retention' rows are released retention made payable (never counted as settled). */
    kind: text('kind').notNull().default('progress'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    deductions: zero('deductions'),
    /** Retention held this time. */
    retention: zero('retention'),
    netPayable: money('net_payable').notNull(),
    paidAmount: zero('paid_amount'),
    remark: text('remark'),
    invoices: files('invoices'),
    state: text('state').notNull().default('draft'),
    ...approvalColumns(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createBy: text('create_by'),
    createTime: createTime(),
    updateBy: text('update_by'),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('settlement_no_uq').on(t.tenantId, t.settlementNo),
    index('settlement_contract_idx').on(t.tenantId, t.contractId),
    index('settlement_state_idx').on(t.tenantId, t.state, t.createTime.desc().nullsFirst()),
    index('settlement_org_idx').on(t.tenantId, t.sysOrgCode.op('text_pattern_ops')),
    check('settlement_state_ck', inList('state', SETTLEMENT_STATE_CODES)),
    check('settlement_kind_ck', inList('kind', SETTLEMENT_KIND_CODES)),
    check('settlement_period_ck', sql`period_end >= period_start`),
    check(
      'settlement_amounts_ck',
      sql`amount > 0 AND deductions >= 0 AND retention >= 0 AND net_payable = amount - deductions - retention AND net_payable >= 0`,
    ),
    check('settlement_paid_ck', sql`paid_amount >= 0 AND paid_amount <= net_payable`),
  ],
);

/** A payment against a settlement (付款登记); contract_id denormalised for the ledger by contract and by period. */
export const settlementPayment = pgTable(
  'settlement_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlement.id),
    contractId: contractRef(),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    voucherNo: text('voucher_no'),
    attachments: files('attachments'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settlement_payment_settlement_idx').on(t.settlementId),
    index('settlement_payment_contract_idx').on(t.tenantId, t.contractId, t.paidOn),
    index('settlement_payment_period_idx').on(t.tenantId, t.paidOn),
    check('settlement_payment_amount_ck', sql`amount > 0`),
    check('settlement_payment_method_ck', inList('method', PAYMENT_METHODS)),
  ],
);

/** 履约评价: one per contract; total = the mean of the three scores (0..100, two decimals). */
export const supplierPerformance = pgTable(
  'supplier_performance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    contractId: contractRef(),
    supplierId: supplierRef(),
    qualityScore: percentColumn('quality_score').notNull(),
    scheduleScore: percentColumn('schedule_score').notNull(),
    serviceScore: percentColumn('service_score').notNull(),
    totalScore: percentColumn('total_score').notNull(),
    comments: text('comments'),
    evaluator: text('evaluator').notNull(),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('supplier_performance_contract_uq').on(t.contractId),
    index('supplier_performance_supplier_idx').on(t.tenantId, t.supplierId, t.createTime.desc().nullsFirst()),
    check(
      'supplier_performance_scores_ck',
      sql`quality_score BETWEEN 0 AND 100 AND schedule_score BETWEEN 0 AND 100 AND total_score BETWEEN 0 AND 100 AND service_score BETWEEN 0 AND 100`,
    ),
  ],
);

/**
 * 结算台账 by month (issue 16, p16-perf): Σ payments by paid_on month and Σ approved settlements by approved_at month
 * (Asia/Shanghai) per (tenant, department, supplier, category), kept by `bumpLedgerMonth` in the same transaction as
 * each payment and each approved settlement: the month view reads a few hundred rows instead of every payment.
 */
export const ledgerMonth = pgTable(
  'ledger_month',
  {
    tenantId: tenantId(),
    sysOrgCode: text('sys_org_code').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    category: text('category').notNull(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    paidAmount: zero('paid_amount'),
    settledAmount: zero('settled_amount'),
  },
  (t) => [
    uniqueIndex('ledger_month_uq').on(t.tenantId, t.sysOrgCode, t.supplierId, t.category, t.month),
    index('ledger_month_month_idx').on(t.tenantId, t.month),
  ],
);

/**
 * 结算台账 totals (issue 16, p16-ledger): Σ of each contract's ledger totals per (tenant, department, supplier,
 * category, state), kept by statement triggers on `contract` (migration `ledger_totals`, `aps_ledger_total_*`): every
 * writer of a contract row is covered, in its own transaction, with exact numeric arithmetic. The summary reads
 * these few hundred rows instead of scanning 100,000 contracts; department data scope filters sys_org_code, the
 * voided contracts are the state 'voided' rows. `contracts` may fall to 0 (the row stays, skipped by HAVING).
 */
export const ledgerTotal = pgTable(
  'ledger_total',
  {
    tenantId: tenantId(),
    sysOrgCode: text('sys_org_code').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    category: text('category').notNull(),
    state: text('state').notNull(),
    contracts: integer('contracts').notNull().default(0),
    amount: zero('amount'),
    changedAmount: zero('changed_amount'),
    settledAmount: zero('settled_amount'),
    payableAmount: zero('payable_amount'),
    paidAmount: zero('paid_amount'),
    retentionHeld: zero('retention_held'),
    retentionReleased: zero('retention_released'),
  },
  (t) => [uniqueIndex('ledger_total_uq').on(t.tenantId, t.sysOrgCode, t.supplierId, t.category, t.state)],
);
