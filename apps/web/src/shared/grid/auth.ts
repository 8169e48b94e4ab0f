import { hasPermission, type PermissionLists } from '../auth/permission.ts';

/** The grid's toolbar buttons a permission code can hide (the code is `<prefix><button>`). */
export type GridToolbarButton = 'add' | 'remove' | 'clearSelection';

/**
 * §6 "Grid hides columns and toolbar buttons in an excluded list loaded by auth prefix": the codes under `prefix`
 * that are configured and switched on (allAuth, type not '2', status '1') but not allowed to this user
 * (hasPermission, the button rule), without the prefix. A prefix without a trailing colon gets one. No prefix, or
 * nothing configured under it, gives the empty list: everything is allowed.
 */
export function excludedCodes(prefix: string | undefined, lists: PermissionLists): string[] {
  if (!prefix) return [];
  const pre = prefix.endsWith(':') ? prefix : `${prefix}:`;
  const excluded = new Set<string>();
  for (const entry of lists.allAuth) {
    if (entry.type === '2' || entry.status !== '1') continue;
    for (const code of entry.action.split(',').map((c) => c.trim())) {
      if (code.startsWith(pre) && code.length > pre.length && !hasPermission(code, lists))
        excluded.add(code.slice(pre.length));
    }
  }
  return [...excluded];
}

/** Whether a toolbar button shows: not excluded; `batch_delete` also hides remove (§6). */
export function toolbarButtonAllowed(button: GridToolbarButton, excluded: readonly string[]): boolean {
  if (excluded.includes(button)) return false;
  return !(button === 'remove' && excluded.includes('batch_delete'));
}

/** The columns the user may see: those whose key is not excluded. */
export const allowedColumns = <C extends { key: string }>(columns: readonly C[], excluded: readonly string[]): C[] =>
  excluded.length ? columns.filter((c) => !excluded.includes(c.key)) : [...columns];
