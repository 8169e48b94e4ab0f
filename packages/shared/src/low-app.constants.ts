/**
 * §6 "low-app pages send an app id header" (JeecgBoot's `X-Low-App-ID`). A page belongs to a low-code app when its
 * route is under `/myapps/<appId>/…` (JeecgBoot's 我的应用 space); the app id is that path segment.
 */
export const LOW_APP_HEADER = 'X-Low-App-ID';

/** Where low-app pages live: `/myapps/<appId>` and below. */
export const LOW_APP_ROUTE_PREFIX = '/myapps/';

/** A short id: letters, digits, `_` and `-`, 1–32 characters (JeecgBoot's are 19-digit snowflake ids). */
export const LOW_APP_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const LOW_APP_MESSAGES = {
  invalid: '应用ID格式不正确',
} as const;

/** The app id of a route path under `/myapps/<appId>`, or null for every other page (and for a malformed id). */
export function lowAppIdOfPath(pathname: string): string | null {
  if (!pathname.startsWith(LOW_APP_ROUTE_PREFIX)) return null;
  const segment = pathname.slice(LOW_APP_ROUTE_PREFIX.length).split('/')[0] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return LOW_APP_ID_PATTERN.test(id) ? id : null;
}
