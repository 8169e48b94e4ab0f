import { NARROW_TABLE_SCROLL_X, useTableScroll } from '../stores/app.ts';

/**
 * A table's `scroll`: below 500 px tables scroll x 800 (§2); a table with a natural width `minWidth` scrolls
 * sideways rather than squeezing its columns when the page is narrower than that.
 */
export function useListScroll(minWidth?: number): { x: number } | undefined {
  const narrow = useTableScroll();
  if (!minWidth) return narrow;
  return { x: narrow ? Math.max(minWidth, NARROW_TABLE_SCROLL_X) : minWidth };
}
