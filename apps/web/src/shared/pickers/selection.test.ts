import { describe, expect, it } from 'vitest';
import { conditionError, toggleSelection } from './selection.ts';

const key = (r: { id: string }) => r.id;
const a = { id: 'a' };
const b = { id: 'b' };
const c = { id: 'c' };

describe('picker selection', () => {
  it('adds rows once, keeps the order, removes unticked rows (multiple)', () => {
    expect(toggleSelection([a], [b, a], true, key, true)).toEqual([a, b]);
    expect(toggleSelection([a, b, c], [b], false, key, true)).toEqual([a, c]);
    expect(toggleSelection([], [a, b, c], true, key, true)).toEqual([a, b, c]);
  });

  it('keeps at most one row in single mode', () => {
    expect(toggleSelection([a], [b], true, key, false)).toEqual([b]);
    expect(toggleSelection([a], [a], false, key, false)).toEqual([]);
  });
});

describe('category select condition (§5)', () => {
  const bad = '组件JTreeSelect-condition传值有误，需要一个json字符串!';
  it.each([
    [undefined, null],
    ['', null],
    ['{"code":"A01"}', null],
    ['{}', null],
    ['code=A01', bad],
    ['[1,2]', bad],
    ['"A01"', bad],
    ['null', bad],
    ['{broken', bad],
  ])('%j → %j', (condition, expected) => {
    expect(conditionError(condition)).toBe(expected);
  });
});
