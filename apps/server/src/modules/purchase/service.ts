import {
  formatDateTime,
  type PageResult,
  PURCHASE_SUPER_QUERY_FIELDS,
  type PurchaseRecordDto,
  type PurchaseRecordQuery,
} from '@aps/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { escapeLike, superQueryColumns, superQueryWhere } from '../../core/super-query.ts';
import type { Db } from '../../db/client.ts';
import { type DataScope, scopeFilter, scopeValues } from '../permission/data-scope.ts';
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

/** What a filter holds: the value itself, or (in a prepared query) a placeholder filled in at each call. */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const byValue: Bind = (_name, value) => value;
const byPlaceholder: Bind = (name) => sql.placeholder(name);

/** The filters a count can answer from purchase_record_count: the columns both tables share. */
function keyFilters(
  table: typeof purchaseRecord | typeof purchaseRecordCount,
  tenantId: number,
  scope: DataScope,
  q: PurchaseRecordQuery,
  bind: Bind = byValue,
): (SQL | undefined)[] {
  return [
    eq(table.tenantId, bind('tenantId', tenantId)),
    scopeFilter(scope, table.sysOrgCode, (value, i) => bind(`org${i}`, value)),
    q.purchaseStage ? eq(table.purchaseStage, bind('purchaseStage', q.purchaseStage)) : undefined,
    q.purchaseCategory ? eq(table.purchaseCategory, bind('purchaseCategory', q.purchaseCategory)) : undefined,
    q.electionStatus ? eq(table.electionStatus, bind('electionStatus', q.electionStatus)) : undefined,
  ];
}

/** The placeholders' values of a prepared list (see keyFilters). */
function keyParams(tenantId: number, scope: DataScope, q: PurchaseRecordQuery, offset: number) {
  const params: Record<string, unknown> = {
    tenantId,
    purchaseStage: q.purchaseStage,
    purchaseCategory: q.purchaseCategory,
    electionStatus: q.electionStatus,
    offset,
    limit: q.pageSize,
  };
  scopeValues(scope).forEach((value, i) => {
    params[`org${i}`] = value;
  });
  return params;
}

/** Prepared list shapes kept at most; past that a list is built per call as before (there are far fewer). */
const PREPARED_MAX = 200;

export function createPurchaseService({ db }: { db: Db }): PurchaseService {
  const countByKeys = (tenantId: number, scope: DataScope, q: PurchaseRecordQuery, bind?: Bind) =>
    db
      .select({ n: sql<number>`coalesce(sum(${purchaseRecordCount.n}), 0)::bigint` })
      .from(purchaseRecordCount)
      .where(and(...keyFilters(purchaseRecordCount, tenantId, scope, q, bind)));

  /** One round trip: every row carries the total (an uncorrelated subquery, computed once). */
  const page = (
    where: SQL | undefined,
    total: SQLWrapper,
    q: PurchaseRecordQuery,
    offset: number | Placeholder,
    limit: number | Placeholder,
  ) => {
    const direction = q.order === 'asc' ? asc : desc;
    return db
      .select({ ...getTableColumns(purchaseRecord), total: sql<number>`(${total})` })
      .from(purchaseRecord)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[q.column ?? 'createTime']), direction(purchaseRecord.id))
      .offset(offset)
      .limit(limit);
  };

  /**
   * A list the count table answers (no text search, advanced query or data rule) differs from another of its kind
   * only in values: its query is built once per shape (filters set, scope size, order) and then only executed.
   * Building it with drizzle each time was a third of the server's CPU per list call. The statement stays unnamed
   * on the PostgreSQL side, so each call is still planned for its own values.
   */
  const prepared = new Map<string, ReturnType<ReturnType<typeof page>['prepare']>>();
  function preparedPage(scope: DataScope, q: PurchaseRecordQuery) {
    const key = [
      scope.kind,
      scopeValues(scope).length,
      q.purchaseStage ? 's' : '',
      q.purchaseCategory ? 'c' : '',
      q.electionStatus ? 'e' : '',
      q.column ?? 'createTime',
      q.order === 'asc' ? 'asc' : 'desc',
    ].join(':');
    let query = prepared.get(key);
    if (!query && prepared.size < PREPARED_MAX) {
      const where = and(...keyFilters(purchaseRecord, 0, scope, q, byPlaceholder));
      const total = countByKeys(0, scope, q, byPlaceholder);
      query = page(where, total, q, sql.placeholder('offset'), sql.placeholder('limit')).prepare('');
      prepared.set(key, query);
    }
    return query;
  }

  return {
    async list(tenantId, scope, q, extra) {
      const offset = (q.pageNo - 1) * q.pageSize;
      // The advanced query is one parenthesised clause ANDed with the rest, so an OR never widens the tenant,
      // the data scope or the data rules.
      const advanced = superQueryWhere(q.superQueryParams, q.superQueryMatchType, PURCHASE_COLUMNS);
      // An exact total either way: summed from the trigger-kept counts, or counted when a text search, an
      // advanced query or a data rule narrows the rows beyond what the count table knows (the trigram index
      // keeps a text search's count small).
      const counted = Boolean(q.purchaseName || q.purchaseCode || advanced || extra);
      const ready = counted ? undefined : preparedPage(scope, q);
      let rows: Awaited<ReturnType<typeof page>>;
      let total: () => Promise<{ n: number }[]>;
      if (ready) {
        rows = await ready.execute(keyParams(tenantId, scope, q, offset));
        total = () => countByKeys(tenantId, scope, q);
      } else {
        const filters = keyFilters(purchaseRecord, tenantId, scope, q);
        if (extra) filters.push(extra);
        if (q.purchaseName) filters.push(ilike(purchaseRecord.purchaseName, `%${escapeLike(q.purchaseName)}%`));
        if (q.purchaseCode) filters.push(ilike(purchaseRecord.purchaseCode, `%${escapeLike(q.purchaseCode)}%`));
        if (advanced) filters.push(advanced);
        const where = and(...filters);
        const totalQuery = counted
          ? db.select({ n: count() }).from(purchaseRecord).where(where)
          : countByKeys(tenantId, scope, q);
        rows = await page(where, totalQuery, q, offset, q.pageSize);
        total = async () => totalQuery;
      }
      // Only a page past the end comes back empty without the total; ask for it then.
      const n = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : Number((await total())[0]?.n ?? 0);
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
