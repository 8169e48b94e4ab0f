import { describe, expect, it } from 'vitest';
import { canRectify } from './supervision.constants.ts';
import { rectificationAddSchema } from './supervision.ts';

describe('canRectify', () => {
  it.each([
    ['answer', 'pending', '1', true],
    ['answer', 'pending', '5', true],
    ['answer', 'answered', '1', false],
    ['answer', 'closed', '4', false],
    ['review', 'answered', '1', true],
    ['review', 'answered', '5', true],
    ['review', 'answered', '2', false],
    ['review', 'pending', '1', false],
    ['giveBack', 'answered', '1', true],
    ['giveBack', 'answered', '3', false],
    ['giveBack', 'closed', '4', false],
  ] as const)('%s from %s (approval %s) → %s', (action, state, approval, expected) => {
    expect(canRectify(action, state, approval)).toBe(expected);
  });
});

describe('rectificationAddSchema', () => {
  const base = {
    findingId: '00000000-0000-4000-8000-000000000001',
    deadline: '2026-12-01',
    requirement: '整改',
  };
  it('needs the department for a department order and the supplier for a supplier order', () => {
    expect(rectificationAddSchema.safeParse({ ...base, addresseeType: 'depart' }).error?.issues[0]?.message).toBe(
      '请选择整改对象',
    );
    expect(
      rectificationAddSchema.safeParse({ ...base, addresseeType: 'depart', addresseeOrgCode: 'A01' }).success,
    ).toBe(true);
    expect(rectificationAddSchema.safeParse({ ...base, addresseeType: 'supplier' }).success).toBe(false);
  });
});
