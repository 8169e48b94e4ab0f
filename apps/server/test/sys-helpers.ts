import type { TestApp } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An HTTP caller bound to a test app: token, method, URL under /aps, optional body, tenant (default 1). */
export function caller(t: TestApp) {
  return (token: string, method: Method, url: string, payload?: object, tenant = '1') =>
    t.app.inject({
      method,
      url: `/aps${url}`,
      headers: { 'x-access-token': token, 'tenant-id': tenant },
      ...(payload ? { payload } : {}),
    });
}

let seq = 0;
/** A unique code for one test run: letter first, then base-36 time and a counter. */
export const uniqueCode = (prefix = 'c') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
