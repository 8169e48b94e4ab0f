import type pg from 'pg';

/**
 * The list fast path's memory (issue 11 §2): totals of list queries, cached per query (its SQL and bound values:
 * table, tenant, data scope, filters) and valid only while none of the tables it reads has changed.
 *
 * Tables change "versions" in three ways:
 *  - a statement this process sends through a pool of `connectDatabase` that writes (INSERT, UPDATE, DELETE,
 *    TRUNCATE, or anything it cannot read, which bumps every table) bumps its table when the client goes back
 *    to the pool, i.e. after the write committed: the next page of this process sees it, whatever the timing;
 *  - every table's statement trigger `aps_table_changed` (migration 0012) notifies `aps_table_changed` with the
 *    table's name after the commit; `listenForTableChanges` bumps the table on arrival (other instances, CLIs,
 *    SQL by hand, trigger-written tables);
 *  - losing that listening connection bumps everything and nothing is cached until it is back.
 * A total is stored with the versions read before its query started, so a count that raced a write is never
 * served after it. Entries are fresh for `ttlMs` (a bound on anything missed); for one more TTL an aged entry whose
 * tables did not change is answered while its single reload runs (`cachedOrLoad`).
 */

export interface ListCacheSettings {
  /** How long a total may be served from memory at most. */
  ttlMs: number;
  /** Entries kept at most (oldest dropped first). */
  maxEntries: number;
  /** Above this many rows (the planner's estimate, confirmed by a count bounded at it) a total is estimated. */
  estimateAbove: number;
}

export const LIST_CACHE_DEFAULTS: ListCacheSettings = { ttlMs: 5_000, maxEntries: 5_000, estimateAbove: 100_000 };

export interface CachedTotal {
  total: number;
  estimated: boolean;
}

interface Entry {
  value: unknown;
  tables: readonly string[];
  versions: number[];
  generation: number;
  expires: number;
}

const settings: ListCacheSettings = { ...LIST_CACHE_DEFAULTS };
const versions = new Map<string, number>();
/** Bumped when every table must be taken as changed. */
let generation = 0;
/** Listening connections alive; caching is on only while at least one is, or when none was ever asked for. */
let listeners = 0;
let listenerWanted = false;
const entries = new Map<string, Entry>();
let now = () => performance.now();

export function configureListCache(next: Partial<ListCacheSettings>, clock?: () => number): void {
  Object.assign(settings, next);
  if (clock) now = clock;
  entries.clear();
}

export function listCacheSettings(): Readonly<ListCacheSettings> {
  return settings;
}

export function tableChanged(table: string): void {
  versions.set(table, (versions.get(table) ?? 0) + 1);
}

export function everyTableChanged(): void {
  generation++;
  entries.clear();
}

const versionOf = (table: string) => versions.get(table) ?? 0;

/** What a total must be stored with: read before its query starts. */
export function snapshotVersions(tables: readonly string[]): { versions: number[]; generation: number } {
  return { versions: tables.map(versionOf), generation };
}

function caching(): boolean {
  return settings.ttlMs > 0 && (!listenerWanted || listeners > 0);
}

const current = (entry: Entry) =>
  entry.generation === generation && entry.tables.every((t, i) => versionOf(t) === entry.versions[i]);

/** A value stored under `key` while none of its tables has changed and it is younger than the TTL. */
export function cachedValue<T>(key: string): T | undefined {
  if (!caching()) return undefined;
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (!current(entry)) {
    entries.delete(key);
    return undefined;
  }
  // Only aged: kept (not served) for `refreshingValue` until its reload is stored or it is a second TTL old.
  if (entry.expires <= now()) return undefined;
  return entry.value as T;
}

/**
 * The value of an entry past its TTL whose tables have not changed since it was read, for at most one more TTL:
 * what callers get while its one reload runs, instead of all waiting for it.
 */
function refreshingValue<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry || !caching() || !current(entry) || entry.expires + settings.ttlMs <= now()) return undefined;
  return entry.value as T;
}

/** Keeps `value`, read from `tables` as they were at `seen` (taken before the read started). */
export function storeValue(
  key: string,
  tables: readonly string[],
  seen: { versions: number[]; generation: number },
  value: unknown,
): void {
  if (!caching()) return;
  // Changed while it was read: the value may predate the change, so it is not kept.
  if (seen.generation !== generation || tables.some((t, i) => versionOf(t) !== seen.versions[i])) return;
  if (entries.size >= settings.maxEntries) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.delete(key);
  entries.set(key, { value, tables, versions: seen.versions, generation, expires: now() + settings.ttlMs });
}

const inflight = new Map<string, { seen: { versions: number[]; generation: number }; value: Promise<unknown> }>();

const unchangedSince = (tables: readonly string[], seen: { versions: number[]; generation: number }) =>
  seen.generation === generation && tables.every((t, i) => versionOf(t) === seen.versions[i]);

/**
 * The cached value, else one load shared by every caller that asks while it runs (a page that expired under 50
 * connections is read once, not 50 times). A caller joins a load only if none of its tables changed since the
 * load began: the same promise a cache hit gives. A value that only aged past the TTL (no table it reads changed)
 * is still answered while its reload runs, so an expiry does not stall every caller behind one slow count (a name
 * search's total at a million rows); the reload's value replaces it. A change is never answered around: then the
 * caller waits for a load that began after it.
 */
export function cachedOrLoad<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const hit = cachedValue<T>(key);
  if (hit !== undefined) return Promise.resolve(hit);
  const running = inflight.get(key);
  if (running && caching() && unchangedSince(tables, running.seen)) {
    const aged = refreshingValue<T>(key);
    return aged !== undefined ? Promise.resolve(aged) : (running.value as Promise<T>);
  }
  const seen = snapshotVersions(tables);
  const value = load().then((v) => {
    storeValue(key, tables, seen, v);
    return v;
  });
  const entry = { seen, value };
  inflight.set(key, entry);
  const forget = () => {
    if (inflight.get(key) === entry) inflight.delete(key);
  };
  value.then(forget, forget);
  const aged = refreshingValue<T>(key);
  if (aged === undefined) return value;
  // Nobody awaits the reload: its failure is the next caller's (no entry is stored, so they load again).
  value.catch(() => {});
  return Promise.resolve(aged);
}

// ---- which tables a statement reads or writes ---------------------------------------------------

const READ_ONLY = /^\s*(select|begin|commit|rollback|savepoint|release|set|show|explain|start transaction|reset)\b/i;
const WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/i;
const MAY_WRITE =
  /\b(insert|update|delete|truncate|merge|copy|call|do|create|alter|drop|vacuum|cluster|refresh|reindex|import)\b/i;

/**
 * What a statement changes: `[]` for a read, its table for a plain write, `null` when it cannot tell (a writing
 * CTE, DDL, COPY…), which counts as a change to every table. A SELECT that calls a writing function is taken as a
 * read: the tables' own notifications cover it.
 */
export function writtenTables(text: string): string[] | null {
  const m = WRITE.exec(text);
  if (m?.[1]) return [m[1]];
  if (READ_ONLY.test(text) || !MAY_WRITE.test(text)) return [];
  return null;
}

/** Table names a list query reads (FROM and JOIN, quoted or not, subqueries included). */
export function readTables(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+(?:"?public"?\.)?"?([a-z_][\w]*)"?/gi)) {
    if (m[1]) out.add(m[1].toLowerCase());
  }
  return [...out].sort();
}

// ---- the pool hook -----------------------------------------------------------------------------

const WROTE = Symbol('aps.wrote');
type Tracked = pg.PoolClient & { [WROTE]?: Set<string> | 'all' };

/**
 * Makes every write through `pool` bump its tables once the client is back in the pool (after COMMIT, or after
 * the statement itself outside a transaction). A rolled-back write bumps too: harmless, one more count.
 */
export function trackPoolWrites(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const tracked = client as Tracked;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (tracked as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string' && tracked[WROTE] !== 'all') {
        const tables = writtenTables(text);
        if (tables === null) tracked[WROTE] = 'all';
        else if (tables.length) {
          tracked[WROTE] ??= new Set();
          for (const t of tables) tracked[WROTE].add(t);
        }
      }
      return query(...args);
    };
  });
  pool.on('release', (_err, client) => {
    const tracked = client as Tracked;
    const wrote = tracked[WROTE];
    if (!wrote) return;
    tracked[WROTE] = undefined;
    if (wrote === 'all') everyTableChanged();
    else for (const t of wrote) tableChanged(t);
  });
}

// ---- the listener ------------------------------------------------------------------------------

export const TABLE_CHANGED_CHANNEL = 'aps_table_changed';

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). While it is down nothing is
 * cached; it reconnects with a growing pause and, once back, takes every table as changed (it may have missed
 * notifications). Returns a stop function.
 */
export function listenForTableChanges(
  connect: () => pg.Client,
  log: (message: string, err?: unknown) => void = () => {},
): () => Promise<void> {
  listenerWanted = true;
  let stopped = false;
  let client: pg.Client | null = null;
  let up = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 100;

  const down = () => {
    if (up) listeners--;
    up = false;
    everyTableChanged();
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(start, pause);
    retry.unref();
    pause = Math.min(pause * 2, 5_000);
  };
  async function start() {
    const c = connect();
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === TABLE_CHANGED_CHANNEL && msg.payload) tableChanged(msg.payload);
    });
    c.on('error', (err) => {
      log('表变更监听连接出错', err);
      down();
      c.end().catch(() => {});
      if (client === c) schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${TABLE_CHANGED_CHANNEL}`);
      if (stopped) {
        await c.end();
        return;
      }
      everyTableChanged();
      up = true;
      listeners++;
      pause = 100;
    } catch (err) {
      log('表变更监听连接失败', err);
      c.end().catch(() => {});
      if (client === c) schedule();
    }
  }
  void start();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    if (up) listeners--;
    up = false;
    await client?.end().catch(() => {});
  };
}
