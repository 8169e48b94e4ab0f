/**
 * Shared set-up of the procurement-core integration tests (plans, projects, packages, the stage machine): one test
 * app per file with admin and a fresh A01 buyer logged in, an HTTP caller, and approved plans and projects made
 * through the real API (approvals through the workflow).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const fmt = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};
export const inMinutes = (m: number) => fmt(new Date(Date.now() + m * 60_000));

export const ITEMS = [
  { name: '钢筋 HRB400', specification: 'Φ12', unit: '吨', quantity: '10', unitPrice: '4200.50' },
  { name: '水泥 P.O42.5', specification: '袋装', unit: '吨', quantity: '20.5', unitPrice: '480' },
  { name: '砂石', unit: '方', quantity: '3', unitPrice: '99.99' },
];

export const SELECTION = (
  id: string,
  times: { start: string; end: string; deadline: string; opening: string },
  minBidders = 3,
) => ({
  id,
  reviewItems: [
    { kind: 'qualification', name: '营业执照有效' },
    { kind: 'compliance', name: '报价不超过最高限价' },
    { kind: 'scoring', name: '施工组织设计', maxScore: 30 },
  ],
  priceMethod: 'average_benchmark',
  priceK: 0.02,
  quotationRoundCount: 2,
  purchaseCandidateCount: 3,
  minBidders,
  expertCount: 5,
  expertSpecialities: '土建,材料',
  publicityDays: 3,
  signUpStartTime: times.start,
  signUpEndTime: times.end,
  bidDeadline: times.deadline,
  openingTime: times.opening,
});

/** Registers the file's beforeAll/afterAll and returns the helpers; `fx.t`, `fx.admin`, `fx.buyer` once it ran. */
export function coreFixture() {
  let t: TestApp;
  let admin = '';
  let buyer = '';
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const u = await t.createUser({ roles: ['buyer'], departs: ['A01'] });
    buyer = await t.login(u.username);
  });
  afterAll(() => t.close());

  const call = (token: string, method: Method, url: string, payload?: object, tenant = '1') =>
    t.app.inject({
      method,
      url: `/aps${url}`,
      headers: { 'x-access-token': token, 'tenant-id': tenant },
      ...(payload ? { payload } : {}),
    });
  type Response = Awaited<ReturnType<typeof call>>;
  async function ok(res: Response) {
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result;
  }
  async function refused(res: Response) {
    expect(res.json().success, res.body).toBe(false);
    return res.json().message as string;
  }

  /** Every open task of the business object's process, approved by its assignee, until none is left. */
  async function approveAll(businessKey: string, action: 'approve' | 'reject' = 'approve') {
    for (let step = 0; step < 10; step++) {
      const open = await t.db.execute<{ id: string; assignee: string }>(sql`
        SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
        WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
      const task = open.rows[0];
      if (!task) return;
      const token = tokens.get(task.assignee) ?? (await t.login(task.assignee));
      tokens.set(task.assignee, token);
      await ok(
        await call(token, 'POST', `/workflow/task/${action}`, {
          taskId: task.id,
          comment: action === 'reject' ? '金额需复核' : '同意',
        }),
      );
      if (action === 'reject') return;
    }
  }

  async function approvedPlan(token: string, budget = '200000') {
    const plan = await ok(
      await call(token, 'POST', '/purchase/plan/add', {
        planName: `主体结构材料采购${Date.now()}`,
        category: '3',
        purchaseMethod: 'open_tender',
        budget,
        plannedTime: inMinutes(60 * 24),
        items: ITEMS,
      }),
    );
    await ok(await call(token, 'POST', '/purchase/plan/submit', { id: plan.id }));
    await approveAll(plan.id);
    return plan;
  }

  async function projectWith(token: string, prices: string[]) {
    const plan = await approvedPlan(token);
    const made = await ok(
      await call(token, 'POST', '/purchase/project/fromPlan', {
        planId: plan.id,
        packages: prices.map((fixedPrice, i) => ({ packageName: `标包${i + 1}`, fixedPrice, warrantyPeriod: 12 })),
      }),
    );
    return { plan, project: made.project, packages: made.packages as { id: string; packageNo: string }[] };
  }

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    get buyer() {
      return buyer;
    },
    tokens,
    call,
    ok,
    refused,
    approveAll,
    approvedPlan,
    projectWith,
  };
}
