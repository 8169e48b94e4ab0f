import type { UserPermissionResult } from '@aps/shared';
import { oauth2AppType } from '@aps/shared/constants';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { LOGIN_PATH, loginPathFor, safeRedirect } from '../features/platform/auth/session.ts';
import { useSessionStore } from '../features/platform/auth/store.ts';
import { pageIsLeaving } from '../shared/pageLifecycle.ts';
import { STORAGE_KEYS, storage } from '../shared/storage.ts';
import { useAppStore } from '../shared/stores/app.ts';
import { useSettingsStore } from '../shared/stores/settings.ts';
import { useTabsStore } from '../shared/stores/tabs.ts';
import { buildRouteTable, HOME_PATH, type RouteTable, resolveRedirect } from './routeTable.ts';

/** Public paths a signed-in user is sent home from (§2): login, register and the configured extra path. */
export const SIGNED_IN_SKIP = ['/user/login', '/register', '/oauth2-app/login'];
export const OAUTH2_APP_LOGIN = '/oauth2-app/login';
export const NOT_FOUND_PATH = '/404';

/** §6: a user agent containing wxwork or dingtalk is an OAuth2 app environment. */
export function isOAuth2AppEnv(userAgent = navigator.userAgent): boolean {
  return oauth2AppType(userAgent) !== null;
}

/** The routes built from the signed-in user's menu; rebuilt whenever the permission result changes. */
let built: { source: UserPermissionResult; table: RouteTable } | null = null;
const listeners = new Set<() => void>();

export function getRouteTable(): RouteTable | null {
  const permissions = useSessionStore.getState().permissions;
  if (!permissions) return null;
  if (built?.source !== permissions) {
    const userEnd = useSessionStore.getState().userInfo?.userEnd ?? [];
    built = { source: permissions, table: buildRouteTable(permissions.menu, userEnd) };
    const table = built.table;
    useTabsStore
      .getState()
      .init(
        table.pinHome ? { key: HOME_PATH, path: HOME_PATH, title: table.byPath.get(HOME_PATH)?.title ?? '首页' } : null,
      );
    for (const listener of listeners) listener();
  }
  return built.table;
}

export function subscribeRouteTable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The stored token is the truth (another tab, or the login page, may have just written it): when the store's copy
 * differs, take it over and forget permissions loaded for the previous token.
 */
function syncToken(): string | null {
  const token = storage.get<string>(STORAGE_KEYS.token);
  const state = useSessionStore.getState();
  if (state.token !== token) {
    useSessionStore.setState({
      token,
      userInfo: token ? storage.get(STORAGE_KEYS.userInfo) : null,
      dictItems: (token && storage.get(STORAGE_KEYS.dictItems)) || {},
      permissions: null,
    });
  }
  return token;
}

/** Home of the signed-in user: /dashboard/analysis, or what the base route redirects to for them. */
export function homePath(): string {
  return getRouteTable()?.home ?? HOME_PATH;
}

/** §2 "Navigation guard" for a public page a signed-in user has no business on: go home (or to ?redirect). */
export function skipWhenSignedIn({ request }: LoaderFunctionArgs) {
  if (!syncToken()) return null;
  const target = new URL(request.url).searchParams.get('redirect');
  return redirect(target ? safeRedirect(target) : HOME_PATH);
}

/** Remembers, once per browser tab, the first path and the busId/title query fields (§2). */
export function rememberFirstEntry(url: URL): void {
  try {
    if (sessionStorage.getItem('firstPath') !== null) return;
    sessionStorage.setItem('firstPath', url.pathname);
    for (const field of ['busId', 'title']) {
      const value = url.searchParams.get(field);
      if (value !== null) sessionStorage.setItem(field, value);
    }
  } catch {
    // Storage disabled (private mode in old browsers): nothing to remember.
  }
}

/**
 * §2 "Navigation guard" for every workspace path:
 * - no token: to the login page (the OAuth2 app login inside WeCom/DingTalk) with ?redirect=<full path>;
 * - token but no permissions yet: load them and build the routes; failure logs out and goes to /user/login;
 *   a ?redirect target is then replayed;
 * - then the path must be one of the user's routes (else /404); redirects of the menu are followed.
 */
export async function workspaceGuard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fullPath = url.pathname + url.search;
  if (!syncToken()) {
    const login = isOAuth2AppEnv() ? OAUTH2_APP_LOGIN : LOGIN_PATH;
    return redirect(
      login === LOGIN_PATH ? loginPathFor(fullPath) : `${login}?redirect=${encodeURIComponent(fullPath)}`,
    );
  }
  const session = useSessionStore.getState();
  if (!session.permissions) {
    try {
      await session.loadPermissions();
    } catch {
      // The page is being reloaded or left: the request was cancelled, not refused. The session is alive.
      if (pageIsLeaving()) return null;
      await useSessionStore.getState().logout();
      return redirect(LOGIN_PATH);
    }
    const target = url.searchParams.get('redirect');
    if (target) {
      const safe = safeRedirect(target);
      if (safe !== fullPath) return redirect(safe);
    }
  }
  const table = getRouteTable();
  if (!table) return redirect(LOGIN_PATH);
  const path = url.pathname === '/' ? table.home : url.pathname;
  if (!table.byPath.has(path)) {
    // The home path is not in this user's menu: their home is the first page they have (userEnd 3: §1).
    if (path === HOME_PATH && table.home !== HOME_PATH) return redirect(resolveRedirect(table, table.home));
    return redirect(NOT_FOUND_PATH);
  }
  const target = resolveRedirect(table, path);
  if (target !== url.pathname) return redirect(target + (target === path ? url.search : ''));
  openTabFor(fullPath);
  return null;
}

/**
 * Whether a workspace navigation needs the guard again (the base route's `shouldRevalidate`). Going to a tab that is
 * open does not: the guard let that full path in for this session and these permissions (new permissions rebuild the
 * route table and start a new tab list), so running it again would only cost the switch a render of its own (React
 * Router's "loading" state) before the page's. Anything else does — a new path, or the stored token having changed
 * (signed out or in again in another browser tab), which only the guard deals with.
 */
export function needsGuard(currentUrl: URL, nextUrl: URL): boolean {
  const fullPath = nextUrl.pathname + nextUrl.search;
  if (currentUrl.pathname + currentUrl.search === fullPath) return false;
  const session = useSessionStore.getState();
  const sameSession = Boolean(session.permissions) && session.token === storage.get<string>(STORAGE_KEYS.token);
  return !(sameSession && useTabsStore.getState().tabs.some((tab) => tab.key === fullPath));
}

/**
 * Opens (or activates) the tab of a workspace path before the page renders, so that a keepAlive page mounts once,
 * directly inside its keep-alive slot. With multi-tab off, or on mobile, only this page is kept (§2, §4).
 */
export function openTabFor(fullPath: string): void {
  const table = getRouteTable();
  const url = new URL(fullPath, window.location.origin);
  const route = table?.byPath.get(url.pathname);
  if (!route) return;
  const multiTab = useSettingsStore.getState().multiTab && useAppStore.getState().device !== 'mobile';
  useTabsStore
    .getState()
    .open(
      { key: fullPath, path: route.path, title: route.title, cacheName: route.keepAlive ? route.cacheName : undefined },
      multiTab,
    );
}
