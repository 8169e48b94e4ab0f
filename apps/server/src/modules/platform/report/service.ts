import {
  type DictOption,
  formatDate,
  formatDateTime,
  type PageResult,
  REPORT_MESSAGES,
  REPORT_PARAM_PREFIX,
  type ReportColumnsDto,
  type ReportDataQuery,
  type ReportFieldType,
  type ReportQueryItemDto,
  type ReportQueryMode,
  type ReportQueryView,
  type ReportRow,
} from '@aps/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import type { DictService } from '../dict/service.ts';
import type { DataScope } from '../permission/data-scope.ts';
import { bindReportSql, filterClauses, paramValues, ReportConfigError, type SystemParams } from './compile.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './tables.ts';

/** How long one report statement may run (SET LOCAL statement_timeout). */
export const REPORT_STATEMENT_TIMEOUT_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

type Head = typeof onlCgreportHead.$inferSelect;
type Item = typeof onlCgreportItem.$inferSelect;
type Param = typeof onlCgreportParam.$inferSelect;

interface Definition {
  head: Head;
  items: Item[];
  params: Param[];
}

/** Who runs the report: tenant, data scope and the values of the system parameters. */
export interface ReportCaller {
  tenantId: number;
  username: string;
  orgCode: string | null;
  scope: DataScope;
}

export interface ReportService {
  columns(tenantId: number, code: string): Promise<ReportColumnsDto>;
  queryInfo(tenantId: number, code: string): Promise<ReportQueryItemDto[]>;
  data(caller: ReportCaller, code: string, query: ReportDataQuery): Promise<PageResult<ReportRow>>;
}

const VIEWS: Record<ReportFieldType, ReportQueryView> = {
  String: 'text',
  Integer: 'number',
  Number: 'number',
  Date: 'date',
  Datetime: 'datetime',
};

const fieldType = (t: string): ReportFieldType =>
  t === 'Integer' || t === 'Number' || t === 'Date' || t === 'Datetime' ? t : 'String';
const searchMode = (m: string): ReportQueryMode => (m === 'group' ? 'group' : 'single');

/** A pg error's SQLSTATE, also when Drizzle wraps it (DrizzleQueryError.cause). */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A timestamp as PostgreSQL writes it ("2025-11-21 07:00:00+00") → an instant JavaScript reads. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}(:?\d{2})?|Z)?$/;
function asDate(v: string): Date | null {
  if (!TIMESTAMP_TEXT.test(v)) return null;
  const d = new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? null : d;
}

function formatValue(type: ReportFieldType, v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return type === 'Date' ? formatDate(v) : formatDateTime(v);
  if (typeof v === 'string' && (type === 'Date' || type === 'Datetime')) {
    const d = asDate(v);
    if (d) return type === 'Date' ? formatDate(d) : formatDateTime(d);
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return Number(v);
  return JSON.stringify(v);
}

export function createReportService({
  db,
  dicts,
  log,
  timeoutMs = REPORT_STATEMENT_TIMEOUT_MS,
}: {
  db: Db;
  dicts: Pick<DictService, 'items'>;
  log: { error(obj: unknown, msg?: string): void };
  timeoutMs?: number;
}): ReportService {
  /** The tenant's report by id or code; another tenant's (or a deleted) report answers 404. */
  async function load(tenantId: number, code: string): Promise<Definition> {
    const [head] = await db
      .select()
      .from(onlCgreportHead)
      .where(
        and(
          eq(onlCgreportHead.tenantId, tenantId),
          eq(onlCgreportHead.delState, 0),
          UUID.test(code) ? eq(onlCgreportHead.id, code) : eq(onlCgreportHead.code, code),
        ),
      );
    if (!head) throw notFound();
    const [items, params] = await Promise.all([
      db
        .select()
        .from(onlCgreportItem)
        .where(and(eq(onlCgreportItem.headId, head.id), eq(onlCgreportItem.tenantId, tenantId)))
        .orderBy(asc(onlCgreportItem.orderNum), asc(onlCgreportItem.fieldName)),
      db
        .select()
        .from(onlCgreportParam)
        .where(and(eq(onlCgreportParam.headId, head.id), eq(onlCgreportParam.tenantId, tenantId)))
        .orderBy(asc(onlCgreportParam.orderNum), asc(onlCgreportParam.paramName)),
    ]);
    // Declared names become quoted identifiers; anything else in a definition is a configuration error.
    return { head, items: items.filter((i) => IDENTIFIER.test(i.fieldName)), params };
  }

  /** Runs statements in one READ ONLY transaction under the statement timeout; failures become Chinese messages. */
  async function readOnly<T>(report: Head, work: (tx: Pick<Db, 'execute'>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(
        async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
          return work(tx);
        },
        { accessMode: 'read only' },
      );
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const state = sqlState(err);
      log.error({ err, report: report.code, sqlState: state }, 'online report failed');
      if (state === '57014') throw new ApiError(500, REPORT_MESSAGES.timeout);
      if (state === '25006') throw new ApiError(500, REPORT_MESSAGES.readOnly);
      throw new ApiError(500, REPORT_MESSAGES.sqlError);
    }
  }

  return {
    async columns(tenantId, code) {
      const { head, items } = await load(tenantId, code);
      const shown = items.filter((i) => i.isShow);
      const dictOptions: Record<string, DictOption[]> = {};
      for (const i of shown) if (i.dictCode) dictOptions[i.fieldName] = await dicts.items(i.dictCode);
      return {
        cgRpConfigId: head.id,
        cgRpConfigCode: head.code,
        cgRpConfigName: head.name,
        columns: shown.map((i) => ({
          dataIndex: i.fieldName,
          title: i.fieldTxt,
          fieldType: fieldType(i.fieldType),
          width: i.fieldWidth,
          sorter: i.isOrder,
          dictCode: i.dictCode,
        })),
        dictOptions,
      };
    },

    async queryInfo(tenantId, code) {
      const { items, params } = await load(tenantId, code);
      const paramItems: ReportQueryItemDto[] = params.map((p) => ({
        field: REPORT_PARAM_PREFIX + p.paramName,
        label: p.paramTxt,
        view: VIEWS[fieldType(p.paramType)],
        mode: 'single',
        dictCode: null,
        hidden: '0',
        param: true,
        defaultValue: p.paramValue,
      }));
      const columnItems: ReportQueryItemDto[] = items
        .filter((i) => i.isSearch)
        .map((i) => ({
          field: i.fieldName,
          label: i.fieldTxt,
          view: i.dictCode ? 'list' : VIEWS[fieldType(i.fieldType)],
          mode: i.dictCode ? 'single' : searchMode(i.searchMode),
          dictCode: i.dictCode,
          hidden: i.searchHidden ? '1' : '0',
          param: false,
          defaultValue: null,
        }));
      // Shown items first, then the ones behind 展开.
      return [...columnItems, ...paramItems].sort((a, b) => Number(a.hidden) - Number(b.hidden));
    },

    async data(caller, code, query) {
      const { head, items, params } = await load(caller.tenantId, code);
      const byName = new Map(items.map((i) => [i.fieldName, i]));
      let orderBy: SQL | undefined;
      if (query.column) {
        if (!byName.has(query.column)) throw badRequest(REPORT_MESSAGES.badSort);
        orderBy = sql`ORDER BY ${sql.identifier(query.column)} ${sql.raw(query.order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`;
      }
      const where = filterClauses(
        items
          .filter((i) => i.isSearch)
          .map((i) => ({
            fieldName: i.fieldName,
            fieldType: fieldType(i.fieldType),
            searchMode: i.dictCode ? 'single' : searchMode(i.searchMode),
            dictCode: i.dictCode,
          })),
        query,
      );
      const scope = caller.scope;
      if (head.orgCodeField && IDENTIFIER.test(head.orgCodeField) && scope.kind !== 'all') {
        const col = sql.identifier(head.orgCodeField);
        if (scope.orgCodes.length === 0) where.push(sql`false`);
        else if (scope.kind === 'own') where.push(sql`${col} = ANY(${sql.param(scope.orgCodes)}::text[])`);
        else {
          const prefixes = scope.orgCodes.map((c) => `${c.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
          where.push(sql`${col} LIKE ANY(${sql.param(prefixes)}::text[])`);
        }
      }
      const system: SystemParams = {
        sys_tenant_id: caller.tenantId,
        sys_user_code: caller.username,
        sys_org_code: caller.orgCode,
      };
      // Every report must filter its rows by tenant itself: refuse to run one that does not bind it.
      if (!/\$\{\s*sys_tenant_id\s*\}/.test(head.cgrSql)) throw new ApiError(500, REPORT_MESSAGES.noTenantFilter);
      let inner: SQL;
      try {
        inner = bindReportSql(head.cgrSql, { ...paramValues(params, query), ...system });
      } catch (err) {
        if (err instanceof ReportConfigError) throw new ApiError(500, err.message);
        throw err;
      }
      const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
      const select = sql.join(
        items.map((i) => sql.identifier(i.fieldName)),
        sql`, `,
      );
      const offset = (query.pageNo - 1) * query.pageSize;
      // The report is a CTE: a data-modifying statement stays at the top level, where READ ONLY refuses it.
      const { total, rows } = await readOnly(head, async (tx) => {
        const counted = await tx.execute<{ n: number }>(
          sql`WITH __rp AS (${inner}) SELECT count(*)::int AS n FROM __rp ${whereSql}`,
        );
        const n = Number(counted.rows[0]?.n ?? 0);
        if (n === 0 || offset >= n) return { total: n, rows: [] as Record<string, unknown>[] };
        const page = await tx.execute<Record<string, unknown>>(
          sql`WITH __rp AS (${inner}) SELECT ${select} FROM __rp ${whereSql} ${orderBy ?? sql``} LIMIT ${query.pageSize} OFFSET ${offset}`,
        );
        return { total: n, rows: page.rows };
      });
      return {
        records: rows.map((r) => {
          const out: ReportRow = {};
          for (const i of items) out[i.fieldName] = formatValue(fieldType(i.fieldType), r[i.fieldName]);
          return out;
        }),
        total,
        size: query.pageSize,
        current: query.pageNo,
        pages: Math.ceil(total / query.pageSize),
      };
    },
  };
}
