import { superQueryParamsSchema, USER_SUPER_QUERY_FIELDS, wrapFilter } from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import { conditionSql, filterSql, superQueryColumns, superQueryWhere } from './super-query.ts';

const dialect = new PgDialect();
const render = (q: SQL | undefined) => {
  if (!q) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { sql: text, params };
};

const columns = superQueryColumns(USER_SUPER_QUERY_FIELDS, {
  username: sql`u.username`,
  realname: sql`u.realname`,
  sex: sql`u.sex`,
  birthday: sql`u.birthday`,
  phone: sql`u.phone`,
  email: sql`u.email`,
  post: sql`u.post`,
  status: sql`u.status`,
  createTime: sql`u.create_time`,
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    return (err as ApiError).message;
  }
  throw new Error('not refused');
}

describe('conditionSql: every rule', () => {
  it.each([
    ['eq', 'username', 'admin', 'u.username = $1', ['admin']],
    ['like', 'username', 'adm', 'u.username ILIKE $1', ['%adm%']],
    ['right_like', 'username', 'adm', 'u.username ILIKE $1', ['adm%']],
    ['left_like', 'username', 'min', 'u.username ILIKE $1', ['%min']],
    ['in', 'username', 'a, b ,a,,c', 'u.username IN ($1, $2, $3)', ['a', 'b', 'c']],
    ['ne', 'username', 'admin', 'u.username IS DISTINCT FROM $1', ['admin']],
    ['gt', 'status', '1', 'u.status > $1', [1]],
    ['ge', 'status', '1', 'u.status >= $1', [1]],
    ['lt', 'status', '2', 'u.status < $1', [2]],
    ['le', 'status', '2', 'u.status <= $1', [2]],
    ['in', 'sex', '1,2', 'u.sex IN ($1, $2)', [1, 2]],
    ['like', 'sex', '1', 'CAST(u.sex AS text) ILIKE $1', ['%1%']],
    ['ge', 'birthday', '1990-01-01', 'u.birthday >= $1', ['1990-01-01']],
    ['eq', 'createTime', '2026-01-02', 'CAST(u.create_time AS date) = $1', ['2026-01-02']],
    ['lt', 'createTime', '2026-01-02 10:00:00', 'u.create_time < $1', ['2026-01-02 10:00:00']],
  ] as const)('%s on %s', (rule, field, val, text, params) => {
    expect(render(conditionSql({ field, rule, val }, columns))).toEqual({ sql: text, params });
  });

  it('escapes LIKE wildcards in values', () => {
    expect(render(conditionSql({ field: 'username', rule: 'like', val: '50%_a\\' }, columns))?.params).toEqual([
      '%50\\%\\_a\\\\%',
    ]);
  });

  it('an empty value is no condition', () => {
    expect(conditionSql({ field: 'username', rule: 'eq', val: '  ' }, columns)).toBeUndefined();
    expect(conditionSql({ field: 'username', rule: 'in', val: ' , ,' }, columns)).toBeUndefined();
  });
});

describe('conditionSql: injection attempts', () => {
  it.each([
    'username; DROP TABLE sys_user',
    'username = username OR 1=1 --',
    'u.password_hash',
    'password_hash',
    '__proto__',
    'constructor',
    'toString',
    '"username"',
    'USERNAME',
  ])('refuses the field %j', (field) => {
    expect(refusal(() => conditionSql({ field, rule: 'eq', val: 'x' }, columns))).toBe(`不支持按该字段查询：${field}`);
  });

  it.each(["admin' OR '1'='1", "'; DROP TABLE sys_user; --", '$1', '\\x27'])(
    'binds the value %j as a parameter',
    (val) => {
      const q = render(conditionSql({ field: 'username', rule: 'eq', val }, columns));
      expect(q).toEqual({ sql: 'u.username = $1', params: [val.trim()] });
    },
  );

  it('binds every value of an in list', () => {
    const q = render(conditionSql({ field: 'username', rule: 'in', val: "a') OR 1=1 --,b" }, columns));
    expect(q).toEqual({ sql: 'u.username IN ($1, $2)', params: ["a') OR 1=1 --", 'b'] });
  });

  it.each([
    ['status', '1 OR 1=1', '状态的值必须是数字'],
    ['status', '1;', '状态的值必须是数字'],
    ['sex', '1,x', '性别的值必须是数字'],
    ['birthday', "2020-01-01' OR 'a'='a", '生日的值必须是日期（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）'],
    ['createTime', 'now()', '创建时间的值必须是日期（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）'],
  ])('refuses a %s value of the wrong type (%j)', (field, val, message) => {
    expect(refusal(() => conditionSql({ field, rule: field === 'sex' ? 'in' : 'eq', val }, columns))).toBe(message);
  });
});

describe('superQueryWhere', () => {
  const lines = [
    { field: 'username', rule: 'like', val: 'a' },
    { field: 'status', rule: 'eq', val: '1' },
  ] as const;

  it('joins lines with AND by default and with OR on request', () => {
    expect(render(superQueryWhere([...lines], undefined, columns))).toEqual({
      sql: '((u.username ILIKE $1 and u.status = $2))',
      params: ['%a%', 1],
    });
    expect(render(superQueryWhere([...lines], 'or', columns))?.sql).toBe('((u.username ILIKE $1 or u.status = $2))');
  });

  it('no lines, or only empty lines, is no condition', () => {
    expect(superQueryWhere(undefined, 'and', columns)).toBeUndefined();
    expect(superQueryWhere([{ field: 'username', rule: 'eq', val: '' }], 'and', columns)).toBeUndefined();
  });

  it('refuses the whole query when one line names an unknown field', () => {
    expect(
      refusal(() => superQueryWhere([...lines, { field: 'password_hash', rule: 'eq', val: 'x' }], 'or', columns)),
    ).toBe('不支持按该字段查询：password_hash');
  });
});

describe('filterSql: the §5 filter wrapping', () => {
  it.each([
    ['*adm*', 'u.username ILIKE $1', ['%adm%']],
    ['!admin', 'u.username IS DISTINCT FROM $1', ['admin']],
    ['>=b', 'u.username >= $1', ['b']],
    ['<=b', 'u.username <= $1', ['b']],
    ['>b', 'u.username > $1', ['b']],
    ['<b', 'u.username < $1', ['b']],
    ['adm*', 'u.username ILIKE $1', ['adm%']],
    ['*min', 'u.username ILIKE $1', ['%min']],
    ['adm', 'u.username ILIKE $1', ['%adm%']],
  ])('%j', (raw, text, params) => {
    expect(render(filterSql('username', raw, columns, 'like'))).toEqual({ sql: text, params });
  });

  it('round-trips wrapFilter for every rule it wraps', () => {
    for (const rule of ['like', 'ne', 'ge', 'le', 'gt', 'lt', 'right_like', 'left_like'] as const) {
      const q = render(filterSql('username', wrapFilter(rule, ' v '), columns));
      expect(q?.params?.[0]).toContain('v');
    }
    expect(wrapFilter('like', ' v ')).toBe('*v*');
    expect(wrapFilter('ne', 'v')).toBe('!v');
    expect(wrapFilter('ge', 'v')).toBe('>=v');
    expect(wrapFilter('le', 'v')).toBe('<=v');
    expect(wrapFilter('like', ' v ', false)).toBe('* v *');
  });

  it('an empty filter is no condition', () => {
    expect(filterSql('username', '', columns)).toBeUndefined();
    expect(filterSql('username', undefined, columns)).toBeUndefined();
  });
});

describe('superQueryParamsSchema', () => {
  const lines = [{ field: 'username', rule: 'like', val: 'ad', type: 'string', options: [] }];

  it('reads the once- and twice-encoded JSON the client sends', () => {
    const json = JSON.stringify(lines);
    const expected = [{ field: 'username', rule: 'like', val: 'ad', type: 'string' }];
    expect(superQueryParamsSchema.parse(json)).toEqual(expected);
    expect(superQueryParamsSchema.parse(encodeURIComponent(json))).toEqual(expected);
  });

  it('joins an in list and stringifies numbers', () => {
    expect(superQueryParamsSchema.parse(JSON.stringify([{ field: 'sex', rule: 'in', val: [1, 2] }]))).toEqual([
      { field: 'sex', rule: 'in', val: '1,2' },
    ]);
  });

  it.each([
    ['not json', '高级查询参数格式有误，需要一个JSON数组'],
    ['{"field":"a"}', '高级查询参数格式有误，需要一个JSON数组'],
    ['[{"field":"a","rule":"between","val":"1"}]', '不支持的查询规则'],
  ])('refuses %j', (raw, message) => {
    const result = superQueryParamsSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
