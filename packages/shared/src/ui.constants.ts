/**
 * §9 timings of the editable grid (JVxeTable), one place for the numbers the web uses.
 * - `valueChangeDebounceMs`: the page hears about edited values (`onValuesChange`) 100 ms after the last change.
 * - `insertGuardMs`: the toolbar's 新增 adds once per 1500 ms (a double click adds one batch of rows).
 * - `scrollEndDebounceMs`: `onScrollEnd` fires once, 100 ms after the body stopped scrolling.
 */
export const GRID_TIMINGS = {
  valueChangeDebounceMs: 100,
  insertGuardMs: 1500,
  scrollEndDebounceMs: 100,
} as const;

/** §4, §9: the enhance record list keeps the last 16 saved scripts per code (newest first). */
export const ENHANCE_HISTORY_LIMIT = 16;
