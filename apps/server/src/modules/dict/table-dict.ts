import {
  DICT_MESSAGES,
  type DictOption,
  type DictTreeNode,
  type PageResult,
  type TableDataQuery,
  type TableDataRow,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { fetchPage } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from './kit.ts';

/**
 * Table-backed dictionaries ("table,text,code"): the table and every column come from this allow-list and
 * nothing else; values are always bound parameters. Tenant tables only answer with the caller's tenant's rows.
 */
interface DictTable {
  columns: readonly string[];
  /** tenant: a tenant_id column; userTenant: users of the tenant (sys_user_tenant). */
  scope: 'tenant' | 'userTenant';
  /** Rows that count (e.g. not deleted). A fixed SQL text, never built from input. */
  alive?: string;
}

export const DICT_TABLES: Record<string, DictTable> = {
  sys_user: {
    columns: ['id', 'username', 'realname', 'phone', 'email', 'org_code', 'post'],
    scope: 'userTenant',
    alive: 'del_flag = 0',
  },
  sys_depart: {
    columns: ['id', 'org_code', 'depart_name', 'depart_name_abbr', 'parent_id', 'org_category'],
    scope: 'tenant',
    alive: 'del_flag = 0',
  },
  sys_role: { columns: ['id', 'role_code', 'role_name'], scope: 'tenant' },
  sys_category: { columns: ['id', 'code', 'name', 'pid', 'has_child'], scope: 'tenant' },
  sys_position: { columns: ['id', 'code', 'name', 'post_rank'], scope: 'tenant' },
  purchase_record: {
    columns: ['id', 'purchase_no', 'purchase_code', 'purchase_name', 'package_no', 'package_name', 'sys_org_code'],
    scope: 'tenant',
  },
};

export const isTableDictCode = (code: string) => code.includes(',');

function tableOf(name: string): DictTable {
  const table = Object.hasOwn(DICT_TABLES, name) ? DICT_TABLES[name] : undefined;
  if (!table) throw badRequest(DICT_MESSAGES.tableNotAllowed(name));
  return table;
}

function columnOf(tableName: string, table: DictTable, column: string): SQL {
  if (!table.columns.includes(column)) throw badRequest(DICT_MESSAGES.columnNotAllowed(tableName, column));
  return sql`t.${sql.identifier(column)}`;
}

/** "table,text,code" → the checked table and columns. */
export function parseTableDict(code: string) {
  const parts = code.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !p)) throw badRequest(DICT_MESSAGES.badTableDict);
  const [tableName = '', text = '', value = ''] = parts;
  const table = tableOf(tableName);
  return { tableName, table, text: columnOf(tableName, table, text), value: columnOf(tableName, table, value) };
}

function scopeOf(table: DictTable, tenantId: number, alias = 't'): SQL {
  const a = sql.raw(alias);
  const alive = table.alive ? sql` AND ${a}.${sql.raw(table.alive)}` : sql``;
  if (table.scope === 'userTenant') {
    return sql`EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = ${a}.id AND ut.tenant_id = ${tenantId})${alive}`;
  }
  return sql`${a}.tenant_id = ${tenantId}${alive}`;
}

/** A JSON object {column: value} of extra equality filters; columns from the allow-list. */
function conditionOf(tableName: string, table: DictTable, condition: string | undefined, message: string): SQL {
  if (!condition?.trim()) return sql``;
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    throw badRequest(message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(message);
  const parts: SQL[] = [];
  for (const [column, value] of Object.entries(parsed)) {
    const col = columnOf(tableName, table, column);
    if (value === null) parts.push(sql` AND ${col} IS NULL`);
    else if (['string', 'number', 'boolean'].includes(typeof value))
      parts.push(sql` AND ${col}::text = ${String(value)}`);
    else throw badRequest(message);
  }
  return sql.join(parts, sql``);
}

export interface TableDict {
  /** Options whose text contains keyword (all when empty), at most `limit`, ordered by text. */
  options(code: string, tenantId: number, opts: { keyword?: string; limit: number }): Promise<DictOption[]>;
  /** The labels of the given values, in the order asked; unknown values are left out. */
  labels(code: string, tenantId: number, keys: string[]): Promise<string[]>;
  tree(
    query: {
      tableName: string;
      text: string;
      code: string;
      pid?: string;
      pidField?: string;
      hasChildField?: string;
      condition?: string;
    },
    tenantId: number,
  ): Promise<DictTreeNode[]>;
  /** A page of the asked columns (business-component select); names from the allow-list, values bound. */
  page(query: TableDataQuery, tenantId: number): Promise<PageResult<TableDataRow>>;
}

/** A JSON object {column: text} of contains filters (ILIKE, escaped); columns from the allow-list. */
function containsOf(tableName: string, table: DictTable, query: string | undefined): SQL[] {
  if (!query?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(query);
  } catch {
    throw badRequest(DICT_MESSAGES.badCondition);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest(DICT_MESSAGES.badCondition);
  const parts: SQL[] = [];
  for (const [column, value] of Object.entries(parsed)) {
    const col = columnOf(tableName, table, column);
    if (value === null || value === undefined || value === '') continue;
    if (!['string', 'number', 'boolean'].includes(typeof value)) throw badRequest(DICT_MESSAGES.badCondition);
    parts.push(sql`${col}::text ILIKE ${containsPattern(String(value).trim())}`);
  }
  return parts;
}

const toOption = (r: { value: string; text: string }): DictOption => ({
  value: r.value,
  text: r.text,
  title: r.text,
  label: r.text,
});

export function createTableDict({ db }: { db: Db }): TableDict {
  return {
    async page(q, tenantId) {
      const table = tableOf(q.table);
      const names = [...new Set(q.columns.split(',').map((c) => c.trim()))].filter(Boolean).slice(0, 20);
      const columns = names.map((name) => sql`${columnOf(q.table, table, name)}::text AS ${sql.identifier(name)}`);
      const where = [scopeOf(table, tenantId), ...containsOf(q.table, table, q.query)];
      const keys = q.keys
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .slice(0, 500);
      if (q.keyField && keys?.length) {
        const keyCol = columnOf(q.table, table, q.keyField);
        where.push(
          sql`${keyCol}::text IN (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
      }
      const filter = sql.join(where, sql` AND `);
      const sort = q.column ? columnOf(q.table, table, q.column) : columnOf(q.table, table, names[0] ?? '');
      const direction = q.order === 'desc' ? sql`DESC` : sql`ASC`;
      const from = sql`FROM ${sql.identifier(q.table)} t WHERE ${filter}`;
      return fetchPage(
        q,
        async () => {
          const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from}`);
          return r.rows[0]?.n ?? 0;
        },
        async (offset, limit) => {
          const r = await db.execute<TableDataRow>(sql`
            SELECT ${sql.join(columns, sql`, `)} ${from}
            ORDER BY ${sort} ${direction} NULLS LAST, t.id
            LIMIT ${limit} OFFSET ${offset}`);
          return r.rows;
        },
        (row) => row,
      );
    },

    async options(code, tenantId, { keyword, limit }) {
      const { tableName, table, text, value } = parseTableDict(code);
      const search = keyword ? sql` AND ${text}::text ILIKE ${containsPattern(keyword)}` : sql``;
      const rows = await db.execute<{ value: string; text: string }>(sql`
        SELECT DISTINCT ${value}::text AS value, ${text}::text AS text
        FROM ${sql.identifier(tableName)} t
        WHERE ${scopeOf(table, tenantId)} AND ${value} IS NOT NULL${search}
        ORDER BY 2, 1
        LIMIT ${limit}`);
      return rows.rows.map(toOption);
    },

    async labels(code, tenantId, keys) {
      if (keys.length === 0) return [];
      const { tableName, table, text, value } = parseTableDict(code);
      const rows = await db.execute<{ value: string; text: string }>(sql`
        SELECT ${value}::text AS value, ${text}::text AS text
        FROM ${sql.identifier(tableName)} t
        WHERE ${scopeOf(table, tenantId)} AND ${value}::text IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`);
      const byValue = new Map(rows.rows.map((r) => [r.value, r.text]));
      return keys.flatMap((k) => (byValue.has(k) ? [byValue.get(k) ?? ''] : []));
    },

    async tree(q, tenantId) {
      const table = tableOf(q.tableName);
      const text = columnOf(q.tableName, table, q.text);
      const code = columnOf(q.tableName, table, q.code);
      if (!q.pidField) throw badRequest(DICT_MESSAGES.notTree(q.tableName));
      const pidField = columnOf(q.tableName, table, q.pidField);
      const childPid = sql`c.${sql.identifier(q.pidField)}`;
      const hasChild = q.hasChildField
        ? sql`${columnOf(q.tableName, table, q.hasChildField)}::text = '1'`
        : sql`EXISTS (SELECT 1 FROM ${sql.identifier(q.tableName)} c WHERE ${childPid}::text = ${code}::text AND ${scopeOf(table, tenantId, 'c')})`;
      const pid = q.pid?.trim();
      const parent =
        !pid || pid === '0'
          ? sql`(${pidField} IS NULL OR ${pidField}::text IN ('', '0'))`
          : sql`${pidField}::text = ${pid}`;
      const rows = await db.execute<{ key: string; title: string; parent: string | null; has_child: boolean }>(sql`
        SELECT ${code}::text AS key, ${text}::text AS title, ${pidField}::text AS parent, ${hasChild} AS has_child
        FROM ${sql.identifier(q.tableName)} t
        WHERE ${scopeOf(table, tenantId)} AND ${parent}${conditionOf(q.tableName, table, q.condition, DICT_MESSAGES.badCondition)}
        ORDER BY 2, 1
        LIMIT 5000`);
      return rows.rows.map((r) => ({
        key: r.key,
        value: r.key,
        title: r.title,
        label: r.title,
        isLeaf: !r.has_child,
        parentId: r.parent,
      }));
    },
  };
}
