import { GRID_TIMINGS } from '@aps/shared/constants';
import { antiRepeat } from '../throttle.ts';

/** A trailing debounce that hands on the latest value: `call` (re)starts the wait, `flush` delivers now. */
export interface Debounced<T> {
  call: (value: T) => void;
  flush: () => void;
  cancel: () => void;
}

export function debounceLatest<T>(emit: (value: T) => void, waitMs: number): Debounced<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const fire = () => {
    timer = undefined;
    const p = pending;
    pending = undefined;
    if (p) emit(p.value);
  };
  return {
    call(value) {
      pending = { value };
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(fire, waitMs);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

/** §9 debounce 100 ms: the page's `onValuesChange` hears the rows once typing pauses (JVxeTable's valueChange). */
export const valueChangeEmitter = <T>(emit: (rows: T) => void) =>
  debounceLatest(emit, GRID_TIMINGS.valueChangeDebounceMs);

/** §9 insert guard 1500 ms: the toolbar's 新增 adds once per window (a double click adds one batch). */
export const insertGuard = (now: () => number = Date.now) => antiRepeat(now, GRID_TIMINGS.insertGuardMs);

/** The rows in view when scrolling stopped (0-based, `end` inclusive), and the body's scroll position. */
export interface GridVisibleRange {
  start: number;
  end: number;
  total: number;
  scrollTop: number;
}

/** §9 scroll-end debounce 100 ms: `scrolled()` on every scroll event; `emit` runs once, 100 ms after the last. */
export const scrollEndWatcher = (emit: () => void) => {
  const d = debounceLatest<undefined>(() => emit(), GRID_TIMINGS.scrollEndDebounceMs);
  return { scrolled: () => d.call(undefined), cancel: d.cancel };
};
