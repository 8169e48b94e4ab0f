import { describe, expect, it } from 'vitest';
import { type CellDraft, draftAhead } from './input.ts';

const draft: CellDraft = { base: 'ab', sent: ['abc', 'abcd'], value: 'abcd' };

describe('a typed cell draft against the rows that catch up in a transition', () => {
  it.each([
    ['no draft', null, 'ab', false],
    ['rows still hold the value before the edit', draft, 'ab', true],
    ['rows hold a value sent earlier', draft, 'abc', true],
    ['rows caught up with the last value', draft, 'abcd', false],
    ['rows were patched from outside', draft, 'pushed', false],
  ])('%s', (_name, d, stored, ahead) => {
    expect(draftAhead(d, stored)).toBe(ahead);
  });

  it('typing back to the value before the edit is caught up at once', () => {
    expect(draftAhead({ base: 'ab', sent: ['abc', 'ab'], value: 'ab' }, 'ab')).toBe(false);
    expect(draftAhead({ base: 'ab', sent: ['abc', 'ab'], value: 'ab' }, 'abc')).toBe(true);
  });
});
