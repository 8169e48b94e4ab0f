import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procurementJobs } from '../src/modules/procurement/project/jobs.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  const u = await t.createUser({ roles: ['buyer'], departs: ['A01'] });
  buyer = await t.login(u.username);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, tenant = '1') =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': tenant },
    ...(payload ? { payload } : {}),
  });
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result;
}
async function refused(res: Awaited<ReturnType<typeof call>>) {
  expect(res.json().success, res.body).toBe(false);
  return res.json().message as string;
}

const fmt = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};
const inMinutes = (m: number) => fmt(new Date(Date.now() + m * 60_000));

const ITEMS = [
  { name: '钢筋 HRB400', specification: 'Φ12', unit: '吨', quantity: '10', unitPrice: '4200.50' },
  { name: '水泥 P.O42.5', specification: '袋装', unit: '吨', quantity: '20.5', unitPrice: '480' },
  { name: '砂石', unit: '方', quantity: '3', unitPrice: '99.99' },
];

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
const tokens = new Map<string, string>();

const SELECTION = (
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

describe('purchase plans', () => {
  it('creates a plan with item lines, a fill-rule code, amounts and the 草稿 state; edits and lists it', async () => {
    const plan = await ok(
      await call(buyer, 'POST', '/purchase/plan/add', {
        planName: '办公楼钢材采购',
        category: 2,
        purchaseMethod: 'inquiry',
        budget: 100000,
        items: ITEMS,
      }),
    );
    expect(plan.planCode).toMatch(/^CG-\d{8}-\d{4}$/);
    expect(plan.state).toBe('draft');
    expect(plan.items.map((i: { amount: string }) => i.amount)).toEqual(['42005.00', '9840.00', '299.97']);

    const edited = await ok(
      await call(buyer, 'PUT', '/purchase/plan/edit', {
        id: plan.id,
        planName: '办公楼钢材采购（调整）',
        category: '2',
        purchaseMethod: 'inquiry',
        budget: '120000.50',
        items: ITEMS.slice(0, 2),
      }),
    );
    expect(edited.items).toHaveLength(2);
    expect(edited.budget).toBe('120000.50');

    const list = await ok(await call(buyer, 'GET', '/purchase/plan/list?planName=调整'));
    expect(list.records.map((r: { id: string }) => r.id)).toContain(plan.id);
  });

  it('refuses a plan without item lines and bad amounts in Chinese', async () => {
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/plan/add', {
          planName: 'x',
          category: '1',
          purchaseMethod: 'inquiry',
          budget: '1',
          items: [],
        }),
      ),
    ).toContain('请至少填写一条采购明细');
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/plan/add', {
          planName: 'x',
          category: '1',
          purchaseMethod: 'inquiry',
          budget: '-5',
          items: ITEMS,
        }),
      ),
    ).toContain('预算金额');
  });

  it('only a draft is deleted; an approved plan cannot be edited', async () => {
    const plan = await approvedPlan(buyer);
    expect(
      await refused(
        await call(buyer, 'PUT', '/purchase/plan/edit', {
          id: plan.id,
          planName: 'y',
          category: '3',
          purchaseMethod: 'open_tender',
          budget: '1',
          items: ITEMS,
        }),
      ),
    ).toBe('采购计划当前状态「已通过」不能修改');
    expect(await refused(await call(buyer, 'DELETE', `/purchase/plan/delete?id=${plan.id}`))).toBe(
      '只有草稿状态的采购计划可以删除',
    );
  });

  it('approval through the workflow: 审批中 → 驳回 → resubmit (6) → 已通过; no edit while in approval', async () => {
    const plan = await ok(
      await call(buyer, 'POST', '/purchase/plan/add', {
        planName: '安全防护用品采购',
        category: '3',
        purchaseMethod: 'inquiry',
        budget: '5000',
        items: ITEMS.slice(2),
      }),
    );
    const submitted = await ok(await call(buyer, 'POST', '/purchase/plan/submit', { id: plan.id }));
    expect(submitted).toMatchObject({ state: 'approving', approvalStatus: '2' });
    expect(submitted.instanceId).toBeTruthy();
    expect(await refused(await call(buyer, 'POST', '/purchase/plan/submit', { id: plan.id }))).toBe(
      '采购计划当前状态「审批中」不能提交审批',
    );
    await approveAll(plan.id, 'reject');
    expect(await ok(await call(buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).toMatchObject({
      state: 'rejected',
      approvalStatus: '5',
    });
    const again = await ok(await call(buyer, 'POST', '/purchase/plan/submit', { id: plan.id }));
    expect(again).toMatchObject({ state: 'approving', approvalStatus: '6' });
    await approveAll(plan.id);
    expect(await ok(await call(buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).toMatchObject({
      state: 'approved',
      approvalStatus: '4',
    });
  });

  it('exports the plan list as xlsx', async () => {
    const res = await call(buyer, 'GET', '/purchase/plan/exportXls');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('projects, packages and the stage machine', () => {
  it('turns an approved plan into a project (plan → 执行中); package amounts may not exceed the plan', async () => {
    const plan = await approvedPlan(buyer, '1000');
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/project/fromPlan', {
          planId: plan.id,
          packages: [
            { packageName: 'A', fixedPrice: '600' },
            { packageName: 'B', fixedPrice: '400.01' },
          ],
        }),
      ),
    ).toBe('标包金额合计1000.01超过采购计划金额1000.00，请先变更计划');
    const made = await ok(
      await call(buyer, 'POST', '/purchase/project/fromPlan', {
        planId: plan.id,
        packages: [{ packageName: 'A', fixedPrice: '600' }],
      }),
    );
    expect(made.packages[0]).toMatchObject({ packageNo: '01', purchaseStage: 1, electionStatus: '1' });
    expect((await ok(await call(buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).state).toBe('executing');
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/package/add', {
          projectId: made.project.id,
          packageName: 'B',
          fixedPrice: '400.01',
        }),
      ),
    ).toContain('超过采购计划金额');
    const b = await ok(
      await call(buyer, 'POST', '/purchase/package/add', {
        projectId: made.project.id,
        packageName: 'B',
        fixedPrice: '400',
      }),
    );
    expect(b.packageNo).toBe('02');
    // A second project from the same plan is refused: it is no longer 已通过.
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/project/fromPlan', {
          planId: plan.id,
          packages: [{ packageName: 'C', fixedPrice: '1' }],
        }),
      ),
    ).toBe('只有已通过的采购计划可以转为采购项目');
  });

  it('publishes only after selection preparation, then locks it; illegal moves are refused in Chinese; history rows', async () => {
    const { packages } = await projectWith(buyer, ['50000']);
    const id = packages[0]?.id as string;
    expect(await refused(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }))).toBe(
      '请先完成选商准备的时间安排',
    );
    expect(
      await refused(
        await call(
          buyer,
          'PUT',
          '/purchase/package/selection',
          SELECTION(id, {
            start: inMinutes(10),
            end: inMinutes(5),
            deadline: inMinutes(20),
            opening: inMinutes(30),
          }),
        ),
      ),
    ).toBe('时间安排须满足：报名开始 < 报名截止 ≤ 投标截止 ≤ 开标时间');
    const prepared = await ok(
      await call(
        buyer,
        'PUT',
        '/purchase/package/selection',
        SELECTION(id, {
          start: inMinutes(1),
          end: inMinutes(10),
          deadline: inMinutes(20),
          opening: inMinutes(30),
        }),
      ),
    );
    expect(prepared).toMatchObject({
      priceMethod: 'average_benchmark',
      priceK: '0.0200',
      priceAlpha: '1.0000',
      priceBeta: '0.5000',
    });
    expect(prepared.reviewItems).toHaveLength(3);

    expect(await refused(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'open' }))).toBe(
      '当前阶段「待发布」不能执行「开标」',
    );
    await ok(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    expect(
      await refused(
        await call(
          buyer,
          'PUT',
          '/purchase/package/selection',
          SELECTION(id, {
            start: inMinutes(1),
            end: inMinutes(10),
            deadline: inMinutes(20),
            opening: inMinutes(30),
          }),
        ),
      ),
    ).toBe('公告已发布，选商准备已锁定，只能通过变更公告修改');
    expect(await refused(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'open' }))).toBe(
      '当前阶段「公告中」不能执行「开标」',
    );
    // The jobs' and the workflow's moves are not the buyer's.
    expect(await refused(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'endPublicity' }))).toBe(
      '该操作由系统或审批流程执行，不能手工执行',
    );
    const detail = await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${id}`));
    expect(detail.actions.map((a: { action: string }) => a.action)).toEqual(['openResponses']);
    const history = await ok(await call(buyer, 'GET', `/purchase/package/history?id=${id}`));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'publish', fromStage: 1, toStage: 2, actor: expect.any(String) });
  });

  it('two buyers moving one package at once: one wins, the other gets a Chinese refusal', async () => {
    const { packages } = await projectWith(buyer, ['8000']);
    const id = packages[0]?.id as string;
    await ok(
      await call(
        buyer,
        'PUT',
        '/purchase/package/selection',
        SELECTION(id, {
          start: inMinutes(1),
          end: inMinutes(10),
          deadline: inMinutes(20),
          opening: inMinutes(30),
        }),
      ),
    );
    const results = await Promise.all([
      call(buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }),
      call(admin, 'POST', '/purchase/package/action', { id, action: 'publish' }),
    ]);
    const bodies = results.map((r) => r.json());
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.find((b) => !b.success).message).toBe('当前阶段「公告中」不能执行「发布公告」');
    const history = await ok(await call(buyer, 'GET', `/purchase/package/history?id=${id}`));
    expect(history).toHaveLength(1);
  });

  it('the stage job opens due packages: too few bidders → 流标 (stage 9, 0) → 重新采购; enough → stage 5 → review seam', async () => {
    const { packages } = await projectWith(buyer, ['30000', '40000']);
    const [failing, passing] = packages.map((p) => p.id) as [string, string];
    for (const id of [failing, passing]) {
      await ok(
        await call(
          buyer,
          'PUT',
          '/purchase/package/selection',
          SELECTION(id, {
            start: inMinutes(-40),
            end: inMinutes(-30),
            deadline: inMinutes(-20),
            opening: inMinutes(-1),
          }),
        ),
      );
      await ok(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    }
    const counts = new Map([
      [failing, 2],
      [passing, 3],
    ]);
    const { countValidBidders, countValidBiddersMany } = t.services.packageStages.hooks;
    // The job counts a batch at once (countValidBiddersMany); a manual opening counts one package.
    t.services.packageStages.setHooks({
      countValidBidders: async (_db, _tenant, id) => counts.get(id) ?? 0,
      countValidBiddersMany: async (_db, ids) => new Map(ids.map((id) => [id, counts.get(id) ?? 0])),
    });
    try {
      const [timer] = procurementJobs(t.services.packageStages);
      const text = await timer?.run({ db: t.db, parameter: '100', fireTime: new Date() });
      expect(text).toMatch(/open [1-9]/);
    } finally {
      t.services.packageStages.setHooks({ countValidBidders, countValidBiddersMany });
    }
    const failed = await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${failing}`));
    expect(failed).toMatchObject({ purchaseStage: 9, electionStatus: '0' });
    expect(failed.actions.map((a: { action: string }) => a.action)).toEqual([
      'submitEndAudit',
      'rebid',
      'changeMethod',
      'terminate',
    ]);
    const failedHistory = await ok(await call(buyer, 'GET', `/purchase/package/history?id=${failing}`));
    expect(failedHistory.map((h: { action: string }) => h.action)).toEqual([
      'publish',
      'openResponses',
      'closeResponses',
      'open',
    ]);
    expect(failedHistory.at(-1)).toMatchObject({
      fromStage: 4,
      toStage: 9,
      electionStatus: '0',
      actor: 'system',
      reason: '有效投标人2家，少于最低3家，流标',
    });

    const opened = await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(opened).toMatchObject({ purchaseStage: 5, electionStatus: '1' });

    // 重新采购: a new round linked to the old one, at stage 1 with the review items copied; the old one is closed.
    const clone = await ok(await call(buyer, 'POST', '/purchase/package/rebid', { id: failing, reason: '投标人不足' }));
    expect(clone).toMatchObject({ purchaseStage: 1, roundNo: 2, previousPackageId: failing, status: 'active' });
    expect(clone.packageNo).toMatch(/-R2$/);
    expect((await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${clone.id}`))).reviewItems).toHaveLength(
      3,
    );
    expect(await refused(await call(buyer, 'POST', '/purchase/package/terminate', { id: failing }))).toBe(
      '标包已重新采购，不能再操作',
    );
    expect(await refused(await call(buyer, 'POST', '/purchase/package/rebid', { id: passing }))).toBe(
      '当前阶段「已开标」不能执行「重新采购」',
    );

    // The review seam: start (5→6) and complete (→9) with candidates that must be valid bidders.
    const started = await ok(await call(buyer, 'POST', '/purchase/package/review/start', { packageId: passing }));
    expect(started.purchaseStage).toBe(6);
    expect(started.reviewStartTime).not.toBeNull();
    expect(
      await refused(
        await call(buyer, 'POST', '/purchase/package/review/complete', {
          packageId: passing,
          validBidderIds: ['s1', 's2'],
          rankedCandidates: ['s3'],
          electionStatus: '1',
        }),
      ),
    ).toBe('推荐候选人须为有效投标人');
    const ended = await ok(
      await call(buyer, 'POST', '/purchase/package/review/complete', {
        packageId: passing,
        validBidderIds: ['s1', 's2', 's3'],
        rankedCandidates: ['s2', 's1'],
        electionStatus: '1',
      }),
    );
    expect(ended).toMatchObject({ purchaseStage: 9, electionStatus: '1', rankedCandidates: ['s2', 's1'] });
    expect(ended.reviewStopTime).not.toBeNull();

    // 结束审核 (end_audit) → 结果公示 (3 days) → a job ends it → 已定标, and the bid module's onAward is called.
    const audit = await ok(await call(buyer, 'POST', '/purchase/package/endAudit/submit', { id: passing }));
    expect(audit).toMatchObject({ purchaseStage: 10 });
    await approveAll(passing);
    const publicised = await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(publicised.purchaseStage).toBe(11);
    const days = (new Date(publicised.publicityEndTime).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    const awarded: string[] = [];
    t.services.packageStages.setHooks({ onAward: async (_db, pkg) => void awarded.push(pkg.id) });
    try {
      const [, publicity] = procurementJobs(t.services.packageStages);
      expect(await publicity?.run({ db: t.db, parameter: null, fireTime: new Date() })).not.toContain('定标 1');
      await t.db.execute(
        sql`UPDATE purchase_package SET publicity_end_time = now() - interval '1 second' WHERE id = ${passing}`,
      );
      expect(await publicity?.run({ db: t.db, parameter: null, fireTime: new Date() })).toMatch(/^定标 [1-9]/);
    } finally {
      t.services.packageStages.setHooks({ onAward: undefined });
    }
    expect(awarded).toEqual([passing]);
    const final = await ok(await call(buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(final).toMatchObject({ purchaseStage: 12, electionStatus: '1' });
    expect(final.awardTime).not.toBeNull();
    const trail = await ok(await call(buyer, 'GET', `/purchase/package/history?id=${passing}`));
    expect(trail.map((h: { action: string }) => h.action)).toEqual([
      'publish',
      'openResponses',
      'closeResponses',
      'open',
      'startReview',
      'endReview',
      'submitEndAudit',
      'endAuditApproved',
      'endPublicity',
    ]);
  });

  it('a 流标 package can be terminated', async () => {
    const { packages } = await projectWith(buyer, ['1000']);
    const id = packages[0]?.id as string;
    await ok(
      await call(
        buyer,
        'PUT',
        '/purchase/package/selection',
        SELECTION(id, {
          start: inMinutes(-40),
          end: inMinutes(-30),
          deadline: inMinutes(-20),
          opening: inMinutes(-1),
        }),
      ),
    );
    await ok(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    await ok(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'openResponses' }));
    await ok(await call(buyer, 'POST', '/purchase/package/action', { id, action: 'closeResponses' }));
    const opened = await ok(await call(buyer, 'POST', '/purchase/package/open', { id }));
    expect(opened).toMatchObject({ purchaseStage: 9, electionStatus: '0' });
    const ended = await ok(await call(buyer, 'POST', '/purchase/package/terminate', { id, reason: '需求取消' }));
    expect(ended.status).toBe('terminated');
    expect(await refused(await call(buyer, 'POST', '/purchase/package/rebid', { id }))).toBe('标包已终止，不能再操作');
  });

  it('the package list filters by stage and searches names; other tenants and departments see nothing', async () => {
    const { packages } = await projectWith(buyer, ['700']);
    const id = packages[0]?.id as string;
    await ok(
      await call(buyer, 'PUT', '/purchase/package/edit', {
        id,
        packageName: `独特名称${id.slice(0, 6)}`,
        fixedPrice: '700',
      }),
    );
    const found = await ok(
      await call(
        buyer,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}&purchaseStage=1`,
      ),
    );
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([id]);
    const stage2 = await ok(
      await call(
        buyer,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}&purchaseStage=2`,
      ),
    );
    expect(stage2.records).toEqual([]);

    // Another department with an own-department role.
    const other = await t.createUser({ roles: ['project_buyer'], departs: ['A01A02A01'] });
    const otherToken = await t.login(other.username);
    const seen = await ok(
      await call(otherToken, 'GET', `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}`),
    );
    expect(seen.records).toEqual([]);
    expect((await call(otherToken, 'GET', `/purchase/package/queryById?id=${id}`)).json().success).toBe(false);

    // Another tenant: admin of tenant 2.
    const t2 = await ok(
      await call(
        admin,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}`,
        undefined,
        '2',
      ),
    );
    expect(t2.records).toEqual([]);
    expect((await call(admin, 'GET', `/purchase/package/queryById?id=${id}`, undefined, '2')).json().message).toBe(
      '标包不存在或已删除',
    );
  });
});

describe('采购管理 demo data', () => {
  it('the demo tenant has plans in several states and packages in stages 1–12 with a 流标 and its 重新采购', async () => {
    const token = await t.login('buyer01');
    const plans = await ok(await call(token, 'GET', '/purchase/plan/list?pageSize=100'));
    const states = new Set(plans.records.map((p: { state: string }) => p.state));
    for (const s of ['draft', 'approved', 'executing', 'rejected', 'void']) expect(states).toContain(s);
    const list = await ok(await call(token, 'GET', '/purchase/package/list?pageSize=100'));
    const seeded = list.records.filter((p: { createBy: string }) => p.createBy === 'buyer01');
    const stages = new Set(seeded.map((p: { purchaseStage: number }) => p.purchaseStage));
    for (const s of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]) expect(stages).toContain(s);
    const failed = seeded.find(
      (p: { electionStatus: string; status: string }) => p.electionStatus === '0' && p.status === 'rebid',
    );
    expect(failed).toBeTruthy();
    const next = seeded.find((p: { previousPackageId: string | null }) => p.previousPackageId === failed.id);
    expect(next).toMatchObject({ roundNo: 2, purchaseStage: 2 });
    const history = await ok(await call(token, 'GET', `/purchase/package/history?id=${failed.id}`));
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'publish',
      'openResponses',
      'closeResponses',
      'open',
      'rebid',
    ]);
  });
});
