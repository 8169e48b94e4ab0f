import { describe, expect, it } from 'vitest';
import { performanceTotal } from './performance.ts';

describe('performanceTotal (the mean of the three scores, HALF UP to cents)', () => {
  it.each([
    ['90', '80', '85', '85.00'],
    ['50', '55.5', '60', '55.17'],
    ['100', '100', '100', '100.00'],
    ['0', '0', '0.01', '0.00'],
    ['0', '0', '0.02', '0.01'],
    ['33.33', '33.33', '33.35', '33.34'],
  ])('%s %s %s → %s', (q, s, v, total) => {
    expect(performanceTotal(q, s, v)).toBe(total);
  });
});
