import type { BidDto, BidStatus, OpeningDto, PageResult, QuoteKind } from '@aps/shared';
import { formatDateTime } from '@aps/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { purchaseBid, purchaseOpening } from './tables.ts';

/** Types and row mappers shared by the bid module's files (sign-ups and bids, opening, award). */

export interface BidActor {
  tenantId: number;
  userId: string;
  username: string;
}

export interface BidInput {
  packageId: string;
  price?: string | undefined;
  rate?: string | undefined;
  fileIds?: string[] | undefined;
}

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

/** What the stage service calls at the opening and at the award (inside its own transaction: pass its db). */
export interface BidHooks {
  /** Submitted (not withdrawn) bids of the package. */
  countValidBidders(db: DbOrTx, tenantId: number, packageId: string): Promise<number>;
  /**
   * Opens every submitted bid (price, rate, evaluated price, opened time) and writes the opening record, once
   * (a second call returns the first record). `minBidders` saves reading the package when the caller holds it.
   */
  unsealBids(
    db: DbOrTx,
    tenantId: number,
    packageId: string,
    opts?: { actor?: string; minBidders?: number },
  ): Promise<OpeningDto>;
  /** The opening job's batch: submitted bids per package in one statement (absent = 0). */
  countValidBiddersMany(db: DbOrTx, packageIds: readonly string[]): Promise<Map<string, number>>;
  /** unsealBids for many packages in a fixed number of statements (bid/opening-batch.ts); no records returned. */
  unsealMany(db: DbOrTx, targets: readonly OpeningTarget[], actor?: string): Promise<void>;
  /** 中标通知书 to the first ranked candidate's users, 未中标通知书 to every other bidder's, in their bell. */
  onAward(db: DbOrTx, tenantId: number, packageId: string): Promise<{ winner: string | null; letters: number }>;
}

/** A package to open: its tenant, id and minimum bidder count (recorded with the opening). */
export interface OpeningTarget {
  tenantId: number;
  packageId: string;
  minBidders: number;
}

export interface SealedQuote {
  kind: QuoteKind;
  price: string | null;
  rate: string | null;
  evaluatedPrice: string | null;
}

export type BidRow = typeof purchaseBid.$inferSelect & { supplierName: string };

export function toBidDto(row: BidRow, quote: SealedQuote | null, extra: Partial<BidDto> = {}): BidDto {
  return {
    id: row.id,
    packageId: row.packageId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    status: row.status as BidStatus,
    quoteKind: row.quoteKind as QuoteKind,
    price: quote?.price ?? null,
    rate: quote?.rate ?? null,
    evaluatedPrice: quote?.evaluatedPrice ?? null,
    sealed: row.openedTime === null,
    files: row.files,
    revision: row.revision,
    submitTime: formatDateTime(row.submitTime) ?? '',
    updateTime: formatDateTime(row.updateTime),
    withdrawTime: formatDateTime(row.withdrawTime),
    openedTime: formatDateTime(row.openedTime),
    ...extra,
  };
}

/** The quotation written at the opening (null columns before it): what staff may read. */
export const openedQuote = (row: typeof purchaseBid.$inferSelect): SealedQuote | null =>
  row.openedTime
    ? { kind: row.quoteKind as QuoteKind, price: row.price, rate: row.rate, evaluatedPrice: row.evaluatedPrice }
    : null;

export const page = <T>(records: T[], total: number, q: PageQuery): PageResult<T> => ({
  records,
  total,
  size: q.pageSize,
  current: q.pageNo,
  pages: Math.ceil(total / q.pageSize),
});

export function toOpeningDto(row: typeof purchaseOpening.$inferSelect): OpeningDto {
  return {
    id: row.id,
    packageId: row.packageId,
    openedTime: formatDateTime(row.openedTime) ?? '',
    openedBy: row.openedBy,
    bidderCount: row.bidderCount,
    minBidders: row.minBidders,
    entries: row.entries,
  };
}

/** The seal's associated data: a sealed quote opens only on the bid (tenant, package, supplier) it was written for. */
export const sealBinding = (tenantId: number, packageId: string, supplierId: string) => ({
  tenantId,
  packageId,
  supplierId,
});
