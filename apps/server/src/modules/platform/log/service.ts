import {
  formatDate,
  formatDateTime,
  LOG_TYPES,
  type LogDto,
  type LoginfoQuery,
  type LoginfoResult,
  type LogListQuery,
  type PageResult,
  type VisitDay,
} from '@aps/shared';
import { and, count, eq, gte, ilike, lt, not, type SQL, sql } from 'drizzle-orm';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { sysLog } from '../audit/tables.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';

/**
 * The system log (sys_log, written by the audit module): login/logout, operation and visit entries of the
 * caller's tenant. A failed login carries no tenant; it shows in a tenant whose users include that username.
 */
export interface LogService {
  list(tenantId: number, query: LogListQuery): Promise<PageResult<LogDto>>;
  loginfo(tenantId: number, query: LoginfoQuery): Promise<LoginfoResult>;
  visits(tenantId: number, days: number): Promise<VisitDay[]>;
}

const SORT = {
  createTime: sysLog.createTime,
  username: sysLog.username,
  ip: sysLog.ip,
  costTime: sysLog.costTime,
  logType: sysLog.logType,
};

const LOGOUT = '%退出%';
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const toDto = (r: typeof sysLog.$inferSelect): LogDto => ({
  id: r.id,
  logType: r.logType,
  logContent: r.logContent,
  userId: r.userId,
  username: r.username,
  ip: r.ip,
  method: r.method,
  requestUrl: r.requestUrl,
  requestParam: r.requestParam,
  statusCode: r.statusCode,
  success: r.success,
  costTime: r.costTime,
  createTime: formatDateTime(r.createTime) ?? '',
});

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in the server's time zone; a bare end date means the whole day. */
function localTime(text: string, endOfDay: boolean): Date {
  const [d = '', t] = text.split(' ');
  const date = new Date(`${d}T${t ? (t.length === 5 ? `${t}:00` : t) : '00:00:00'}`);
  if (endOfDay && !t) date.setDate(date.getDate() + 1);
  else if (endOfDay) date.setSeconds(date.getSeconds() + 1);
  return date;
}

export function tenantLogScope(tenantId: number): SQL {
  return sql`(${sysLog.tenantId} = ${tenantId} OR (${sysLog.tenantId} IS NULL AND ${sysLog.username} IN (
    SELECT u.username FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id WHERE ut.tenant_id = ${tenantId})))`;
}

function commonFilters(tenantId: number, q: Omit<LoginfoQuery, 'type' | 'pageNo' | 'pageSize'>): SQL[] {
  const filters: SQL[] = [tenantLogScope(tenantId)];
  if (q.keyWord) filters.push(ilike(sysLog.logContent, containsPattern(q.keyWord)));
  if (q.username) filters.push(ilike(sysLog.username, containsPattern(q.username)));
  if (q.ip) filters.push(ilike(sysLog.ip, containsPattern(q.ip)));
  if (q.success) filters.push(eq(sysLog.success, q.success === '1'));
  if (q.createTime_begin) filters.push(gte(sysLog.createTime, localTime(q.createTime_begin, false)));
  if (q.createTime_end) filters.push(lt(sysLog.createTime, localTime(q.createTime_end, true)));
  return filters;
}

export function createLogService({ db }: { db: Db }): LogService {
  function page(q: LogListQuery | LoginfoQuery, where: SQL | undefined) {
    return fetchPage(
      q,
      db.select({ n: count() }).from(sysLog).where(where),
      (offset, limit) =>
        db
          .select()
          .from(sysLog)
          .where(where)
          .orderBy(...orderOf(SORT, q, 'createTime', sysLog.id))
          .offset(offset)
          .limit(limit),
      toDto,
    );
  }

  return {
    list(tenantId, q) {
      const filters = commonFilters(tenantId, q);
      filters.push(eq(sysLog.logType, q.logType));
      if (q.method) filters.push(eq(sysLog.method, q.method));
      return page(q, and(...filters));
    },

    async loginfo(tenantId, q) {
      const filters = commonFilters(tenantId, q);
      filters.push(eq(sysLog.logType, LOG_TYPES.login));
      if (q.type === 'logout') filters.push(ilike(sysLog.logContent, LOGOUT));
      if (q.type === 'login') filters.push(not(ilike(sysLog.logContent, LOGOUT)));
      const tz = timeZone();
      const [result, counters] = await Promise.all([
        page(q, and(...filters)),
        db.execute<{ total: number; today: number; today_ip: number }>(sql`
          SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE (create_time AT TIME ZONE ${tz})::date = (now() AT TIME ZONE ${tz})::date)::int AS today,
                 count(DISTINCT ip) FILTER (WHERE (create_time AT TIME ZONE ${tz})::date = (now() AT TIME ZONE ${tz})::date)::int AS today_ip
          FROM sys_log
          WHERE ${tenantLogScope(tenantId)} AND log_type = ${LOG_TYPES.login} AND success AND log_content NOT LIKE ${LOGOUT}`),
      ]);
      const c = counters.rows[0];
      return { ...result, totalVisitCount: c?.total ?? 0, todayVisitCount: c?.today ?? 0, todayIp: c?.today_ip ?? 0 };
    },

    async visits(tenantId, days) {
      const tz = timeZone();
      // A visit is a successful login or a recorded page visit; days without any show 0.
      const rows = await db.execute<{ day: string; visit: number; ip: number }>(sql`
        WITH days AS (
          SELECT generate_series((now() AT TIME ZONE ${tz})::date - ${days - 1}::int, (now() AT TIME ZONE ${tz})::date, interval '1 day')::date AS day
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id)::int AS visit, count(DISTINCT l.ip)::int AS ip
        FROM days d
        LEFT JOIN sys_log l ON (l.create_time AT TIME ZONE ${tz})::date = d.day
          AND l.create_time >= now() - make_interval(days => ${days + 1}::int)
          AND l.success
          AND ((l.log_type = ${LOG_TYPES.login} AND l.log_content NOT LIKE ${LOGOUT}) OR l.log_type = ${LOG_TYPES.visit})
          AND (l.tenant_id = ${tenantId} OR (l.tenant_id IS NULL AND l.username IN (
            SELECT u.username FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id WHERE ut.tenant_id = ${tenantId})))
        GROUP BY d.day
        ORDER BY d.day`);
      return rows.rows.map((r) => ({
        date: r.day,
        tian: r.day.slice(5),
        type: formatDate(r.day) ?? r.day,
        visit: r.visit,
        ip: r.ip,
      }));
    },
  };
}
