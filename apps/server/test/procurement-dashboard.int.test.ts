import type { BuyerDashboard } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf } from '../src/modules/procurement/dashboard/service.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

/**
 * The buyer's home dashboard (issue 14 §10). Two new top-level departments P and O of the demo tenant hold
 * packages in known stages and times, so a buyer of P sees exact figures: P's plans are made through the plan API
 * (then put in the states the approval would leave), P's packages are put in place as the project module leaves
 * them in those stages (the stage machine itself is tested in procurement-core). A package of tenant 2 carries P's
 * org code, so only the tenant filter keeps it out. The demo seed's packages give buyer01 its exact stage counts.
 */
let t: TestApp;
let admin: string;
const STAMP = Date.now().toString(36);
const HOUR = 3_600_000;
const week = isoWeekOf(new Date());
const inWeek = (hours: number) => new Date(week.start.getTime() + hours * HOUR);
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': '1' },
    ...(payload ? { payload } : {}),
  });
async function ok<T>(res: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as T;
}
const dashboard = async (token: string) => ok<BuyerDashboard>(await call(token, '/purchase/dashboard/buyer'));
const stageMap = (d: BuyerDashboard) =>
  Object.fromEntries(d.stageCounts.stages.filter((s) => s.count > 0).map((s) => [s.stage, s.count]));
const pendingMap = (d: BuyerDashboard) => Object.fromEntries(d.pending.map((p) => [p.key, p.count]));

interface Pkg {
  name: string;
  stage: number;
  election?: '0' | '1';
  status?: string;
  signUpEnd?: Date;
  deadline?: Date;
  opening?: Date;
  publicityEnd?: Date;
}

let made = 0;
/** A plan, its project and packages of one department and tenant, as the project module stores them. */
async function packagesOf(tenantId: number, orgCode: string, packages: Pkg[]): Promise<Record<string, string>> {
  const key = `${STAMP}-${tenantId}-${orgCode}${made++ ? `-${made}` : ''}`;
  const plan = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state,
      approval_status, create_by)
    VALUES (${tenantId}, ${orgCode}, ${`CG-${key}`}, ${`概览计划${key}`}, '2', 'inquiry', 1000000, 'executing', '4',
      'someone') RETURNING id`);
  const project = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method)
    VALUES (${tenantId}, ${plan.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`概览项目${key}`}, '2',
      'inquiry') RETURNING id`);
  const ids: Record<string, string> = {};
  for (const [i, p] of packages.entries()) {
    const ts = (d: Date | undefined) => (d ? d.toISOString() : null);
    const row = await t.db.execute<{ id: string }>(sql`
      INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
        purchase_category, purchase_method, purchase_stage, election_status, status, package_no, package_name,
        fixed_price, sign_up_end_time, bid_deadline, opening_start_time, publicity_end_time)
      VALUES (${tenantId}, ${project.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`概览项目${key}`},
        '2', 'inquiry', ${p.stage}, ${p.election ?? '1'}, ${p.status ?? 'active'}, ${String(i + 1)}, ${p.name}, 1000,
        ${ts(p.signUpEnd)}::timestamptz, ${ts(p.deadline)}::timestamptz, ${ts(p.opening)}::timestamptz,
        ${ts(p.publicityEnd)}::timestamptz)
      RETURNING id`);
    ids[p.name] = row.rows[0]?.id ?? '';
  }
  return ids;
}

async function departAndBuyer(name: string) {
  const depart = await ok<{ id: string; orgCode: string }>(
    await call(admin, '/sys/sysDepart/add', 'POST', { departName: `${name}${STAMP}`, orgCategory: '2' }),
  );
  const username = `db${name}${STAMP}`.toLowerCase();
  await ok(
    await call(admin, '/sys/user/add', 'POST', {
      username,
      realname: `概览${name}`,
      phone: `13${String(Date.now()).slice(-9)}`,
      password: 'Board1234',
      confirmpassword: 'Board1234',
      roleIds: [t.roleId(1, 'buyer')],
      departIds: [depart.id],
    }),
  );
  return { depart, username, token: await t.login(username, 'Board1234') };
}

let P: Awaited<ReturnType<typeof departAndBuyer>>;
let O: Awaited<ReturnType<typeof departAndBuyer>>;
let ids: Record<string, string> = {};
let otherTenant: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  P = await departAndBuyer('P');
  O = await departAndBuyer('O');

  // P's packages: the 24-hour window counts the next timed step of stages 2, 3, 4 and 11 (overdue included).
  ids = await packagesOf(1, P.depart.orgCode, [
    { name: '待发布A', stage: 1 },
    { name: '待发布B', stage: 1, opening: new Date(week.end.getTime() + HOUR) },
    { name: '公告中', stage: 2, signUpEnd: fromNow(2), opening: inWeek(6 * 24 + 23) },
    { name: '响应中', stage: 3, deadline: fromNow(30) },
    { name: '待开标', stage: 4, opening: inWeek(1) },
    { name: '流标', stage: 9, election: '0', status: 'rebid', opening: inWeek(-1) },
    { name: '公示中', stage: 11, publicityEnd: fromNow(-1) },
    { name: '已定标', stage: 12, opening: inWeek(2) },
  ]);
  await packagesOf(1, O.depart.orgCode, [
    { name: 'O待发布', stage: 1 },
    { name: 'O待开标', stage: 4, opening: inWeek(3) },
  ]);
  otherTenant = await packagesOf(2, P.depart.orgCode, [{ name: '他租户', stage: 4, opening: inWeek(1) }]);

  // P's plans through the plan API (草稿), then in the states their approvals would leave.
  const plan = async (category: string, budget: string) =>
    (
      await ok<{ id: string }>(
        await call(P.token, '/purchase/plan/add', 'POST', {
          planName: `概览计划${category}-${budget}`,
          category,
          purchaseMethod: 'inquiry',
          budget,
          items: [{ name: '物资', unit: '项', quantity: '1', unitPrice: budget }],
        }),
      )
    ).id;
  const executing = await plan('1', '1000.50');
  const rejected = await plan('3', '2000');
  await plan('2', '300');
  const approved = await plan('1', '99.50');
  const setState = (id: string, state: string) =>
    t.db.execute(sql`UPDATE purchase_plan SET state = ${state} WHERE id = ${id}`);
  await setState(executing, 'executing');
  await setState(rejected, 'rejected');
  await setState(approved, 'approved');
  // Someone else's plans of P: an approved one counts in the amounts, a void one and last year's do not.
  const other = async (category: string, budget: string, state: string, created: string) =>
    t.db.execute(sql`
      INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state,
        create_by, create_time)
      VALUES (1, ${P.depart.orgCode}, ${`CG-${STAMP}-${category}-${state}-${created.slice(0, 4)}`}, '他人的计划',
        ${category}, 'inquiry', ${budget}, ${state}, 'someone', ${created}::timestamptz)`);
  await other('3', '500', 'approved', new Date().toISOString());
  await other('2', '7777', 'void', new Date().toISOString());
  await other('1', '5', 'approved', new Date(new Date().getFullYear() - 1, 5, 1).toISOString());
  // Two open tasks of P's buyer in 我的待办 (and a finished one, which is not pending).
  const definition = await t.db.execute<{ id: string }>(sql`SELECT id FROM wf_definition WHERE tenant_id = 1 LIMIT 1`);
  const instance = await t.db.execute<{ id: string }>(sql`
    INSERT INTO wf_instance (tenant_id, definition_id, business_type, business_key, title, initiator)
    VALUES (1, ${definition.rows[0]?.id}, 'demo_request', ${STAMP}, '概览审批', 'admin') RETURNING id`);
  for (const status of ['open', 'open', 'done'])
    await t.db.execute(sql`
      INSERT INTO wf_task (tenant_id, instance_id, node_id, node_name, assignee, status, group_id)
      VALUES (1, ${instance.rows[0]?.id}, 'n1', '审批', ${P.username}, ${status}, gen_random_uuid())`);
});
afterAll(() => t.close());

describe('GET /purchase/dashboard/buyer', () => {
  it('gives a buyer exact figures of their department: stages, 流标, pending work, this week, amounts', async () => {
    const d = await dashboard(P.token);
    expect(d.stageCounts.stages.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(d.stageCounts.stages[0]).toEqual({ stage: 1, name: '待发布', count: 2 });
    expect(stageMap(d)).toEqual({ 1: 2, 2: 1, 3: 1, 4: 1, 9: 1, 11: 1, 12: 1 });
    expect(d.stageCounts.failed).toBe(1);

    expect(d.pending).toEqual([
      { key: 'workflowTodo', label: '待我审批的任务', path: '/workflow/todo', count: 2 },
      { key: 'planDraft', label: '草稿状态的采购计划', path: '/purchase/plan', count: 1 },
      { key: 'planRejected', label: '被驳回的采购计划', path: '/purchase/plan', count: 1 },
      { key: 'signUpEnding', label: '24小时内报名截止的标包', path: '/purchase/selectionStart', count: 1 },
      { key: 'bidDeadline', label: '24小时内投标截止的标包', path: '/purchase/selectionStart', count: 0 },
      { key: 'opening', label: '24小时内开标的标包', path: '/purchase/selectionStart', count: 1 },
      { key: 'publicityEnding', label: '24小时内公示结束的标包', path: '/purchase/result', count: 1 },
    ]);

    // Monday 01:00, Monday 02:00, Sunday 23:00 of this week; last week's and next week's are left out.
    expect(d.openingsThisWeek.map((o) => [o.packageName, o.stage])).toEqual([
      ['待开标', 4],
      ['已定标', 12],
      ['公告中', 2],
    ]);
    expect(d.openingsThisWeek[0]).toMatchObject({
      id: ids.待开标,
      purchaseName: `概览项目${STAMP}-1-${P.depart.orgCode}`,
      electionStatus: '1',
    });
    expect(d.openingsThisWeek[0]?.openingTime).toMatch(/^\d{4}-\d{2}-\d{2} 01:00:00$/);

    expect(d.amountsByCategory).toEqual({
      year: new Date().getFullYear(),
      categories: [
        // 1000.50 (执行中) + 99.50 (已通过); last year's 5 is another year.
        { category: '1', name: '劳务', amount: '1100.00' },
        // The packages' own plan (执行中, 1,000,000); the draft 300 and the void 7777 are not approved amounts, and
        // tenant 2's plan of the same org code is another tenant's.
        { category: '2', name: '物资/资产', amount: '1000000.00' },
        // 500 (someone's, 已通过); the rejected 2000 is not.
        { category: '3', name: '材料', amount: '500.00' },
      ],
    });
  });

  it("shows another department's buyer only theirs, and never another tenant's packages", async () => {
    const d = await dashboard(O.token);
    expect(stageMap(d)).toEqual({ 1: 1, 4: 1 });
    expect(d.stageCounts.failed).toBe(0);
    expect(d.openingsThisWeek.map((o) => o.packageName)).toEqual(['O待开标']);
    expect(pendingMap(d)).toMatchObject({ workflowTodo: 0, planDraft: 0, opening: 1 });
    expect(d.amountsByCategory.categories.map((c) => c.amount)).toEqual(['0.00', '1000000.00', '0.00']);
    // The figures are cached per scope only while the packages are unchanged: a new package shows at once.
    await packagesOf(1, O.depart.orgCode, [{ name: 'O新增', stage: 1 }]);
    expect(stageMap(await dashboard(O.token))).toEqual({ 1: 2, 4: 1 });
  });

  it("gives buyer01 the demo seed's stage counts (every stage, one 流标 and its second round)", async () => {
    const d = await dashboard(await t.login('buyer01'));
    expect(stageMap(d)).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 2, 10: 1, 11: 1, 12: 1 });
    expect(d.stageCounts.failed).toBe(1);
  });

  it('gives a supervisor the whole tenant, read-only, and nothing of tenant 2', async () => {
    const user = await t.createUser({ roles: ['supervisor'] });
    const token = await t.login(user.username);
    const d = await dashboard(token);
    const tenant = await t.db.execute<{ stage: number; n: number }>(sql`
      SELECT purchase_stage AS stage, count(*)::int AS n FROM purchase_package WHERE tenant_id = 1 GROUP BY 1`);
    expect(stageMap(d)).toEqual(Object.fromEntries(tenant.rows.map((r) => [r.stage, r.n])));
    // Both departments' packages are in it (P's 4 + O's 4 at stage 4 plus the demo's one).
    expect(d.stageCounts.stages.find((s) => s.stage === 4)?.count).toBe(3);
    const week = d.openingsThisWeek.map((o) => o.id);
    expect(week).toContain(ids.待开标);
    expect(week).not.toContain(otherTenant.他租户);
    // The supervisor's role holds no write code of 采购管理: the dashboard is a read, and writes stay refused.
    const write = await call(token, '/purchase/package/action', 'POST', {
      id: ids.待发布A,
      action: 'publish',
    });
    expect(write.statusCode).toBe(403);
  });

  it('refuses a user without purchase:package:list (403) and a caller without a token (401)', async () => {
    const user = await t.createUser({ roles: ['expert'] });
    const res = await call(await t.login(user.username), '/purchase/dashboard/buyer');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false });
    const anonymous = await t.app.inject({ method: 'GET', url: '/aps/purchase/dashboard/buyer' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('isoWeekOf', () => {
  it('runs Monday 00:00 to the next Monday 00:00 in the server time zone', () => {
    // 2026-11-27 is a Friday; 2026-11-29 a Sunday; 2026-11-30 a Monday.
    for (const day of [new Date(2026, 10, 27, 2, 8), new Date(2026, 10, 29, 23, 59), new Date(2026, 10, 23, 0, 0)]) {
      const w = isoWeekOf(day);
      expect([w.start.getFullYear(), w.start.getMonth(), w.start.getDate(), w.start.getHours()]).toEqual([
        2026, 10, 23, 0,
      ]);
      expect([w.end.getMonth(), w.end.getDate(), w.end.getHours()]).toEqual([10, 30, 0]);
    }
    expect(isoWeekOf(new Date(2026, 10, 30, 0, 0)).start.getDate()).toBe(30);
  });
});
