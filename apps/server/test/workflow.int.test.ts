import { describe, expect, it } from 'vitest';
import { workflowFixture } from './workflow-fixture.ts';

/**
 * Issue 13 integration acceptance: the engine through the HTTP API, with 申请示例 (demo_request) as the business
 * that starts processes and hears the outcome in the same transaction. Approve, reject, countersign, or-sign, return.
 */
const fx = workflowFixture();
const { user, call, okCall, deploy, step, newRequest, submit, statusOf, taskFor, noTaskFor } = fx;

describe('workflow engine (issue 13)', () => {
  it('start → approve → approve completes and calls the business back (已通过), with history and bell messages', async () => {
    const [initiator, a, b] = [await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    expect(await statusOf(initiator, id)).toBe(1);
    const started = await submit(initiator, id);
    expect(started.approvalStatus).toBe(2);
    expect(await statusOf(initiator, id)).toBe(2);

    const ta = await taskFor(a, id);
    expect(ta.nodeName).toBe('部门审批');
    await noTaskFor(b, id);
    // The assignee's bell holds a system message that opens the task.
    const bell = await okCall(a.token, 'GET', '/sys/annountCement/listByUser');
    const msg = (bell.sysMsgList as { openType: string; openPage: string; busId: string }[]).find(
      (m) => m.busId === ta.id,
    );
    expect(msg?.openType).toBe('component');
    expect(msg?.openPage).toBe(`/workflow/todo?taskId=${ta.id}`);

    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id, comment: '同意采购' });
    expect(await statusOf(initiator, id)).toBe(2);
    const tb = await taskFor(b, id);
    expect(tb.nodeName).toBe('采购部审批');
    await okCall(b.token, 'POST', '/workflow/task/approve', { taskId: tb.id });
    expect(await statusOf(initiator, id)).toBe(4);

    const detail = await okCall(initiator.token, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(detail.instance.status).toBe('approved');
    expect(detail.currentTasks).toEqual([]);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['start', 'approve', 'approve']);
    expect(detail.history[1]).toMatchObject({ actor: a.username, nodeName: '部门审批', comment: '同意采购' });
    expect(detail.diagram.finishedNodeIds).toEqual(
      expect.arrayContaining(['StartEvent_1', 'Task_a', 'Task_b', 'EndEvent_1']),
    );
    expect(detail.diagram.activeNodeIds).toEqual([]);
    expect(detail.diagram.xml).toContain('bpmn:definitions');
    // 我的已办 and 我发起的 show it.
    const done = await okCall(a.token, 'GET', '/workflow/task/done?pageNo=1&pageSize=50');
    expect(
      done.records.some((r: { id: string; actionText: string }) => r.id === ta.id && r.actionText === '同意'),
    ).toBe(true);
    const mine = await okCall(initiator.token, 'GET', '/workflow/instance/my?pageNo=1&pageSize=50');
    expect(mine.records.find((r: { id: string }) => r.id === ta.instanceId)?.statusText).toBe('已通过');
  });

  it('reject (comment required) → 已驳回 → resubmit (重新审批中, 6) → approve → 已通过', async () => {
    const [initiator, a] = [await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    const noComment = await call(a.token, 'POST', '/workflow/task/reject', { taskId: ta.id, comment: ' ' });
    expect(noComment.status).toBe(400);
    expect(noComment.body.message).toContain('请填写驳回意见');
    await okCall(a.token, 'POST', '/workflow/task/reject', { taskId: ta.id, comment: '金额不合理' });
    expect(await statusOf(initiator, id)).toBe(5);
    await noTaskFor(a, id);
    // Editable again after rejection.
    await okCall(initiator.token, 'PUT', '/demo/request/edit', {
      id,
      title: '修改后的申请',
      amount: 80,
      reason: '已调整',
    });

    const again = await okCall(initiator.token, 'POST', '/demo/request/resubmit', { id });
    expect(again.approvalStatus).toBe(6);
    expect(await statusOf(initiator, id)).toBe(6);
    const edit = await call(initiator.token, 'PUT', '/demo/request/edit', { id, title: 'x', amount: 1 });
    expect(edit.status).toBe(400);
    const ta2 = await taskFor(a, id);
    expect(ta2.instanceId).toBe(ta.instanceId);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta2.id });
    expect(await statusOf(initiator, id)).toBe(4);
    const detail = await okCall(initiator.token, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(detail.instance.round).toBe(2);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['start', 'reject', 'resubmit', 'approve']);
  });

  it('countersign: 会签中 while votes are open; one rejection rejects the whole instance', async () => {
    const [initiator, a, b, c] = [await user(), await user(), await user(), await user()];
    await deploy([step('Task_cs', '联合会签', [a, b, c], 'and')]);
    const id = await newRequest(initiator);
    expect((await submit(initiator, id)).approvalStatus).toBe(3);
    const [ta, tb, tc] = [await taskFor(a, id), await taskFor(b, id), await taskFor(c, id)];
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(await statusOf(initiator, id)).toBe(3);
    await taskFor(b, id);
    await okCall(b.token, 'POST', '/workflow/task/reject', { taskId: tb.id, comment: '不同意' });
    expect(await statusOf(initiator, id)).toBe(5);
    await noTaskFor(c, id);
    const late = await call(c.token, 'POST', '/workflow/task/approve', { taskId: tc.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('任务已被他人处理');
  });

  it('countersign completes only when all approve', async () => {
    const [initiator, a, b, next] = [await user(), await user(), await user(), await user()];
    await deploy([step('Task_cs', '联合会签', [a, b], 'and'), step('Task_n', '复核', [next])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(a, id)).id });
    await noTaskFor(next, id);
    await okCall(b.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(b, id)).id });
    expect(await statusOf(initiator, id)).toBe(2);
    await taskFor(next, id);
  });

  it('or-sign: the first approval wins and closes the siblings', async () => {
    const [initiator, a, b, next] = [await user(), await user(), await user(), await user()];
    await deploy([step('Task_or', '任一审批', [a, b], 'or'), step('Task_n', '复核', [next])]);
    const id = await newRequest(initiator);
    expect((await submit(initiator, id)).approvalStatus).toBe(2);
    const [ta, tb] = [await taskFor(a, id), await taskFor(b, id)];
    await okCall(b.token, 'POST', '/workflow/task/approve', { taskId: tb.id });
    await noTaskFor(a, id);
    const late = await call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('任务已被他人处理');
    await taskFor(next, id);
  });

  it('return to an earlier node: its assignee gets a new task; only passed nodes are targets', async () => {
    const [initiator, a, b] = [await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(a, id)).id });
    const tb = await taskFor(b, id);
    const detail = await okCall(b.token, 'GET', `/workflow/task/queryById?id=${tb.id}`);
    expect(detail.canAct).toBe(true);
    expect(detail.returnTargets).toEqual([{ nodeId: 'Task_a', nodeName: '部门审批' }]);
    const bad = await call(b.token, 'POST', '/workflow/task/return', {
      taskId: tb.id,
      targetNodeId: 'Task_b',
      comment: '退回',
    });
    expect(bad.status).toBe(400);
    await okCall(b.token, 'POST', '/workflow/task/return', {
      taskId: tb.id,
      targetNodeId: 'Task_a',
      comment: '材料不全',
    });
    const again = await taskFor(a, id);
    expect(again.nodeId).toBe('Task_a');
    await noTaskFor(b, id);
    expect(await statusOf(initiator, id)).toBe(2);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: again.id });
    await okCall(b.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(b, id)).id });
    expect(await statusOf(initiator, id)).toBe(4);
  });
});
