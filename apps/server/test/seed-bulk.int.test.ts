import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDepart, sysRole, sysRolePermission, sysTenant } from '../src/modules/platform/system/tables.ts';
import { seedBulkPurchases } from '../src/seed/bulk.ts';
import { seedId } from '../src/seed/ids.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Bulk rows go to a tenant of this file's own, so the seeded tenants' totals stay as the other tests expect.
let t: TestApp;
let tenantId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const [tenant] = await t.db.insert(sysTenant).values({ name: '批量测试集团' }).returning();
  if (!tenant) throw new Error('tenant insert failed');
  tenantId = tenant.id;
  const root = `ZB${tenantId}`;
  await t.db.insert(sysDepart).values([
    { id: seedId(`depart:${root}`), tenantId, departName: '批量测试集团', orgCode: root, orgCategory: '1' },
    ...['A01', 'A02', 'A03'].map((code, i) => ({
      id: seedId(`depart:${root}${code}`),
      tenantId,
      parentId: seedId(`depart:${root}`),
      departName: `批量测试项目部${i + 1}`,
      orgCode: `${root}${code}`,
      orgCategory: '3',
    })),
  ]);
  const roleId = seedId(`role:${tenantId}:bulk`);
  await t.db.insert(sysRole).values({ id: roleId, tenantId, roleCode: 'bulk', roleName: '批量测试', dataScope: '1' });
  await t.db.insert(sysRolePermission).values(
    ['menu:/purchase', 'menu:/purchase/record', 'button:/purchase/record:purchase:record:list'].map((key) => ({
      roleId,
      permissionId: seedId(key),
    })),
  );
  const user = await t.createUser({ roles: ['bulk'], tenantId, departs: [root] });
  token = await t.login(user.username);
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({
    url: `/aps/purchase/purchaseRecord/list?${query}`,
    headers: { 'x-access-token': token, 'tenant-id': String(tenantId) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as {
    total: number;
    pages: number;
    current: number;
    records: {
      tenantId: number;
      purchaseNo: string;
      purchaseCode: string;
      purchaseStage: string;
      createTime: string;
    }[];
  };
}

async function sqlCount(where = 'true', params: unknown[] = []): Promise<number> {
  const res = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM purchase_record WHERE tenant_id = $1 AND ${where}`,
    [tenantId, ...params],
  );
  return res.rows[0]?.n ?? -1;
}

describe('seed:bulk', () => {
  it('inserts the rows in one statement with unique codes, and the list pages through them', async () => {
    const first = await seedBulkPurchases(t.pool, { rows: 2000, tenantId, truncate: false });
    expect(first).toMatchObject({ inserted: 2000, deleted: 0, total: 2000 });
    expect(await sqlCount()).toBe(2000);
    expect(await sqlCount("purchase_no LIKE 'BULK-%'")).toBe(2000);
    const distinct = await t.pool.query<{ n: number }>(
      'SELECT count(DISTINCT purchase_code)::int AS n FROM purchase_record WHERE tenant_id = $1',
      [tenantId],
    );
    expect(distinct.rows[0]?.n).toBe(2000);

    const page = await list('pageNo=3&pageSize=50&column=createTime&order=desc');
    expect(page).toMatchObject({ total: 2000, pages: 40, current: 3 });
    expect(page.records).toHaveLength(50);
    expect(page.records.every((r) => r.tenantId === tenantId && r.purchaseNo.startsWith('BULK-'))).toBe(true);
    const times = page.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);

    const stage = await list('pageNo=2&pageSize=20&purchaseStage=5&column=createTime&order=asc');
    expect(stage.total).toBe(await sqlCount('purchase_stage = 5'));
    expect(stage.total).toBeGreaterThan(50);
    expect(stage.records.every((r) => r.purchaseStage === '5')).toBe(true);

    const beyond = await list('pageNo=500&pageSize=50');
    expect(beyond).toMatchObject({ total: 2000, records: [] });
  });

  it('continues numbering on a second run and removes earlier bulk rows with --truncate-bulk', async () => {
    const again = await seedBulkPurchases(t.pool, { rows: 1000, tenantId, truncate: false });
    expect(again).toMatchObject({ inserted: 1000, total: 3000 });
    expect((await list('pageSize=10')).total).toBe(3000);

    const truncated = await seedBulkPurchases(t.pool, { rows: 500, tenantId, truncate: true });
    expect(truncated).toMatchObject({ inserted: 500, deleted: 3000, total: 500 });
    expect(await sqlCount()).toBe(500);
    expect((await list('pageSize=10')).total).toBe(500);
  });

  it('list totals stay exact through updates and deletes, with and without a text search', async () => {
    await t.pool.query('UPDATE purchase_record SET purchase_stage = 5 WHERE tenant_id = $1 AND purchase_stage = 6', [
      tenantId,
    ]);
    expect((await list('purchaseStage=5')).total).toBe(await sqlCount('purchase_stage = 5'));
    expect((await list('purchaseStage=6')).total).toBe(0);
    await t.pool.query("UPDATE purchase_record SET election_status = '0' WHERE tenant_id = $1 AND purchase_stage = 7", [
      tenantId,
    ]);
    expect((await list('electionStatus=0')).total).toBe(await sqlCount("election_status = '0'"));
    await t.pool.query("DELETE FROM purchase_record WHERE tenant_id = $1 AND purchase_category = '2'", [tenantId]);
    const remaining = await sqlCount();
    expect((await list('pageSize=10')).total).toBe(remaining);
    expect((await list('purchaseCategory=2')).total).toBe(0);
    expect((await list('purchaseCategory=1&purchaseStage=5')).total).toBe(
      await sqlCount("purchase_category = '1' AND purchase_stage = 5"),
    );
    expect((await list(`purchaseName=${encodeURIComponent('钢筋')}`)).total).toBe(
      await sqlCount("purchase_name LIKE '%钢筋%'"),
    );

    // The kept counts agree with the table for every tenant and group.
    const drift = await t.pool.query(`
      SELECT tenant_id, sys_org_code, purchase_stage, purchase_category, election_status
      FROM (SELECT tenant_id, sys_org_code, purchase_stage, purchase_category,
                   coalesce(election_status, '') AS election_status, count(*) AS n
            FROM purchase_record GROUP BY 1, 2, 3, 4, 5) actual
      FULL JOIN (SELECT * FROM purchase_record_count WHERE n <> 0) kept
        USING (tenant_id, sys_org_code, purchase_stage, purchase_category, election_status)
      WHERE actual.n IS DISTINCT FROM kept.n`);
    expect(drift.rows).toEqual([]);
  });
});
