/**
 * Issue 17 §4–5: work orders and record history. A 修改 order on a published notice's title approved by admin and
 * applied through the notice service (before/after kept, history rows with the actor); a 修改 order that the
 * contract's own rule refuses at apply (the order unchanged); a 运维 order accepted, commented and completed; an
 * 审核 order closed by the workflow; a supervisor's writes refused (403); tenant and department scope of the lists.
 */
import {
  WORK_ORDER_API as API,
  PROCUREMENT_BID_API as BID_API,
  CONTRACT_API,
  CONTRACT_MESSAGES,
  RECORD_HISTORY_API,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bidFixture, type Json } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const { call, okCall } = fx;

let adminId: string;
beforeAll(async () => {
  const r = await fx.t.db.execute<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = 'admin'`);
  adminId = r.rows[0]?.id ?? '';
});

const historyOf = (who: string, table: string, id: string) =>
  okCall(who, 'GET', `${RECORD_HISTORY_API.list}?table=${table}&id=${id}&pageNo=1&pageSize=50`);

describe('修改 work orders', () => {
  it('applies an approved title correction of a published notice through the notice service, with history', async () => {
    const { noticeId } = await fx.publishedPackage();
    const order = await okCall('buyer01', 'POST', API.add, {
      type: 'modify',
      title: '公告标题有误',
      content: '标题少了年份',
      handlerId: adminId,
      deadline: '2099-01-01 12:00:00',
      targetType: 'notice',
      targetId: noticeId,
      field: 'title',
      newValue: '2026年办公楼改造采购公告',
    });
    expect(order).toMatchObject({
      state: 'pending',
      type: 'modify',
      beforeValue: '办公楼改造采购公告',
      handlerName: expect.any(String),
      overdue: false,
    });
    expect(order.orderNo).toMatch(/^GD\d{8}\d{4}$/);
    // The buyer can neither approve nor read the history; the supervisor writes nothing.
    expect((await call('buyer01', 'POST', API.approve, { id: order.id })).status).toBe(403);
    expect((await call('supervisor01', 'POST', API.approve, { id: order.id })).status).toBe(403);
    expect((await call('buyer01', 'GET', `${RECORD_HISTORY_API.list}?table=notice&id=${noticeId}`)).status).toBe(403);

    const done = await okCall('admin', 'POST', API.approve, { id: order.id, result: '已核实' });
    expect(done).toMatchObject({
      state: 'done',
      beforeValue: '办公楼改造采购公告',
      afterValue: '2026年办公楼改造采购公告',
      result: '已核实',
    });
    const notice = await okCall('buyer01', 'GET', `${BID_API.noticeQueryById}?id=${noticeId}`);
    expect(notice.title).toBe('2026年办公楼改造采购公告');
    // A closed order is not approved twice.
    const again = await call('admin', 'POST', API.approve, { id: order.id });
    expect([again.status, again.body.message]).toEqual([400, '工单状态为「已完成」，不能审核']);

    const history = await historyOf('supervisor01', 'notice', noticeId);
    const title = (history.records as Json[]).find((r) => r.field === 'title');
    expect(title).toMatchObject({
      fieldLabel: '公告标题',
      before: '办公楼改造采购公告',
      after: '2026年办公楼改造采购公告',
      changedBy: 'admin',
    });
    // The publication itself was buyer01's change of the status.
    const status = (history.records as Json[]).find((r) => r.field === 'status');
    expect(status).toMatchObject({ before: '0', after: '1', changedBy: 'buyer01' });
  });

  it('refuses at apply what the record service refuses (a signed contract is not edited): the order stays', async () => {
    const packageId = await fx.awardedPackage();
    const c = await okCall('buyer01', 'POST', CONTRACT_API.add, {
      packageId,
      name: '改造合同',
      amount: '1.00',
      termStart: '2026-12-01',
      termEnd: '2027-11-30',
    });
    const order = await okCall('buyer01', 'POST', API.add, {
      type: 'modify',
      title: '合同名称有误',
      content: '名称应为改造工程合同',
      targetType: 'contract',
      targetId: c.id,
      field: 'name',
      newValue: '改造工程合同',
    });
    await okCall('admin', 'POST', API.accept, { id: order.id });
    // The contract leaves 草稿 (submitted for approval) before the order is applied.
    await okCall('buyer01', 'POST', CONTRACT_API.submit, { id: c.id });
    const refused = await call('admin', 'POST', API.approve, { id: order.id });
    expect([refused.status, refused.body.message]).toEqual([400, CONTRACT_MESSAGES.notEditable]);
    const still = await okCall('admin', 'GET', `${API.queryById}?id=${order.id}`);
    expect(still).toMatchObject({ state: 'processing', afterValue: null });
    const contract = await okCall('buyer01', 'GET', `${CONTRACT_API.queryById}?id=${c.id}`);
    expect(contract.name).toBe('改造合同');
    // A field outside the allow-list is refused when filed.
    const bad = await call('buyer01', 'POST', API.add, {
      type: 'modify',
      title: '改金额',
      content: '金额',
      targetType: 'contract',
      targetId: c.id,
      field: 'amount',
      newValue: '2.00',
    });
    expect([bad.status, bad.body.message]).toEqual([400, '该字段不允许通过工单修改']);
  });
});

describe('运维 and 审核 work orders', () => {
  it('accepts, comments and completes an operations order; overdue flag on the list', async () => {
    const order = await okCall('buyer01', 'POST', API.add, {
      type: 'operation',
      title: '导出按钮无响应',
      content: '合同列表导出没有反应',
    });
    await fx.t.db.execute(sql`UPDATE work_order SET deadline = now() - interval '1 hour' WHERE id = ${order.id}`);
    const overdue = await okCall('buyer01', 'GET', `${API.list}?type=operation&overdue=1&pageNo=1&pageSize=50`);
    expect((overdue.records as Json[]).map((r) => r.id)).toContain(order.id);
    expect((overdue.records as Json[]).find((r) => r.id === order.id)?.overdue).toBe(true);
    await okCall('admin', 'POST', API.accept, { id: order.id });
    const commented = await okCall('buyer01', 'POST', API.comment, { id: order.id, content: '补充：Chrome 浏览器' });
    expect(commented.comments).toMatchObject([{ content: '补充：Chrome 浏览器', createBy: 'buyer01' }]);
    const done = await okCall('admin', 'POST', API.complete, { id: order.id, result: '已修复' });
    expect(done).toMatchObject({ state: 'done', result: '已修复', overdue: false });
  });

  it('closes an audit order through the work_order approval', async () => {
    const order = await okCall('buyer01', 'POST', API.add, {
      type: 'audit',
      title: '供应商资料审核',
      content: '请审核',
    });
    expect(order.state).toBe('processing');
    const direct = await call('admin', 'POST', API.complete, { id: order.id });
    expect([direct.status, direct.body.message]).toEqual([400, '审核工单由审批流程办理']);
    for (let step = 0; step < 10; step++) {
      const open = await fx.t.db.execute<{ id: string; assignee: string }>(sql`
        SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
        WHERE i.business_key = ${order.id} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
      const task = open.rows[0];
      if (!task) break;
      fx.tokens[task.assignee] ??= await fx.t.login(task.assignee);
      await okCall(task.assignee, 'POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
    }
    const closed = await okCall('buyer01', 'GET', `${API.queryById}?id=${order.id}`);
    expect(closed.state).toBe('done');
  });
});

describe('scope', () => {
  it('keeps lists to the tenant, to one own orders for staff, all for supervisors; supervisor writes refused', async () => {
    const order = await okCall('buyer01', 'POST', API.add, { type: 'operation', title: '范围测试', content: '内容' });
    const list = (who: string) => okCall(who, 'GET', `${API.list}?type=operation&pageNo=1&pageSize=100`);
    const ids = async (who: string) => ((await list(who)).records as Json[]).map((r) => r.id);
    expect(await ids('buyer01')).toContain(order.id);
    expect(await ids('supervisor01')).toContain(order.id);
    expect(await ids('project01')).not.toContain(order.id);
    expect(await ids('yhadmin')).not.toContain(order.id);
    expect((await call('yhadmin', 'GET', `${API.queryById}?id=${order.id}`)).status).toBe(404);
    expect((await call('project01', 'GET', `${API.queryById}?id=${order.id}`)).status).toBe(404);
    const filed = await call('supervisor01', 'POST', API.add, { type: 'operation', title: '监督', content: '内容' });
    expect(filed.status).toBe(403);
    // A supervisor's write to a business record is refused too.
    const { noticeId } = await fx.publishedPackage();
    expect((await call('supervisor01', 'POST', BID_API.noticeRevoke, { id: noticeId })).status).toBe(403);
    // History of another tenant's record, or outside the caller's data scope, is no record at all.
    expect((await call('yhadmin', 'GET', `${RECORD_HISTORY_API.list}?table=notice&id=${noticeId}`)).status).toBe(404);
    const unknownTable = await call('admin', 'GET', `${RECORD_HISTORY_API.list}?table=sys_user&id=${noticeId}`);
    expect(unknownTable.status).toBe(400);
  });

  it('records a job change as 系统', async () => {
    const { noticeId } = await fx.publishedPackage();
    await fx.t.db.execute(sql`UPDATE purchase_notice SET title = '系统更正' WHERE id = ${noticeId}`);
    const history = await historyOf('admin', 'notice', noticeId);
    expect((history.records as Json[])[0]).toMatchObject({ field: 'title', after: '系统更正', changedBy: '系统' });
  });
});
