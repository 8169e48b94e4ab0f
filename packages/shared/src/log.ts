import { z } from 'zod';
import { LOG_METHODS } from './log.constants.ts';
import { momentSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import { containsTextSchema } from './user.ts';

export { LOG_METHODS, LOG_TYPE_LABELS, LOG_TYPES } from './log.constants.ts';

export const LOG_SORTABLE_COLUMNS = ['createTime', 'username', 'ip', 'costTime', 'logType'] as const;

const dateTimeText = momentSchema.optional().or(z.literal('').transform(() => undefined));

const logFilters = {
  column: z.enum(LOG_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  /** Contained in the log text. */
  keyWord: containsTextSchema,
  username: containsTextSchema,
  ip: containsTextSchema,
  /** success: '1' succeeded, '0' failed. */
  success: z.enum(['0', '1']).optional(),
  createTime_begin: dateTimeText,
  createTime_end: dateTimeText,
};

export const logListQuerySchema = pageQuerySchema.extend({
  logType: z.coerce.number().int().min(1).max(3).default(2),
  method: z.enum(LOG_METHODS).optional(),
  ...logFilters,
});
export type LogListQuery = z.infer<typeof logListQuerySchema>;

/** GET /sys/loginfo: the login/logout log (type: 'login' or 'logout' narrows it). */
export const loginfoQuerySchema = pageQuerySchema.extend({
  type: z.enum(['login', 'logout']).optional(),
  ...logFilters,
});
export type LoginfoQuery = z.infer<typeof loginfoQuerySchema>;

export const visitInfoQuerySchema = z.object({
  days: z.coerce.number().int().min(1, '天数须在1到90之间').max(90, '天数须在1到90之间').default(7),
  _t: z.string().optional(),
});

export interface LogDto {
  id: number;
  logType: number;
  logContent: string;
  userId: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  statusCode: number | null;
  success: boolean;
  costTime: number | null;
  createTime: string;
}

/** GET /sys/loginfo result: the page plus the dashboard's counters. */
export interface LoginfoResult {
  records: LogDto[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Successful logins of all time, today, and distinct IPs today (tenant-wide). */
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** One day of GET /sys/visitInfo: visits (successful logins and visits) and distinct IPs. */
export interface VisitDay {
  date: string;
  /** MM-DD, the chart's axis label. */
  tian: string;
  type: string;
  visit: number;
  ip: number;
}
