import { describe, expect, it } from 'vitest';
import { blacklistCovers } from './scope.ts';

describe('blacklistCovers', () => {
  it('a tenant-wide blacklisting covers every category', () => {
    expect(blacklistCovers({ scope: 'tenant', categories: [] }, '2')).toBe(true);
    expect(blacklistCovers({ scope: 'tenant', categories: [] }, 'A04A01')).toBe(true);
  });
  it('maps the purchase category dictionary code to the roots of the tree', () => {
    const labour = { scope: 'categories', categories: ['A01A01'] };
    expect(blacklistCovers(labour, '1')).toBe(true);
    expect(blacklistCovers(labour, '2')).toBe(false);
    expect(blacklistCovers(labour, '3')).toBe(false);
    expect(blacklistCovers({ scope: 'categories', categories: ['A03A02'] }, '2')).toBe(true);
  });
  it('compares tree codes on one branch', () => {
    const steel = { scope: 'categories', categories: ['A02A01'] };
    expect(blacklistCovers(steel, 'A02A01')).toBe(true);
    expect(blacklistCovers(steel, 'A02')).toBe(true);
    expect(blacklistCovers(steel, 'A02A02')).toBe(false);
    expect(blacklistCovers({ scope: 'categories', categories: ['A02'] }, 'A02A04')).toBe(true);
  });
  it('bars when the category is unknown', () => {
    expect(blacklistCovers({ scope: 'categories', categories: ['A02A01'] }, null)).toBe(true);
  });
});
