import { describe, expect, it } from 'vitest';
import { needsStatistics } from './refresh.ts';

describe('needsStatistics', () => {
  it('asks for ANALYZE after a first fill or a large change, not after a steady refresh', () => {
    expect(needsStatistics(0, 111_085)).toBe(true);
    expect(needsStatistics(111_085, 0)).toBe(true);
    expect(needsStatistics(100_000, 125_000)).toBe(true);
    expect(needsStatistics(100_000, 110_000)).toBe(false);
    expect(needsStatistics(0, 3)).toBe(false);
    expect(needsStatistics(2_000, 2_900)).toBe(false);
  });
});
