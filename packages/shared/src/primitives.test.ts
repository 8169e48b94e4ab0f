import { describe, expect, it } from 'vitest';
import {
  dateSchema,
  dateTimeSchema,
  hasIllegalText,
  multiValueSchema,
  pageNoSchema,
  pageSizeSchema,
  safeText,
  serialIdSchema,
} from './primitives.ts';

describe('shared input primitives', () => {
  it.each([
    ['plain', false],
    ['中文', false],
    ['emoji 😀', false],
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udfffy', true],
  ])('hasIllegalText(%j) = %s', (value, expected) => {
    expect(hasIllegalText(value)).toBe(expected);
  });

  it('safeText takes numbers as text and refuses NUL', () => {
    expect(safeText.parse(12)).toBe('12');
    expect(safeText.safeParse('a\u0000').error?.issues[0]?.message).toBe('包含非法字符');
  });

  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-30', false],
    ['2026-13-45', false],
    ['0000-00-00', false],
    ['2026-1-1', false],
  ])('dateSchema(%s) valid = %s', (value, valid) => {
    expect(dateSchema.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['2026-02-28 23:59:59', true],
    ['2026-02-28 24:00:00', false],
    ['2026-02-30 10:00:00', false],
  ])('dateTimeSchema(%s) valid = %s', (value, valid) => {
    expect(dateTimeSchema.safeParse(value).success).toBe(valid);
  });

  it.each([
    [5, 5],
    ['30', 30],
    [9999, 9999],
    [undefined, 10],
  ])('pageSize %j → %s', (value, expected) => {
    expect(pageSizeSchema.parse(value)).toBe(expected);
  });

  it.each([0, -10, 10000, 'NaN', 'abc', 2.5])('pageSize %j is refused', (value) => {
    expect(pageSizeSchema.safeParse(value).error?.issues[0]?.message).toBe('每页条数必须是1到9999之间的整数');
  });

  it.each([0, -1, 1e9, 'NaN'])('pageNo %j is refused', (value) => {
    expect(pageNoSchema.safeParse(value).success).toBe(false);
  });

  it('serial ids stop at 2^31−1', () => {
    expect(serialIdSchema.parse('2147483647')).toBe(2147483647);
    expect(serialIdSchema.safeParse(2147483648).success).toBe(false);
  });

  it.each([
    ['a,b, c', ['a', 'b', 'c']],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [7, ['7']],
    ['', []],
  ])('multiValue(%j) = %j', (value, expected) => {
    expect(multiValueSchema.parse(value)).toEqual(expected);
  });
});
