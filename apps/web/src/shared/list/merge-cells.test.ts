import { describe, expect, it } from 'vitest';
import { rowSpans } from './merge-cells.ts';

const rows = (...codes: (string | null)[]) => codes.map((code, i) => ({ code, n: i }));

describe('rowSpans', () => {
  it('spans each run of equal consecutive values from its first row, 0 for the followers', () => {
    expect(rowSpans(rows('A', 'A', 'A', 'B', 'B', 'C'), (r) => r.code)).toEqual([3, 0, 0, 2, 0, 1]);
  });

  it('gives 1 to singletons and merges only consecutive rows', () => {
    expect(rowSpans(rows('A', 'B', 'A'), (r) => r.code)).toEqual([1, 1, 1]);
    expect(rowSpans(rows('A'), (r) => r.code)).toEqual([1]);
  });

  it('is empty for no rows', () => {
    expect(rowSpans([], () => 1)).toEqual([]);
  });

  it('depends on the key: other keys merge other runs; null is a value of its own run', () => {
    const list = rows('A', 'A', null, null);
    expect(rowSpans(list, (r) => r.code)).toEqual([2, 0, 2, 0]);
    expect(rowSpans(list, (r) => r.n)).toEqual([1, 1, 1, 1]);
    expect(rowSpans(list, (r) => r.code !== null)).toEqual([2, 0, 2, 0]);
  });
});
