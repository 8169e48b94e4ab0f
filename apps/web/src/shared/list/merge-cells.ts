/**
 * Merged cells of a list page (§7 special lists): the antd `rowSpan` of each row for a column whose consecutive
 * equal values are shown once. The first row of a run spans the run; its followers get 0 (antd hides them).
 * Only consecutive rows merge: the server orders the rows so that a group is consecutive, and a page never
 * merges across its own boundary since it only sees its rows.
 */
export function rowSpans<T>(rows: readonly T[], key: (row: T) => unknown): number[] {
  const spans = new Array<number>(rows.length).fill(0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && Object.is(key(rows[i] as T), key(rows[start] as T))) continue;
    spans[start] = i - start;
    start = i;
  }
  return spans;
}
