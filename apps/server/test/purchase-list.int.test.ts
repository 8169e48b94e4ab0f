/**
 * The purchase list without a text search runs a query prepared once per shape (filters set, scope, order) and
 * filled with each call's values: calls of one shape with different values must each get their own rows and total.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseRecord } from '../src/modules/procurement/purchase/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({
    url: `/aps/purchase/purchaseRecord/list?${query}`,
    headers: { 'x-access-token': admin, 'tenant-id': '1' },
  });
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as { total: number; pages: number; records: { id: string }[] };
};

/** What the database says, by hand: the ids of the page and the total. */
async function expected(where: SQL | undefined, order: 'asc' | 'desc', offset: number, limit: number) {
  const dir = order === 'asc' ? asc : desc;
  const rows = await t.db
    .select({ id: purchaseRecord.id })
    .from(purchaseRecord)
    .where(where)
    .orderBy(dir(purchaseRecord.createTime), dir(purchaseRecord.id))
    .offset(offset)
    .limit(limit);
  const [total] = await t.db.select({ n: count() }).from(purchaseRecord).where(where);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

describe('purchase list of one shape, different values', () => {
  it('each stage and page gets its own rows and total', async () => {
    for (const [stage, pageNo] of [
      [1, 1],
      [2, 2],
      [3, 1],
      [1, 3],
    ] as const) {
      const got = await list(`pageNo=${pageNo}&pageSize=5&purchaseStage=${stage}&column=createTime&order=desc`);
      const want = await expected(
        and(eq(purchaseRecord.tenantId, 1), eq(purchaseRecord.purchaseStage, stage)),
        'desc',
        (pageNo - 1) * 5,
        5,
      );
      expect(got.total).toBe(want.total);
      expect(got.records.map((r) => r.id)).toEqual(want.ids);
    }
  });

  it('a category filter in ascending order, and a page past the end still has the total', async () => {
    const [some] = await t.db
      .select({ category: purchaseRecord.purchaseCategory })
      .from(purchaseRecord)
      .where(eq(purchaseRecord.tenantId, 1))
      .limit(1);
    const category = some?.category ?? '1';
    const where = and(eq(purchaseRecord.tenantId, 1), eq(purchaseRecord.purchaseCategory, category));
    const got = await list(`pageNo=1&pageSize=4&purchaseCategory=${category}&column=createTime&order=asc`);
    const want = await expected(where, 'asc', 0, 4);
    expect(got.records.map((r) => r.id)).toEqual(want.ids);
    expect(got.total).toBe(want.total);
    const past = await list(`pageNo=9999&pageSize=4&purchaseCategory=${category}&column=createTime&order=asc`);
    expect(past.records).toEqual([]);
    expect(past.total).toBe(want.total);
  });
});
