import { QA_SUPER_QUERY_FIELDS, USER_SUPER_QUERY_FIELDS } from '@aps/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  changeField,
  changeRule,
  completeLines,
  isEmptyLine,
  linesOf,
  newLine,
  splitValues,
  superQueryParams,
} from './model.ts';

describe('isEmptyLine (§5: empty if field, value or rule missing)', () => {
  it.each([
    [{}, true],
    [{ field: 'username' }, true],
    [{ field: 'username', val: '  ' }, true],
    [{ field: 'username', val: 'a', rule: undefined }, true],
    [{ val: 'a' }, true],
    [{ field: 'username', val: 'a' }, false],
  ])('%j → %s', (line, empty) => {
    expect(isEmptyLine(newLine(line))).toBe(empty);
  });
});

describe('changeRule', () => {
  it('switching away from in keeps the first value (§5)', () => {
    const line = newLine({ field: 'username', rule: 'in', val: 'a,b,c' });
    expect(changeRule(line, 'eq')).toMatchObject({ rule: 'eq', val: 'a' });
    expect(changeRule(line, 'like')).toMatchObject({ rule: 'like', val: 'a' });
  });

  it('switching to in, or between other rules, keeps the value', () => {
    expect(changeRule(newLine({ rule: 'eq', val: 'x' }), 'in')).toMatchObject({ rule: 'in', val: 'x' });
    expect(changeRule(newLine({ rule: 'eq', val: 'x,y' }), 'ne')).toMatchObject({ rule: 'ne', val: 'x,y' });
    expect(changeRule(newLine({ rule: 'in', val: '' }), 'eq').val).toBeUndefined();
  });

  it('a new field clears the value', () => {
    expect(changeField(newLine({ field: 'username', val: 'a' }), 'sex')).toMatchObject({
      field: 'sex',
      val: undefined,
    });
  });
});

describe('completeLines and superQueryParams', () => {
  const lines = [
    newLine({ field: 'username', rule: 'like', val: ' ad ' }),
    newLine({ field: 'sex', rule: 'in', val: '1,2' }),
    newLine({ field: 'phone', rule: 'eq', val: '' }),
  ];

  it('keeps the complete lines, trimmed, with the field type', () => {
    expect(completeLines(lines, USER_SUPER_QUERY_FIELDS)).toEqual([
      { field: 'username', rule: 'like', val: 'ad', type: 'string' },
      { field: 'sex', rule: 'in', val: '1,2', type: 'number' },
    ]);
  });

  it('encodes the lines as the spec client does; no query → no parameters', () => {
    const records = completeLines(lines, USER_SUPER_QUERY_FIELDS);
    const params = superQueryParams({ matchType: 'or', records });
    expect(params.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(params.superQueryParams ?? ''))).toEqual(records);
    expect(superQueryParams(null)).toEqual({});
    expect(superQueryParams({ matchType: 'and', records: [] })).toEqual({});
  });

  it('linesOf gives back editable lines, at least one', () => {
    expect(linesOf([])).toHaveLength(1);
    const back = linesOf([{ field: 'qaType', rule: 'eq', val: '1' }]);
    expect(back[0]).toMatchObject({ field: 'qaType', rule: 'eq', val: '1' });
    expect(completeLines(back, QA_SUPER_QUERY_FIELDS)[0]?.type).toBe('string');
  });

  it('splitValues trims and drops blanks', () => {
    expect(splitValues(' a, ,b ,')).toEqual(['a', 'b']);
    expect(splitValues(undefined)).toEqual([]);
  });
});
