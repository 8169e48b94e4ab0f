import { fillMessage, GRID_MESSAGES, GRID_PRESETS } from '@aps/shared/constants';
import type { GridColumn, GridErrorMap, GridRow, GridValidateRule } from './types.ts';

export const isEmptyValue = (value: unknown): boolean =>
  value == null || value === '' || (Array.isArray(value) && value.length === 0);

const asText = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/** The key under which a value counts for `unique` (arrays and numbers compare by text). */
const uniqueKey = (value: unknown) => asText(value).trim();

/** How often each non-empty value of a column occurs (for `unique`: one pass, not one per cell). */
export function valueCounts(rows: readonly GridRow[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (isEmptyValue(r[key])) continue;
    const k = uniqueKey(r[key]);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * The first message a cell breaks, or null. Rules run in order; an empty cell only fails `required`/`*`.
 * `rows` are all rows of the table (for `unique` / `only`).
 */
export async function validateCell<R extends GridRow>(
  column: GridColumn<R>,
  row: R,
  rows: readonly R[],
  counts?: Map<string, number>,
): Promise<string | null> {
  const value = row[column.key];
  const vars = { title: column.title };
  for (const rule of column.validateRules ?? []) {
    const message = await breaks(rule, column, value, row, rows, counts);
    if (message) return fillMessage(message, vars);
  }
  return null;
}

async function breaks<R extends GridRow>(
  rule: GridValidateRule<R>,
  column: GridColumn<R>,
  value: unknown,
  row: R,
  rows: readonly R[],
  counts?: Map<string, number>,
): Promise<string | null> {
  const empty = isEmptyValue(value);
  if (rule.required || rule.pattern === '*') {
    if (empty) return rule.message ?? GRID_MESSAGES.required;
  }
  if (rule.unique || rule.pattern === 'only') {
    if (!empty) {
      const count = (counts ?? valueCounts(rows, column.key)).get(uniqueKey(value)) ?? 0;
      if (count >= 2) return rule.message ?? GRID_MESSAGES.unique;
    }
  }
  if (rule.pattern instanceof RegExp) {
    if (!empty && !rule.pattern.test(asText(value))) return rule.message ?? GRID_MESSAGES.invalid;
  } else if (rule.pattern && rule.pattern !== '*' && rule.pattern !== 'only') {
    const preset = GRID_PRESETS[rule.pattern];
    if (!empty && preset.pattern && !preset.pattern.test(asText(value))) return rule.message ?? preset.message;
  }
  if (rule.handler) {
    const message = await rule.handler({ value, row, rows, column });
    if (message) return message;
  }
  return null;
}

/** Validates every row against every column with rules: the error map (row id → key → message) or null. */
export async function validateRows<R extends GridRow>(
  rows: readonly R[],
  columns: readonly GridColumn<R>[],
): Promise<GridErrorMap | null> {
  const ruled = columns.filter((c) => c.validateRules?.length);
  const errors: GridErrorMap = {};
  let any = false;
  const counts = new Map(ruled.map((c) => [c.key, valueCounts(rows, c.key)]));
  for (const row of rows) {
    for (const column of ruled) {
      const message = await validateCell(column, row, rows, counts.get(column.key));
      if (message) {
        errors[row.id] ??= {};
        errors[row.id]![column.key] = message;
        any = true;
      }
    }
  }
  return any ? errors : null;
}

/** The first error of a map in row order (to scroll to it and name it). */
export function firstError(
  errors: GridErrorMap,
  rows: readonly GridRow[],
): { rowId: string; index: number; key: string; message: string } | null {
  for (const [index, row] of rows.entries()) {
    const cells = errors[row.id];
    if (!cells) continue;
    const [key, message] = Object.entries(cells)[0] ?? [];
    if (key && message) return { rowId: row.id, index, key, message };
  }
  return null;
}
