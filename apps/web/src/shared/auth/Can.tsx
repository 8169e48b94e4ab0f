import type { AuthEntry } from '@aps/shared';
import { type ReactNode, useCallback } from 'react';
import { useSessionStore } from '../../features/platform/auth/store.ts';
import { hasPermission, hasPermissionPrefix } from './permission.ts';

const NONE: AuthEntry[] = [];

/**
 * Whether the signed-in user may see a button (§6 rule, see hasPermission). Reads the permission lists the guard
 * loaded; the server checks the same codes on every call, this only hides what would be refused.
 */
export function useCan(code: string | undefined, defaults?: readonly AuthEntry[]): boolean {
  const auth = useSessionStore((s) => s.permissions?.auth ?? NONE);
  const allAuth = useSessionStore((s) => s.permissions?.allAuth ?? NONE);
  return hasPermission(code, { auth, allAuth, defaults });
}

/** The check as a function, for lists of buttons or columns. */
export function usePermissionCheck(): (code?: string) => boolean {
  const auth = useSessionStore((s) => s.permissions?.auth ?? NONE);
  const allAuth = useSessionStore((s) => s.permissions?.allAuth ?? NONE);
  return useCallback((code?: string) => hasPermission(code, { auth, allAuth }), [auth, allAuth]);
}

/** Whether the user holds any code under a menu's prefix (§6 menu-child permissions). */
export function useCanPrefix(prefix: string): boolean {
  const auth = useSessionStore((s) => s.permissions?.auth ?? NONE);
  return hasPermissionPrefix(prefix, auth);
}

/** Renders its children only when the user may (the button directive of §6); `fallback` otherwise. */
export function Can({
  code,
  defaults,
  fallback = null,
  children,
}: {
  code: string;
  defaults?: readonly AuthEntry[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return useCan(code, defaults) ? children : fallback;
}
