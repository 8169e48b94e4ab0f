import { INSPECTION_API as I, PROCUREMENT_BID_API, RECTIFICATION_API as R } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markOverdueRectifications } from '../src/modules/supervision/rectification/jobs.ts';
import { bidFixture, type Json, SUP1 } from './procurement-bid-fixture.ts';

/**
 * 检查管理 + 整改管理 (issue 17 §2–3): finding → rectification → the supplier's answer → review through the seeded
 * `rectification` approval → 已关闭; rejection and 退回; the overdue job's proposals; scope and IDOR refusals.
 */
const fx = bidFixture();

const userId = async (username: string) =>
  (await fx.t.db.execute<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = ${username}`)).rows[0]
    ?.id as string;

/** Every open task of the order's review, acted on by its assignee (reject stops after the first). */
async function decide(businessKey: string, action: 'approve' | 'reject' = 'approve') {
  const assignees: string[] = [];
  for (let step = 0; step < 10; step++) {
    const open = await fx.t.db.execute<{ id: string; assignee: string }>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    const task = open.rows[0];
    if (!task) return assignees;
    assignees.push(task.assignee);
    fx.tokens[task.assignee] ??= await fx.t.login(task.assignee);
    await fx.okCall(task.assignee, 'POST', `/workflow/task/${action}`, { taskId: task.id, comment: '复核意见' });
    if (action === 'reject') return assignees;
  }
  return assignees;
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

let seq = 0;
async function finding(severity = 'major', target: { type: string; id: string } = { type: 'supplier', id: SUP1 }) {
  const supervisor = await userId('supervisor01');
  const inspection = await fx.okCall('supervisor01', 'POST', I.add, {
    title: `供应商履约检查${seq++}`,
    targetType: target.type,
    targetId: target.id,
    signal: 'single_bidder',
    scope: '投标文件与合同履约',
    inspectorIds: [supervisor],
  });
  const evidence = await fx.attachment('supervisor01', '证据.pdf');
  const f = await fx.okCall('supervisor01', 'POST', I.findingAdd, {
    inspectionId: inspection.id,
    description: '投标保证金未按时退还',
    severity,
    evidence: [evidence],
  });
  return { inspection, finding: f as Json, evidence };
}

async function supplierOrder(severity = 'major', deadline = today()) {
  const { finding: f } = await finding(severity);
  return fx.okCall('supervisor01', 'POST', R.add, {
    findingId: f.id,
    addresseeType: 'supplier',
    supplierId: SUP1,
    deadline,
    requirement: '十个工作日内退还并提交凭证',
  });
}

const answer = async (id: string, text = '已退还保证金') => {
  const file = await fx.attachment('supplier01', '退还凭证.pdf');
  await fx.okCall('supplier01', 'POST', R.supplierAnswer, { id, answer: text, files: [file] });
};

describe('inspections and rectifications', () => {
  it('records an inspection of a named target with a finding and its evidence', async () => {
    const { inspection, evidence } = await finding();
    expect(inspection).toMatchObject({ targetType: 'supplier', state: 'planned', signal: 'single_bidder' });
    const full = await fx.okCall('supervisor01', 'GET', `${I.queryById}?id=${inspection.id}`);
    const name = await fx.t.db.execute<{ name: string }>(sql`SELECT name FROM supplier WHERE id = ${SUP1}`);
    expect(full.targetName).toBe(name.rows[0]?.name);
    expect(full.state).toBe('inspecting');
    expect(full.inspectorNames).toEqual(['周正']);
    expect(full.findings[0].evidence[0]).toMatchObject({ fileId: evidence.fileId, fileName: '证据.pdf' });
    const list = await fx.okCall(
      'supervisor01',
      'GET',
      `${I.list}?pageNo=1&pageSize=10&title=${encodeURIComponent(inspection.title)}`,
    );
    expect(list.records.map((r: Json) => r.id)).toEqual([inspection.id]);
    const missing = await fx.call('supervisor01', 'POST', I.add, {
      title: '缺对象',
      targetType: 'package',
      targetId: '00000000-0000-4000-8000-000000000000',
      inspectorIds: [await userId('supervisor01')],
    });
    expect([missing.status, missing.body.message]).toEqual([404, '检查对象不存在或已删除']);
    const bad = await fx.call('supervisor01', 'POST', I.add, { title: '', targetType: 'x' });
    expect(bad.status).toBe(400);
  });

  it('finding → rectification → supplier answer → review approved by the workflow → 已关闭', async () => {
    const order = await supplierOrder();
    expect(order).toMatchObject({ state: 'pending', addresseeType: 'supplier', supplierId: SUP1 });
    const inspection = await fx.okCall('supervisor01', 'GET', `${I.queryById}?id=${order.inspectionId}`);
    expect(inspection.findings[0].rectificationId).toBe(order.id);
    const listed = await fx.okCall(
      'supervisor01',
      'GET',
      `${I.list}?pageNo=1&pageSize=5&title=${encodeURIComponent(inspection.title)}`,
    );
    expect(listed.records[0].findingCount).toBe(1);
    const mine = await fx.okCall('supplier01', 'GET', `${R.supplierList}?pageNo=1&pageSize=50`);
    expect(mine.records.some((r: Json) => r.id === order.id)).toBe(true);
    // The supplier is told in its bell.
    const bell = await fx.t.db.execute(
      sql`SELECT 1 FROM sys_announcement WHERE bus_type = 'rectification' AND bus_id = ${order.id}`,
    );
    expect(bell.rows.length).toBeGreaterThan(0);
    await answer(order.id);
    const answered = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${order.id}`);
    expect(answered).toMatchObject({ state: 'answered', answer: '已退还保证金', answeredBy: 'supplier01' });
    const reviewed = await fx.okCall('supervisor01', 'POST', R.review, { id: order.id, comment: '整改到位' });
    expect(reviewed.approvalStatus).toBe('2');
    // Not while in approval: no direct return.
    const early = await fx.call('supervisor01', 'POST', R.giveBack, { id: order.id, reason: '再看看' });
    expect(early.status).toBe(400);
    const assignees = await decide(order.id);
    expect(assignees).toEqual(['leader01', 'manager01']);
    const closed = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${order.id}`);
    expect(closed.state).toBe('closed');
    expect(closed.approvalStatus).toBe('4');
    expect(closed.history.map((h: Json) => h.action)).toEqual(['raise', 'answer', 'review', 'approve']);
    expect(closed.history[1]).toMatchObject({ actor: 'supplier01', fromState: 'pending', toState: 'answered' });
  });

  it('a rejected review and a direct 退回 send the order back to 待整改, answered again, history kept', async () => {
    const order = await supplierOrder();
    await answer(order.id, '第一次整改');
    await fx.okCall('supervisor01', 'POST', R.review, { id: order.id });
    await decide(order.id, 'reject');
    let o = await fx.okCall('supplier01', 'GET', `${R.supplierQueryById}?id=${order.id}`);
    expect([o.state, o.returnCount]).toEqual(['pending', 1]);
    await answer(order.id, '第二次整改');
    const refused = await fx.call('supervisor01', 'POST', R.giveBack, { id: order.id, reason: '' });
    expect(refused.status).toBe(400);
    await fx.okCall('supervisor01', 'POST', R.giveBack, { id: order.id, reason: '凭证不清晰' });
    o = await fx.okCall('supplier01', 'GET', `${R.supplierQueryById}?id=${order.id}`);
    expect([o.state, o.returnCount]).toEqual(['pending', 2]);
    await answer(order.id, '第三次整改');
    await fx.okCall('supervisor01', 'POST', R.review, { id: order.id });
    await decide(order.id);
    o = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${order.id}`);
    expect(o.state).toBe('closed');
    expect(o.history.map((h: Json) => h.action)).toEqual([
      'raise',
      'answer',
      'review',
      'giveBack',
      'answer',
      'giveBack',
      'answer',
      'review',
      'approve',
    ]);
    expect(o.history[5].comment).toBe('凭证不清晰');
  });

  it('a supplier never reads or answers another supplier’s order', async () => {
    const order = await supplierOrder();
    const read = await fx.call('supplier02', 'GET', `${R.supplierQueryById}?id=${order.id}`);
    expect(read.status).toBe(404);
    const list = await fx.okCall('supplier02', 'GET', `${R.supplierList}?pageNo=1&pageSize=100`);
    expect(list.records.some((r: Json) => r.id === order.id)).toBe(false);
    const file = await fx.attachment('supplier02', 'x.pdf');
    const write = await fx.call('supplier02', 'POST', R.supplierAnswer, {
      id: order.id,
      answer: '冒充',
      files: [file],
    });
    expect(write.status).toBe(404);
    // Nor the staff endpoints.
    expect((await fx.call('supplier02', 'GET', `${R.queryById}?id=${order.id}`)).status).toBe(403);
    expect((await fx.call('supplier01', 'GET', `${I.list}?pageNo=1&pageSize=10`)).status).toBe(403);
  });

  it('the overdue job marks an unanswered order, tells both sides and proposes suspension or blacklisting', async () => {
    const general = await supplierOrder('general');
    const critical = await supplierOrder('critical');
    await fx.t.db.execute(
      sql`UPDATE supervision_rectification SET deadline = '2026-01-05' WHERE id IN (${general.id}, ${critical.id})`,
    );
    const services = fx.t.services;
    const propose = async (actor: { tenantId: number; userId: string; username: string }, input: Json) =>
      (
        await services.supplierStanding.blacklist.add(
          { ...actor, realname: actor.username, orgCode: null },
          { ...input, scope: 'tenant', categories: [], endDate: null },
        )
      ).id as string;
    const clock = new Date('2026-01-06T02:00:00Z');
    expect(await markOverdueRectifications(fx.t.db, clock, propose)).toBeGreaterThanOrEqual(2);
    const g = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${general.id}`);
    expect([g.overdue, g.proposal, g.state]).toEqual([true, 'suspend', 'pending']);
    expect(g.history.map((h: Json) => h.action)).toEqual(['raise', 'overdue', 'propose']);
    const c = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${critical.id}`);
    expect(c.proposal === 'blacklist' || c.proposal === 'suspend').toBe(true);
    if (c.proposal === 'blacklist') {
      const row = await fx.t.db.execute<{ state: string }>(
        sql`SELECT state FROM supplier_blacklist WHERE id = ${c.proposalRef}`,
      );
      expect(row.rows[0]?.state).toBe('pending');
      // The supplier's status is untouched until the approvers decide.
      const s = await fx.t.db.execute<{ status: string }>(sql`SELECT status FROM supplier WHERE id = ${SUP1}`);
      expect(s.rows[0]?.status).not.toBe('5');
    }
    const inspector = await userId('supervisor01');
    const told = await fx.t.db.execute(sql`
      SELECT 1 FROM sys_announcement WHERE bus_id = ${general.id} AND title LIKE '整改逾期%' AND ${inspector}::uuid = ANY(user_ids)`);
    expect(told.rows.length).toBe(1);
    const admins = await fx.t.db.execute(
      sql`SELECT 1 FROM sys_announcement WHERE bus_type = 'rectification_proposal' AND bus_id = ${general.id}`,
    );
    expect(admins.rows.length).toBe(1);
    // Once only.
    await markOverdueRectifications(fx.t.db, clock, propose);
    const again = await fx.okCall('supervisor01', 'GET', `${R.queryById}?id=${general.id}`);
    expect(again.history.length).toBe(3);
  });

  it('a department answers its own orders; tenant and department scope hold on the lists', async () => {
    const { finding: f } = await finding('general');
    const order = await fx.okCall('supervisor01', 'POST', R.add, {
      findingId: f.id,
      addresseeType: 'depart',
      addresseeOrgCode: 'A01A01A01',
      deadline: today(),
      requirement: '补齐评审记录',
    });
    expect(order.addresseeName).toBe('城南综合管廊项目部');
    // project01 (A01A01A01, own department scope) holds no 整改管理 grant in the seed: buyer01 (A01 and below) does.
    const seen = await fx.okCall('buyer01', 'GET', `${R.list}?pageNo=1&pageSize=100`);
    expect(seen.records.some((r: Json) => r.id === order.id)).toBe(true);
    await fx.okCall('buyer01', 'POST', R.answer, { id: order.id, answer: '已补齐', files: [] });
    // A supplier order is not a department's to answer.
    const sup = await supplierOrder();
    expect((await fx.call('buyer01', 'POST', R.answer, { id: sup.id, answer: '冒充', files: [] })).status).toBe(403);
    // Buyers neither raise nor review.
    expect((await fx.call('buyer01', 'POST', R.review, { id: order.id })).status).toBe(403);
    // Another tenant sees nothing of tenant 1.
    const other = await fx.okCall('yhadmin', 'GET', `${R.list}?pageNo=1&pageSize=100`);
    expect(other.records.some((r: Json) => r.id === order.id || r.id === sup.id)).toBe(false);
    expect((await fx.call('yhadmin', 'GET', `${R.queryById}?id=${order.id}`)).status).toBe(404);
    const otherI = await fx.okCall('yhadmin', 'GET', `${I.list}?pageNo=1&pageSize=100`);
    expect(otherI.records.some((r: Json) => r.id === order.inspectionId)).toBe(false);
    // Department scope: an order of A01A02 is outside a scope of A01A01A01 (a scoped user made for the test).
    const scoped = await fx.t.createUser({ tenantId: 1, departs: ['A01A01A01'], roles: ['buyer'] });
    fx.tokens[scoped.username] = await fx.t.login(scoped.username, scoped.password);
    const l = await fx.okCall(scoped.username, 'GET', `${R.list}?pageNo=1&pageSize=100`);
    expect(l.records.some((r: Json) => r.id === order.id)).toBe(true);
    // The supplier order's department is the inspection's (A01, the supervisor's): outside A01A01A01.
    expect(l.records.some((r: Json) => r.id === sup.id)).toBe(false);
  });

  it('refuses a supervisor’s write to a procurement record (403) while they write in supervision', async () => {
    const notice = await fx.call('supervisor01', 'POST', PROCUREMENT_BID_API.noticeAdd, {
      packageId: '00000000-0000-4000-8000-000000000000',
      noticeType: 'purchase',
      title: '监督人员的公告',
      content: '<p>x</p>',
    });
    expect(notice.status).toBe(403);
    expect((await fx.call('supervisor01', 'PUT', '/purchase/package/edit', { id: 'x' })).status).toBe(403);
    const list = await fx.call('supervisor01', 'GET', `${I.list}?pageNo=1&pageSize=1`);
    expect(list.status).toBe(200);
  });
});
