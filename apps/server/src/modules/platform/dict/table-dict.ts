import {
  DICT_MESSAGES,
  type DictOption,
  type DictTreeNode,
  type PageResult,
  type TableDataQuery,
  type TableDataRow,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/caller.ts';
import { badRequest } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { readTable, type TableRead } from '../../../core/shared-tables.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern } from './kit.ts';

/**
 * Table-backed dictionaries ("table,text,code"), loadTreeData and the business-component select: the table, its
 * columns and the rows a caller may read come from the one allow-list of shared endpoints (core/shared-tables.ts)
 * and nothing else; values are always bound parameters.
 */
export const isTableDictCode = (code: string) => code.includes(',');

/** "table,text,code" → the caller's read of the table and the checked text and value columns. */
export async function parseTableDict(code: string, caller: Caller) {
  const parts = code.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !p)) throw badRequest(DICT_MESSAGES.badTableDict);
  const [tableName = '', text = '', value = ''] = parts;
  const table = await readTable(caller, tableName);
  return { table, text: table.filterable(text), value: table.filterable(value) };
}

/** A JSON object {column: value} of extra equality filters; columns from the allow-list. */
function conditionOf(table: TableRead, condition: string | undefined, message: string): SQL {
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
    const col = table.filterable(column);
    if (value === null) parts.push(sql` AND ${col} IS NULL`);
    else if (['string', 'number', 'boolean'].includes(typeof value))
      parts.push(sql` AND ${col}::text = ${String(value)}`);
    else throw badRequest(message);
  }
  return sql.join(parts, sql``);
}

export interface TableDict {
  /** Options whose text contains keyword (all when empty), at most `limit`, ordered by text. */
  options(code: string, caller: Caller, opts: { keyword?: string; limit: number }): Promise<DictOption[]>;
  /** The labels of the given values, in the order asked; unknown values are left out. */
  labels(code: string, caller: Caller, keys: string[]): Promise<string[]>;
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
    caller: Caller,
  ): Promise<DictTreeNode[]>;
  /** A page of the asked columns (business-component select); names from the allow-list, values bound. */
  page(query: TableDataQuery, caller: Caller): Promise<PageResult<TableDataRow>>;
}

/** A JSON object {column: text} of contains filters (ILIKE, escaped); columns from the allow-list. */
function containsOf(table: TableRead, query: string | undefined): SQL[] {
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
    const col = table.filterable(column);
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
    async page(q, caller) {
      const table = await readTable(caller, q.table);
      const names = [...new Set(q.columns.split(',').map((c) => c.trim()))].filter(Boolean).slice(0, 20);
      const columns = names.map((name) => sql`${table.selectable(name)}::text AS ${sql.identifier(name)}`);
      const where = containsOf(table, q.query);
      const keys = q.keys
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .slice(0, 500);
      if (q.keyField && keys?.length) {
        where.push(
          sql`${table.filterable(q.keyField)}::text IN (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
      }
      const filter = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
      // Without a sort column, the first asked column the caller may sort by (never a masked one).
      const sort = table.filterable(q.column ?? names.find((n) => !table.masked(n)) ?? 'id');
      const direction = q.order === 'desc' ? sql`DESC` : sql`ASC`;
      const from = sql`FROM ${table.source} t ${filter}`;
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
          return r.rows.map((row) => table.mask(row));
        },
        (row) => row,
      );
    },

    async options(code, caller, { keyword, limit }) {
      const { table, text, value } = await parseTableDict(code, caller);
      const search = keyword ? sql` AND ${text}::text ILIKE ${containsPattern(keyword)}` : sql``;
      const rows = await db.execute<{ value: string; text: string }>(sql`
        SELECT DISTINCT ${value}::text AS value, ${text}::text AS text
        FROM ${table.source} t
        WHERE ${value} IS NOT NULL${search}
        ORDER BY 2, 1
        LIMIT ${limit}`);
      return rows.rows.map(toOption);
    },

    async labels(code, caller, keys) {
      if (keys.length === 0) return [];
      const { table, text, value } = await parseTableDict(code, caller);
      const rows = await db.execute<{ value: string; text: string }>(sql`
        SELECT ${value}::text AS value, ${text}::text AS text
        FROM ${table.source} t
        WHERE ${value}::text IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`);
      const byValue = new Map(rows.rows.map((r) => [r.value, r.text]));
      return keys.flatMap((k) => (byValue.has(k) ? [byValue.get(k) ?? ''] : []));
    },

    async tree(q, caller) {
      const table = await readTable(caller, q.tableName);
      const text = table.filterable(q.text);
      const code = table.filterable(q.code);
      if (!q.pidField) throw badRequest(DICT_MESSAGES.notTree(q.tableName));
      const pidField = table.filterable(q.pidField);
      // Children are counted among the rows the caller may see only.
      const childPid = table.filterable(q.pidField, 'c');
      const hasChild = q.hasChildField
        ? sql`${table.filterable(q.hasChildField)}::text = '1'`
        : sql`EXISTS (SELECT 1 FROM ${table.source} c WHERE ${childPid}::text = ${code}::text)`;
      const pid = q.pid?.trim();
      const parent =
        !pid || pid === '0'
          ? sql`(${pidField} IS NULL OR ${pidField}::text IN ('', '0'))`
          : sql`${pidField}::text = ${pid}`;
      const rows = await db.execute<{ key: string; title: string; parent: string | null; has_child: boolean }>(sql`
        SELECT ${code}::text AS key, ${text}::text AS title, ${pidField}::text AS parent, ${hasChild} AS has_child
        FROM ${table.source} t
        WHERE ${parent}${conditionOf(table, q.condition, DICT_MESSAGES.badCondition)}
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
