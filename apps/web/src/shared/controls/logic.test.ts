import { describe, expect, it } from 'vitest';
import {
  clampDrag,
  DICT_CODE_EMPTY,
  dictCodeError,
  dragVerifyEnd,
  elapsedBetween,
  ellipsize,
  formatElapsed,
  switchChecked,
  switchValue,
  targetTime,
} from './logic.ts';

describe('dictCodeError (§5 字典Code不能为空!)', () => {
  it.each([
    ['', DICT_CODE_EMPTY],
    ['   ', DICT_CODE_EMPTY],
    [null, DICT_CODE_EMPTY],
    [undefined, DICT_CODE_EMPTY],
    ['yn', null],
    ['sys_user,realname,username', null],
  ])('%j → %j', (code, expected) => {
    expect(dictCodeError(code)).toBe(expected);
  });
  it('is the spec text verbatim', () => expect(DICT_CODE_EMPTY).toBe('字典Code不能为空!'));
});

describe('Y/N switch (§4: a pair, default Y and N, the second value when empty)', () => {
  it.each([
    [true, undefined, 'Y'],
    [false, undefined, 'N'],
    [null, undefined, 'N'],
    [undefined, undefined, 'N'],
    [true, ['1', '0'] as const, '1'],
    [false, ['1', '0'] as const, '0'],
  ])('checked %j with pair %j emits %j', (checked, pair, expected) => {
    expect(switchValue(checked, pair)).toBe(expected);
  });
  it.each([
    ['Y', undefined, true],
    ['N', undefined, false],
    ['', undefined, false],
    [undefined, undefined, false],
    ['y', undefined, false],
    ['1', ['1', '0'] as const, true],
    ['Y', ['1', '0'] as const, false],
  ])('value %j with pair %j is on: %j', (value, pair, expected) => {
    expect(switchChecked(value, pair)).toBe(expected);
  });
});

describe('elapsed time (days, hours, minutes, seconds)', () => {
  const t0 = Date.UTC(2026, 0, 1, 0, 0, 0);
  it.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }, '0天 00小时 00分 00秒'],
    [59_999, { days: 0, hours: 0, minutes: 0, seconds: 59 }, '0天 00小时 00分 59秒'],
    [61_000, { days: 0, hours: 0, minutes: 1, seconds: 1 }, '0天 00小时 01分 01秒'],
    [3_600_000, { days: 0, hours: 1, minutes: 0, seconds: 0 }, '0天 01小时 00分 00秒'],
    // 3 d 4 h 5 min 6 s = 3·86400 + 4·3600 + 5·60 + 6 = 273906 s
    [273_906_000, { days: 3, hours: 4, minutes: 5, seconds: 6 }, '3天 04小时 05分 06秒'],
    [-5_000, { days: 0, hours: 0, minutes: 0, seconds: 0 }, '0天 00小时 00分 00秒'],
  ])('+%d ms', (ms, parts, text) => {
    expect(elapsedBetween(t0, t0 + ms)).toEqual(parts);
    expect(formatElapsed(elapsedBetween(t0, t0 + ms))).toBe(text);
  });

  it.each([
    [new Date(t0), t0],
    [t0, t0],
    ['2026-01-01T00:00:00Z', t0],
    [new Date('nope'), null],
    ['not a date', null],
    ['', null],
    [null, null],
    [undefined, null],
    [{}, null],
    [Number.NaN, null],
  ])('target %j → %j', (target, expected) => {
    expect(targetTime(target)).toBe(expected);
  });

  it('reads "YYYY-MM-DD HH:mm:ss" as local time', () => {
    expect(targetTime('2026-03-04 05:06:07')).toBe(new Date(2026, 2, 4, 5, 6, 7).getTime());
  });
});

describe('ellipsize', () => {
  it.each([
    ['短文本', 12, '短文本', false],
    ['一二三四五六七八九十一二', 12, '一二三四五六七八九十一二', false],
    ['一二三四五六七八九十一二三', 12, '一二三四五六七八九十一二…', true],
    ['abcdef', 5, 'abcde…', true],
    [null, 5, '', false],
  ])('%j cut to %d', (text, length, expected, cut) => {
    expect(ellipsize(text, length)).toEqual({ text: expected, cut });
  });
});

describe('drag-to-verify (§4: passes at full width, else snaps back)', () => {
  it.each([
    [260, 260, { offset: 260, passed: true }],
    [259.5, 260, { offset: 260, passed: true }],
    [300, 260, { offset: 260, passed: true }],
    [200, 260, { offset: 0, passed: false }],
    [0, 260, { offset: 0, passed: false }],
    [10, 0, { offset: 0, passed: false }],
  ])('dx %d on %d', (dx, max, expected) => {
    expect(dragVerifyEnd(dx, max)).toEqual(expected);
  });
  it('clamps the handle to the track', () => {
    expect(clampDrag(-10, 260)).toBe(0);
    expect(clampDrag(100, 260)).toBe(100);
    expect(clampDrag(400, 260)).toBe(260);
  });
});
