// biome-ignore-all lint/suspicious/noTemplateCurlyInString: report SQL names its parameters ${name}
import { REPORT_MESSAGES } from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/envelope.ts';
import {
  bindReportSql,
  type FilterColumn,
  filterClauses,
  paramValues,
  placeholdersOf,
  ReportConfigError,
} from './compile.ts';

const dialect = new PgDialect();
const render = (q: SQL) => dialect.sqlToQuery(q);
const where = (clauses: SQL[]) => render(sql.join(clauses, sql` AND `));

describe('bindReportSql', () => {
  it('turns each ${name} into a bound parameter, the text staying the stored text', () => {
    const q = render(
      bindReportSql('SELECT * FROM t WHERE tenant_id = ${sys_tenant_id} AND d >= ${ begin }::date AND e = ${begin}', {
        sys_tenant_id: 1,
        begin: "2001-01-01' OR 1=1 --",
      }),
    );
    expect(q.sql).toBe('SELECT * FROM t WHERE tenant_id = $1 AND d >= $2::date AND e = $3');
    expect(q.params).toEqual([1, "2001-01-01' OR 1=1 --", "2001-01-01' OR 1=1 --"]);
  });

  it('refuses a placeholder that has no declared value', () => {
    expect(() => bindReportSql('SELECT ${nope}', {})).toThrow(ReportConfigError);
    expect(() => bindReportSql('SELECT ${constructor}', {})).toThrow(ReportConfigError);
  });

  it('lists the placeholders once each', () => {
    expect(placeholdersOf('${a} ${b} ${a} $1 ${ c }')).toEqual(['a', 'b', 'c']);
  });
});

const columns: FilterColumn[] = [
  { fieldName: 'name', fieldType: 'String', searchMode: 'single', dictCode: null },
  { fieldName: 'stage', fieldType: 'String', searchMode: 'single', dictCode: 'purchase_stage' },
  { fieldName: 'price', fieldType: 'Number', searchMode: 'group', dictCode: null },
  { fieldName: 'day', fieldType: 'Date', searchMode: 'group', dictCode: null },
  { fieldName: 'n', fieldType: 'Integer', searchMode: 'single', dictCode: null },
];

describe('filterClauses', () => {
  const cases: [string, Record<string, string>, string, unknown[]][] = [
    ['nothing sent', {}, '', []],
    ['text contains, escaped', { name: '50%_off\\' }, '"name"::text ILIKE $1', ['%50\\%\\_off\\\\%']],
    ['§5 like wrapping is unwrapped', { name: '*abc*' }, '"name"::text ILIKE $1', ['%abc%']],
    ['dictionary equals its value', { stage: "3' OR '1'='1" }, '"stage"::text = $1', ["3' OR '1'='1"]],
    [
      'number range',
      { price_begin: '10', price_end: '20.5' },
      '"price" >= $1::numeric AND "price" <= $2::numeric',
      ['10', '20.5'],
    ],
    [
      'date range includes the end day',
      { day_begin: '2001-01-01', day_end: '2001-01-31' },
      '"day" >= $1::date AND "day" < $2::date + 1',
      ['2001-01-01', '2001-01-31'],
    ],
    ['integer equals', { n: '-3' }, '"n" = $1::numeric', ['-3']],
    ['undeclared keys are ignored', { 'name; drop': 'x', tenant_id: '2', price: '5' }, '', []],
  ];
  it.each(cases)('%s', (_, query, expectedSql, params) => {
    const clauses = filterClauses(columns, query);
    if (!expectedSql) return expect(clauses).toEqual([]);
    const q = where(clauses);
    expect(q.sql).toBe(expectedSql);
    expect(q.params).toEqual(params);
  });

  it.each([{ price_begin: '1 OR 1=1' }, { day_end: '2001-01-01; DROP TABLE x' }, { n: '1e9' }])(
    'refuses a value that does not fit its type: %o',
    (query) => {
      expect(() => filterClauses(columns, query)).toThrow(new ApiError(400, REPORT_MESSAGES.badFilter));
    },
  );
});

describe('paramValues', () => {
  const params = [
    { paramName: 'begin', paramType: 'Date', paramValue: null },
    { paramName: 'kw', paramType: 'String', paramValue: '默认' },
  ];
  it('reads self_-prefixed values, else the default, else null', () => {
    expect(paramValues(params, {})).toEqual({ begin: null, kw: '默认' });
    expect(paramValues(params, { self_begin: '2001-01-01', self_kw: "x' --", kw: 'ignored' })).toEqual({
      begin: '2001-01-01',
      kw: "x' --",
    });
  });
  it('refuses a date parameter that is not a date', () => {
    expect(() => paramValues(params, { self_begin: 'yesterday' })).toThrow(REPORT_MESSAGES.badFilter);
  });
});
