/** The response envelope every /aps endpoint answers with (the spec's client reads these five fields). */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A page of a server-paged list: `result.records` and `result.total` (§7). */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Set when `total` is the planner's estimate (over the list fast path's threshold): the UI says 约 N 条. */
  totalEstimated?: boolean;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 9999;

/** Header names shared by client and server. */
export const HEADERS = {
  token: 'x-access-token',
  tenant: 'tenant-id',
  tabId: 'tabid',
  sign: 'x-sign',
  timestamp: 'x-timestamp',
  /** §6: sent by low-app pages (LOW_APP_HEADER, as Node spells incoming header names). */
  lowApp: 'x-low-app-id',
} as const;

export const API_BASE = '/aps';

/** Error messages the server and client agree on (§8). */
export const MESSAGES = {
  tokenMissing: '未授权，请重新登录',
  tokenExpired: 'Token失效，请重新登录!',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  serverError: '系统繁忙，请稍后再试',
  badJson: '请求体不是合法的JSON格式',
  badRequest: '请求参数有误',
  tenantDenied: '无权访问该租户的数据',
  tooManyRequests: '请求过于频繁，请稍后再试',
  requestTimeout: '请求超时，请稍后重试',
  headersTooLarge: '请求头过大',
  urlTooLong: '请求地址过长',
  methodNotAllowed: '不支持该请求方法',
  databaseUnavailable: '数据库暂不可用，请稍后再试',
} as const;
