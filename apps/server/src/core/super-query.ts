import {
  SUPER_QUERY_MESSAGES as M,
  type SuperQueryCondition,
  type SuperQueryFieldDef,
  type SuperQueryFieldType,
  type SuperQueryMatchType,
  type SuperQueryRule,
  unwrapFilter,
} from '@aps/shared';
import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { badRequest } from './envelope.ts';

/**
 * The one translator of list conditions into SQL: the advanced query (superQueryParams + superQueryMatchType,
 * §3/§4/§5) and the §5 filter wrapping of simple search values (*v*, !v, >=v, <=v, …).
 *
 * Safety comes from two rules, both enforced here and nowhere else:
 * - a field is only ever looked up in the list's allow-list (`SuperQueryColumns`); its column is SQL the module
 *   wrote, never text from the request. Anything else is refused with 400 `不支持按该字段查询：<field>`;
 * - every value is a bound parameter (drizzle's `sql` template), typed by the field: numbers must parse as
 *   numbers and dates as dates, else 400; LIKE patterns escape `\ % _`.
 */

/** One allowed field: the SQL of its column (a drizzle column or a fragment like sql`u.username`) and its type. */
export interface SuperQueryColumn {
  column: SQLWrapper;
  type: SuperQueryFieldType;
  label: string;
}

export type SuperQueryColumns = Readonly<Record<string, SuperQueryColumn>>;

/**
 * A list's allow-list from its shared field declarations and a column for each of them (the Record type makes the
 * module map every declared field, and only those).
 */
export function superQueryColumns<const D extends readonly SuperQueryFieldDef[]>(
  defs: D,
  columns: Record<D[number]['field'], SQLWrapper>,
): SuperQueryColumns {
  const out: Record<string, SuperQueryColumn> = {};
  for (const d of defs) {
    out[d.field] = { column: columns[d.field as D[number]['field']], type: d.type, label: d.label };
  }
  return Object.freeze(out);
}

export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const NUMBER = /^[-+]?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

function columnOf(field: string, columns: SuperQueryColumns): SuperQueryColumn {
  // Object.hasOwn: "__proto__", "constructor" and friends are not fields.
  if (!Object.hasOwn(columns, field)) throw badRequest(M.badField(field));
  return columns[field] as SuperQueryColumn;
}

/** A value as the parameter its field takes. */
function typed(col: SuperQueryColumn, value: string): string | number {
  switch (col.type) {
    case 'number':
      if (!NUMBER.test(value)) throw badRequest(M.notNumber(col.label));
      return Number(value);
    case 'date':
      if (!DATE.test(value) || Number.isNaN(Date.parse(value))) throw badRequest(M.notDate(col.label));
      return value;
    case 'datetime':
      if (!(DATE.test(value) || DATETIME.test(value)) || Number.isNaN(Date.parse(value.slice(0, 10))))
        throw badRequest(M.notDate(col.label));
      return value.replace('T', ' ');
    default:
      return value;
  }
}

/**
 * The SQL of one condition, or undefined for a line without a value (§5: such a line is empty and does not
 * count). Throws 400 for a field outside the allow-list or a value of the wrong type.
 */
export function conditionSql(
  cond: { field: string; rule: SuperQueryRule; val: string },
  columns: SuperQueryColumns,
): SQL | undefined {
  const col = columnOf(cond.field, columns);
  const raw = cond.val.trim();
  if (raw === '') return undefined;
  // A date-only value on a datetime field compares the day.
  const dayOnly = col.type === 'datetime' && DATE.test(raw);
  const target = dayOnly ? sql`CAST(${col.column} AS date)` : sql`${col.column}`;
  const text = col.type === 'string' ? sql`${col.column}` : sql`CAST(${col.column} AS text)`;

  switch (cond.rule) {
    case 'like':
      return sql`${text} ILIKE ${`%${escapeLike(raw)}%`}`;
    case 'right_like':
      return sql`${text} ILIKE ${`${escapeLike(raw)}%`}`;
    case 'left_like':
      return sql`${text} ILIKE ${`%${escapeLike(raw)}`}`;
    case 'in': {
      const values = [...new Set(raw.split(',').map((v) => v.trim()))].filter(Boolean);
      if (values.length === 0) return undefined;
      const params = values.map((v) => sql`${dayOnlyValue(col, v, dayOnly)}`);
      return sql`${target} IN (${sql.join(params, sql`, `)})`;
    }
    case 'eq':
      return sql`${target} = ${typed(col, raw)}`;
    case 'ne':
      return sql`${target} IS DISTINCT FROM ${typed(col, raw)}`;
    case 'gt':
      return sql`${target} > ${typed(col, raw)}`;
    case 'ge':
      return sql`${target} >= ${typed(col, raw)}`;
    case 'lt':
      return sql`${target} < ${typed(col, raw)}`;
    case 'le':
      return sql`${target} <= ${typed(col, raw)}`;
    default:
      throw badRequest(M.badRule);
  }
}

/** In an `in` list on a day-compared datetime field every value must be a date too. */
function dayOnlyValue(col: SuperQueryColumn, v: string, dayOnly: boolean) {
  if (dayOnly && !DATE.test(v)) throw badRequest(M.notDate(col.label));
  return typed(col, v);
}

/**
 * The advanced query as one where-clause: the lines joined with AND (default) or OR. No line with a value →
 * undefined (no condition). Every field is checked even when another line fails later.
 */
export function superQueryWhere(
  lines: readonly SuperQueryCondition[] | undefined,
  matchType: SuperQueryMatchType | undefined,
  columns: SuperQueryColumns,
): SQL | undefined {
  if (!lines?.length) return undefined;
  const parts = lines.map((l) => conditionSql(l, columns)).filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) return undefined;
  const joined = matchType === 'or' ? or(...parts) : and(...parts);
  return joined ? sql`(${joined})` : undefined;
}

/**
 * A simple search value with the §5 wrapping (`*v*` like, `!v` ne, `>=v` ge, `<=v` le, `>v`, `<v`, `v*`, `*v`);
 * a value without a marker takes `plainRule` (text search boxes keep "contains").
 */
export function filterSql(
  field: string,
  raw: string | undefined,
  columns: SuperQueryColumns,
  plainRule: SuperQueryRule = 'eq',
): SQL | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const { rule, val } = unwrapFilter(raw, plainRule);
  return conditionSql({ field, rule, val }, columns);
}
