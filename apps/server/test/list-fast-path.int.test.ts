/**
 * The list fast path (issue 11 §2, core/paging.ts, core/list-cache.ts): a list's total is cached until a table it
 * reads changes — by this process (the pool hook), through the API (request transactions), or by anyone else
 * (statement triggers notify, the server listens); past the threshold it is estimated and flagged; keyset pages
 * (the previous page's last id) are the offset pages.
 */
import { and, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureListCache, LIST_CACHE_DEFAULTS } from '../src/core/list-cache.ts';
import { totalOf } from '../src/core/paging.ts';
import { purchaseRecord } from '../src/modules/procurement/purchase/tables.ts';
import { createTestApp, fileDatabaseUrl, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  // The listener connects in the background; caching starts once it listens.
  await waitFor(async () => {
    await list('pageNo=1&pageSize=1');
    return true;
  });
});
afterAll(async () => {
  configureListCache(LIST_CACHE_DEFAULTS);
  await t.close();
});

interface Page {
  total: number;
  pages: number;
  totalEstimated?: boolean;
  records: { id: string }[];
}

async function get(url: string): Promise<Page> {
  const res = await t.app.inject({ url, headers: { 'x-access-token': admin, 'tenant-id': '1' } });
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as Page;
}
const list = (query: string) => get(`/aps/purchase/purchaseRecord/list?${query}`);

async function waitFor(check: () => Promise<boolean>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const STAGE = 4;
const countStage = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(purchaseRecord)
      .where(and(eq(purchaseRecord.tenantId, 1), eq(purchaseRecord.purchaseStage, STAGE)))
  )[0]?.n ?? 0;

/** A copy of one tenant-1 row in stage STAGE under a new code; returns its id. */
const copyRow = (code: string) => sql`
  INSERT INTO purchase_record (tenant_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category,
                               purchase_stage, package_no, package_name)
  SELECT tenant_id, sys_org_code, purchase_no, ${code}, purchase_name, purchase_category, ${STAGE}, package_no,
         package_name
  FROM purchase_record WHERE tenant_id = 1 LIMIT 1
  RETURNING id`;

describe('a cached total follows every write', () => {
  it('every table tells the other instances of its writes (the aps_table_changed trigger; a new table needs it)', async () => {
    const missing = await t.db.execute<{ relname: string }>(sql`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'aps_table_changed')
      ORDER BY 1`);
    expect(missing.rows.map((r) => r.relname)).toEqual([]);
  });

  it('a write through the server’s own pool shows in the very next page, both totals (count table and counted)', async () => {
    const stageQuery = `pageNo=2&pageSize=5&purchaseStage=${STAGE}`;
    const searchQuery = 'pageNo=1&pageSize=5&purchaseCode=FP-OWN';
    const before = await list(stageQuery);
    expect(before.total).toBe(await countStage());
    expect((await list(searchQuery)).total).toBe(0);
    // Served from the cache now: the same answer again.
    expect((await list(stageQuery)).total).toBe(before.total);

    const inserted = await t.db.execute<{ id: string }>(copyRow('FP-OWN-1'));
    expect((await list(stageQuery)).total).toBe(before.total + 1);
    expect((await list(searchQuery)).total).toBe(1);

    await t.db.execute(sql`DELETE FROM purchase_record WHERE id = ${inserted.rows[0]?.id}`);
    expect((await list(stageQuery)).total).toBe(before.total);
    expect((await list(searchQuery)).total).toBe(0);
  });

  it('a cached page follows inserts, updates and deletes of its rows', async () => {
    const firstPage = `pageNo=1&pageSize=5&purchaseStage=${STAGE}`;
    const before = await list(firstPage);
    expect((await list(firstPage)).records).toEqual(before.records);
    // Newest first: a new row of the stage leads page 1.
    const inserted = await t.db.execute<{ id: string }>(copyRow('FP-PAGE-1'));
    const id = inserted.rows[0]?.id;
    const withNew = await list(firstPage);
    expect(withNew.records[0]?.id).toBe(id);
    await t.db.execute(sql`UPDATE purchase_record SET purchase_name = '快速路径改名' WHERE id = ${id}`);
    expect((await list(firstPage)).records[0]).toMatchObject({ id, purchaseName: '快速路径改名' });
    await t.db.execute(sql`DELETE FROM purchase_record WHERE id = ${id}`);
    expect((await list(firstPage)).records.map((r) => r.id)).toEqual(before.records.map((r) => r.id));
  });

  it('a page served as cached bytes follows a dictionary edit in its _dictText companions', async () => {
    const stageQuery = `pageNo=1&pageSize=5&purchaseStage=${STAGE}`;
    const text = async () =>
      ((await list(stageQuery)).records[0] as { purchaseStage_dictText?: string } | undefined)?.purchaseStage_dictText;
    const item = await t.db.execute<{ id: string; dict_id: string; item_text: string; item_value: string }>(
      sql`SELECT i.id, i.dict_id, i.item_text, i.item_value FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id
          WHERE d.dict_code = 'purchase_stage' AND i.item_value = ${String(STAGE)}`,
    );
    const row = item.rows[0];
    if (!row) throw new Error('no purchase_stage item for the stage');
    expect(await text()).toBe(row.item_text);
    expect(await text()).toBe(row.item_text);
    const edit = (itemText: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/aps/sys/dictItem/edit',
        headers: { 'x-access-token': admin, 'tenant-id': '1' },
        payload: { id: row.id, dictId: row.dict_id, itemText, itemValue: row.item_value },
      });
    expect((await edit('快速路径阶段')).json()).toMatchObject({ success: true });
    try {
      expect(await text()).toBe('快速路径阶段');
    } finally {
      expect((await edit(row.item_text)).json()).toMatchObject({ success: true });
    }
    expect(await text()).toBe(row.item_text);
  });

  it('a write by another client (another instance, a CLI) arrives by NOTIFY well before the cache would expire', async () => {
    const stageQuery = `pageNo=1&pageSize=5&purchaseStage=${STAGE}`;
    const before = (await list(stageQuery)).total;
    const other = new pg.Client({ connectionString: await fileDatabaseUrl() });
    await other.connect();
    try {
      const sent = await other.query<{ id: string }>(
        `INSERT INTO purchase_record (tenant_id, sys_org_code, purchase_no, purchase_code, purchase_name,
                                      purchase_category, purchase_stage, package_no, package_name)
         SELECT tenant_id, sys_org_code, purchase_no, 'FP-OTHER', purchase_name, purchase_category, $1, package_no,
                package_name
         FROM purchase_record WHERE tenant_id = 1 LIMIT 1 RETURNING id`,
        [STAGE],
      );
      // The TTL is 5 s; the notification must do it in well under 2 s.
      await waitFor(async () => (await list(stageQuery)).total === before + 1);
      await other.query('DELETE FROM purchase_record WHERE id = $1', [sent.rows[0]?.id]);
      await waitFor(async () => (await list(stageQuery)).total === before);
    } finally {
      await other.end();
    }
  });

  it('an admin list’s total follows its add and delete through the API', async () => {
    const headers = { 'x-access-token': admin, 'tenant-id': '1' };
    const before = (await get('/aps/sys/position/list?pageNo=1&pageSize=10')).total;
    const code = `fp${Date.now().toString(36)}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/position/add',
      headers,
      payload: { code, name: '快速路径职务', postRank: '1' },
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
    const after = await get('/aps/sys/position/list?pageNo=1&pageSize=10');
    expect(after.total).toBe(before + 1);
    const id = (await get(`/aps/sys/position/list?pageNo=1&pageSize=10&code=${code}`)).records[0]?.id;
    expect(id).toBeTruthy();
    const removed = await t.app.inject({ method: 'DELETE', url: `/aps/sys/position/delete?id=${id}`, headers });
    expect(removed.json(), removed.body).toMatchObject({ success: true });
    expect((await get('/aps/sys/position/list?pageNo=1&pageSize=10')).total).toBe(before);
  });
});

describe('an estimated total past the threshold', () => {
  it('is flagged above the threshold and exact below it', async () => {
    await t.db.execute(sql`ANALYZE purchase_record`);
    const all = (
      await t.db
        .select({ n: count() })
        .from(purchaseRecord)
        .where(and(eq(purchaseRecord.tenantId, 1), ilike(purchaseRecord.purchaseCode, '%CG-%')))
    )[0]?.n;
    expect(all).toBeGreaterThan(100);
    // Exact with the default threshold (100,000).
    const exact = await list('pageNo=1&pageSize=10&purchaseCode=CG-');
    expect(exact.total).toBe(all);
    expect(exact.totalEstimated).toBeUndefined();

    configureListCache({ estimateAbove: 50 });
    try {
      const estimated = await list('pageNo=1&pageSize=10&purchaseCode=CG-');
      expect(estimated.totalEstimated).toBe(true);
      expect(estimated.total).toBeGreaterThan(50);
      expect(estimated.records).toHaveLength(10);
      const none = await list('pageNo=1&pageSize=10&purchaseCode=FP-NONE');
      expect(none).toMatchObject({ total: 0, records: [] });
      expect(none.totalEstimated).toBeUndefined();
    } finally {
      configureListCache({ estimateAbove: LIST_CACHE_DEFAULTS.estimateAbove });
    }
  });

  it('a filter the planner overestimates still counts exactly: the count bounded at the threshold decides', async () => {
    configureListCache({ estimateAbove: 10 });
    try {
      // stage = 4 AND stage <> 4: the planner multiplies the two (about 1/12 × 11/12 of the rows), none match.
      const where = and(
        eq(purchaseRecord.tenantId, 1),
        eq(purchaseRecord.purchaseStage, STAGE),
        ne(purchaseRecord.purchaseStage, STAGE),
      );
      const query = t.db.select({ n: count() }).from(purchaseRecord).where(where);
      const plan = await t.db.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
        sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM purchase_record WHERE ${where}`,
      );
      expect(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows']).toBeGreaterThan(10);
      expect(await totalOf(query)).toEqual({ total: 0, estimated: false });
    } finally {
      configureListCache({ estimateAbove: LIST_CACHE_DEFAULTS.estimateAbove });
    }
  });
});

describe('keyset pages are the offset pages', () => {
  /** Walks `pages` pages both ways: pageNo alone, and pageNo with the previous page's last id. */
  async function walk(query: string, pages: number) {
    let cursor: string | undefined;
    for (let pageNo = 1; pageNo <= pages; pageNo++) {
      const byOffset = await list(`${query}&pageNo=${pageNo}`);
      const byKeyset = await list(`${query}&pageNo=${pageNo}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(byKeyset.records.map((r) => r.id)).toEqual(byOffset.records.map((r) => r.id));
      expect(byKeyset.total).toBe(byOffset.total);
      cursor = byKeyset.records.at(-1)?.id;
      if (!cursor) break;
    }
  }

  it.each([
    ['newest first in one stage (the prepared path)', `pageSize=7&purchaseStage=${STAGE}&column=createTime&order=desc`],
    ['oldest first, unfiltered', 'pageSize=9&column=createTime&order=asc'],
    ['the default order', 'pageSize=10'],
    ['with a text search (the counted path)', 'pageSize=6&purchaseCode=CG-&order=desc'],
  ])('%s', async (_name, query) => {
    await walk(query, 6);
  });

  /** The database's own answer for rows after the cursor's row. */
  async function after(where: SQL, cursorId: string, limit: number) {
    const [c] = await t.db.select().from(purchaseRecord).where(eq(purchaseRecord.id, cursorId));
    if (!c) throw new Error('no cursor row');
    return (
      await t.db
        .select({ id: purchaseRecord.id })
        .from(purchaseRecord)
        .where(and(where, sql`(${purchaseRecord.createTime}, ${purchaseRecord.id}) < (${c.createTime}, ${c.id})`))
        .orderBy(desc(purchaseRecord.createTime), desc(purchaseRecord.id))
        .limit(limit)
    ).map((r) => r.id);
  }

  it('the cursor is honoured (not ignored for the offset): it reads on from the row it names', async () => {
    const first = await list('pageNo=1&pageSize=10');
    const second = first.records[1]?.id ?? '';
    // pageNo 3 with the cursor of row 2: rows 3..12, not rows 21..30.
    const got = await list(`pageNo=3&pageSize=10&cursor=${second}`);
    const want = await after(eq(purchaseRecord.tenantId, 1), second, 10);
    expect(got.records.map((r) => r.id)).toEqual(want);
    expect(want).toEqual(
      (
        await t.db
          .select({ id: purchaseRecord.id })
          .from(purchaseRecord)
          .where(eq(purchaseRecord.tenantId, 1))
          .orderBy(desc(purchaseRecord.createTime), desc(purchaseRecord.id))
          .offset(2)
          .limit(10)
      ).map((r) => r.id),
    );
  });

  it('a cursor that names no row, or is not an id, falls back to the offset', async () => {
    const byOffset = await list('pageNo=2&pageSize=10');
    const gone = await list('pageNo=2&pageSize=10&cursor=00000000-0000-4000-8000-000000000000');
    const junk = await list('pageNo=2&pageSize=10&cursor=nonsense');
    expect(gone.records.map((r) => r.id)).toEqual(byOffset.records.map((r) => r.id));
    expect(junk.records.map((r) => r.id)).toEqual(byOffset.records.map((r) => r.id));
  });

  it('a sort other than create time ignores the cursor', async () => {
    const byOffset = await list('pageNo=2&pageSize=10&column=purchaseCode&order=asc');
    const first = await list('pageNo=1&pageSize=10&column=purchaseCode&order=asc');
    const withCursor = await list(`pageNo=2&pageSize=10&column=purchaseCode&order=asc&cursor=${first.records[0]?.id}`);
    expect(withCursor.records.map((r) => r.id)).toEqual(byOffset.records.map((r) => r.id));
  });
});

describe('list indexes serve the lists’ descending order', () => {
  /**
   * The lists sort `DESC`, which PostgreSQL reads as `DESC NULLS FIRST`; an index column declared `DESC NULLS LAST`
   * (drizzle's plain `.desc()`) cannot give that order, so every page sorted the whole filtered set. Only indexes of
   * lists that themselves order `NULLS LAST` may keep it.
   */
  const ORDERED_NULLS_LAST = ['sys_announcement_list_idx', 'wf_task_done_idx', 'wf_task_todo_idx'];

  it('declares no DESC NULLS LAST column outside the lists that order that way', async () => {
    const indexes = await t.db.execute<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%DESC NULLS LAST%'
          ORDER BY indexname`,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(ORDERED_NULLS_LAST);
  });

  it('pages a contract list newest first by walking its index, not by sorting every row', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Few rows in a test database: make the planner show whether the index can give the order at all.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM contract WHERE tenant_id = 1 ORDER BY create_time DESC, id DESC LIMIT 10`,
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('contract_time_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
