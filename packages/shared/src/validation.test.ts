import { describe, expect, it } from 'vitest';
import { loginRequestSchema, phoneLoginRequestSchema } from './auth.ts';
import { isReviewEnded } from './dictionaries.ts';
import { RULES } from './rules.ts';

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
