import { describe, expect, it } from 'vitest';
import { nextSegment } from './service.ts';

describe('nextSegment (org code generation)', () => {
  it.each([
    [[], 'A01'],
    [['A01'], 'A02'],
    [['A01', 'A03'], 'A04'],
    [['A98', 'A99'], 'B01'],
    [['B01', 'A05'], 'B02'],
    [['Z98'], 'Z99'],
    [['xx', 'A1', 'A00'], 'A01'],
  ])('%o → %s', (used, next) => {
    expect(nextSegment(used)).toBe(next);
  });

  it('has no code after Z99', () => {
    expect(nextSegment(['Z99'])).toBeNull();
  });
});
