import type { SorterResult } from 'antd/es/table/interface';
import { describe, expect, it } from 'vitest';
import {
  buildListParams,
  filterParam,
  idsParam,
  type ListSort,
  type ListState,
  nextPageCursor,
  normalizePageSize,
  sameParams,
  sortAfterClick,
  sortFromSorter,
  sortOrderOf,
  totalText,
  withCursor,
} from './query.ts';

type Row = { username: string; createTime: string };

/**
 * What antd 6 hands to Table onChange when a column's sort cycles to none (table/hooks/useSorter
 * generateSorterInfo): the clicked column is not named at all.
 */
const CLEARED: SorterResult<Row> = { column: undefined, order: undefined, field: undefined, columnKey: undefined };
/** What it hands over when a column (here a dataIndex column, no key) is sorted. */
const sorted = (field: keyof Row, order: 'ascend' | 'descend'): SorterResult<Row> => ({
  column: { dataIndex: field, sorter: true },
  order,
  field,
  columnKey: undefined,
});

const state = (over: Partial<ListState> = {}): ListState => ({
  pageNo: 1,
  pageSize: 10,
  sort: null,
  filters: {},
  ...over,
});

describe('buildListParams', () => {
  it.each([
    [
      'defaults: first page of 10, createTime desc',
      state(),
      { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' },
    ],
    [
      'a chosen sort replaces the default',
      state({ pageNo: 3, pageSize: 20, sort: { column: 'username', order: 'asc' } }),
      { pageNo: 3, pageSize: 20, column: 'username', order: 'asc' },
    ],
    [
      'filters: trimmed, empty ones left out, lists joined, booleans 1/0',
      state({
        filters: {
          username: '  adm ',
          realname: '',
          phone: undefined,
          status: null,
          roleIds: ['a', 'b'],
          none: [],
          hidden: true,
        },
      }),
      { username: 'adm', roleIds: 'a,b', hidden: '1', pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' },
    ],
    [
      'a page size the server refuses (above 9999) falls back to 10; page numbers below 1 become 1',
      state({ pageNo: 0, pageSize: 10000 }),
      { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(buildListParams(input)).toEqual(expected);
  });

  it('sends no sort when the list has no default and the user chose none', () => {
    expect(buildListParams(state(), null)).toEqual({ pageNo: 1, pageSize: 10 });
  });
});

describe('sortFromSorter', () => {
  it.each([
    [
      'ascend on a keyed column',
      { columnKey: 'roleName', field: 'x', order: 'ascend' as const },
      { column: 'roleName', order: 'asc' },
    ],
    [
      'descend on a dataIndex column',
      { field: 'createTime', order: 'descend' as const },
      { column: 'createTime', order: 'desc' },
    ],
    [
      'a nested dataIndex is joined with dots',
      { field: ['depart', 'name'], order: 'ascend' as const },
      { column: 'depart.name', order: 'asc' },
    ],
    ['a cleared sorter means the default', CLEARED, null],
    ['an empty sorter (no sortable column) means the default', {}, null],
    ['no sorter at all', undefined, null],
  ])('%s', (_name, sorter, expected) => {
    expect(sortFromSorter(sorter)).toEqual(expected);
  });

  it('takes the first sorted column of a multi-sorter', () => {
    expect(
      sortFromSorter([
        { field: 'a', order: null },
        { field: 'b', order: 'descend' },
      ]),
    ).toEqual({ column: 'b', order: 'desc' });
  });
});

describe('small helpers', () => {
  it.each([
    [10, 10],
    [20, 20],
    [50, 50],
    [30, 30],
    [5, 5],
    [9999, 9999],
    [10000, 10],
    [0, 10],
    [2.5, 10],
    [undefined, 10],
  ])('normalizePageSize(%s) = %s', (input, expected) => {
    expect(normalizePageSize(input)).toBe(expected);
  });

  it.each([
    [' x ', 'x'],
    ['   ', undefined],
    [0, 0],
    [Number.NaN, undefined],
    [false, '0'],
    [['1', '2'], '1,2'],
  ])('filterParam(%j) = %j', (input, expected) => {
    expect(filterParam(input)).toBe(expected);
  });

  it('shows the sort arrow only on the sorted column', () => {
    expect(sortOrderOf({ column: 'a', order: 'asc' }, 'a')).toBe('ascend');
    expect(sortOrderOf({ column: 'a', order: 'desc' }, 'a')).toBe('descend');
    expect(sortOrderOf({ column: 'a', order: 'desc' }, 'b')).toBeNull();
    expect(sortOrderOf(null, 'a')).toBeNull();
  });

  it('joins ids with commas', () => {
    expect(idsParam(['a', 'b', 3])).toBe('a,b,3');
  });
});

describe('sortAfterClick', () => {
  const byDefault: ListSort = { column: 'createTime', order: 'desc' };
  it.each<[string, SorterResult<Row>, ListSort | null, ListSort | null]>([
    ['a sorted column gives its sort', sorted('username', 'ascend'), null, { column: 'username', order: 'asc' }],
    [
      'the default column shown desc (the default) is cleared by antd: oldest first',
      CLEARED,
      null,
      { column: 'createTime', order: 'asc' },
    ],
    ['the default column asc → descend: back to the default', sorted('createTime', 'descend'), byDefault, null],
    [
      'the default column shown desc after the user chose it: oldest first again',
      CLEARED,
      { column: 'createTime', order: 'desc' },
      { column: 'createTime', order: 'asc' },
    ],
    ['clearing another column goes back to the default', CLEARED, { column: 'username', order: 'desc' }, null],
    [
      'another column while the default column is oldest first',
      sorted('username', 'ascend'),
      { column: 'createTime', order: 'asc' },
      { column: 'username', order: 'asc' },
    ],
    [
      'the default column clicked while another column is sorted: antd asks ascend',
      sorted('createTime', 'ascend'),
      { column: 'username', order: 'desc' },
      { column: 'createTime', order: 'asc' },
    ],
  ])('%s', (_name, sorter, current, expected) => {
    expect(sortAfterClick(sorter, current, byDefault)).toEqual(expected);
  });

  it('cycles the default column desc → asc → desc, never unsorted', () => {
    // What antd sends for a click on a column whose sortOrder is the given one (sortDirections ascend, descend).
    const click = (shown: 'ascend' | 'descend' | null) =>
      shown === 'descend' ? CLEARED : sorted('createTime', shown === 'ascend' ? 'descend' : 'ascend');
    let sort: ListSort | null = null;
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      sort = sortAfterClick(click(sortOrderOf(sort ?? byDefault, 'createTime')), sort, byDefault);
      seen.push((sort ?? byDefault).order);
    }
    expect(seen).toEqual(['asc', 'desc', 'asc', 'desc']);
  });

  it('flips a default ascending column too: asc → desc → asc', () => {
    const bySortNo: ListSort = { column: 'sortNo', order: 'asc' };
    const desc = sortAfterClick({ field: 'sortNo', order: 'descend' }, null, bySortNo);
    expect(desc).toEqual({ column: 'sortNo', order: 'desc' });
    expect(sortAfterClick(CLEARED, desc, bySortNo)).toBeNull();
  });

  it('goes unsorted when the list has no default sort', () => {
    expect(sortAfterClick(CLEARED, { column: 'createTime', order: 'desc' }, null)).toBeNull();
    expect(sortAfterClick(CLEARED, null, null)).toBeNull();
  });
});

describe('sameParams', () => {
  it('compares values, not key order; undefined values count as absent', () => {
    expect(sameParams({ pageNo: 1, a: 'x' }, { a: 'x', pageNo: 1 })).toBe(true);
    expect(sameParams({ pageNo: 1, a: undefined }, { pageNo: 1 })).toBe(true);
    expect(sameParams({ pageNo: 1, a: 'x' }, { pageNo: 1, a: 'y' })).toBe(false);
    expect(sameParams({ pageNo: 1 }, { pageNo: 1, a: 'x' })).toBe(false);
    expect(sameParams({ pageNo: 1, a: 'x' }, { pageNo: 1, b: 'x' })).toBe(false);
  });

  it('a search with the same filters asks for the same list', () => {
    const before = buildListParams(state({ pageNo: 1, filters: { username: 'adm' } }));
    expect(sameParams(buildListParams(state({ filters: { username: ' adm ', realname: '' } })), before)).toBe(true);
    expect(sameParams(buildListParams(state({ filters: { username: 'ad' } })), before)).toBe(false);
  });
});

describe('keyset cursor (issue 11 §2)', () => {
  const params = { pageNo: 2, pageSize: 10, column: 'createTime', order: 'desc', stage: 5 };

  it('goes with the next page of the same list only', () => {
    const cursor = nextPageCursor(params, 'id-20');
    expect(withCursor({ ...params, pageNo: 3 }, cursor)).toEqual({ ...params, pageNo: 3, cursor: 'id-20' });
    // A jump, a new page size, sort or filter: by offset.
    expect(withCursor({ ...params, pageNo: 4 }, cursor)).toEqual({ ...params, pageNo: 4 });
    expect(withCursor({ ...params, pageNo: 2 }, cursor)).toEqual(params);
    expect(withCursor({ ...params, pageNo: 3, pageSize: 20 }, cursor)).not.toHaveProperty('cursor');
    expect(withCursor({ ...params, pageNo: 3, order: 'asc' }, cursor)).not.toHaveProperty('cursor');
    expect(withCursor({ ...params, pageNo: 3, stage: 6 }, cursor)).not.toHaveProperty('cursor');
    expect(withCursor({ ...params, pageNo: 3, name: 'x' }, cursor)).not.toHaveProperty('cursor');
  });

  it('ignores the time stamp and needs a row id', () => {
    const cursor = nextPageCursor({ ...params, _t: 1 }, 'id-20');
    expect(withCursor({ ...params, pageNo: 3, _t: 2 }, cursor)).toMatchObject({ cursor: 'id-20' });
    expect(nextPageCursor(params, undefined)).toBeNull();
    expect(nextPageCursor(params, 20)).toBeNull();
    expect(withCursor(params, null)).toEqual(params);
  });
});

describe('totalText', () => {
  it('says 共 for an exact total and 约 for an estimate', () => {
    expect(totalText(35, [11, 20])).toBe('11-20 共 35 条');
    expect(totalText(1000000, [1, 10], true)).toBe('1-10 约 1000000 条');
  });
});
