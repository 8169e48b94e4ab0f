import type { PageResult } from '@aps/shared';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@aps/shared/constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../http.ts';
import { type ActiveSuperQuery, superQueryParams } from '../superQuery/model.ts';
import {
  buildListParams,
  DEFAULT_SORT,
  type FilterValue,
  type ListSort,
  type ListState,
  nextPageCursor,
  type PageCursor,
  sameParams,
  sortAfterClick,
  sortOrderOf,
  totalText,
  withCursor,
} from './query.ts';
import { useListScroll } from './useListScroll.ts';

export interface ServerTableOptions {
  /** The list's query key prefix; mutations invalidate it (e.g. ['system', 'user']). */
  queryKey: readonly unknown[];
  /** GET path under /aps answering a PageResult. */
  url: string;
  /** Sort when the user chose none (§7 default createTime desc); null sends none. */
  defaultSort?: ListSort | null;
  /** Filters that always go with the call (e.g. the selected department), merged under the form's. */
  fixedFilters?: Record<string, FilterValue>;
  /** The table's natural width: it scrolls sideways when the page is narrower (and over 800 px below 500 px). */
  scrollX?: number;
}

/**
 * A server-paged list (§7): pageNo, pageSize (10/20/50, default 10), column and order from the table's sorter
 * (default createTime desc), the search form's filters, row selection for batch actions. Spread `tableProps` on
 * an antd Table.
 */
export function useServerTable<T extends object>(options: ServerTableOptions) {
  const defaultSort = options.defaultSort === undefined ? DEFAULT_SORT : options.defaultSort;
  const [state, setState] = useState<ListState>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, sort: null, filters: {} });
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);
  /** The advanced query in force (§4: active once sent with at least one condition; reset clears it). */
  const [superQuery, setSuperQueryState] = useState<ActiveSuperQuery | null>(null);
  const scroll = useListScroll(options.scrollX);
  const client = useQueryClient();

  const { fixedFilters } = options;
  const paramsOf = useCallback(
    (s: ListState) => ({
      ...buildListParams({ ...s, filters: { ...fixedFilters, ...s.filters } }, defaultSort),
      ...superQueryParams(superQuery),
    }),
    [fixedFilters, defaultSort, superQuery],
  );
  /** Set when the user steps to the next page: that page is read after the last row on screen (keyset). */
  const [cursor, setCursor] = useState<PageCursor | null>(null);
  const params = useMemo(() => withCursor(paramsOf(state), cursor), [paramsOf, state, cursor]);
  const query = useQuery({
    queryKey: [...options.queryKey, 'list', params],
    queryFn: ({ signal }) => http.get<PageResult<T>>(options.url, { ...params, _t: Date.now() }, signal),
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;

  /**
   * 查询 and 重置 always load the list afresh: new params fetch by themselves; the same params (nothing changed,
   * already on page 1) would only show the cache, so they refetch. Both clear the selection.
   */
  const apply = useCallback(
    (next: ListState) => {
      setState(next);
      setSelectedRowKeys([]);
      if (sameParams(paramsOf(next), params)) void refetch();
    },
    [paramsOf, params, refetch],
  );
  /** New filters start again on page 1. */
  const search = useCallback(
    (filters: Record<string, FilterValue>) => apply({ ...state, filters, pageNo: 1 }),
    [apply, state],
  );
  const reset = useCallback(() => apply({ ...state, filters: {}, sort: null, pageNo: 1 }), [apply, state]);
  /** 高级查询 (or its 重置 with null): the list starts again on page 1 with the new advanced query. */
  const setSuperQuery = useCallback(
    (next: ActiveSuperQuery | null) => {
      const same = sameParams(superQueryParams(next), superQueryParams(superQuery));
      setSuperQueryState(next);
      setState((s) => ({ ...s, pageNo: 1 }));
      setSelectedRowKeys([]);
      if (same && state.pageNo === 1) void refetch();
    },
    [superQuery, state.pageNo, refetch],
  );
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: options.queryKey }),
    [client, options.queryKey],
  );

  const onChange: TableProps<T>['onChange'] = (pagination: TablePaginationConfig, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      // A new sort starts again on page 1.
      setState((s) => ({
        ...s,
        sort: sortAfterClick(sorter, s.sort, defaultSort),
        pageNo: 1,
      }));
    } else if (extra.action === 'paginate') {
      // The next page of the same list goes on from the last row shown; withCursor drops it for anything else.
      setCursor(nextPageCursor(params, (records.at(-1) as { id?: unknown } | undefined)?.id));
      setState((s) => {
        const pageSize = pagination.pageSize ?? s.pageSize;
        // A new page size goes back to page 1.
        return { ...s, pageSize, pageNo: pageSize !== s.pageSize ? 1 : (pagination.current ?? s.pageNo) };
      });
    }
  };

  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  // Deleting the last rows of the last page: step back instead of showing an empty page.
  const emptyPastEnd = Boolean(query.data) && records.length === 0 && total > 0 && state.pageNo > 1;
  useEffect(() => {
    if (!emptyPastEnd) return;
    const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
    if (lastPage < state.pageNo) setState((s) => ({ ...s, pageNo: lastPage }));
  }, [emptyPastEnd, total, state.pageSize, state.pageNo]);

  const tableProps = {
    rowKey: 'id',
    size: 'middle',
    dataSource: records,
    loading: query.isFetching,
    scroll,
    onChange,
    // The server always sorts by something (the default when nothing is chosen), so a header cycles between
    // ascending and descending and never offers 取消排序; its tooltip then tells what the click really does.
    sortDirections: ['ascend', 'descend', 'ascend'],
    pagination: {
      current: state.pageNo,
      pageSize: state.pageSize,
      total,
      showSizeChanger: true,
      showQuickJumper: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showTotal: (t: number, range: [number, number]) => totalText(t, range, query.data?.totalEstimated),
    },
    rowSelection: { selectedRowKeys, onChange: (keys: Key[]) => setSelectedRowKeys(keys), columnWidth: 40 },
  } satisfies TableProps<T>;

  return {
    query,
    params,
    state,
    search,
    reset,
    refresh,
    superQuery,
    setSuperQuery,
    selectedRowKeys,
    setSelectedRowKeys,
    /** antd sortOrder for a column, so the header arrow shows the sort in force (default included). */
    sortOrder: (column: string) => sortOrderOf(state.sort ?? defaultSort, column),
    tableProps,
  };
}
