import type { PageResult } from '@aps/shared';

export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/**
 * Runs the count and the page query in parallel (two pooled connections), so a server-paged list
 * costs one round trip of latency.
 */
export async function fetchPage<Row, Out>(
  page: PageRequest,
  count: () => Promise<number>,
  rows: (offset: number, limit: number) => Promise<Row[]>,
  map: (row: Row) => Out,
): Promise<PageResult<Out>> {
  const [total, list] = await Promise.all([count(), rows((page.pageNo - 1) * page.pageSize, page.pageSize)]);
  return {
    records: list.map(map),
    total,
    size: page.pageSize,
    current: page.pageNo,
    pages: Math.ceil(total / page.pageSize),
  };
}
