import type { ApiEnvelope } from '@aps/shared';
import { LOW_APP_HEADER, lowAppIdOfPath } from '@aps/shared/constants';
import { pageIsLeaving } from './pageLifecycle.ts';
import { formatTimestamp, signParams } from './sign.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

// Runtime values come from @aps/shared/constants only: the package's entry module pulls zod into the bundle.
/** §9: base URL /aps, time-out 600000 ms; identical in-flight submits are refused for 2 s. */
export const API_BASE = '/aps';
export const REQUEST_TIMEOUT_MS = 600_000;
export const DUPLICATE_WINDOW_MS = 2_000;
const TOKEN_HEADER = 'X-Access-Token';
const TENANT_HEADER = 'tenant-id';

/** The error catalogue of §8, exactly. */
export const HTTP_MESSAGES = {
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  tokenExpired: '很抱歉，登录已过期，请重新登录',
  noResponse: '网络繁忙，请稍候!',
  duplicate: '处理中, 请勿频繁重复提交！',
} as const;
const FALLBACK_MESSAGE = '系统繁忙，请稍后再试';
/** The notification title of every HTTP error. */
export const ERROR_TITLE = '系统提示';

export type HttpErrorKind = 'status' | 'timeout' | 'network' | 'duplicate' | 'business';

/**
 * A failed request. `message` is the text for the user: the server's own message for a refused call, or the
 * catalogue text (§8) for a condition the client recognises. `status` is the HTTP status (0 without a response).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly kind: HttpErrorKind;
  /** The client has already shown this error (§8 catalogue): callers need not show it again. */
  readonly shown: boolean;

  constructor(message: string, status: number, code: number, kind: HttpErrorKind = 'status', shown = false) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.kind = kind;
    this.shown = shown;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Milliseconds; 600000 by default (§9). */
  timeout?: number;
  /** Do not show anything for a failure; the caller reports it (the session still ends on 401). */
  silent?: boolean;
  /** A poll, not the user's doing: the server does not count it as activity, nor does the offline countdown. */
  background?: boolean;
}

/** Marks a background request (see RequestOptions.background); the server leaves the session's idle clock alone. */
export const BACKGROUND_HEADER = 'X-Background-Request';

// ── What the client shows ─────────────────────────────────────────────────────────────────────────────

interface Toasts {
  error(text: string): void;
  warning(text: string): void;
  /** A modal with one button; `onOk` runs when it is pressed. */
  alert(title: string, content: string, okText: string, onOk: () => void): void;
}

let registered: Toasts | null = null;
let staticToasts: Toasts | null = null;

/** Replaces the static antd functions (unit tests run without a DOM). */
export function setStaticToasts(toasts: Toasts | null): void {
  staticToasts = toasts;
}

/**
 * The workspace registers its themed antd instances (App.useApp()); elsewhere (login, public pages) the static
 * antd functions are loaded on the first error, so those pages do not carry them.
 */
export function setHttpToasts(toasts: Toasts | null): void {
  registered = toasts;
}

/**
 * The registered instances, or the static ones. Messages that end the session use the static ones: the workspace
 * (and with it its holder) unmounts when the session ends, and the message must stay until the page reloads.
 */
async function toasts(outliveWorkspace = false): Promise<Toasts> {
  if (registered && !outliveWorkspace) return registered;
  if (staticToasts) return staticToasts;
  const [{ default: notification }, { default: message }, { default: Modal }] = await Promise.all([
    import('antd/es/notification'),
    import('antd/es/message'),
    import('antd/es/modal'),
  ]);
  return {
    error: (text) => notification.error({ key: text, title: ERROR_TITLE, description: text, duration: 4 }),
    warning: (text) => void message.warning({ key: text, content: text }),
    alert: (title, content, okText, onOk) => void Modal.error({ title, content, okText, onOk, mask: false }),
  };
}

const showError = (text: string, outliveWorkspace = false) => void toasts(outliveWorkspace).then((t) => t.error(text));
const showWarning = (text: string) => void toasts().then((t) => t.warning(text));

// ── Ending the session (401, Token失效) ─────────────────────────────────────────────────────────────────

let endSession: () => Promise<void> = async () => {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.username, STORAGE_KEYS.tenantId]) {
    storage.remove(key);
  }
};
let ending = false;

/** The auth store registers its logout (§4 list) here; the client calls it on 401 and Token失效. */
export function setSessionEnder(logout: () => Promise<void>): void {
  endSession = logout;
}

/** Logs out (completes even when that fails) and reloads the page, once however many calls fail together. */
function logoutAndReload(delayMs: number): void {
  if (ending) return;
  ending = true;
  void endSession()
    .catch(() => undefined)
    .then(() => setTimeout(() => window.location.reload(), delayMs));
}

/** Shows the §8 text of a failed response and runs its consequence; returns whether anything was shown. */
function handleFailure(status: number, serverMessage: string, hadToken: boolean, silent: boolean): boolean {
  switch (status) {
    case 401:
      if (!silent) showError(HTTP_MESSAGES.unauthorized, hadToken);
      if (hadToken) logoutAndReload(1500);
      return !silent;
    case 403:
      if (!silent) showError(HTTP_MESSAGES.forbidden);
      return !silent;
    case 404:
      if (!silent) showError(HTTP_MESSAGES.notFound);
      return !silent;
    case 504:
      if (!silent) showError(HTTP_MESSAGES.timeout);
      return !silent;
    default:
      if (status === 500 && serverMessage.includes('Token失效')) {
        if (hadToken) {
          void toasts(true).then((t) =>
            t.alert('登录已过期', HTTP_MESSAGES.tokenExpired, '重新登录', () => logoutAndReload(0)),
          );
        } else if (!silent) showError(HTTP_MESSAGES.tokenExpired);
        return true;
      }
      // Other failures show the server's message. 4xx answers other than the above are the server's considered
      // "no" to a form or an action (validation, a business rule): the calling form shows them next to its fields
      // or as a warning, so the client leaves those to it.
      if (status >= 500 && !silent) {
        showError(serverMessage || FALLBACK_MESSAGE);
        return true;
      }
      return false;
  }
}

// ── Duplicate submits ─────────────────────────────────────────────────────────────────────────────────

const inFlight = new Map<string, number>();

/** The identity of a call: method, path, parameters (without `_t`) and body. */
export function requestKey(method: string, path: string, query: Query = {}, body?: unknown): string {
  const params = Object.keys(query)
    .filter((k) => k !== '_t' && query[k] !== undefined && query[k] !== null)
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&');
  return `${method} ${path}?${params} ${body === undefined ? '' : JSON.stringify(body)}`;
}

/**
 * Registers a submit; returns null when an identical one is still in flight (it is forgotten after 2 s even if it
 * has not answered), else the function that releases it.
 */
export function claimRequest(key: string, now = Date.now()): (() => void) | null {
  const since = inFlight.get(key);
  if (since !== undefined && now - since < DUPLICATE_WINDOW_MS) return null;
  inFlight.set(key, now);
  const timer = setTimeout(() => release(), DUPLICATE_WINDOW_MS);
  function release() {
    clearTimeout(timer);
    if (inFlight.get(key) === now) inFlight.delete(key);
  }
  return release;
}

// ── The request ───────────────────────────────────────────────────────────────────────────────────────

/** §7: every GET carries `_t` (cache buster) except the dictionary item lookups. */
export function needsTimestamp(method: string, path: string): boolean {
  return method === 'GET' && !path.replace(/^\/+/, '').startsWith('sys/dict/getDictItems');
}

/** The tenant of the session: the stored one, else the user info's; empty before sign-in. */
function tenantId(): string {
  const stored = storage.get<string | number>(STORAGE_KEYS.tenantId);
  if (stored !== null && stored !== '') return String(stored);
  return storage.get<{ tenantId?: string }>(STORAGE_KEYS.userInfo)?.tenantId ?? '';
}

/**
 * §6: the app id of the page in view when it is a low-app page (route `/myapps/<appId>/…`), else null. Read per
 * request, so a call made while such a page is shown carries it and a call from any other page does not.
 */
export function currentLowAppId(): string | null {
  // No window outside a browser (the build's pre-render, unit tests of the non-JSON calls): no page in view.
  if (typeof window === 'undefined') return null;
  return lowAppIdOfPath(window.location?.pathname ?? '');
}

/** Builds the URL of a call: /aps + path, the query, and `_t` where §7 wants it. */
export function buildUrl(method: string, path: string, query: Query = {}, now = Date.now()): URL {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const url = new URL(API_BASE + normalised, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  if (needsTimestamp(method, normalised) && !url.searchParams.has('_t')) url.searchParams.set('_t', String(now));
  return url;
}

/** Calls `/aps<path>` and returns the envelope's `result`; throws HttpError when the call fails. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const silent = options.silent ?? false;
  const url = buildUrl(method, path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = storage.get<string>(STORAGE_KEYS.token);
  if (token) headers[TOKEN_HEADER] = token;
  headers[TENANT_HEADER] = tenantId();
  const appId = currentLowAppId();
  if (appId) headers[LOW_APP_HEADER] = appId;
  if (options.background) headers[BACKGROUND_HEADER] = '1';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let release: (() => void) | null = null;
  if (method !== 'GET') {
    release = claimRequest(requestKey(method, url.pathname, options.query, options.body));
    if (!release) {
      if (!silent) showWarning(HTTP_MESSAGES.duplicate);
      throw new HttpError(HTTP_MESSAGES.duplicate, 0, 0, 'duplicate', !silent);
    }
  }

  const timeout = AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (timeout.aborted) {
        if (!silent) showError(HTTP_MESSAGES.timeout);
        throw new HttpError(HTTP_MESSAGES.timeout, 0, 0, 'timeout', !silent);
      }
      // Cancelled because the page is being left: nothing to tell the user, who is already going elsewhere.
      const shown = !silent && !pageIsLeaving();
      if (shown) showError(HTTP_MESSAGES.noResponse);
      throw new HttpError(HTTP_MESSAGES.noResponse, 0, 0, 'network', shown);
    }

    // The server answered with the token: the session is alive until its idle time has passed again.
    if (token && !options.background && response.status !== 401) storage.set(STORAGE_KEYS.lastActive, Date.now());

    // Every /aps answer is an envelope, errors included; anything else (a proxy's page) has no message of its own.
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
    const valid = envelope !== null && typeof envelope.success === 'boolean';
    if (!response.ok) {
      const serverMessage = (valid && envelope.message) || '';
      const shown = handleFailure(response.status, serverMessage, Boolean(token), silent);
      const text = catalogueText(response.status, serverMessage) ?? (serverMessage || FALLBACK_MESSAGE);
      throw new HttpError(text, response.status, valid ? envelope.code : response.status, 'status', shown);
    }
    if (!valid) {
      if (!silent) showError(FALLBACK_MESSAGE);
      throw new HttpError(FALLBACK_MESSAGE, response.status, response.status, 'status', !silent);
    }
    if (!envelope.success) {
      throw new HttpError(envelope.message || FALLBACK_MESSAGE, response.status, envelope.code, 'business');
    }
    return envelope.result;
  } finally {
    release?.();
  }
}

/**
 * The message an error carries for its caller: the server's own reason when it gave one (the toast shows the
 * catalogue text), else the catalogue text of the status; Token失效 always reads as the catalogue says.
 */
function catalogueText(status: number, serverMessage: string): string | null {
  if (status === 500 && serverMessage.includes('Token失效')) return HTTP_MESSAGES.tokenExpired;
  if (serverMessage) return serverMessage;
  const byStatus: Record<number, string> = {
    401: HTTP_MESSAGES.unauthorized,
    403: HTTP_MESSAGES.forbidden,
    404: HTTP_MESSAGES.notFound,
    504: HTTP_MESSAGES.timeout,
  };
  return byStatus[status] ?? null;
}

// ── Signed helpers (§7) ───────────────────────────────────────────────────────────────────────────────

/** This browser tab's id, sent as tabID (login, signed calls). */
export function tabId(): string {
  try {
    let id = sessionStorage.getItem('tabID');
    if (!id) {
      id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      sessionStorage.setItem('tabID', id);
    }
    return id;
  } catch {
    return '';
  }
}

/** X-Sign, X-TIMESTAMP, tabID and userId for a call with these parameters. */
export function signedHeaders(params: Record<string, unknown>, now = new Date()): Record<string, string> {
  const user = storage.get<{ id?: string }>(STORAGE_KEYS.userInfo);
  return {
    'X-Sign': signParams(params),
    'X-TIMESTAMP': formatTimestamp(now),
    tabID: tabId(),
    userId: user?.id ?? '',
  };
}

function signed<T>(method: 'GET' | 'POST' | 'PUT', path: string, query: Query = {}, body?: unknown) {
  const params: Record<string, unknown> = { ...query };
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
  return request<T>(path, { method, query, body, headers: signedHeaders(params) });
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, query?: Query) => request<T>(path, { method: 'DELETE', query }),
  /** Signed GET (X-Sign over the query). */
  signedGet: <T>(path: string, query?: Query) => signed<T>('GET', path, query),
  /** Signed POST (X-Sign over query and body). */
  signedPost: <T>(path: string, body?: unknown, query?: Query) => signed<T>('POST', path, query, body),
  signedPut: <T>(path: string, body?: unknown, query?: Query) => signed<T>('PUT', path, query, body),
};

// Tests drive the client into the states of §8 through the server's test-only routes; the flag is set by the
// e2e harness only, so the product exposes nothing.
if (typeof window !== 'undefined' && window.localStorage?.getItem('aps:e2e-http') === '1') {
  (window as unknown as { __apsHttp: typeof http }).__apsHttp = http;
}
