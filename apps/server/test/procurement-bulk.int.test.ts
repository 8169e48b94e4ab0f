import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procurementJobs } from '../src/modules/procurement/project/jobs.ts';
import { seedBulkPackages } from '../src/seed/bulk-packages.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

// Bulk packages go to tenant 2 (远航), whose admin sees all of them; tenant 1's demo packages stay untouched.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const list = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/aps/purchase/package/list?${query}`,
    headers: { 'x-access-token': admin, 'tenant-id': '2' },
  });

describe('bulk packages and the opening job', () => {
  it('seed:bulk --packages loads plans, projects and packages; the list filters them by stage and name', async () => {
    const result = await seedBulkPackages(t.pool, { rows: 2000, tenantId: 2, truncate: true });
    expect(result.inserted).toBe(2000);
    expect(result.total).toBe(2000);
    const again = await seedBulkPackages(t.pool, { rows: 10, tenantId: 2, truncate: false });
    expect(again.total).toBe(2010);
    const stage = await list('purchaseStage=12&pageSize=50');
    const body = stage.json();
    expect(body.success).toBe(true);
    expect(body.result.total).toBeGreaterThan(50);
    expect(body.result.records.every((r: { purchaseStage: number }) => r.purchaseStage === 12)).toBe(true);
    const named = (await list(`purchaseStage=12&name=${encodeURIComponent('螺纹钢')}`)).json().result;
    expect(named.records.length).toBeGreaterThan(0);
    expect(named.records.every((r: { packageName: string }) => r.packageName.includes('螺纹钢'))).toBe(true);
  });

  it('opens 1,000 packages due in the same minute in one run, each once, 流标 without bidders', async () => {
    // Only the chosen 1000 are due: the bulk load's own stage-4 packages opened long ago.
    await t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 1 WHERE tenant_id = 2 AND purchase_stage BETWEEN 2 AND 4`,
    );
    await t.db.execute(sql`
      UPDATE purchase_package SET purchase_stage = 4, election_status = '1', status = 'active',
        opening_start_time = now() - interval '30 seconds', review_start_time = NULL, review_stop_time = NULL
      WHERE id IN (SELECT id FROM purchase_package WHERE tenant_id = 2 AND starts_with(purchase_no, 'BULK-')
                   ORDER BY id LIMIT 1000)`);
    await t.db.execute(sql`ANALYZE purchase_package`);
    const [timer] = procurementJobs(t.services.packageStages);
    const started = performance.now();
    // Two runs at once, as two instances or a manual run beside the cron would: SKIP LOCKED shares the work.
    const texts = await Promise.all([
      timer?.run({ db: t.db, parameter: '50', fireTime: new Date() }),
      timer?.run({ db: t.db, parameter: '50', fireTime: new Date() }),
    ]);
    const seconds = (performance.now() - started) / 1000;
    console.log(`opening job: 1000 packages in ${seconds.toFixed(2)} s (${texts.join(' | ')})`);
    // The acceptance target is 10 s: printed here, timed with sealed bids by `npm run bench:procurement`; tests
    // never assert timings (the test's own time-out catches a run that never finishes).
    const moved = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM purchase_package
      WHERE tenant_id = 2 AND purchase_stage = 9 AND election_status = '0' AND opening_start_time > now() - interval '5 minutes'`);
    expect(moved.rows[0]?.n).toBe(1000);
    const opened = await t.db.execute<{ n: number; d: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT h.package_id)::int AS d FROM purchase_package_history h
      JOIN purchase_package p ON p.id = h.package_id WHERE p.tenant_id = 2 AND h.action = 'open'`);
    expect(opened.rows[0]).toEqual({ n: 1000, d: 1000 });
  });

  it('counts the package list exactly up to 10,000 rows, then estimates; a kept page follows a write', async () => {
    await seedBulkPackages(t.pool, { rows: 10_000, tenantId: 2, truncate: false });
    const all = (await list('pageSize=10')).json().result;
    expect(all.totalEstimated).toBe(true);
    expect(all.total).toBeGreaterThan(10_000);
    const rare = (await list('purchaseStage=7&pageSize=10')).json().result;
    expect(rare.totalEstimated).toBeUndefined();
    expect(rare.total).toBeLessThan(10_000);
    // The page is kept in memory now; a package moved into stage 7 (the newest) is on it at once, and counted.
    const [moved] = (
      await t.db.execute<{ id: string }>(sql`
        UPDATE purchase_package SET purchase_stage = 7, create_time = now()
        WHERE id = (SELECT id FROM purchase_package WHERE tenant_id = 2 AND purchase_stage = 12 LIMIT 1)
        RETURNING id`)
    ).rows;
    const after = (await list('purchaseStage=7&pageSize=10')).json().result;
    expect(after.records[0].id).toBe(moved?.id);
    expect(after.total).toBe(rare.total + 1);
  });
});
