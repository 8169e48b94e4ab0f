/**
 * The fuzzer of issue 12, kept as a test: every registered route gets inputs generated from its own schema plus
 * hostile values, without a token, as a supplier and as the administrator. Whatever the input, the answer is never
 * a 5xx, is always the envelope, and a request that is refused writes nothing. About 7,000 requests in seconds.
 */
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hostileValue, type JsonSchema, objectFor, toQueryValue } from './fuzz-arbitraries.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

const RUNS_PER_ROUTE = 8;
/** Routes that end the caller's own session or take minutes by design: fuzzed without a token only. */
const SESSION_ENDING = [
  /\/sys\/logout$/,
  /\/sys\/online\/forceLogout$/,
  /\/sys\/user\/(updatePassword|changePassword)$/,
];
/** What a refused request may still write: the access and login logs, sessions, rate counters, scheduled runs. */
const LOG_TABLE = /(^sys_log$|_log$|session|sms|captcha|attempt|throttle|rate_limit|_count$|^app_meta$|audit)/;
const LOGIN_COLUMN = /(login|fail|lock|attempt)/;

let t: TestApp;
const tokens: Record<'anonymous' | 'supplier' | 'admin', string | undefined> = {
  anonymous: undefined,
  supplier: undefined,
  admin: undefined,
};

interface Target {
  method: string;
  url: string;
  params: JsonSchema;
  query: JsonSchema;
  body: JsonSchema | undefined;
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

function targets(routes: RouteOptions[]): Target[] {
  return routes.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    return methods.map((method) => ({
      method,
      url: route.url,
      params: jsonSchemaOf(schema.params) ?? {},
      query: jsonSchemaOf(schema.querystring) ?? {},
      body: jsonSchemaOf(schema.body),
    }));
  });
}

/** Percent-encodes anything, lone surrogates included (as the CESU bytes a broken client would send). */
function encodeLoose(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ue000')).replaceAll('%EE%80%80', '%ED%A0%80');
}

function requestFor(target: Target) {
  const paramNames = [...target.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const paramShape: Record<string, JsonSchema> = Object.fromEntries(
    paramNames.map((name) => [name, target.params.properties?.[name] ?? { type: 'string' }]),
  );
  return fc.record({
    params: objectFor({ properties: paramShape }),
    query: objectFor(target.query),
    body: target.body
      ? fc.oneof({ weight: 4, arbitrary: objectFor(target.body) }, hostileValue)
      : fc.constant(undefined),
  });
}

async function send(
  target: Target,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  token?: string,
) {
  const url = target.url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeLoose(toQueryValue(input.params[name] ?? 'x') || 'x'),
  );
  const query = Object.entries(input.query)
    .map(([key, value]) => `${encodeLoose(key)}=${encodeLoose(toQueryValue(value))}`)
    .join('&');
  const hasBody = target.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(target.method);
  return t.app.inject({
    method: target.method as 'GET',
    url: query ? `${url}?${query}` : url,
    headers: {
      ...(token ? { 'x-access-token': token } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(input.body ?? {}) } : {}),
  });
}

/**
 * Every table a request could write to (logs and login counters aside) counts its real row changes into
 * fuzz_write_count through a row trigger, so a snapshot is one small read rather than a hash of every row of every
 * table (that hash, taken after each of ~850 route × caller runs, was most of this test's 4 minutes). An UPDATE
 * that changes only login columns, or nothing, does not count; a rolled-back write takes its count with it.
 */
async function installWriteCounters(): Promise<void> {
  await t.pool.query(`
    CREATE TABLE fuzz_write_count (table_name text PRIMARY KEY, n bigint NOT NULL);
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ignored text[] := coalesce(TG_ARGV, '{}'); -- TG_ARGV is NULL when a table has no login columns
    BEGIN
      IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN RETURN NULL; END IF;
      INSERT INTO fuzz_write_count VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (table_name) DO UPDATE SET n = fuzz_write_count.n + 1;
      RETURN NULL;
    END $$;`);
  const { rows: tables } = await t.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name: table } of tables) {
    if (LOG_TABLE.test(table) || table.startsWith('__drizzle')) continue;
    const { rows: columns } = await t.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    const ignored = columns.map((c) => c.column_name).filter((c) => LOGIN_COLUMN.test(c));
    await t.pool.query(
      `CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${pg.escapeIdentifier(table)}
       FOR EACH ROW EXECUTE FUNCTION fuzz_count_write(${ignored.map((c) => pg.escapeLiteral(c)).join(', ')})`,
    );
  }
}

/** Row changes per table so far. */
async function snapshot(): Promise<Map<string, string>> {
  const { rows } = await t.pool.query<{ table_name: string; n: string }>('SELECT table_name, n FROM fuzz_write_count');
  return new Map(rows.map((row) => [row.table_name, row.n]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.supplier = await t.login('supplier01');
  await installWriteCounters();
});
afterAll(() => t?.close());

describe('fuzzing every route (issue 12 acceptance)', () => {
  it('answers hostile and generated input without a 5xx, always in the envelope, and a refused request writes nothing', async () => {
    const all = targets(t.apiRoutes).filter((target) => !target.url.startsWith('/aps/test/'));
    expect(all.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let requests = 0;
    let baseline = await snapshot();
    // The detector itself: a real change is seen, an UPDATE that changes nothing is not.
    await t.pool.query(`UPDATE sys_dict SET description = description WHERE dict_code = 'sex'`);
    expect(changedTables(baseline, await snapshot())).toEqual([]);
    await t.pool.query(`UPDATE sys_dict SET description = coalesce(description, '') || '.' WHERE dict_code = 'sex'`);
    expect(changedTables(baseline, await snapshot())).toEqual(['sys_dict']);
    baseline = await snapshot();
    for (const who of ['anonymous', 'supplier', 'admin'] as const) {
      for (const target of all) {
        if (who !== 'anonymous' && SESSION_ENDING.some((pattern) => pattern.test(target.url))) continue;
        const statuses: number[] = [];
        await fc.assert(
          fc.asyncProperty(requestFor(target), async (input) => {
            const res = await send(target, input, tokens[who]);
            requests++;
            statuses.push(res.statusCode);
            const where = `${who} ${target.method} ${target.url} ${JSON.stringify(input).slice(0, 300)}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
            const json = (res.headers['content-type'] ?? '').toString().includes('application/json');
            if (res.statusCode >= 400 || json) {
              const body = json ? res.json() : undefined;
              const enveloped =
                body &&
                typeof body.success === 'boolean' &&
                typeof body.message === 'string' &&
                typeof body.code === 'number';
              if (!enveloped) failures.push(`not the envelope (${res.statusCode}) ${where}: ${res.body.slice(0, 200)}`);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 20261125, endOnFailure: true },
        );
        const after = await snapshot();
        if (statuses.every((status) => status >= 400)) {
          const changed = changedTables(baseline, after);
          if (changed.length)
            failures.push(`refused ${who} ${target.method} ${target.url} wrote to ${changed.join(', ')}`);
        }
        baseline = after;
      }
    }
    console.log(`fuzz: ${requests} requests over ${all.length} operations × 3 callers`);
    expect(failures).toEqual([]);
  }, 120_000);
});
