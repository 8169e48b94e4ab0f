import {
  REPORT_MESSAGES,
  REPORT_PARAM_PREFIX,
  REPORT_RANGE_SUFFIX,
  type ReportFieldType,
  type ReportQueryMode,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';

/** A `${name}` placeholder in a report's stored SQL. */
const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** Values the server binds itself; a report's own parameters cannot take these names. */
export const SYSTEM_PARAMS = ['sys_tenant_id', 'sys_user_code', 'sys_org_code'] as const;
export type SystemParams = Record<(typeof SYSTEM_PARAMS)[number], string | number | null>;

export class ReportConfigError extends Error {}

/** The placeholder names a report's SQL uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/**
 * The stored SQL with each `${name}` replaced by a bound parameter ($n) holding `values[name]`. The SQL text
 * itself comes only from the report definition; nothing the request sends is ever written into it.
 * A placeholder without a value (undeclared name) is a configuration error.
 */
export function bindReportSql(text: string, values: Record<string, string | number | null>): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1] as string;
    if (!Object.hasOwn(values, name)) throw new ReportConfigError(REPORT_MESSAGES.unknownParam);
    chunks.push(sql.raw(text.slice(last, m.index)), sql`${values[name]}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export interface FilterColumn {
  fieldName: string;
  fieldType: ReportFieldType;
  searchMode: ReportQueryMode;
  dictCode: string | null;
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter or parameter value checked against its type: 400 查询条件格式不正确 when it does not fit. */
export function checkValue(type: ReportFieldType | 'String', value: string): string {
  const ok =
    type === 'Integer' || type === 'Number'
      ? NUMBER.test(value)
      : type === 'Date'
        ? DATE.test(value)
        : type === 'Datetime'
          ? DATETIME.test(value)
          : true;
  if (!ok) throw badRequest(REPORT_MESSAGES.badFilter);
  return value;
}

/** Strips the filter wrapping of §5 (*v* for like) so a text filter is always a contains search. */
const unwrapLike = (v: string) => v.replace(/^\*|\*$/g, '');

/**
 * The where-clause over the report's output (`__rp`) from the request's query fields: only the declared
 * searchable columns are read, their names are quoted identifiers from the definition and every value is bound.
 * single: text contains (ILIKE, escaped), dictionary / number / date equal; group: `<f>_begin` ≤ value ≤ `<f>_end`.
 */
export function filterClauses(columns: FilterColumn[], query: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  const read = (key: string) => {
    const v = query[key];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  for (const c of columns) {
    const col = sql.identifier(c.fieldName);
    const type = c.fieldType;
    if (c.searchMode === 'group') {
      const begin = read(c.fieldName + REPORT_RANGE_SUFFIX.begin);
      const end = read(c.fieldName + REPORT_RANGE_SUFFIX.end);
      if (begin !== undefined) out.push(sql`${col} >= ${cast(type, checkValue(type, begin))}`);
      if (end !== undefined) {
        // A date end includes its whole day.
        out.push(
          type === 'Date' || (type === 'Datetime' && DATE.test(end))
            ? sql`${col} < ${cast('Date', checkValue('Date', end))} + 1`
            : sql`${col} <= ${cast(type, checkValue(type, end))}`,
        );
      }
      continue;
    }
    const raw = read(c.fieldName);
    if (raw === undefined) continue;
    if (c.dictCode) out.push(sql`${col}::text = ${raw}`);
    else if (type === 'String') {
      const v = unwrapLike(raw);
      if (v) out.push(sql`${col}::text ILIKE ${`%${escapeLike(v)}%`}`);
    } else if (type === 'Date' || type === 'Datetime') {
      out.push(sql`${col}::date = ${cast('Date', checkValue('Date', raw.slice(0, 10)))}`);
    } else out.push(sql`${col} = ${cast(type, checkValue(type, raw))}`);
  }
  return out;
}

function cast(type: ReportFieldType, value: string): SQL {
  switch (type) {
    case 'Integer':
    case 'Number':
      return sql`${value}::numeric`;
    case 'Date':
      return sql`${value}::date`;
    case 'Datetime':
      return sql`${value}::timestamp`;
    default:
      return sql`${value}`;
  }
}

export interface ParamDef {
  paramName: string;
  paramType: string;
  paramValue: string | null;
}

/** The report's parameter values: `self_<name>` from the request, else the declared default, else null. */
export function paramValues(params: ParamDef[], query: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const p of params) {
    const sent = query[REPORT_PARAM_PREFIX + p.paramName];
    const value = typeof sent === 'string' && sent.trim() !== '' ? sent.trim() : p.paramValue;
    out[p.paramName] = value === null || value === undefined ? null : checkValue(p.paramType as ReportFieldType, value);
  }
  return out;
}
