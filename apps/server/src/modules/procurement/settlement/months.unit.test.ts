import { describe, expect, it } from 'vitest';
import { monthBound } from './months.ts';

describe('monthBound: a period the month aggregate can answer', () => {
  it('takes the 1st as a start and the last day (leap years too) as an end', () => {
    expect(monthBound('2025-01-01', false)).toBe('2025-01');
    expect(monthBound('2025-12-31', true)).toBe('2025-12');
    expect(monthBound('2024-02-29', true)).toBe('2024-02');
    expect(monthBound(undefined, true)).toBeUndefined();
  });
  it('refuses other days, so the ledger falls back to the raw sums', () => {
    expect(monthBound('2025-01-02', false)).toBeNull();
    expect(monthBound('2025-02-28', true)).toBe('2025-02');
    expect(monthBound('2024-02-28', true)).toBeNull();
    expect(monthBound('2025-06-01', true)).toBeNull();
  });
});
