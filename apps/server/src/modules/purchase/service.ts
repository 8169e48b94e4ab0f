import {
  formatDateTime,
  type PageResult,
  PURCHASE_SUPER_QUERY_FIELDS,
  type PurchaseRecordDto,
  type PurchaseRecordQuery,
} from '@aps/shared';
import { and, asc, count, desc, eq, getTableColumns, ilike, type SQL, sql } from 'drizzle-orm';
import { escapeLike, superQueryColumns, superQueryWhere } from '../../core/super-query.ts';
import type { Db } from '../../db/client.ts';
import { type DataScope, scopeFilter } from '../permission/data-scope.ts';
import { purchaseRecord, purchaseRecordCount } from './tables.ts';

type Row = typeof purchaseRecord.$inferSelect;

const SORT_COLUMNS = {
  createTime: purchaseRecord.createTime,
  purchaseCode: purchaseRecord.purchaseCode,
  purchaseStage: purchaseRecord.purchaseStage,
  fixedPrice: purchaseRecord.fixedPrice,
  reviewStartTime: purchaseRecord.reviewStartTime,
} as const;

/** The advanced query's allow-list (superQueryParams): the declared fields and their columns, nothing more. */
const PURCHASE_COLUMNS = superQueryColumns(PURCHASE_SUPER_QUERY_FIELDS, {
  purchaseCode: purchaseRecord.purchaseCode,
  purchaseName: purchaseRecord.purchaseName,
  packageName: purchaseRecord.packageName,
  purchaseCategory: purchaseRecord.purchaseCategory,
  purchaseStage: purchaseRecord.purchaseStage,
  electionStatus: purchaseRecord.electionStatus,
  fixedPrice: purchaseRecord.fixedPrice,
  warrantyPeriod: purchaseRecord.warrantyPeriod,
  reviewStartTime: purchaseRecord.reviewStartTime,
  createTime: purchaseRecord.createTime,
});

export function toPurchaseDto(r: Row): PurchaseRecordDto {
  return {
    ...r,
    purchaseStage: String(r.purchaseStage),
    reviewStartTime: formatDateTime(r.reviewStartTime),
    reviewStopTime: formatDateTime(r.reviewStopTime),
    openingStartTime: formatDateTime(r.openingStartTime),
    materialStartTime: formatDateTime(r.materialStartTime),
    materialEndTime: formatDateTime(r.materialEndTime),
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

export interface PurchaseService {
  /** `extra`: a further where-clause, e.g. the menu's data rules (permission/data-rule.ts). */
  list(
    tenantId: number,
    scope: DataScope,
    query: PurchaseRecordQuery,
    extra?: SQL,
  ): Promise<PageResult<PurchaseRecordDto>>;
}

/** The filters a count can answer from purchase_record_count: the columns both tables share. */
function keyFilters(
  table: typeof purchaseRecord | typeof purchaseRecordCount,
  tenantId: number,
  scope: DataScope,
  q: PurchaseRecordQuery,
): (SQL | undefined)[] {
  return [
    eq(table.tenantId, tenantId),
    scopeFilter(scope, table.sysOrgCode),
    q.purchaseStage ? eq(table.purchaseStage, q.purchaseStage) : undefined,
    q.purchaseCategory ? eq(table.purchaseCategory, q.purchaseCategory) : undefined,
    q.electionStatus ? eq(table.electionStatus, q.electionStatus) : undefined,
  ];
}

export function createPurchaseService({ db }: { db: Db }): PurchaseService {
  return {
    async list(tenantId, scope, q, extra) {
      const filters = keyFilters(purchaseRecord, tenantId, scope, q);
      if (extra) filters.push(extra);
      if (q.purchaseName) filters.push(ilike(purchaseRecord.purchaseName, `%${escapeLike(q.purchaseName)}%`));
      if (q.purchaseCode) filters.push(ilike(purchaseRecord.purchaseCode, `%${escapeLike(q.purchaseCode)}%`));
      // The advanced query is one parenthesised clause ANDed with the rest, so an OR never widens the tenant,
      // the data scope or the data rules.
      const advanced = superQueryWhere(q.superQueryParams, q.superQueryMatchType, PURCHASE_COLUMNS);
      if (advanced) filters.push(advanced);
      const where = and(...filters);
      // An exact total either way: summed from the trigger-kept counts, or counted when a text search, an
      // advanced query or a data rule narrows the rows beyond what the count table knows (the trigram index
      // keeps a text search's count small).
      const total =
        q.purchaseName || q.purchaseCode || advanced || extra
          ? db.select({ n: count() }).from(purchaseRecord).where(where)
          : db
              .select({ n: sql<number>`coalesce(sum(${purchaseRecordCount.n}), 0)::bigint` })
              .from(purchaseRecordCount)
              .where(and(...keyFilters(purchaseRecordCount, tenantId, scope, q)));
      const direction = q.order === 'asc' ? asc : desc;
      const sortColumn = SORT_COLUMNS[q.column ?? 'createTime'];
      const offset = (q.pageNo - 1) * q.pageSize;
      // One round trip: every row carries the total (an uncorrelated subquery, computed once).
      const rows = await db
        .select({ ...getTableColumns(purchaseRecord), total: sql<number>`(${total})` })
        .from(purchaseRecord)
        .where(where)
        .orderBy(direction(sortColumn), direction(purchaseRecord.id))
        .offset(offset)
        .limit(q.pageSize);
      // Only a page past the end comes back empty without the total; ask for it then.
      const n = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : Number((await total)[0]?.n ?? 0);
      return {
        records: rows.map(({ total: _, ...row }) => toPurchaseDto(row)),
        total: n,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(n / q.pageSize),
      };
    },
  };
}
