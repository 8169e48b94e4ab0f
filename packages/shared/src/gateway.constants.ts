import { maxLengthMessage } from './rules.ts';

/**
 * The zod-free half of gateway route administration: messages, the allowed predicate and filter names, the field
 * rules and the predicates/filters parser. The schemas in `gateway.ts` are built from these and the web's form
 * checks with the same code (exported from `constants.ts`, so the web imports them without zod).
 */
export const GATEWAY_MESSAGES = {
  routerIdRequired: '请输入路由ID!',
  routerIdPattern: '路由ID只能由字母、数字、下划线、中划线和点组成',
  routerIdTaken: '路由ID已存在',
  nameRequired: '请输入路由名称!',
  uriRequired: '请输入路由URI!',
  uriPattern: '路由URI须以http://、https://或lb://开头，且为合法地址',
  predicatesRequired: '请至少配置一个断言（predicates）',
  badJson: (what: string) => `${what}须为JSON数组，每项形如{"name":"Path","args":{"_genkey_0":"/api/**"}}`,
  badName: (what: string, name: string) => `${what}“${name}”不受支持`,
  notFound: '路由不存在',
} as const;

/** Spring Cloud Gateway's route predicate and filter factories a route may name. */
export const GATEWAY_PREDICATES = [
  'Path',
  'Host',
  'Method',
  'Header',
  'Query',
  'Cookie',
  'After',
  'Before',
  'Between',
  'RemoteAddr',
  'Weight',
] as const;
export const GATEWAY_FILTERS = [
  'StripPrefix',
  'PrefixPath',
  'RewritePath',
  'SetPath',
  'AddRequestHeader',
  'AddRequestParameter',
  'AddResponseHeader',
  'RemoveRequestHeader',
  'RemoveResponseHeader',
  'SetStatus',
  'RedirectTo',
  'Retry',
  'RequestRateLimiter',
  'RequestSize',
  'PreserveHostHeader',
  'SaveSession',
  'SecureHeaders',
] as const;

/** What a router id may hold (GATEWAY_MESSAGES.routerIdPattern says it in words). */
export const GATEWAY_ROUTER_ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** The range of a route's sort order. */
export const GATEWAY_SORT_RANGE = { min: -99999, max: 99999 } as const;
/** sys_gateway_route.status: 1 enabled, 0 disabled (the list, the form and the export say it the same way). */
export const GATEWAY_STATUS_LABELS = { 1: '启用', 0: '停用' } as const;
/** The longest predicates or filters text accepted. */
export const GATEWAY_DEFINITIONS_MAX_TEXT = 10_000;

export interface GatewayDefinition {
  name: string;
  args: Record<string, string>;
}

/** http(s)://host[:port][/path] or lb://service-name. */
export function isGatewayUri(uri: string): boolean {
  if (/^lb:\/\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(uri)) return true;
  if (!/^https?:\/\//.test(uri)) return false;
  try {
    const u = new URL(uri);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

export type GatewayDefinitionsResult = { ok: true; value: GatewayDefinition[] } | { ok: false; message: string };

/**
 * Predicates or filters as JSON text (or already parsed): an array (at most 50) of {name, args}, each name from
 * `allowed`, each arg a short string, number or boolean. Empty text is an empty list, refused when `required`.
 * The schema and the web's form both check with this, so they refuse the same input with the same message.
 */
export function parseGatewayDefinitions(
  input: unknown,
  what: string,
  allowed: readonly string[],
  required: boolean,
): GatewayDefinitionsResult {
  const bad = { ok: false, message: GATEWAY_MESSAGES.badJson(what) } as const;
  let value: unknown = input ?? [];
  if (typeof value === 'string') {
    if (!value.trim()) value = [];
    else if (value.length > GATEWAY_DEFINITIONS_MAX_TEXT) {
      return { ok: false, message: maxLengthMessage(GATEWAY_DEFINITIONS_MAX_TEXT) };
    } else {
      try {
        value = JSON.parse(value);
      } catch {
        return bad;
      }
    }
  }
  if (!Array.isArray(value) || value.length > 50) return bad;
  const out: GatewayDefinition[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return bad;
    const { name, args = {} } = item as { name?: unknown; args?: unknown };
    if (typeof name !== 'string' || args === null || typeof args !== 'object' || Array.isArray(args)) return bad;
    if (!allowed.includes(name)) return { ok: false, message: GATEWAY_MESSAGES.badName(what, name) };
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(args)) {
      if (!['string', 'number', 'boolean'].includes(typeof v) || k.length > 64 || String(v).length > 1000) return bad;
      clean[k] = String(v);
    }
    out.push({ name, args: clean });
  }
  if (required && out.length === 0) return { ok: false, message: GATEWAY_MESSAGES.predicatesRequired };
  return { ok: true, value: out };
}
