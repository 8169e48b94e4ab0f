import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { procurementJobs } from '../src/modules/procurement/project/jobs.ts';
import { coreFixture, inMinutes, SELECTION } from './procurement-core-fixture.ts';

const fx = coreFixture();
const { call, ok, refused, approveAll, approvedPlan, projectWith } = fx;

describe('projects, packages and the stage machine', () => {
  it('turns an approved plan into a project (plan → 执行中); package amounts may not exceed the plan', async () => {
    const plan = await approvedPlan(fx.buyer, '1000');
    expect(
      await refused(
        await call(fx.buyer, 'POST', '/purchase/project/fromPlan', {
          planId: plan.id,
          packages: [
            { packageName: 'A', fixedPrice: '600' },
            { packageName: 'B', fixedPrice: '400.01' },
          ],
        }),
      ),
    ).toBe('标包金额合计1000.01超过采购计划金额1000.00，请先变更计划');
    const made = await ok(
      await call(fx.buyer, 'POST', '/purchase/project/fromPlan', {
        planId: plan.id,
        packages: [{ packageName: 'A', fixedPrice: '600' }],
      }),
    );
    expect(made.packages[0]).toMatchObject({ packageNo: '01', purchaseStage: 1, electionStatus: '1' });
    expect((await ok(await call(fx.buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).state).toBe('executing');
    expect(
      await refused(
        await call(fx.buyer, 'POST', '/purchase/package/add', {
          projectId: made.project.id,
          packageName: 'B',
          fixedPrice: '400.01',
        }),
      ),
    ).toContain('超过采购计划金额');
    const b = await ok(
      await call(fx.buyer, 'POST', '/purchase/package/add', {
        projectId: made.project.id,
        packageName: 'B',
        fixedPrice: '400',
      }),
    );
    expect(b.packageNo).toBe('02');
    // A second project from the same plan is refused: it is no longer 已通过.
    expect(
      await refused(
        await call(fx.buyer, 'POST', '/purchase/project/fromPlan', {
          planId: plan.id,
          packages: [{ packageName: 'C', fixedPrice: '1' }],
        }),
      ),
    ).toBe('只有已通过的采购计划可以转为采购项目');
  });

  it('publishes only after selection preparation, then locks it; illegal moves are refused in Chinese; history rows', async () => {
    const { packages } = await projectWith(fx.buyer, ['50000']);
    const id = packages[0]?.id as string;
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }))).toBe(
      '请先完成选商准备的时间安排',
    );
    expect(
      await refused(
        await call(
          fx.buyer,
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
        fx.buyer,
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

    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'open' }))).toBe(
      '当前阶段「待发布」不能执行「开标」',
    );
    await ok(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    expect(
      await refused(
        await call(
          fx.buyer,
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
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'open' }))).toBe(
      '当前阶段「公告中」不能执行「开标」',
    );
    // The jobs' and the workflow's moves are not the fx.buyer's.
    expect(
      await refused(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'endPublicity' })),
    ).toBe('该操作由系统或审批流程执行，不能手工执行');
    const detail = await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${id}`));
    expect(detail.actions.map((a: { action: string }) => a.action)).toEqual(['openResponses']);
    const history = await ok(await call(fx.buyer, 'GET', `/purchase/package/history?id=${id}`));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'publish', fromStage: 1, toStage: 2, actor: expect.any(String) });
  });

  it('two buyers moving one package at once: one wins, the other gets a Chinese refusal', async () => {
    const { packages } = await projectWith(fx.buyer, ['8000']);
    const id = packages[0]?.id as string;
    await ok(
      await call(
        fx.buyer,
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
      call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }),
      call(fx.admin, 'POST', '/purchase/package/action', { id, action: 'publish' }),
    ]);
    const bodies = results.map((r) => r.json());
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.find((b) => !b.success).message).toBe('当前阶段「公告中」不能执行「发布公告」');
    const history = await ok(await call(fx.buyer, 'GET', `/purchase/package/history?id=${id}`));
    expect(history).toHaveLength(1);
  });

  it('the stage job opens due packages: too few bidders → 流标 (stage 9, 0) → 重新采购; enough → stage 5 → review seam', async () => {
    const { packages } = await projectWith(fx.buyer, ['30000', '40000']);
    const [failing, passing] = packages.map((p) => p.id) as [string, string];
    for (const id of [failing, passing]) {
      await ok(
        await call(
          fx.buyer,
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
      await ok(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    }
    const counts = new Map([
      [failing, 2],
      [passing, 3],
    ]);
    const { countValidBidders, countValidBiddersMany } = fx.t.services.packageStages.hooks;
    // The job counts a batch at once (countValidBiddersMany); a manual opening counts one package.
    fx.t.services.packageStages.setHooks({
      countValidBidders: async (_db, _tenant, id) => counts.get(id) ?? 0,
      countValidBiddersMany: async (_db, ids) => new Map(ids.map((id) => [id, counts.get(id) ?? 0])),
    });
    try {
      const [timer] = procurementJobs(fx.t.services.packageStages);
      const text = await timer?.run({ db: fx.t.db, parameter: '100', fireTime: new Date() });
      expect(text).toMatch(/open [1-9]/);
    } finally {
      fx.t.services.packageStages.setHooks({ countValidBidders, countValidBiddersMany });
    }
    const failed = await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${failing}`));
    expect(failed).toMatchObject({ purchaseStage: 9, electionStatus: '0' });
    expect(failed.actions.map((a: { action: string }) => a.action)).toEqual([
      'submitEndAudit',
      'rebid',
      'changeMethod',
      'terminate',
    ]);
    const failedHistory = await ok(await call(fx.buyer, 'GET', `/purchase/package/history?id=${failing}`));
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

    const opened = await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(opened).toMatchObject({ purchaseStage: 5, electionStatus: '1' });

    // 重新采购: a new round linked to the old one, at stage 1 with the review items copied; the old one is closed.
    const clone = await ok(
      await call(fx.buyer, 'POST', '/purchase/package/rebid', { id: failing, reason: '投标人不足' }),
    );
    expect(clone).toMatchObject({ purchaseStage: 1, roundNo: 2, previousPackageId: failing, status: 'active' });
    expect(clone.packageNo).toMatch(/-R2$/);
    expect(
      (await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${clone.id}`))).reviewItems,
    ).toHaveLength(3);
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/terminate', { id: failing }))).toBe(
      '标包已重新采购，不能再操作',
    );
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/rebid', { id: passing }))).toBe(
      '当前阶段「已开标」不能执行「重新采购」',
    );

    // The review seam: start (5→6) and complete (→9) with candidates that must be valid bidders.
    const started = await ok(await call(fx.buyer, 'POST', '/purchase/package/review/start', { packageId: passing }));
    expect(started.purchaseStage).toBe(6);
    expect(started.reviewStartTime).not.toBeNull();
    expect(
      await refused(
        await call(fx.buyer, 'POST', '/purchase/package/review/complete', {
          packageId: passing,
          validBidderIds: ['s1', 's2'],
          rankedCandidates: ['s3'],
          electionStatus: '1',
        }),
      ),
    ).toBe('推荐候选人须为有效投标人');
    const ended = await ok(
      await call(fx.buyer, 'POST', '/purchase/package/review/complete', {
        packageId: passing,
        validBidderIds: ['s1', 's2', 's3'],
        rankedCandidates: ['s2', 's1'],
        electionStatus: '1',
      }),
    );
    expect(ended).toMatchObject({ purchaseStage: 9, electionStatus: '1', rankedCandidates: ['s2', 's1'] });
    expect(ended.reviewStopTime).not.toBeNull();

    // 结束审核 (end_audit) → 结果公示 (3 days) → a job ends it → 已定标, and the bid module's onAward is called.
    const audit = await ok(await call(fx.buyer, 'POST', '/purchase/package/endAudit/submit', { id: passing }));
    expect(audit).toMatchObject({ purchaseStage: 10 });
    await approveAll(passing);
    const publicised = await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(publicised.purchaseStage).toBe(11);
    const days = (new Date(publicised.publicityEndTime).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    const awarded: string[] = [];
    fx.t.services.packageStages.setHooks({ onAward: async (_db, pkg) => void awarded.push(pkg.id) });
    try {
      const [, publicity] = procurementJobs(fx.t.services.packageStages);
      expect(await publicity?.run({ db: fx.t.db, parameter: null, fireTime: new Date() })).not.toContain('定标 1');
      await fx.t.db.execute(
        sql`UPDATE purchase_package SET publicity_end_time = now() - interval '1 second' WHERE id = ${passing}`,
      );
      expect(await publicity?.run({ db: fx.t.db, parameter: null, fireTime: new Date() })).toMatch(/^定标 [1-9]/);
    } finally {
      fx.t.services.packageStages.setHooks({ onAward: undefined });
    }
    expect(awarded).toEqual([passing]);
    const final = await ok(await call(fx.buyer, 'GET', `/purchase/package/queryById?id=${passing}`));
    expect(final).toMatchObject({ purchaseStage: 12, electionStatus: '1' });
    expect(final.awardTime).not.toBeNull();
    const trail = await ok(await call(fx.buyer, 'GET', `/purchase/package/history?id=${passing}`));
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
    const { packages } = await projectWith(fx.buyer, ['1000']);
    const id = packages[0]?.id as string;
    await ok(
      await call(
        fx.buyer,
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
    await ok(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'publish' }));
    await ok(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'openResponses' }));
    await ok(await call(fx.buyer, 'POST', '/purchase/package/action', { id, action: 'closeResponses' }));
    const opened = await ok(await call(fx.buyer, 'POST', '/purchase/package/open', { id }));
    expect(opened).toMatchObject({ purchaseStage: 9, electionStatus: '0' });
    const ended = await ok(await call(fx.buyer, 'POST', '/purchase/package/terminate', { id, reason: '需求取消' }));
    expect(ended.status).toBe('terminated');
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/package/rebid', { id }))).toBe(
      '标包已终止，不能再操作',
    );
  });

  it('the package list filters by stage and searches names; other tenants and departments see nothing', async () => {
    const { packages } = await projectWith(fx.buyer, ['700']);
    const id = packages[0]?.id as string;
    await ok(
      await call(fx.buyer, 'PUT', '/purchase/package/edit', {
        id,
        packageName: `独特名称${id.slice(0, 6)}`,
        fixedPrice: '700',
      }),
    );
    const found = await ok(
      await call(
        fx.buyer,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}&purchaseStage=1`,
      ),
    );
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([id]);
    const stage2 = await ok(
      await call(
        fx.buyer,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}&purchaseStage=2`,
      ),
    );
    expect(stage2.records).toEqual([]);

    // Another department with an own-department role.
    const other = await fx.t.createUser({ roles: ['project_buyer'], departs: ['A01A02A01'] });
    const otherToken = await fx.t.login(other.username);
    const seen = await ok(
      await call(otherToken, 'GET', `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}`),
    );
    expect(seen.records).toEqual([]);
    expect((await call(otherToken, 'GET', `/purchase/package/queryById?id=${id}`)).json().success).toBe(false);

    // Another tenant: fx.admin of tenant 2.
    const t2 = await ok(
      await call(
        fx.admin,
        'GET',
        `/purchase/package/list?name=${encodeURIComponent(`独特名称${id.slice(0, 6)}`)}`,
        undefined,
        '2',
      ),
    );
    expect(t2.records).toEqual([]);
    expect((await call(fx.admin, 'GET', `/purchase/package/queryById?id=${id}`, undefined, '2')).json().message).toBe(
      '标包不存在或已删除',
    );
  });
});
