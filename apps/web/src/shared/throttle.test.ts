import { describe, expect, it, vi } from 'vitest';
import { ANTI_REPEAT_MS, antiRepeat, throttleClick } from './throttle.ts';

describe('throttleClick', () => {
  it('drops a second click within 300 ms and warns', () => {
    let now = 1000;
    const action = vi.fn();
    const tooFast = vi.fn();
    const click = throttleClick(action, tooFast, () => now);
    click();
    now += 299;
    click();
    expect(action).toHaveBeenCalledTimes(1);
    expect(tooFast).toHaveBeenCalledTimes(1);
    now += 1;
    click();
    expect(action).toHaveBeenCalledTimes(2);
  });
});

describe('antiRepeat (§9)', () => {
  it('lets one submit through per 1000 ms', () => {
    let now = 5000;
    const gate = antiRepeat(() => now);
    expect(ANTI_REPEAT_MS).toBe(1000);
    expect(gate.pass()).toBe(true);
    now += 999;
    expect(gate.pass()).toBe(false);
    now += 1;
    expect(gate.pass()).toBe(true);
  });
});
