import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuditService, LOG_TYPE } from '../audit/service.ts';
import { sessionOf } from '../auth/guard.ts';
import { attachment, buildXlsx, type SheetColumn, XLSX_MIME } from '../excel/workbook.ts';

/**
 * Small helpers the system-configuration modules (dict, category, log, announcement, tenant, position, gateway,
 * rule, quartz) share: who is calling, contains-search, allow-listed sorting, and the .xlsx download.
 */

export interface Actor {
  tenantId: number;
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username, realname: s.realname, orgCode: s.orgCode };
}

/** A LIKE pattern that matches `v` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ORDER BY the allow-listed column (default createTime) in the requested direction (default desc), then a tie-breaker. */
export function orderOf<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  query: { column?: K; order?: 'asc' | 'desc' },
  fallback: K,
  tieBreaker: AnyColumn,
): SQL[] {
  const dir = query.order === 'asc' ? asc : desc;
  // The schemas allow-list `column`; should one forget, an unknown key sorts by the fallback rather than crash.
  const key = query.column && Object.hasOwn(columns, query.column) ? query.column : fallback;
  return [dir(columns[key]), dir(tieBreaker)];
}

/** How many rows an export holds at most. */
export const EXPORT_LIMIT = 10_000;

/** Sends rows as an .xlsx download. */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  file: { name: string; ascii: string; sheet: string },
  columns: SheetColumn<Row>[],
  rows: Row[],
) {
  const content = await buildXlsx(file.sheet, columns, rows);
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', attachment(file.name, file.ascii))
    .header('Cache-Control', 'no-store')
    .send(content);
}

/**
 * The audit hook records POST/PUT/DELETE; a write the spec makes a GET (release, revoke, pause, resume, run once)
 * records its own operation-log entry with this.
 */
export async function auditGetWrite<T>(
  audit: Pick<AuditService, 'record'>,
  request: FastifyRequest,
  logContent: string,
  run: () => Promise<T>,
): Promise<T> {
  const s = sessionOf(request);
  const started = performance.now();
  const record = (success: boolean, statusCode: number) =>
    audit.record({
      logType: LOG_TYPE.operation,
      logContent,
      success,
      tenantId: s.tenantId,
      userId: s.userId,
      username: s.username,
      ip: request.ip,
      method: request.method,
      requestUrl: request.url.slice(0, 500),
      statusCode,
      // Like the hook's entries: the operation log shows how long every write took.
      costTime: Math.round(performance.now() - started),
    });
  try {
    const result = await run();
    await record(true, 200);
    return result;
  } catch (err) {
    await record(false, (err as { status?: number }).status ?? 500);
    throw err;
  }
}
