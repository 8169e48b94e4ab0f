import { describe, expect, it } from 'vitest';
import { filterEntries, splitMatches } from './highlight.ts';

describe('splitMatches', () => {
  it.each([
    ['如何注册账号', '', [['如何注册账号', false]]],
    [
      '如何注册账号',
      '注册',
      [
        ['如何', false],
        ['注册', true],
        ['账号', false],
      ],
    ],
    [
      'Excel 导入 excel',
      'EXCEL',
      [
        ['Excel', true],
        [' 导入 ', false],
        ['excel', true],
      ],
    ],
    [
      '价格(元)',
      '(元)',
      [
        ['价格', false],
        ['(元)', true],
      ],
    ],
    ['abc', 'x', [['abc', false]]],
  ] as const)('%s / %s', (text, query, expected) => {
    expect(splitMatches(text, query).map((s) => [s.text, s.match])).toEqual(expected);
  });
});

describe('filterEntries', () => {
  const e = (questionContent: string, answerContent: string, displayOrder: number) => ({
    questionContent,
    answerContent,
    displayOrder,
  });
  const entries = [e('注册', '答案甲', 3), e('登录', '先注册再登录', 1), e('合同', '结算', 2)];

  it('keeps all entries, sorted by displayOrder, for an empty query', () => {
    expect(filterEntries(entries, '  ').map((x) => x.displayOrder)).toEqual([1, 2, 3]);
  });

  it('matches question or answer', () => {
    expect(filterEntries(entries, '注册').map((x) => x.questionContent)).toEqual(['登录', '注册']);
    expect(filterEntries(entries, '无此内容')).toEqual([]);
  });
});
