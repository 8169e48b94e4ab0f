import { describe, expect, it } from 'vitest';
import {
  checkExpression,
  ExpressionError,
  evaluateExpression,
  expressionVariables,
  parseExpression,
} from './workflow-expression.ts';

describe('workflow condition expressions', () => {
  const vars = { amount: 1_500_000, category: '2', method: 'public', userType: 1, flag: true, nested: { level: 3 } };

  it('compares numbers, strings and booleans', () => {
    expect(evaluateExpression('amount >= 1000000', vars)).toBe(true);
    expect(evaluateExpression('amount < 1000000', vars)).toBe(false);
    expect(evaluateExpression('amount >= 1000000 && category == "2"', vars)).toBe(true);
    expect(evaluateExpression("category != '2' || method == 'public'", vars)).toBe(true);
    expect(evaluateExpression('flag == true', vars)).toBe(true);
    expect(evaluateExpression('!flag', vars)).toBe(false);
    expect(evaluateExpression('nested.level > 2', vars)).toBe(true);
    expect(evaluateExpression('amount >= 1e6', vars)).toBe(true);
    expect(evaluateExpression('-1 < amount', vars)).toBe(true);
  });

  it('treats numeric text as a number and missing variables as null', () => {
    expect(evaluateExpression('category == 2', vars)).toBe(true);
    expect(evaluateExpression('amount == "1500000"', vars)).toBe(true);
    expect(evaluateExpression('missing == null', vars)).toBe(true);
    expect(evaluateExpression('missing > 0', vars)).toBe(false);
    expect(evaluateExpression('amount > "abc"', vars)).toBe(false);
  });

  it('respects precedence and parentheses', () => {
    expect(evaluateExpression('false && true || true', {})).toBe(true);
    expect(evaluateExpression('false && (true || true)', {})).toBe(false);
    expect(evaluateExpression('!(amount > 1 && userType == 2)', vars)).toBe(true);
  });

  it('supports in and not in lists', () => {
    expect(evaluateExpression('method in ["public", "invite"]', vars)).toBe(true);
    expect(evaluateExpression('userType in [2, 3]', vars)).toBe(false);
    expect(evaluateExpression('userType not in [2, 3]', vars)).toBe(true);
    expect(evaluateExpression('userType in []', vars)).toBe(false);
  });

  it('refuses what is not the language, in Chinese, without evaluating code', () => {
    for (const bad of [
      '',
      'amount >=',
      'amount >= 1 &&',
      '(amount > 1',
      'amount = 1',
      'process.exit()',
      'a; b',
      '"unterminated',
      'constructor.prototype',
      'x in [y]',
      'amount > 1 2',
    ]) {
      expect(() => parseExpression(bad), bad).toThrow(ExpressionError);
      expect(checkExpression(bad), bad).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(checkExpression('amount >= 1000000 && category == "2"')).toBeNull();
  });

  it('never reads inherited properties', () => {
    expect(evaluateExpression('toString == null', {})).toBe(true);
    expect(evaluateExpression('hasOwnProperty == null', vars)).toBe(true);
  });

  it('lists the variables it reads', () => {
    expect(expressionVariables('amount >= 1 && (category == "2" || nested.level in [1])').sort()).toEqual([
      'amount',
      'category',
      'nested.level',
    ]);
  });
});
