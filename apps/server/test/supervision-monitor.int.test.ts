import type { MonitorDashboard, MonitorSignalDto, PageResult } from '@aps/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTenant } from '../src/modules/supervision/monitor/refresh.ts';
import { seedId } from '../src/seed/ids.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

/**
 * 监控中心 (issue 17 §1) over rows put in place as the procurement modules leave them: two new departments P and O
 * of tenant 1, and a package of tenant 2 that carries P's org code (only the tenant filter keeps it apart).
 * A role with 监控中心's view code and data scope 3 (own department) in P sees only P's signals.
 */
let t: TestApp;
let admin: string;
const STAMP = Date.now().toString(36);
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const call = (token: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object, tenant = '1') =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': tenant },
    ...(payload ? { payload } : {}),
  });
async function ok<T>(res: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as T;
}

let made = 0;
interface Pkg {
  name: string;
  stage: number;
  created: string;
  /** An opening with this many bidders. */
  bidders?: number;
  /** Stage history: [from, to, at]. */
  history?: [number, number, string][];
}
async function packagesOf(tenantId: number, orgCode: string, packages: Pkg[]): Promise<Record<string, string>> {
  const key = `${STAMP}-${tenantId}-${made++}`;
  const plan = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state,
      approval_status, create_by)
    VALUES (${tenantId}, ${orgCode}, ${`CG-${key}`}, ${`监控计划${key}`}, '2', 'inquiry', 1000000, 'executing', '4', 'x')
    RETURNING id`);
  const project = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method)
    VALUES (${tenantId}, ${plan.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`监控项目${key}`}, '2', 'inquiry')
    RETURNING id`);
  const ids: Record<string, string> = {};
  for (const [i, p] of packages.entries()) {
    const row = await t.db.execute<{ id: string }>(sql`
      INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
        purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, create_time)
      VALUES (${tenantId}, ${project.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`监控项目${key}`},
        '2', 'inquiry', ${p.stage}, ${String(i + 1)}, ${p.name}, 1000, ${p.created}::timestamptz)
      RETURNING id`);
    const id = row.rows[0]?.id ?? '';
    ids[p.name] = id;
    if (p.bidders !== undefined) {
      await t.db.execute(sql`INSERT INTO purchase_opening (tenant_id, package_id, opened_by, bidder_count, min_bidders)
        VALUES (${tenantId}, ${id}, 'buyer01', ${p.bidders}, 3)`);
    }
    for (const [from, to, at] of p.history ?? []) {
      await t.db.execute(sql`INSERT INTO purchase_package_history (tenant_id, package_id, action, from_stage, to_stage,
        election_status, actor, create_time) VALUES (${tenantId}, ${id}, 'test', ${from}, ${to}, '1', 'x', ${at}::timestamptz)`);
    }
  }
  return ids;
}

let P: { id: string; orgCode: string };
let O: { id: string; orgCode: string };
let scoped: string;
let ids: Record<string, string>;
let other: Record<string, string>;

const signals = async (token: string, query: string, tenant = '1') =>
  ok<PageResult<MonitorSignalDto>>(
    await call(token, `/supervision/monitor/signals?pageSize=100&${query}`, 'GET', undefined, tenant),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  P = await ok(
    await call(admin, '/sys/sysDepart/add', 'POST', {
      parentId: seedId('depart:A01'),
      departName: `监控P${STAMP}`,
      orgCategory: '2',
    }),
  );
  O = await ok(
    await call(admin, '/sys/sysDepart/add', 'POST', {
      parentId: seedId('depart:A01'),
      departName: `监控O${STAMP}`,
      orgCategory: '2',
    }),
  );
  ids = await packagesOf(1, P.orgCode, [
    { name: '单一投标', stage: 5, created: ago(2), bidders: 1, history: [[4, 5, ago(1)]] },
    {
      name: '响应超期',
      stage: 3,
      created: ago(40),
      history: [
        [1, 2, ago(35)],
        [2, 3, ago(30)],
      ],
    },
    { name: '三家投标', stage: 5, created: ago(2), bidders: 3, history: [[4, 5, ago(1)]] },
  ]);
  await packagesOf(1, O.orgCode, [
    { name: 'O单一投标', stage: 5, created: ago(2), bidders: 1, history: [[4, 5, ago(1)]] },
  ]);
  other = await packagesOf(2, P.orgCode, [{ name: '他租户单一', stage: 5, created: ago(2), bidders: 1 }]);

  const role = await ok<{ id: string }>(
    await call(admin, '/sys/role/add', 'POST', {
      roleName: '监控范围测试',
      roleCode: `mon_${STAMP}`,
      dataScope: '3',
    }),
  );
  await ok(
    await call(admin, '/sys/permission/saveRolePermission', 'POST', {
      roleId: role.id,
      permissionIds: [
        seedId('menu:/supervision/monitor'),
        seedId('button:/supervision/monitor:supervision:monitor:view'),
      ].join(','),
    }),
  );
  const username = `mon_${STAMP}`;
  await ok(
    await call(admin, '/sys/user/add', 'POST', {
      username,
      realname: '监控范围',
      phone: `136${String(Date.now()).slice(-8)}`,
      password: 'Monitor1234',
      confirmpassword: 'Monitor1234',
      roleIds: [role.id],
      departIds: [P.id],
    }),
  );
  scoped = await t.login(username, 'Monitor1234');
});

afterAll(async () => {
  await t?.close();
});

describe('监控中心', () => {
  it('computes signals over the tenant: a single valid bidder and an overdue stage, not three bidders', async () => {
    const page = await signals(admin, `sysOrgCode=${P.orgCode}`);
    const found = page.records.map((r) => [r.signalType, r.packageName]).sort();
    expect(found).toEqual([
      ['singleBidder', '单一投标'],
      ['stageOverdue', '响应超期'],
    ]);
    const single = page.records.find((r) => r.signalType === 'singleBidder');
    expect(single).toMatchObject({
      targetType: 'package',
      targetId: ids['单一投标'],
      packageId: ids['单一投标'],
      severity: 'high',
      severityName: '高',
      signalTypeName: '单一有效投标人',
      description: '标包「单一投标」仅有1家有效投标人',
      sysOrgCode: P.orgCode,
      departName: `监控P${STAMP}`,
    });
    expect(page.records.find((r) => r.signalType === 'stageOverdue')?.description).toMatch(
      /^标包「响应超期」在当前阶段已超出标准时长480小时\d+小时$/,
    );
  });

  it('filters by type and date, sorts by the allow-list only', async () => {
    const typed = await signals(admin, `sysOrgCode=${P.orgCode}&signalType=singleBidder`);
    expect(typed.records.map((r) => r.packageName)).toEqual(['单一投标']);
    const today = new Date();
    const d = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const future = await signals(admin, `sysOrgCode=${P.orgCode}&dateBegin=2999-01-01`);
    expect(future.total).toBe(0);
    const upToToday = await signals(admin, `sysOrgCode=${P.orgCode}&dateEnd=${d}`);
    expect(upToToday.total).toBe(2);
    const bad = await call(admin, '/supervision/monitor/signals?column=description');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('不支持按该字段排序');
    expect((await call(admin, '/supervision/monitor/signals?signalType=nope')).json().message).toContain(
      '风险类型不正确',
    );
  });

  it('pages by cursor exactly as by offset, in each sort order, and answers a page asked again the same', async () => {
    const page = async (q: string) =>
      ok<PageResult<MonitorSignalDto>>(await call(admin, `/supervision/monitor/signals?pageSize=2&${q}`));
    for (const sort of ['', '&column=severity&order=asc', '&column=signalType&order=desc', '&column=detectedAt']) {
      const first = await page(`pageNo=1${sort}`);
      expect(first.total).toBeGreaterThanOrEqual(4);
      const byOffset = await page(`pageNo=2${sort}`);
      const byCursor = await page(`pageNo=2&cursor=${first.records.at(-1)?.id}${sort}`);
      expect(byCursor.records.map((r) => r.id)).toEqual(byOffset.records.map((r) => r.id));
      expect(byOffset.records.some((r) => first.records.some((f) => f.id === r.id))).toBe(false);
      expect((await page(`pageNo=1${sort}`)).records).toEqual(first.records);
    }
  });

  it('keeps a department-scoped user to their departments, and each tenant to its own', async () => {
    const mine = await signals(scoped, '');
    expect(mine.records.every((r) => r.sysOrgCode === P.orgCode)).toBe(true);
    expect(mine.records.map((r) => r.packageName).sort()).toEqual(['单一投标', '响应超期']);
    const all = await signals(admin, `signalType=singleBidder&sysOrgCode=${O.orgCode}`);
    expect(all.records.map((r) => r.packageName)).toEqual(['O单一投标']);
    // Tenant 2's package carries P's org code: tenant 2 sees only it, tenant 1 never.
    const tenant2 = await signals(admin, `sysOrgCode=${P.orgCode}&signalType=singleBidder`, '2');
    expect(tenant2.records.map((r) => r.targetId)).toEqual([other['他租户单一']]);
    const dash = await ok<MonitorDashboard>(await call(scoped, '/supervision/monitor/dashboard'));
    expect(dash.counts.find((c) => c.signalType === 'singleBidder')?.count).toBe(1);
    expect(dash.counts.find((c) => c.signalType === 'stageOverdue')?.count).toBe(1);
    expect(dash.total).toBe(2);
    expect(dash.byMonth).toHaveLength(12);
    // The completed stays of 响应超期: 1 and 2 took 5 days each (120 hours), against norms of 168 and 240.
    expect(dash.stageDurations.find((s) => s.stage === 1)).toMatchObject({ completed: 1, averageHours: 120 });
    expect(dash.stageDurations.find((s) => s.stage === 2)).toMatchObject({ completed: 1, normHours: 240 });
    expect(dash.stageDurations.find((s) => s.stage === 3)?.overdueNow).toBe(1);
    expect(dash.overdue.map((o) => o.packageId)).toEqual([ids['响应超期']]);
    expect(dash.refreshedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('follows writes: a second bidder ends the single-bidder signal', async () => {
    await t.db.execute(
      sql`UPDATE purchase_opening SET bidder_count = 2 WHERE package_id = ${ids['单一投标'] ?? ''}::uuid`,
    );
    const page = await signals(scoped, 'signalType=singleBidder');
    expect(page.total).toBe(0);
    await t.db.execute(
      sql`UPDATE purchase_opening SET bidder_count = 1 WHERE package_id = ${ids['单一投标'] ?? ''}::uuid`,
    );
    expect((await signals(scoped, 'signalType=singleBidder')).total).toBe(1);
  });

  it('rewrites no signal when a refresh finds the same ones (the cached pages survive it)', async () => {
    const rows = async () =>
      (
        await t.db.execute<{ k: string; x: string }>(sql`
          SELECT signal_key AS k, xmin::text AS x FROM supervision_signal
          WHERE tenant_id = 1 AND signal_type = 'singleBidder' AND sys_org_code IN (${P.orgCode}, ${O.orgCode})
          ORDER BY signal_key`)
      ).rows;
    await refreshTenant(t.db, 1);
    const before = await rows();
    expect(before).toHaveLength(2);
    await refreshTenant(t.db, 1);
    expect(await rows()).toEqual(before);
  });

  it('lets a supervisor read and export, refuses a supplier and the scoped user’s export', async () => {
    const supervisor = await t.login('supervisor01');
    expect((await call(supervisor, '/supervision/monitor/dashboard')).statusCode).toBe(200);
    const res = await call(supervisor, `/supervision/monitor/signals/export?sysOrgCode=${P.orgCode}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('风险类型');
    expect(sheet?.rowCount).toBe(3);
    const supplier = await t.login('supplier01');
    expect((await call(supplier, '/supervision/monitor/dashboard')).statusCode).toBe(403);
    expect((await call(supplier, '/supervision/monitor/signals')).statusCode).toBe(403);
    expect((await call(scoped, '/supervision/monitor/signals/export')).statusCode).toBe(403);
  });
});
