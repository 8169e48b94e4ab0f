import {
  formatDateTime,
  type PageResult,
  PURCHASE_SUPER_QUERY_FIELDS,
  type PurchaseRecordDto,
  type PurchaseRecordQuery,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { fetchPage, type KeysetOptions, keysetAfter } from '../../../core/paging.ts';
import { escapeLike, superQueryColumns, superQueryWhere } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import { type DataScope, scopeFilter, scopeValues } from '../../platform/permission/data-scope.ts';
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
function keyParams(tenantId: number, scope: DataScope, q: PurchaseRecordQuery, offset: number, limit: number) {
  const params: Record<string, unknown> = {
    tenantId,
    purchaseStage: q.purchaseStage,
    purchaseCategory: q.purchaseCategory,
    electionStatus: q.electionStatus,
    offset,
    limit,
  };
  scopeValues(scope).forEach((value, i) => {
    params[`org${i}`] = value;
  });
  return params;
}

/** Prepared list shapes kept at most; past that a list is built per call as before (there are far fewer). */
const PREPARED_MAX = 200;

/** The default order (create time, then id) pages by keyset: after the previous page's last row. */
const keysetOf = (q: PurchaseRecordQuery): KeysetOptions | undefined =>
  (q.column ?? 'createTime') === 'createTime'
    ? {
        table: purchaseRecord,
        sort: purchaseRecord.createTime,
        id: purchaseRecord.id,
        order: q.order === 'asc' ? 'asc' : 'desc',
      }
    : undefined;

/** A key-filtered total is summed from purchase_record_count, which its triggers keep with purchase_record. */
const COUNT_TABLES = ['purchase_record', 'purchase_record_count'] as const;
/** Every table a page of the list reads, its total included. */
export const PURCHASE_LIST_TABLES = COUNT_TABLES;
const ROW_TABLES = ['purchase_record'] as const;

export function createPurchaseService({ db }: { db: Db }): PurchaseService {
  const countByKeys = (tenantId: number, scope: DataScope, q: PurchaseRecordQuery, bind?: Bind) =>
    db
      .select({ n: sql<number>`coalesce(sum(${purchaseRecordCount.n}), 0)::bigint` })
      .from(purchaseRecordCount)
      .where(and(...keyFilters(purchaseRecordCount, tenantId, scope, q, bind)));

  const page = (
    where: SQL | undefined,
    q: PurchaseRecordQuery,
    offset: number | Placeholder,
    limit: number | Placeholder,
  ) => {
    const direction = q.order === 'asc' ? asc : desc;
    return db
      .select()
      .from(purchaseRecord)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[q.column ?? 'createTime']), direction(purchaseRecord.id))
      .offset(offset)
      .limit(limit);
  };

  /**
   * A list the count table answers (no text search, advanced query or data rule) differs from another of its kind
   * only in values: its query is built once per shape (filters set, scope size, order, keyset or offset) and then
   * only executed. Building it with drizzle each time was a third of the server's CPU per list call. The statement
   * stays unnamed on the PostgreSQL side, so each call is still planned for its own values.
   */
  const prepared = new Map<string, ReturnType<ReturnType<typeof page>['prepare']>>();
  function preparedPage(scope: DataScope, q: PurchaseRecordQuery, keyset: KeysetOptions | undefined) {
    const key = [
      scope.kind,
      scopeValues(scope).length,
      q.purchaseStage ? 's' : '',
      q.purchaseCategory ? 'c' : '',
      q.electionStatus ? 'e' : '',
      q.column ?? 'createTime',
      q.order === 'asc' ? 'asc' : 'desc',
      keyset ? 'k' : '',
    ].join(':');
    let query = prepared.get(key);
    if (!query && prepared.size < PREPARED_MAX) {
      const filters = keyFilters(purchaseRecord, 0, scope, q, byPlaceholder);
      if (keyset) filters.push(keysetAfter(keyset, sql.placeholder('cursor')));
      query = page(and(...filters), q, sql.placeholder('offset'), sql.placeholder('limit')).prepare('');
      prepared.set(key, query);
    }
    return query;
  }

  return {
    async list(tenantId, scope, q, extra) {
      // The advanced query is one parenthesised clause ANDed with the rest, so an OR never widens the tenant,
      // the data scope or the data rules.
      const advanced = superQueryWhere(q.superQueryParams, q.superQueryMatchType, PURCHASE_COLUMNS);
      // The total: summed from the trigger-kept counts, or counted (estimated past the threshold) when a text
      // search, an advanced query or a data rule narrows the rows beyond what the count table knows (the trigram
      // index keeps a text search's count small). Either way cached until purchase_record changes (core/paging.ts).
      const counted = Boolean(q.purchaseName || q.purchaseCode || advanced || extra);
      const keyset = keysetOf(q);
      if (!counted) {
        // Everything the total and the rows depend on: the key filters' values, then sort, page and cursor.
        const keyOfTotal = JSON.stringify([
          tenantId,
          scope.kind,
          scopeValues(scope),
          q.purchaseStage,
          q.purchaseCategory,
          q.electionStatus,
        ]);
        return fetchPage(
          q,
          {
            key: `purchase_record_count${keyOfTotal}`,
            tables: COUNT_TABLES,
            // Built only when the total is not cached.
            count: async () => Number((await countByKeys(tenantId, scope, q))[0]?.n ?? 0),
          },
          async (offset, limit, after) => {
            const ready = preparedPage(scope, q, after ? keyset : undefined);
            if (ready) return ready.execute({ ...keyParams(tenantId, scope, q, offset, limit), cursor: q.cursor });
            const filters = keyFilters(purchaseRecord, tenantId, scope, q);
            if (after) filters.push(after);
            return page(and(...filters), q, offset, limit);
          },
          toPurchaseDto,
          {
            keyset,
            rowsCache: {
              key: `purchase_record${keyOfTotal}${JSON.stringify([q.column, q.order, q.pageNo, q.pageSize, q.cursor])}`,
              tables: ROW_TABLES,
            },
          },
        );
      }
      const filters = keyFilters(purchaseRecord, tenantId, scope, q);
      if (extra) filters.push(extra);
      if (q.purchaseName) filters.push(ilike(purchaseRecord.purchaseName, `%${escapeLike(q.purchaseName)}%`));
      if (q.purchaseCode) filters.push(ilike(purchaseRecord.purchaseCode, `%${escapeLike(q.purchaseCode)}%`));
      if (advanced) filters.push(advanced);
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(purchaseRecord).where(where),
        (offset, limit, after) => page(after ? and(where, after) : where, q, offset, limit),
        toPurchaseDto,
        { keyset },
      );
    },
  };
}
