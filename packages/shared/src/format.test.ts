import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  DATETIME_FORMAT,
  formatDateTime,
  formatMoney,
  formatQuarter,
  joinValue,
  maskEmail,
  maskPhone,
  quarterBounds,
  splitValue,
} from './format.ts';

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

describe('formatDateTime (YYYY-MM-DD HH:mm:ss, local time)', () => {
  it.each([
    [new Date(2026, 0, 5, 3, 4, 9), '2026-01-05 03:04:09'],
    [new Date(2026, 11, 31, 23, 59, 59, 999), '2026-12-31 23:59:59'],
    [new Date(1999, 9, 10, 12, 0, 0), '1999-10-10 12:00:00'],
    ['2026-03-04 05:06:07', '2026-03-04 05:06:07'],
    [null, null],
    [undefined, null],
  ])('%s → %s', (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });

  it('agrees with dayjs on any date, and leaves invalid ones to it', () => {
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2100, 0, 1); t += 86_400_000 * 97 + 3_723_417) {
      expect(formatDateTime(new Date(t))).toBe(dayjs(t).format(DATETIME_FORMAT));
    }
    expect(formatDateTime(new Date(Number.NaN))).toBe(dayjs(Number.NaN).format(DATETIME_FORMAT));
  });
});

describe('splitValue / joinValue (§9 multi-value separator)', () => {
  it.each([
    ['a,b', ['a', 'b']],
    [' a , ,b ', ['a', 'b']],
    ['a/1.png, b/2.pdf,,', ['a/1.png', 'b/2.pdf']],
    ['', []],
    [null, []],
    [undefined, []],
  ])('splits %j', (v, list) => {
    expect(splitValue(v)).toEqual(list);
    expect(joinValue(list)).toBe(list.join(','));
  });
});

describe('maskPhone / maskEmail (issue 12 §3: contacts for callers without the user list code)', () => {
  it.each([
    ['13812341234', '138****1234'],
    ['+8613812341234', '+86****1234'],
    ['1234567', '****'],
    ['', ''],
    [null, null],
  ])('phone %s → %s', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
  it.each([
    ['alice@x.com', 'a***@x.com'],
    ['a@x.com', 'a***@x.com'],
    ['no-at-sign', '***'],
    ['@x.com', '***'],
    [null, null],
  ])('email %s → %s', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe('formatQuarter / quarterBounds (§9 quarter label {year} Q{1-4})', () => {
  it('labels every month with its quarter', () => {
    const labels = Array.from({ length: 12 }, (_, m) => formatQuarter(new Date(2026, m, 15)));
    expect(labels).toEqual([
      ...Array(3).fill('2026 Q1'),
      ...Array(3).fill('2026 Q2'),
      ...Array(3).fill('2026 Q3'),
      ...Array(3).fill('2026 Q4'),
    ]);
    expect(formatQuarter('2026-11-25')).toBe('2026 Q4');
    expect(formatQuarter(dayjs('2025-04-01 00:00:00'))).toBe('2025 Q2');
    expect(formatQuarter(null)).toBeNull();
    expect(formatQuarter('')).toBeNull();
    expect(formatQuarter('不是日期')).toBeNull();
  });

  it('gives the first and last day of the quarter (also from the 31st of a month)', () => {
    expect(quarterBounds('2026-11-25')).toEqual({ begin: '2026-10-01', end: '2026-12-31' });
    expect(quarterBounds('2026-05-31')).toEqual({ begin: '2026-04-01', end: '2026-06-30' });
    expect(quarterBounds('2024-03-31')).toEqual({ begin: '2024-01-01', end: '2024-03-31' });
    expect(quarterBounds('2026-08-31')).toEqual({ begin: '2026-07-01', end: '2026-09-30' });
    expect(quarterBounds(undefined)).toBeNull();
  });
});
