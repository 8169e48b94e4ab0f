import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@aps/shared/constants';

/** Sort of a server list (§7: column + order; default createTime desc). */
export interface ListSort {
  column: string;
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: ListSort = { column: 'createTime', order: 'desc' };

/** A filter value as a search form produces it. */
export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ListState {
  pageNo: number;
  pageSize: number;
  /** The sort the user chose on a column header; null falls back to the list's default sort. */
  sort: ListSort | null;
  filters: Record<string, FilterValue>;
}

export type ListParams = Record<string, string | number | undefined>;

/** A page size the server accepts (any whole number 1..9999; §9's option lists vary per list), else the default 10. */
export function normalizePageSize(size: number | undefined): number {
  return size !== undefined && Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE;
}

/** One filter value as a query string value: trimmed text, lists joined by commas; empty values are left out. */
export function filterParam(value: FilterValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return Number.isFinite(value) ? (value as number) : undefined;
}

/**
 * The query of a server list call (§7 generic list GET): pageNo, pageSize, column, order and the filters that
 * have a value. `defaultSort` null sends no sort at all (lists whose server sorts by its own rule).
 */
export function buildListParams(state: ListState, defaultSort: ListSort | null = DEFAULT_SORT): ListParams {
  const params: ListParams = {};
  for (const [key, value] of Object.entries(state.filters)) {
    const v = filterParam(value);
    if (v !== undefined) params[key] = v;
  }
  const sort = state.sort ?? defaultSort;
  params.pageNo = Math.max(1, Math.trunc(state.pageNo) || 1);
  params.pageSize = normalizePageSize(state.pageSize);
  if (sort) {
    params.column = sort.column;
    params.order = sort.order;
  }
  return params;
}

/**
 * What antd's Table hands to onChange as its sorter (one column, or several with multiple sorters). A column
 * whose sort cycles to none is reported without naming it: antd 6 (table/hooks/useSorter generateSorterInfo)
 * sends `{ column: undefined, order: undefined, field: undefined, columnKey: undefined }`.
 */
export interface TableSorterLike {
  column?: unknown;
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/**
 * The list sort from a table sorter: the column's key (or its dataIndex) and ascend → asc, descend → desc.
 * A cleared sorter (no order) gives null, i.e. the default sort.
 */
export function sortFromSorter(sorter: TableSorterLike | TableSorterLike[] | undefined): ListSort | null {
  const first = Array.isArray(sorter) ? sorter.find((s) => s.order) : sorter;
  if (!first?.order) return null;
  const column = columnOf(first);
  if (!column) return null;
  return { column, order: first.order === 'ascend' ? 'asc' : 'desc' };
}

function columnOf(sorter: TableSorterLike | undefined): string | undefined {
  const key = sorter?.columnKey ?? sorter?.field;
  return Array.isArray(key) ? key.join('.') : typeof key === 'string' ? key : undefined;
}

const sameSort = (a: ListSort | null, b: ListSort | null) =>
  a === b || (a !== null && b !== null && a.column === b.column && a.order === b.order);

/**
 * The sort after a click on a column header (columns take their sortOrder from the list state, so the clicked
 * column is the one antd names, or, for a cleared sort, the one whose arrow was shown).
 *
 * antd cycles a column ascend → descend → none. On the default column "none" would change nothing (the server
 * always sorts by it), so it flips the order instead: createTime desc → asc → desc. On any other column "none"
 * goes back to the default. The default sort is kept as null, so 重置 and a later default look the same.
 */
export function sortAfterClick(
  sorter: TableSorterLike | TableSorterLike[] | undefined,
  current: ListSort | null,
  defaultSort: ListSort | null,
): ListSort | null {
  const sort = sortFromSorter(sorter);
  if (sort) return sameSort(sort, defaultSort) ? null : sort;
  const shown = current ?? defaultSort;
  // antd names no column when a sort is cleared; it is the one showing a sort (the only one that can cycle to none).
  const cleared = columnOf(Array.isArray(sorter) ? sorter[0] : sorter) ?? shown?.column;
  if (defaultSort && shown && shown.column === defaultSort.column && cleared === shown.column) {
    const flipped: ListSort = { column: shown.column, order: shown.order === 'desc' ? 'asc' : 'desc' };
    return sameSort(flipped, defaultSort) ? null : flipped;
  }
  return null;
}

/** Whether two list queries ask the server for the same thing (key order and empty values aside). */
export function sameParams(a: ListParams, b: ListParams): boolean {
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Keyset paging (issue 11 §2): the last row of the page on screen, remembered with the list it belongs to, so the
 * next page is asked for "after this row" and the server does not skip pageNo × pageSize rows to find it.
 */
export interface PageCursor {
  /** The page the cursor leads to. */
  pageNo: number;
  /** The id of the last row of the page before it. */
  id: string;
  /** The rest of that list's params (everything but pageNo and cursor). */
  of: ListParams;
}

const withoutPage = ({ pageNo: _p, cursor: _c, _t, ...rest }: ListParams): ListParams => rest;

/** The cursor for the page after `params`' page, from its last row's id (none without one). */
export function nextPageCursor(params: ListParams, lastId: unknown): PageCursor | null {
  if (typeof lastId !== 'string' || !lastId) return null;
  return { pageNo: Number(params.pageNo ?? 1) + 1, id: lastId, of: withoutPage(params) };
}

/**
 * `params` with `cursor` when it leads to exactly this page of exactly this list (same filters, sort and page
 * size); any other move (a jump, a new sort or filter) pages by offset as before.
 */
export function withCursor(params: ListParams, cursor: PageCursor | null): ListParams {
  if (!cursor || cursor.pageNo !== params.pageNo || !sameParams(withoutPage(params), cursor.of)) return params;
  return { ...params, cursor: cursor.id };
}

/** The pagination's total text: `1-10 共 N 条`, or `约 N 条` when the server estimated the total. */
export function totalText(total: number, range: [number, number], estimated?: boolean): string {
  return `${range[0]}-${range[1]} ${estimated ? '约' : '共'} ${total} 条`;
}

/** antd's sortOrder of a column for the current sort (so the header arrow follows the state). */
export function sortOrderOf(sort: ListSort | null, column: string): 'ascend' | 'descend' | null {
  if (!sort || sort.column !== column) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/** "a,b,c" of the batch calls (§7: ids comma string). */
export function idsParam(keys: readonly (string | number | bigint)[]): string {
  return keys.map(String).join(',');
}
