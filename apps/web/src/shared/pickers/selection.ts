import { CATEGORY_MESSAGES } from '@aps/shared/constants';

/** Adds or removes keys from a selection, keeping its order; single mode keeps at most one. */
export function toggleSelection<T>(
  selected: readonly T[],
  rows: readonly T[],
  checked: boolean,
  keyOf: (row: T) => string,
  multiple: boolean,
): T[] {
  if (!multiple) return checked ? rows.slice(0, 1) : selected.filter((s) => !rows.some((r) => keyOf(r) === keyOf(s)));
  if (!checked) return selected.filter((s) => !rows.some((r) => keyOf(r) === keyOf(s)));
  const have = new Set(selected.map(keyOf));
  return [...selected, ...rows.filter((r) => !have.has(keyOf(r)))];
}

/** §5: a category select's condition must be a JSON object string, else 组件JTreeSelect-condition传值有误，需要一个json字符串!. */
export function conditionError(condition: string | undefined): string | null {
  if (!condition?.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? null
      : CATEGORY_MESSAGES.badCondition;
  } catch {
    return CATEGORY_MESSAGES.badCondition;
  }
}
