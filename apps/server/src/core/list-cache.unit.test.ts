import { describe, expect, it } from 'vitest';
import { cachedOrLoad, configureListCache, readTables, tableChanged, writtenTables } from './list-cache.ts';

describe('writtenTables: what a statement changes (list totals of those tables are dropped)', () => {
  it.each([
    ['insert into "sys_position" ("id") values ($1)', ['sys_position']],
    ['update "purchase_record" set "purchase_name" = $1 where "id" = $2', ['purchase_record']],
    ['delete from "sys_role" where "id" = $1', ['sys_role']],
    ['DELETE FROM public.sys_log WHERE id = $1', ['sys_log']],
    ['  INSERT INTO purchase_record (tenant_id) SELECT 1', ['purchase_record']],
    ['TRUNCATE TABLE purchase_record', ['purchase_record']],
    ['truncate only "sys_file"', ['sys_file']],
    ['select "id" from "sys_user" where "id" = $1', []],
    ['\n    SELECT count(*) FROM sys_log', []],
    ['select * from t for update', []],
    ['begin', []],
    ['commit', []],
    ['with x as (select 1) select * from x', []],
    ['(select 1) union (select 2)', []],
    ['LISTEN aps_table_changed', []],
    ['with gone as (delete from sys_log returning id) select count(*) from gone', null],
    ['COPY purchase_record FROM STDIN', null],
    ['CREATE INDEX i ON t (a)', null],
    ['VACUUM (ANALYZE) purchase_record', null],
  ])('%s', (text, expected) => {
    expect(writtenTables(text)).toEqual(expected);
  });
});

describe('readTables: the tables a count query reads', () => {
  it.each([
    ['select count(*) from "sys_position" where "sys_position"."tenant_id" = $1', ['sys_position']],
    [
      'select count(*) from "sys_role" where exists (select 1 from "sys_user_role" join "sys_user" on true)',
      ['sys_role', 'sys_user', 'sys_user_role'],
    ],
    ['SELECT count(*) FROM public.sys_log l LEFT JOIN sys_user u ON u.id = l.userid', ['sys_log', 'sys_user']],
  ])('%s', (text, expected) => {
    expect(readTables(text)).toEqual(expected);
  });
});

describe('cachedOrLoad', () => {
  it('one load for callers that ask while it runs; a change since it began starts another', async () => {
    configureListCache({ ttlMs: 5000 });
    const resolvers: ((n: number) => void)[] = [];
    const load = () => new Promise<number>((resolve) => resolvers.push(resolve));
    const a = cachedOrLoad('k', ['t'], load);
    const b = cachedOrLoad('k', ['t'], load);
    expect(resolvers).toHaveLength(1);
    tableChanged('t');
    const c = cachedOrLoad('k', ['t'], load);
    expect(resolvers).toHaveLength(2);
    resolvers[0]?.(1);
    resolvers[1]?.(2);
    expect([await a, await b, await c]).toEqual([1, 1, 2]);
    // The load that began after the change is kept; the one from before it is not.
    expect(await cachedOrLoad('k', ['t'], async () => 99)).toBe(2);
    tableChanged('t');
    expect(await cachedOrLoad('k', ['t'], async () => 99)).toBe(99);
  });

  it('an entry that only aged is answered while its one reload runs; a changed one never is', async () => {
    let clock = 0;
    configureListCache({ ttlMs: 1000 }, () => clock);
    try {
      expect(await cachedOrLoad('aged', ['a'], async () => 1)).toBe(1);
      clock = 1500;
      const resolvers: ((n: number) => void)[] = [];
      const load = () => new Promise<number>((resolve) => resolvers.push(resolve));
      // Past the TTL: the caller that starts the reload and the one after it get the aged value at once.
      expect(await cachedOrLoad('aged', ['a'], load)).toBe(1);
      expect(await cachedOrLoad('aged', ['a'], load)).toBe(1);
      expect(resolvers).toHaveLength(1);
      resolvers[0]?.(2);
      await Promise.resolve();
      expect(await cachedOrLoad('aged', ['a'], async () => 99)).toBe(2);
      // A change: the caller waits for a load begun after it, never the old value.
      clock = 3000;
      tableChanged('a');
      const changed = cachedOrLoad('aged', ['a'], load);
      expect(resolvers).toHaveLength(2);
      resolvers[1]?.(3);
      expect(await changed).toBe(3);
      // Two TTLs old: not answered any more, the caller waits for the reload.
      clock = 5500;
      const late = cachedOrLoad('aged', ['a'], load);
      resolvers[2]?.(4);
      expect(await late).toBe(4);
    } finally {
      configureListCache({ ttlMs: 5000 }, () => performance.now());
    }
  });
});
