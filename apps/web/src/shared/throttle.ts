import { App } from 'antd';
import { useCallback, useRef } from 'react';

/** §5, §9: the same action clicked again within 300 ms is refused with this warning. */
export const CLICK_THROTTLE_MS = 300;
export const CLICK_TOO_FAST = '你点击的太快了，请慢点点击!';

/**
 * Wraps an action so that a second call within 300 ms of the previous accepted one is dropped and `onTooFast`
 * runs instead.
 */
export function throttleClick<A extends unknown[]>(
  action: (...args: A) => void,
  onTooFast: () => void,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const at = now();
    if (at - last < CLICK_THROTTLE_MS) {
      onTooFast();
      return;
    }
    last = at;
    action(...args);
  };
}

/** A click handler that runs `action` at most once per 300 ms and warns 你点击的太快了，请慢点点击! otherwise. */
export function useThrottledClick<A extends unknown[]>(action: (...args: A) => void): (...args: A) => void {
  const { message } = App.useApp();
  const actionRef = useRef(action);
  actionRef.current = action;
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (...args: A) => {
      const at = Date.now();
      if (at - last.current < CLICK_THROTTLE_MS) {
        void message.warning({ key: CLICK_TOO_FAST, content: CLICK_TOO_FAST });
        return;
      }
      last.current = at;
      actionRef.current(...args);
    },
    [message],
  );
}

/** §9 anti-repeat: a form's second submit within 1000 ms of the last one that was sent is ignored. */
export const ANTI_REPEAT_MS = 1000;

/**
 * A gate for submits: `pass()` is true for the first call and then again only once ANTI_REPEAT_MS have gone by, so a
 * double click or a second Enter sends one request. Call it after validation: a refused form can be fixed and sent
 * again at once.
 */
export function antiRepeat(now: () => number = Date.now, windowMs = ANTI_REPEAT_MS): { pass(): boolean } {
  let last = Number.NEGATIVE_INFINITY;
  return {
    pass() {
      const at = now();
      if (at - last < windowMs) return false;
      last = at;
      return true;
    },
  };
}
