import { GRID_STATISTICS, type GridStatistic } from '@aps/shared/constants';
import { capRowKey, newRowId } from './input.ts';
import { type GridColumn, type GridRow, isRowType } from './types.ts';

export const ORDER_KEY = 'orderNum';

/** Gives rows orderNum 1..n in their current order (after add, remove, move: §4); unchanged rows keep identity. */
export function resequence<R extends GridRow>(rows: readonly R[], orderKey = ORDER_KEY): R[] {
  return rows.map((row, i) => (row[orderKey] === i + 1 ? row : { ...row, [orderKey]: i + 1 }));
}

/** Moves the row at `from` to `to` and resequences. */
export function moveRow<R extends GridRow>(rows: readonly R[], from: number, to: number, orderKey = ORDER_KEY): R[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as R);
  return resequence(next, orderKey);
}

/** Default values of the value columns for a new row. */
export function newRow<R extends GridRow>(columns: readonly GridColumn<R>[], values: Partial<R> = {}): R {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    if (isRowType(c.type)) continue;
    row[c.key] = typeof c.defaultValue === 'function' ? c.defaultValue() : (c.defaultValue ?? '');
  }
  Object.assign(row, values);
  row.id = capRowKey(values.id ?? newRowId());
  return row as R;
}

/** Normalises rows given from outside: ids capped at 50 characters (missing ones generated). */
export const normaliseRows = <R extends GridRow>(rows: readonly R[]): R[] =>
  rows.map((r) => {
    const id = r.id == null || r.id === '' ? newRowId() : capRowKey(r.id);
    return id === r.id ? r : { ...r, id };
  });

/**
 * Patches one row by id with `values` (never its id): the rows array with only that row replaced, or the same
 * array when the id is unknown. For server-pushed updates (§4 update_vxe_table) as much as for edits.
 */
export function patchRow<R extends GridRow>(rows: readonly R[], id: string, values: Partial<R>): readonly R[] {
  const index = rows.findIndex((r) => r.id === id);
  if (index < 0) return rows;
  const { id: _ignored, ...rest } = values;
  const next = [...rows];
  next[index] = { ...(rows[index] as R), ...rest };
  return next;
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** One footer statistic of a column: 合计 is the sum of numeric cells, 平均 their mean over all rows (2 decimals). */
export function statistic(rows: readonly GridRow[], key: string, kind: GridStatistic): number {
  let sum = 0;
  for (const row of rows) {
    const n = Number(row[key]);
    if (row[key] !== '' && row[key] != null && Number.isFinite(n)) sum += n;
  }
  if (kind === 'sum') return round2(sum);
  return rows.length ? round2(sum / rows.length) : 0;
}

/** The footer rows: one per statistic any column asks for, in the order 合计, 平均, with each column's value. */
export function footerRows(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
): { kind: GridStatistic; label: string; values: Record<string, number> }[] {
  const kinds = (Object.keys(GRID_STATISTICS) as GridStatistic[]).filter((k) =>
    columns.some((c) => c.statistics?.includes(k)),
  );
  return kinds.map((kind) => {
    const values: Record<string, number> = {};
    for (const c of columns) if (c.statistics?.includes(kind)) values[c.key] = statistic(rows, c.key, kind);
    return { kind, label: GRID_STATISTICS[kind], values };
  });
}
