import type { AuthEntry } from '@aps/shared';
import { splitValue } from '@aps/shared/constants';

export interface PermissionLists {
  /** The user's button codes (getUserPermissionByToken `auth`). */
  auth: readonly AuthEntry[];
  /** Every configured button code (`allAuth`). */
  allAuth: readonly AuthEntry[];
  /** A component's default list: its entries allow unless their status is '0'. */
  defaults?: readonly AuthEntry[];
}

/**
 * The §6 button rule. `code` may join several codes with commas (any one allows). Allowed when:
 * - a configured entry (allAuth) of that code is switched off (status '0'): the button is not under control;
 * - an entry of the default list names it and is not switched off;
 * - the user's permission list, entries of type other than '2', contains it.
 * Otherwise hidden. An empty code restricts nothing.
 */
export function hasPermission(code: string | undefined, lists: PermissionLists): boolean {
  if (!code) return true;
  const wanted = splitValue(code);
  if (wanted.length === 0) return true;
  const names = (entry: AuthEntry) => splitValue(entry.action).some((c) => wanted.includes(c));
  if (lists.allAuth.some((e) => e.type !== '2' && e.status === '0' && names(e))) return true;
  if (lists.defaults?.some((e) => e.status !== '0' && names(e))) return true;
  return lists.auth.some((e) => e.type !== '2' && names(e));
}

/**
 * Menu-child permissions (§6) match by action prefix: a page's buttons are allowed when the user holds any code
 * starting with the page's prefix, e.g. `purchase:record:`.
 */
export function hasPermissionPrefix(prefix: string, auth: readonly AuthEntry[]): boolean {
  if (!prefix) return true;
  return auth.some((e) => e.type !== '2' && splitValue(e.action).some((c) => c.startsWith(prefix)));
}
