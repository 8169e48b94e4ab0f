import type { LoginResult, UserInfo } from '@aps/shared';
import { STORAGE_KEYS, storage } from '../../../shared/storage.ts';
import { useSessionStore } from './store.ts';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/dashboard/analysis';

export function getToken(): string | null {
  return storage.get<string>(STORAGE_KEYS.token);
}

export function getUserInfo(): UserInfo | null {
  return storage.get<UserInfo>(STORAGE_KEYS.userInfo);
}

/** Keeps what a login returns for 7 days (§4): token, username, user info, dictionaries, tenant. */
export function saveSession(result: LoginResult): void {
  useSessionStore.getState().applyLogin(result);
}

/** Forgets the session locally (§4 list), without calling the server: it has already refused the token. */
export function clearSession(): void {
  useSessionStore.getState().clearLocal();
}

/** The login page URL that comes back to `target` (path + search) after signing in. */
export function loginPathFor(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where to go after login. Only same-origin paths are accepted, so a crafted link cannot send a freshly
 * signed-in user to another site (`//evil.example` and `/\evil.example` are protocol-relative in browsers).
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return target;
}
