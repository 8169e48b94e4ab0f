/**
 * The zod-free half of the system log: its type codes, labels and the request methods it can be filtered by
 * (exported from `constants.ts`, so the web's log pages use them without zod).
 */

/** sys_log.log_type: 1 login/logout, 2 operation (every write), 3 visit. */
export const LOG_TYPES = { login: 1, operation: 2, visit: 3 } as const;
export const LOG_TYPE_LABELS: Record<number, string> = { 1: '登录日志', 2: '操作日志', 3: '访问日志' };
/** The request methods the operation log can be narrowed to. */
export const LOG_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const;
