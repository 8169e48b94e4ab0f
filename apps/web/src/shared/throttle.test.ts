import { describe, expect, it, vi } from 'vitest';
import { throttleClick } from './throttle.ts';

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
