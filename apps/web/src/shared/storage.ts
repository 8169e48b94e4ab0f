/**
 * localStorage under the `pro__` namespace, in the vue-ls layout the platform has always used
 * (`{"value": …, "expire": null | epoch ms}`), so existing tooling and older clients read the same keys.
 */
export const NAMESPACE = 'pro__';

interface Stored<T> {
  value: T;
  expire: number | null;
}

/** localStorage, or null where there is none (unit tests in Node, storage disabled by the browser). */
function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get<T>(key: string): T | null {
    const raw = local()?.getItem(NAMESPACE + key) ?? null;
    if (raw === null) return null;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      if (stored.expire !== null && stored.expire <= Date.now()) {
        local()?.removeItem(NAMESPACE + key);
        return null;
      }
      return stored.value;
    } catch {
      // Written by something else, or corrupted: treat as absent rather than break the page.
      return null;
    }
  },

  /** `ttlMs` omitted: kept until removed. */
  set<T>(key: string, value: T, ttlMs?: number): void {
    const stored: Stored<T> = { value, expire: ttlMs === undefined ? null : Date.now() + ttlMs };
    local()?.setItem(NAMESPACE + key, JSON.stringify(stored));
  },

  remove(key: string): void {
    local()?.removeItem(NAMESPACE + key);
  },
};

/** Storage keys (without the namespace). */
export const STORAGE_KEYS = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  username: 'Login_Username',
  dictItems: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  keepAlive: 'CACHE_INCLUDED_ROUTES',
  settings: 'APP_SETTINGS',
  /** Seconds of inactivity after which the server drops the token (from the login result). */
  tokenIdleSeconds: 'TOKEN_IDLE_SECONDS',
  /** When the last request reached the server with the token (epoch ms), shared by every tab. */
  lastActive: 'LAST_ACTIVE',
  /** The enhance record list: code → the last 16 saved scripts (§4, §9). */
  enhanceHistory: 'ENHANCE_JS_HISTORY',
} as const;

/** Session and dictionary cache lifetime (§4, §9): 7 days. */
export const SESSION_TTL_MS = 604_800_000;
