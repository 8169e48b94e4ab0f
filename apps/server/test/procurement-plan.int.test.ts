import { describe, expect, it } from 'vitest';
import { coreFixture, ITEMS } from './procurement-core-fixture.ts';

const fx = coreFixture();
const { call, ok, refused, approveAll, approvedPlan } = fx;

describe('purchase plans', () => {
  it('creates a plan with item lines, a fill-rule code, amounts and the 草稿 state; edits and lists it', async () => {
    const plan = await ok(
      await call(fx.buyer, 'POST', '/purchase/plan/add', {
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
      await call(fx.buyer, 'PUT', '/purchase/plan/edit', {
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

    const list = await ok(await call(fx.buyer, 'GET', '/purchase/plan/list?planName=调整'));
    expect(list.records.map((r: { id: string }) => r.id)).toContain(plan.id);
  });

  it('refuses a plan without item lines and bad amounts in Chinese', async () => {
    expect(
      await refused(
        await call(fx.buyer, 'POST', '/purchase/plan/add', {
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
        await call(fx.buyer, 'POST', '/purchase/plan/add', {
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
    const plan = await approvedPlan(fx.buyer);
    expect(
      await refused(
        await call(fx.buyer, 'PUT', '/purchase/plan/edit', {
          id: plan.id,
          planName: 'y',
          category: '3',
          purchaseMethod: 'open_tender',
          budget: '1',
          items: ITEMS,
        }),
      ),
    ).toBe('采购计划当前状态「已通过」不能修改');
    expect(await refused(await call(fx.buyer, 'DELETE', `/purchase/plan/delete?id=${plan.id}`))).toBe(
      '只有草稿状态的采购计划可以删除',
    );
  });

  it('approval through the workflow: 审批中 → 驳回 → resubmit (6) → 已通过; no edit while in approval', async () => {
    const plan = await ok(
      await call(fx.buyer, 'POST', '/purchase/plan/add', {
        planName: '安全防护用品采购',
        category: '3',
        purchaseMethod: 'inquiry',
        budget: '5000',
        items: ITEMS.slice(2),
      }),
    );
    const submitted = await ok(await call(fx.buyer, 'POST', '/purchase/plan/submit', { id: plan.id }));
    expect(submitted).toMatchObject({ state: 'approving', approvalStatus: '2' });
    expect(submitted.instanceId).toBeTruthy();
    expect(await refused(await call(fx.buyer, 'POST', '/purchase/plan/submit', { id: plan.id }))).toBe(
      '采购计划当前状态「审批中」不能提交审批',
    );
    await approveAll(plan.id, 'reject');
    expect(await ok(await call(fx.buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).toMatchObject({
      state: 'rejected',
      approvalStatus: '5',
    });
    const again = await ok(await call(fx.buyer, 'POST', '/purchase/plan/submit', { id: plan.id }));
    expect(again).toMatchObject({ state: 'approving', approvalStatus: '6' });
    await approveAll(plan.id);
    expect(await ok(await call(fx.buyer, 'GET', `/purchase/plan/queryById?id=${plan.id}`))).toMatchObject({
      state: 'approved',
      approvalStatus: '4',
    });
  });

  it('exports the plan list as xlsx', async () => {
    const res = await call(fx.buyer, 'GET', '/purchase/plan/exportXls');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('采购管理 demo data', () => {
  it('the demo tenant has plans in several states and packages in stages 1–12 with a 流标 and its 重新采购', async () => {
    const token = await fx.t.login('buyer01');
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
