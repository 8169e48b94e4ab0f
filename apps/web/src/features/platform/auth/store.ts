import type { DictOption, LoginResult, UserInfo, UserPermissionResult } from '@aps/shared';
import { create } from 'zustand';
import { setSessionEnder } from '../../../shared/http.ts';
import { SESSION_TTL_MS, STORAGE_KEYS, storage } from '../../../shared/storage.ts';
import * as authApi from './api.ts';
import { welcomeText } from './greeting.ts';

/** Session data is kept for 7 days (§4, §9: 604800000 ms). */
export { SESSION_TTL_MS };

/** Exactly what logout removes from storage (§4): token, user info, username, dictionaries, keep-alive, tenant. */
export const LOGOUT_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.username,
  STORAGE_KEYS.dictItems,
  STORAGE_KEYS.keepAlive,
  STORAGE_KEYS.tenantId,
] as const;

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  dictItems: Record<string, DictOption[]>;
  /** null until loaded after sign-in or a page reload; the guard loads it before building routes. */
  permissions: UserPermissionResult | null;
  /** §3 session user `welcome`: the greeting of the hour the user signed in, e.g. 上午好，欢迎回来. */
  welcome: string;
  /** Stores what a successful login returns (token, username, user info, dictionaries) for 7 days. */
  applyLogin(result: LoginResult): void;
  /** Saves the user info for 7 days (department switch, §4). */
  setUserInfo(info: UserInfo): void;
  setDictItems(items: Record<string, DictOption[]>): void;
  /** Loads menu + auth + allAuth; rejects when the call fails or the menu is empty (§4). */
  loadPermissions(): Promise<UserPermissionResult>;
  /**
   * Clears the session (§4) and tells the server; completes even when the server call fails. Resolves to whether
   * the server call succeeded (§8: a failure is reported to the user). `beforeClear` runs while the workspace
   * is still on screen (so a message about the result can show), then the session is cleared.
   */
  logout(beforeClear?: (serverOk: boolean) => Promise<void> | void): Promise<boolean>;
  /** Clears the session locally only (the server has already refused the token). */
  clearLocal(): void;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  token: storage.get<string>(STORAGE_KEYS.token),
  userInfo: storage.get<UserInfo>(STORAGE_KEYS.userInfo),
  dictItems: storage.get<Record<string, DictOption[]>>(STORAGE_KEYS.dictItems) ?? {},
  permissions: null,
  // Kept in memory only (§4 lists what is stored); a reload greets with the hour of the reload.
  welcome: storage.get<string>(STORAGE_KEYS.token) ? welcomeText(new Date().getHours()) : '',

  applyLogin(result) {
    const welcome = welcomeText(new Date().getHours());
    storage.set(STORAGE_KEYS.token, result.token, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.username, result.userInfo.username, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.userInfo, result.userInfo, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.dictItems, result.sysAllDictItems, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.tenantId, result.userInfo.tenantId, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.tokenIdleSeconds, result.tokenIdleSeconds, SESSION_TTL_MS);
    storage.set(STORAGE_KEYS.lastActive, Date.now(), SESSION_TTL_MS);
    set({
      token: result.token,
      userInfo: result.userInfo,
      dictItems: result.sysAllDictItems,
      permissions: null,
      welcome,
    });
  },

  setUserInfo(info) {
    storage.set(STORAGE_KEYS.userInfo, info, SESSION_TTL_MS);
    set({ userInfo: info });
  },

  setDictItems(items) {
    storage.set(STORAGE_KEYS.dictItems, items, SESSION_TTL_MS);
    set({ dictItems: items });
  },

  async loadPermissions() {
    const result = await authApi.getUserPermission();
    if (!Array.isArray(result.menu) || result.menu.length === 0) {
      throw new Error('getPermissionList: permissions must be a non-null array !');
    }
    set({ permissions: result });
    return result;
  },

  async logout(beforeClear) {
    const hadToken = Boolean(get().token ?? storage.get<string>(STORAGE_KEYS.token));
    let serverOk = true;
    try {
      if (hadToken) await authApi.logout();
    } catch {
      // §4: logout completes even if the server call fails.
      serverOk = false;
    }
    try {
      await beforeClear?.(serverOk);
    } finally {
      get().clearLocal();
    }
    return serverOk;
  },

  clearLocal() {
    for (const key of LOGOUT_KEYS) storage.remove(key);
    set({ token: null, userInfo: null, permissions: null, dictItems: {}, welcome: '' });
  },
}));

// The HTTP client ends the session this way on 401 and Token失效 (§8).
setSessionEnder(async () => {
  await useSessionStore.getState().logout();
});
