import { PURCHASE_SUPER_QUERY_FIELDS, QA_SUPER_QUERY_FIELDS, USER_SUPER_QUERY_FIELDS } from '@aps/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  changeField,
  changeRule,
  completeLines,
  describeCondition,
  describeQuery,
  isEmptyLine,
  linesOf,
  newLine,
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
});

describe('describeCondition / describeQuery (a query in words)', () => {
  const stages = (code: string) =>
    code === 'purchase_stage'
      ? [
          { value: '9', text: '评审结束' },
          { value: '12', text: '已定标' },
        ]
      : undefined;
  it.each([
    [{ field: 'username', rule: 'eq', val: 'admin' }, USER_SUPER_QUERY_FIELDS, '用户账号 等于 admin'],
    [{ field: 'sex', rule: 'ne', val: '2' }, USER_SUPER_QUERY_FIELDS, '性别 不等于 女'],
    [
      { field: 'purchaseStage', rule: 'in', val: '9, 12,3' },
      PURCHASE_SUPER_QUERY_FIELDS,
      '采购阶段 在...中 评审结束、已定标、3',
    ],
    [
      { field: 'purchaseName', rule: 'right_like', val: ' 2026 ' },
      PURCHASE_SUPER_QUERY_FIELDS,
      '采购名称 以..开始 2026',
    ],
    [{ field: 'gone', rule: 'le', val: '5' }, PURCHASE_SUPER_QUERY_FIELDS, 'gone 小于等于 5'],
  ] as const)('%j → %s', (cond, fields, text) => {
    expect(describeCondition(cond, fields, stages)).toBe(text);
  });

  it('joins with 并且 for and, 或者 for or', () => {
    const records = [
      { field: 'purchaseStage', rule: 'ge', val: '9' },
      { field: 'fixedPrice', rule: 'gt', val: '800000' },
    ] as const;
    expect(describeQuery({ matchType: 'and', records: [...records] }, PURCHASE_SUPER_QUERY_FIELDS, stages)).toBe(
      '采购阶段 大于等于 评审结束 并且 限价（元） 大于 800000',
    );
    expect(describeQuery({ matchType: 'or', records: [...records] }, PURCHASE_SUPER_QUERY_FIELDS, stages)).toBe(
      '采购阶段 大于等于 评审结束 或者 限价（元） 大于 800000',
    );
  });
});
