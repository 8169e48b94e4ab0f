import { describe, expect, it } from 'vitest';
import { acceptsNumberInput, capRowKey, formatTagsInput, newRowId, parseNumberInput, splitTags } from './input.ts';
import { columnWidths } from './layout.ts';
import { footerRows, moveRow, newRow, normaliseRows, patchRow, resequence, statistic } from './rows.ts';
import type { GridColumn } from './types.ts';

describe('number cells (§5): only a signed decimal, empty or a lone minus', () => {
  it.each([
    ['', true],
    ['-', true],
    ['0', true],
    ['12', true],
    ['-12', true],
    ['12.', true],
    ['12.5', true],
    ['-0.25', true],
    ['.5', false],
    ['1-', false],
    ['--1', false],
    ['1.2.3', false],
    ['1e3', false],
    ['+1', false],
    ['abc', false],
    ['1 2', false],
  ])('%j accepted: %s', (text, ok) => {
    expect(acceptsNumberInput(text)).toBe(ok);
  });
  it.each([
    ['', ''],
    ['-', ''],
    ['12', 12],
    ['12.', 12],
    ['-0.25', -0.25],
  ])('on blur %j becomes %j', (text, value) => {
    expect(parseNumberInput(text)).toBe(value);
  });
});

describe('tags cells (§5): a semicolon after every 2 characters, typed ones stripped', () => {
  it.each([
    ['', ''],
    ['a', 'a'],
    ['ab', 'ab'],
    ['abc', 'ab;c'],
    ['abcd', 'ab;cd'],
    ['abcde', 'ab;cd;e'],
    ['ab;', 'ab'],
    ['a;b;c', 'ab;c'],
    ['ab;cd;ef', 'ab;cd;ef'],
    ['北京上海广州', '北京;上海;广州'],
    ['北京；上', '北京;上'],
  ])('%j → %j', (input, out) => {
    expect(formatTagsInput(input)).toBe(out);
  });
  it('splits a cell into its tags', () => {
    expect(splitTags('ab;cd;e')).toEqual(['ab', 'cd', 'e']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags(null)).toEqual([]);
  });
});

describe('row keys (§5): capped at 50 characters', () => {
  it('caps given keys and generated ones', () => {
    expect(capRowKey('x'.repeat(80))).toHaveLength(50);
    expect(capRowKey('abc')).toBe('abc');
    expect(capRowKey(12)).toBe('12');
    expect(newRowId().length).toBeLessThanOrEqual(50);
    expect(newRowId()).not.toBe(newRowId());
  });
  it('normalises rows from outside and new rows', () => {
    const [row] = normaliseRows([{ id: 'k'.repeat(60), a: 1 }]);
    expect(row?.id).toBe('k'.repeat(50));
    expect(newRow([], { id: 'y'.repeat(51) }).id).toBe('y'.repeat(50));
  });
});

describe('drag sort resequences orderNum (§4)', () => {
  const rows = [
    { id: 'a', orderNum: 1 },
    { id: 'b', orderNum: 2 },
    { id: 'c', orderNum: 3 },
    { id: 'd', orderNum: 4 },
  ];
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 2, ['a', 'c', 'b', 'd']],
    [2, 2, ['a', 'b', 'c', 'd']],
  ])('from %i to %i', (from, to, ids) => {
    const moved = moveRow(rows, from, to);
    expect(moved.map((r) => r.id)).toEqual(ids);
    expect(moved.map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
  });
  it('after a removal or an add, and keeps untouched rows', () => {
    const next = resequence([rows[0]!, rows[2]!, { id: 'n', orderNum: undefined }]);
    expect(next.map((r) => [r.id, r.orderNum])).toEqual([
      ['a', 1],
      ['c', 2],
      ['n', 3],
    ]);
    expect(next[0]).toBe(rows[0]);
  });
  it('uses another order field when told', () => {
    expect(moveRow<{ id: string; sort?: number }>([{ id: 'a' }, { id: 'b' }], 1, 0, 'sort').map((r) => r.sort)).toEqual(
      [1, 2],
    );
  });
});

describe('statistics footer (合计 / 平均)', () => {
  const rows = [
    { id: 'a', n: 10, m: '1.1' },
    { id: 'b', n: '', m: '2.2' },
    { id: 'c', n: 5.555, m: 'x' },
  ];
  it('sums and averages numeric cells (average over all rows), to 2 decimals', () => {
    expect(statistic(rows, 'n', 'sum')).toBe(15.56);
    expect(statistic(rows, 'n', 'average')).toBe(5.19);
    expect(statistic(rows, 'm', 'sum')).toBe(3.3);
    expect(statistic([], 'n', 'average')).toBe(0);
  });
  it('gives one footer row per statistic, 合计 first', () => {
    const columns: GridColumn[] = [
      { key: 'n', title: 'N', type: 'inputNumber', statistics: ['average', 'sum'] },
      { key: 'm', title: 'M', type: 'inputNumber', statistics: ['sum'] },
    ];
    expect(footerRows(rows, columns)).toEqual([
      { kind: 'sum', label: '合计', values: { n: 15.56, m: 3.3 } },
      { kind: 'average', label: '平均', values: { n: 5.19 } },
    ]);
    expect(footerRows(rows, [{ key: 'n', title: 'N', type: 'input' }])).toEqual([]);
  });
});

describe('patch a row by id (server-pushed updates)', () => {
  const rows = [
    { id: 'a', v: 1 },
    { id: 'b', v: 2 },
  ];
  it('replaces only that row and never its id', () => {
    const next = patchRow(rows, 'b', { v: 3, id: 'zzz' });
    expect(next).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 3 },
    ]);
    expect(next[0]).toBe(rows[0]);
  });
  it('leaves the rows alone for an unknown id', () => {
    expect(patchRow(rows, 'nope', { v: 9 })).toBe(rows);
  });
});

describe('widths (§9)', () => {
  const c = (key: string, type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({
    key,
    title: key,
    type,
    ...extra,
  });
  it('gives row columns and dates their widths and shares 92 % of the rest', () => {
    const widths = columnWidths(
      [
        c('no', 'row-number'),
        c('sel', 'row-checkbox'),
        c('d', 'date'),
        c('a', 'input'),
        c('b', 'input'),
        c('h', 'hidden'),
      ],
      1235,
    );
    // 1235 - 60 - 40 - 135 = 1000; 92 % shared by two columns.
    expect(widths).toEqual({ no: 60, sel: 40, d: 135, a: 460, b: 460 });
  });
  it('widens select and expand to 60 when a column has a footer statistic', () => {
    const widths = columnWidths(
      [c('sel', 'row-radio'), c('x', 'row-expand'), c('n', 'inputNumber', { statistics: ['sum'] })],
      400,
    );
    expect(widths.sel).toBe(60);
    expect(widths.x).toBe(60);
  });
  it('keeps the min widths: datetime, user, department 190, others 100 or their own', () => {
    const widths = columnWidths(
      [
        c('dt', 'datetime'),
        c('u', 'sel_user'),
        c('dp', 'sel_depart'),
        c('i', 'input'),
        c('m', 'input', { minWidth: 150 }),
      ],
      300,
    );
    expect(widths).toEqual({ dt: 190, u: 190, dp: 190, i: 100, m: 150 });
  });
  it('lets a column width win', () => {
    expect(columnWidths([c('a', 'input', { width: 222 }), c('d', 'date', { width: 150 })], 2000)).toEqual({
      a: 222,
      d: 150,
    });
  });
});
