import type { PageResult } from '@aps/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type CachedTotal, cachedOrLoad, listCacheSettings, readTables } from './list-cache.ts';

export interface PageRequest {
  pageNo: number;
  pageSize: number;
  /** The id of the previous page's last row (keyset paging, see `KeysetOptions`). */
  cursor?: string;
}

/**
 * A list's total as a drizzle query (`db.select({ n: count() }).from(t).where(w)`): its SQL and bound values
 * identify the total (table, tenant, data scope, filters), so it can be cached, estimated and bounded.
 */
export interface CountQuery extends PromiseLike<{ n: number }[]> {
  toSQL(): { sql: string; params: unknown[] };
}

/** A total computed by the caller, and the tables and key under which it may be cached. */
export interface CustomCount {
  key: string;
  tables: readonly string[];
  count: () => Promise<number>;
}

/** Keyset paging when the request's sort is this one: `(sort, id)` after the previous page's last row. */
export interface KeysetOptions {
  table: PgTable;
  sort: AnyColumn;
  id: AnyColumn;
  order: 'asc' | 'desc';
}

export interface PageOptions {
  keyset?: KeysetOptions;
  /**
   * Keep the page's records too, under `key` (which must name everything the rows depend on: tenant, data scope,
   * filters, sort, page and cursor), until one of `tables` changes: a page asked again is answered from memory.
   * The records are shared between answers and must not be mutated.
   */
  rowsCache?: { key: string; tables: readonly string[] };
  /**
   * This list's own threshold for estimated totals (default: the cache settings' `estimateAbove`). A list whose
   * filters cannot be counted from an index (a name search over a million rows) counts exactly only below it.
   */
  estimateAbove?: number;
}

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Where a drizzle query runs (its session's client: the pool, or the transaction's connection inside one), so
 * the estimate and the bounded count run on the same database; none (a mock) means exact counts only.
 */
function clientOf(query: CountQuery): Queryable | null {
  const client = (query as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  return typeof client?.query === 'function' ? (client as Queryable) : null;
}

const isCountQuery = (c: unknown): c is CountQuery =>
  typeof c === 'object' && c !== null && typeof (c as CountQuery).toSQL === 'function';

/** `select count(*) from …` (no GROUP BY) as `select 1 from …`: the rows it counts, for EXPLAIN and a bound. */
function rowsOfCount(text: string): string | null {
  const m = /^select count\(\*\)(?:::\w+)? from /i.exec(text);
  if (!m || /\bgroup by\b/i.test(text)) return null;
  return `select 1 from ${text.slice(m[0].length)}`;
}

interface PlanNode {
  'Plan Rows'?: number;
}

/**
 * The exact total up to `estimateAbove`; past it, the planner's estimate (at least the bound), flagged. The
 * bounded count keeps a bad estimate from ever claiming "about 150,000" for 20 rows.
 */
async function estimatedOrExact(
  query: CountQuery,
  estimateAbove = listCacheSettings().estimateAbove,
): Promise<CachedTotal> {
  const { sql: text, params } = query.toSQL();
  const pool = clientOf(query);
  const inner = pool ? rowsOfCount(text) : null;
  if (!pool || !inner) return { total: Number((await query)[0]?.n ?? 0), estimated: false };
  const explained = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `EXPLAIN (FORMAT JSON) ${inner}`,
    params as unknown[],
  );
  const estimate = Math.round(explained.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  if (estimate <= estimateAbove) return { total: Number((await query)[0]?.n ?? 0), estimated: false };
  const bounded = await pool.query<{ n: string | number }>(
    `select count(*) as n from (${inner} limit ${estimateAbove + 1}) as bounded`,
    params as unknown[],
  );
  const n = Number(bounded.rows[0]?.n ?? 0);
  return n > estimateAbove ? { total: Math.max(estimate, n), estimated: true } : { total: n, estimated: false };
}

/** The total of a list: from the cache while no table it reads has changed, else counted (or estimated). */
export async function totalOf(
  count: CountQuery | CustomCount | (() => Promise<number>),
  estimateAbove?: number,
): Promise<CachedTotal> {
  if (typeof count === 'function') return { total: await count(), estimated: false };
  let key: string;
  let tables: readonly string[];
  if (isCountQuery(count)) {
    const { sql: text, params } = count.toSQL();
    key = `${text}\u0000${JSON.stringify(params)}`;
    tables = readTables(text);
  } else {
    key = count.key;
    tables = count.tables;
  }
  // A total estimated under another threshold is another value.
  const bound = estimateAbove === undefined ? '' : `\u0000${estimateAbove}`;
  return cachedOrLoad(`total${bound}\u0000${key}`, tables, () =>
    isCountQuery(count)
      ? estimatedOrExact(count, estimateAbove)
      : (count as CustomCount).count().then((total) => ({ total, estimated: false })),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `cursor` can name a row of `keyset`'s table (a uuid id column takes uuids only). */
export function usableCursor(keyset: KeysetOptions, cursor: string | undefined): cursor is string {
  if (!cursor) return false;
  return !('columnType' in keyset.id && keyset.id.columnType === 'PgUUID') || UUID.test(cursor);
}

/** `(sort, id)` past the row `cursor` names, read from the table itself so the comparison is exact (µs). */
export function keysetAfter(keyset: KeysetOptions, cursor: unknown): SQL {
  const op = keyset.order === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql`(${keyset.sort}, ${keyset.id}) ${op} (select ${keyset.sort}, ${keyset.id} from ${keyset.table} where ${keyset.id} = ${cursor})`;
}

/**
 * One page of a server-paged list, the way every admin list pages (issue 11 §2):
 *  - the total comes from the list cache while no table it reads has changed since it was counted (core/list-cache.ts),
 *    so paging through a list counts once; it is counted beside the rows otherwise (two pooled connections,
 *    one round trip of latency), and estimated past `estimateAbove` rows (`totalEstimated`);
 *  - with `options.keyset` and the request's `cursor` (the previous page's last id) the rows are read after that
 *    row instead of skipping `offset` of them; a cursor whose row is gone falls back to the offset;
 *  - with `options.rowsCache` the page itself is kept under the same rule as the total.
 * `rows` receives the keyset condition as its third argument and must AND it into its filter.
 */
export async function fetchPage<Row, Out>(
  page: PageRequest,
  count: CountQuery | CustomCount | (() => Promise<number>),
  rows: (offset: number, limit: number, after?: SQL) => Promise<Row[]>,
  map: (row: Row) => Out,
  options: PageOptions = {},
): Promise<PageResult<Out>> {
  const offset = (page.pageNo - 1) * page.pageSize;
  const after =
    options.keyset && page.pageNo > 1 && usableCursor(options.keyset, page.cursor)
      ? keysetAfter(options.keyset, page.cursor)
      : undefined;
  const readRows = async () => {
    if (!after) return rows(offset, page.pageSize);
    const list = await rows(0, page.pageSize, after);
    return list.length ? list : rows(offset, page.pageSize);
  };
  const cache = options.rowsCache;
  const cacheKey = cache ? `rows\u0000${cache.key}` : '';
  const readRecords = async (): Promise<Out[]> => {
    if (!cache) return (await readRows()).map(map);
    return cachedOrLoad(cacheKey, cache.tables, async () => (await readRows()).map(map));
  };
  const [counted, records] = await Promise.all([totalOf(count, options.estimateAbove), readRecords()]);
  return pageResult(page, records, counted);
}

/** The page shape, with the flag when the total is the planner's estimate. */
export function pageResult<Out>(page: PageRequest, records: Out[], counted: CachedTotal): PageResult<Out> {
  const { total } = counted;
  return {
    records,
    total,
    size: page.pageSize,
    current: page.pageNo,
    pages: Math.ceil(total / page.pageSize),
    ...(counted.estimated ? { totalEstimated: true } : {}),
  };
}
