import { describe, expect, it } from 'vitest';
import { greeting, welcomeText } from './greeting.ts';

describe('greeting (§9)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('at %i o’clock says %s', (hour, text) => {
    expect(greeting(hour)).toBe(text);
  });

  it('welcomes back with the greeting of the hour', () => {
    expect(welcomeText(7)).toBe('早上好，欢迎回来');
  });
});
