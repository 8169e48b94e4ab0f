import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysAnnouncement } from '../../platform/announcement/tables.ts';
import { sysTenant } from '../../platform/system/tables.ts';
import { purchasePackage } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';

/** A response file of a bid: a PDF the supplier's user uploaded through /sys/common/upload. */
export interface BidFile {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

/** A supplier's sign-up (报名) for a package. status: '1' 已报名. */
export const purchaseSignUp = pgTable(
  'purchase_sign_up',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => supplier.id),
    /** The supplier's user who signed up. */
    userId: uuid('user_id').notNull(),
    status: text('status').notNull().default('1'),
    signUpTime: timestamp('sign_up_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_sign_up_uq').on(t.packageId, t.supplierId),
    index('purchase_sign_up_supplier_idx').on(t.tenantId, t.supplierId, t.signUpTime.desc().nullsFirst()),
  ],
);

/**
 * A supplier's bid for a package (one row per supplier and package; revised in place until the deadline).
 * status: '1' 已提交, '2' 已撤回. quoteKind: 'price' or 'rate' (下浮率, labour packages with lowerCoefficientType 1).
 * Until the opening the quotation exists only as `sealed_quote` (AES-256-GCM, seal.ts); `price`, `rate` and
 * `evaluated_price` are written by the opening (unsealBids) and are null before it.
 */
export const purchaseBid = pgTable(
  'purchase_bid',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => supplier.id),
    signUpId: uuid('sign_up_id')
      .notNull()
      .references(() => purchaseSignUp.id),
    status: text('status').notNull().default('1'),
    quoteKind: text('quote_kind').notNull(),
    sealedQuote: text('sealed_quote').notNull(),
    files: jsonb('files').$type<BidFile[]>().notNull().default([]),
    /** 1 for the first submission, +1 for each revision or re-submission after a withdrawal. */
    revision: integer('revision').notNull().default(1),
    submitBy: uuid('submit_by').notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
    withdrawTime: timestamp('withdraw_time', { withTimezone: true }),
    price: numeric('price', { precision: 18, scale: 2 }),
    rate: numeric('rate', { precision: 8, scale: 4 }),
    evaluatedPrice: numeric('evaluated_price', { precision: 18, scale: 2 }),
    openedTime: timestamp('opened_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_bid_uq').on(t.packageId, t.supplierId),
    index('purchase_bid_supplier_idx').on(t.tenantId, t.supplierId, t.submitTime.desc().nullsFirst()),
  ],
);

/** One row of the opening record: a bidder and its unsealed quotation. */
export interface OpeningEntry {
  bidId: string;
  supplierId: string;
  supplierName: string;
  quoteKind: 'price' | 'rate';
  price: string | null;
  rate: string | null;
  evaluatedPrice: string | null;
  submitTime: string;
  fileCount: number;
}

/** The opening record (开标记录) of a package: when, by whom, how many bidders, every unsealed quotation. */
export const purchaseOpening = pgTable(
  'purchase_opening',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    openedTime: timestamp('opened_time', { withTimezone: true }).notNull().defaultNow(),
    openedBy: text('opened_by').notNull(),
    bidderCount: integer('bidder_count').notNull(),
    minBidders: integer('min_bidders').notNull(),
    entries: jsonb('entries').$type<OpeningEntry[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('purchase_opening_package_uq').on(t.packageId)],
);

/** An award letter (中标通知书 / 未中标通知书) sent to a bidder's users through their bell. kind: 'win' | 'lose'. */
export const purchaseAwardLetter = pgTable(
  'purchase_award_letter',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => purchasePackage.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => supplier.id),
    kind: text('kind').notNull(),
    announcementId: uuid('announcement_id').references(() => sysAnnouncement.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_award_letter_uq').on(t.packageId, t.supplierId),
    index('purchase_award_letter_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst()),
  ],
);
