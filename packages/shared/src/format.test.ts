import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('formatMoney (§9 #,##0.00)', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [1234.5, '1,234.50'],
    [1234567.891, '1,234,567.89'],
    [-9876543.215, '-9,876,543.22'],
    ['1000000', '1,000,000.00'],
    ['12.3', '12.30'],
    [null, '0.00'],
    [undefined, '0.00'],
    ['abc', ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });
});
