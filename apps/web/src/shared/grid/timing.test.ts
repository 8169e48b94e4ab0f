import { GRID_TIMINGS } from '@aps/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceLatest, insertGuard, scrollEndWatcher, valueChangeEmitter } from './timing.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('grid timings (§9)', () => {
  it('are the spec numbers', () => {
    expect(GRID_TIMINGS).toEqual({ valueChangeDebounceMs: 100, insertGuardMs: 1500, scrollEndDebounceMs: 100 });
  });

  it('debounces value changes by 100 ms and hands on the latest rows', () => {
    const heard = vi.fn();
    const changed = valueChangeEmitter<string[]>(heard);
    changed.call(['a']);
    vi.advanceTimersByTime(60);
    changed.call(['a', 'b']);
    vi.advanceTimersByTime(99);
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('flushes at once and cancels a pending change', () => {
    const heard = vi.fn();
    const d = debounceLatest<number>(heard, 100);
    d.call(1);
    d.flush();
    expect(heard).toHaveBeenCalledWith(1);
    d.flush();
    expect(heard).toHaveBeenCalledTimes(1);
    d.call(2);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('lets 新增 add once per 1500 ms (a double click adds one batch)', () => {
    const guard = insertGuard(() => Date.now());
    expect(guard.pass()).toBe(true);
    vi.advanceTimersByTime(200);
    expect(guard.pass()).toBe(false);
    vi.advanceTimersByTime(1299);
    expect(guard.pass()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.pass()).toBe(true);
  });

  it('fires scroll end once, 100 ms after the last scroll event', () => {
    const ended = vi.fn();
    const watcher = scrollEndWatcher(ended);
    for (let i = 0; i < 10; i++) {
      watcher.scrolled();
      vi.advanceTimersByTime(16);
    }
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(83);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(ended).toHaveBeenCalledTimes(1);
    watcher.scrolled();
    watcher.cancel();
    vi.advanceTimersByTime(1000);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
