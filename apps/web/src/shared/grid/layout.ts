import { GRID_WIDTHS } from '@aps/shared/constants';
import { type GridColumn, type GridColumnType, isRowType } from './types.ts';

/** §9 editable-table row height: every virtual row is exactly this tall (grid.css), so none is measured twice. */
export const ROW_HEIGHT = GRID_WIDTHS.rowHeight;

/** Narrowest a data column gets from the share when it names no width or min width (an input stays usable). */
export const DEFAULT_MIN_WIDTH = 100;

/** §9 min widths by type: datetime, user and department pickers 190. */
const MIN_BY_TYPE: Partial<Record<GridColumnType, number>> = {
  datetime: GRID_WIDTHS.datetimeMin,
  sel_user: GRID_WIDTHS.userMin,
  sel_depart: GRID_WIDTHS.departMin,
};

/** §9 fixed widths of the row columns (select / expand 60 with a footer statistic, else 40) and dates. */
export function fixedWidth(type: GridColumnType, withStatistics: boolean): number | undefined {
  switch (type) {
    case 'row-number':
      return GRID_WIDTHS.rowNumber;
    case 'row-checkbox':
    case 'row-radio':
      return withStatistics ? GRID_WIDTHS.selectionWithStatistics : GRID_WIDTHS.selection;
    case 'row-expand':
      return withStatistics ? GRID_WIDTHS.expandWithStatistics : GRID_WIDTHS.expand;
    case 'row-drag-sort':
      return GRID_WIDTHS.dragSort;
    case 'date':
      return GRID_WIDTHS.date;
    default:
      return undefined;
  }
}

export const isVisible = (c: GridColumn) => c.type !== 'hidden';

/**
 * Widths of the visible columns, by key. Row columns and dates have their §9 widths, a column's own width wins;
 * the others share 92 % of what is left of `containerWidth` equally, but never less than their min width
 * (§9 for datetime, user, department; else `minWidth` or 100), so a wide grid scrolls sideways.
 */
export function columnWidths(columns: readonly GridColumn[], containerWidth: number): Record<string, number> {
  const visible = columns.filter(isVisible);
  const withStatistics = visible.some((c) => c.statistics?.length);
  const widths: Record<string, number> = {};
  let taken = 0;
  const sharing: GridColumn[] = [];
  for (const c of visible) {
    const fixed = c.width ?? fixedWidth(c.type, withStatistics);
    if (fixed !== undefined) {
      widths[c.key] = fixed;
      taken += fixed;
    } else sharing.push(c);
  }
  if (sharing.length) {
    const share = Math.floor((Math.max(containerWidth - taken, 0) * GRID_WIDTHS.share) / sharing.length);
    for (const c of sharing) {
      const min = Math.max(c.minWidth ?? DEFAULT_MIN_WIDTH, MIN_BY_TYPE[c.type] ?? 0);
      widths[c.key] = Math.max(share, min);
    }
  }
  return widths;
}

/** Total width of the columns (the table's scroll x). */
export const totalWidth = (widths: Record<string, number>) => Object.values(widths).reduce((a, b) => a + b, 0);

export { isRowType };
