import { describe, expect, it } from 'vitest';
import { loginRequestSchema, phoneLoginRequestSchema } from './auth.ts';
import {
  isReviewEnded,
  priceLimitInTenThousands,
  reviewTiming,
  showsLowerCoefficient,
  showsQuotationRounds,
} from './dictionaries.ts';
import { checkedCountError, maxLengthMessage, minLengthMessage, RULES } from './rules.ts';

describe('§5 patterns', () => {
  it.each([
    ['mobile', '13812345678', true],
    ['mobile', '16812345678', false],
    ['mobile', '1381234567', false],
    ['email', 'a.b@c.cn', true],
    ['email', 'a@b', false],
    ['bankCard', '6222021234567890', true],
    ['bankCard', '0222021234567890', false],
    ['idCard', '11010519491231002X', true],
    ['idCard', '110105194912310', true],
    ['idCard', '1101051949123100', false],
    ['qq', '10001', true],
    ['qq', '1000', false],
    ['url', 'https://a.cn', true],
    ['url', 'ftp://a.cn', false],
    ['alnum20', 'abc123', true],
    ['alnum20', 'abc-123', false],
    ['nameWithSpaces', '张 三', true],
    ['nameWithSpaces', '张', false],
    ['digitsAndNewlines', '12\n34', true],
    ['landline', '010-12345678', true],
  ] as const)('%s %j → %s', (rule, value, expected) => {
    expect(RULES[rule].pattern.test(value)).toBe(expected);
  });
});

describe('login schemas', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it.each([
    [{ username: '', password: 'x' }, ['请输入用户名']],
    [{ username: 'ab c', password: 'x' }, ['只允许字母、数字、下划线']],
    [{ username: 'abc', password: 'x' }, ['用户名长度为6到18位']],
    [{ username: 'abcd', password: '' }, ['请输入密码']],
    [{ username: 'a'.repeat(19), password: 'x' }, ['用户名长度为6到18位']],
  ])('%j → %j', (input, expected) => {
    expect(messages(loginRequestSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts a 4-character username (the rule is 4–18 though the message says 6到18)', () => {
    expect(loginRequestSchema.safeParse({ username: 'abcd', password: 'x' }).success).toBe(true);
  });

  it('phone login needs a valid mobile and a numeric code', () => {
    expect(messages(phoneLoginRequestSchema.safeParse({ mobile: '', captcha: '1234' }))).toEqual(['请输入手机号']);
    expect(phoneLoginRequestSchema.safeParse({ mobile: '13812345678', captcha: '123456' }).success).toBe(true);
  });
});

describe('purchase stage', () => {
  it.each([
    ['8', false],
    ['9', true],
    [12, true],
    [null, false],
  ] as const)('stage %j ended: %s', (stage, ended) => {
    expect(isReviewEnded(stage)).toBe(ended);
  });
});

describe('§5 length and checkbox-group messages', () => {
  it('says the bound in the text', () => {
    expect(minLengthMessage(6)).toBe('最小长度6位字符');
    expect(maxLengthMessage(20)).toBe('最大长度20位字符');
  });

  it('counts ticked values of an array or a comma-joined string', () => {
    expect(checkedCountError([], { min: 1 })).toBe('最少选择1项');
    expect(checkedCountError('', { min: 1 })).toBe('最少选择1项');
    expect(checkedCountError(undefined, { min: 1 })).toBe('最少选择1项');
    expect(checkedCountError('1,2,3', { min: 1, max: 2 })).toBe('最多选择2项');
    expect(checkedCountError(['1', '2'], { min: 1, max: 2 })).toBeNull();
    expect(checkedCountError('3', { max: 2 })).toBeNull();
  });
});

describe('purchase review timing and panel rules (§2, §4)', () => {
  const times = {
    reviewStartTime: '2026-05-01 09:00:00',
    reviewStopTime: '2026-05-03 11:30:15',
    openingStartTime: '2026-04-30 14:00:00',
  };

  it('runs a live timer from the review start until the stage says the review ended', () => {
    expect(reviewTiming({ ...times, purchaseStage: '8' })).toEqual({ kind: 'running', from: times.reviewStartTime });
    expect(reviewTiming({ ...times, purchaseStage: '8', reviewStartTime: null })).toEqual({ kind: 'none' });
  });

  it('shows the span from opening to review stop once the stage is 9, 10, 11 or 12', () => {
    for (const stage of ['9', '10', 11, '12']) {
      expect(reviewTiming({ ...times, purchaseStage: stage })).toEqual({
        kind: 'ended',
        from: times.openingStartTime,
        to: times.reviewStopTime,
      });
    }
    expect(reviewTiming({ ...times, purchaseStage: '10', reviewStopTime: null })).toEqual({ kind: 'none' });
  });

  it('shows the lower coefficient only for type 1, the rounds except for scoreType 3', () => {
    expect([1, '1', 0, '2', null].map(showsLowerCoefficient)).toEqual([true, true, false, false, false]);
    expect(['1', '2', '3', 3].map(showsQuotationRounds)).toEqual([true, true, false, false]);
  });

  it('gives the price limit in 万元', () => {
    expect(priceLimitInTenThousands('8583449.39')).toBeCloseTo(858.344939, 6);
    expect(priceLimitInTenThousands(null)).toBeNull();
    expect(priceLimitInTenThousands('x')).toBeNull();
  });
});
