import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApprovalXml, type StepSpec } from '../src/modules/platform/workflow/bpmn-builder.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

/**
 * Issue 13 integration acceptance: the engine through the HTTP API, with 申请示例 (demo_request) as the business
 * that starts processes and hears the outcome in the same transaction.
 */
let t: TestApp;
let admin: string;
let otherTenantAdmin: string;

interface U {
  username: string;
  token: string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  const other = await t.createUser({ roles: ['admin'], tenantId: 2, departs: ['B01'] });
  otherTenantAdmin = await t.login(other.username);
});
afterAll(() => t.close());

async function user(): Promise<U> {
  const u = await t.createUser({ roles: ['buyer'] });
  return { username: u.username, token: await t.login(u.username) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(token: string, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token },
    ...(payload ? { payload } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the API's answers are untyped JSON here; each test checks its fields.
  type Body = { success: boolean; message: string; result: any };
  return { status: res.statusCode, body: res.json() as Body };
}
async function okCall(token: string, method: Method, url: string, payload?: object) {
  const r = await call(token, method, url, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

let keyNo = 0;
/** Deploys a process of user steps under a fresh key and binds 申请示例 to it. */
async function deploy(steps: StepSpec[], name = '测试流程') {
  const key = `t_${Date.now().toString(36)}_${++keyNo}`;
  const xml = buildApprovalXml(key, name, steps);
  const def = await okCall(admin, 'POST', '/workflow/definition/deploy', {
    key,
    name,
    xml,
    businessType: 'demo_request',
  });
  return { key, xml, def };
}
const step = (id: string, name: string, users: U[], signMode: 'or' | 'and' = 'or', when?: string): StepSpec => ({
  id,
  name,
  assigneeType: 'user',
  assignees: users.map((u) => u.username),
  signMode,
  ...(when ? { when } : {}),
});

async function newRequest(initiator: U, amount = 100) {
  const row = await okCall(initiator.token, 'POST', '/demo/request/add', {
    title: `申请${Date.now().toString(36)}`,
    amount,
    reason: '测试',
  });
  return row.id as string;
}
async function submit(initiator: U, id: string) {
  return okCall(initiator.token, 'POST', '/demo/request/submit', { id });
}
async function statusOf(initiator: U, id: string): Promise<number> {
  return (await okCall(initiator.token, 'GET', `/demo/request/queryById?id=${id}`)).approvalStatus;
}
async function todo(u: U, title?: string) {
  const q = title ? `&title=${encodeURIComponent(title)}` : '';
  return (await okCall(u.token, 'GET', `/workflow/task/todo?pageNo=1&pageSize=50${q}`)).records as {
    id: string;
    instanceId: string;
    nodeId: string;
    nodeName: string;
    businessKey: string;
  }[];
}
async function taskFor(u: U, businessKey: string) {
  const list = await todo(u);
  const task = list.find((x) => x.businessKey === businessKey);
  expect(task, `${u.username} has a task for ${businessKey}`).toBeTruthy();
  return task as NonNullable<typeof task>;
}
const noTaskFor = async (u: U, businessKey: string) =>
  expect((await todo(u)).some((x) => x.businessKey === businessKey)).toBe(false);

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

  it('withdraw: only the initiator, only while nobody has acted; the row goes back to 待提交', async () => {
    const [initiator, a, b] = [await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    const notMine = await call(a.token, 'POST', '/workflow/instance/withdraw', { instanceId: ta.instanceId });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('只有发起人可以撤回');
    await okCall(initiator.token, 'POST', '/workflow/instance/withdraw', { instanceId: ta.instanceId });
    expect(await statusOf(initiator, id)).toBe(1);
    await noTaskFor(a, id);

    // Submitted again, and once someone acted the initiator can no longer withdraw.
    await submit(initiator, id);
    const ta2 = await taskFor(a, id);
    expect(ta2.instanceId).not.toBe(ta.instanceId);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta2.id });
    const late = await call(initiator.token, 'POST', '/workflow/instance/withdraw', { instanceId: ta2.instanceId });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('已有人处理，不能撤回');
  });

  it('delegate: the delegate handles, then the task comes back to its owner; transfer hands it over', async () => {
    const [initiator, a, d, x, b] = [await user(), await user(), await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    const self = await call(a.token, 'POST', '/workflow/task/delegate', { taskId: ta.id, username: a.username });
    expect(self.status).toBe(400);
    await okCall(a.token, 'POST', '/workflow/task/delegate', {
      taskId: ta.id,
      username: d.username,
      comment: '请协助',
    });
    await noTaskFor(a, id);
    const td = await taskFor(d, id);
    await okCall(d.token, 'POST', '/workflow/task/approve', { taskId: td.id, comment: '已核' });
    await noTaskFor(b, id);
    const back = await taskFor(a, id);
    // Transfer: x takes the task for good.
    await okCall(a.token, 'POST', '/workflow/task/transfer', { taskId: back.id, username: x.username });
    await noTaskFor(a, id);
    await okCall(x.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(x, id)).id });
    await taskFor(b, id);
    const detail = await okCall(initiator.token, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'start',
      'delegate',
      'approve',
      'transfer',
      'approve',
    ]);
  });

  it('add a co-signer: the node waits for them too', async () => {
    const [initiator, a, extra, b] = [await user(), await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    await okCall(a.token, 'POST', '/workflow/task/addSigner', { taskId: ta.id, usernames: extra.username });
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    await noTaskFor(b, id);
    await okCall(extra.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(extra, id)).id });
    await taskFor(b, id);
  });

  it('two concurrent approvals of one task: exactly one wins, the other hears 任务已被他人处理', async () => {
    const [initiator, a, b] = [await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    const results = await Promise.all([
      call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id }),
      call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id }),
      call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('任务已被他人处理');
    // One approval only: one task for b, one approve in the history.
    expect((await todo(b)).filter((x) => x.businessKey === id)).toHaveLength(1);
    const detail = await okCall(initiator.token, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(detail.history.filter((h: { action: string }) => h.action === 'approve')).toHaveLength(1);
  });

  it('refuses a non-assignee (403 您不是当前任务的处理人) and keeps other tenants out', async () => {
    const [initiator, a, stranger] = [await user(), await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    for (const path of ['approve', 'reject', 'delegate', 'transfer']) {
      const r = await call(stranger.token, 'POST', `/workflow/task/${path}`, {
        taskId: ta.id,
        comment: '越权',
        username: stranger.username,
      });
      expect(r.status, path).toBe(403);
      expect(r.body.message).toBe('您不是当前任务的处理人');
    }
    const peek = await call(stranger.token, 'GET', `/workflow/task/queryById?id=${ta.id}`);
    expect(peek.status).toBe(404);
    // Tenant 2 sees nothing of tenant 1's instance or task.
    const inst = await call(otherTenantAdmin, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(inst.status).toBe(404);
    const list = await okCall(otherTenantAdmin, 'GET', '/workflow/instance/list?pageNo=1&pageSize=100');
    expect(list.records.some((r: { id: string }) => r.id === ta.instanceId)).toBe(false);
    const act = await call(otherTenantAdmin, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(act.status).toBe(404);
    expect(act.body.message).toBe('任务不存在或已处理');
    const term = await call(otherTenantAdmin, 'POST', '/workflow/instance/terminate', {
      instanceId: ta.instanceId,
      reason: '越权',
    });
    expect(term.status).toBe(404);
    expect(await statusOf(initiator, id)).toBe(2);
  });

  it('a v2 deployed while a v1 instance runs: v1 finishes on v1, new starts take v2', async () => {
    const [initiator, a, b, c] = [await user(), await user(), await user(), await user()];
    const { key } = await deploy([step('Task_a', '部门审批', [a]), step('Task_b', '采购部审批', [b])], '版本流程');
    const first = await newRequest(initiator);
    await submit(initiator, first);
    const ta = await taskFor(a, first);
    const v2 = await okCall(admin, 'POST', '/workflow/definition/deploy', {
      key,
      name: '版本流程',
      xml: buildApprovalXml(key, '版本流程', [step('Task_c', '新版审批', [c])]),
    });
    expect(v2.version).toBe(2);
    const versions = await okCall(admin, 'GET', `/workflow/definition/versions?key=${key}`);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    const tb = await taskFor(b, first);
    expect(tb.nodeName).toBe('采购部审批');
    await noTaskFor(c, first);
    await okCall(b.token, 'POST', '/workflow/task/approve', { taskId: tb.id });
    expect(await statusOf(initiator, first)).toBe(4);

    const second = await newRequest(initiator);
    await submit(initiator, second);
    expect((await taskFor(c, second)).nodeName).toBe('新版审批');
    await noTaskFor(a, second);
  });

  it('refuses a definition with a script task on deploy, naming the element in Chinese', async () => {
    const a = await user();
    const xml = buildApprovalXml('script_case', '脚本流程', [step('Task_a', '部门审批', [a])]).replace(
      '<bpmn:endEvent',
      '<bpmn:scriptTask id="Task_1" name="计算" /><bpmn:endEvent',
    );
    const r = await call(admin, 'POST', '/workflow/definition/deploy', { key: 'script_case', name: '脚本流程', xml });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('不支持的元素：脚本任务「计算」(Task_1)');
    const v = await okCall(admin, 'POST', '/workflow/definition/validate', { xml });
    expect(v.valid).toBe(false);
    const timer = buildApprovalXml('timer_case', '定时', [step('Task_a', '部门审批', [a])]).replace(
      '<bpmn:endEvent id="EndEvent_1" name="结束" />',
      '<bpmn:endEvent id="EndEvent_1" name="结束" /><bpmn:intermediateCatchEvent id="Timer_1" name="等待"><bpmn:timerEventDefinition /></bpmn:intermediateCatchEvent>',
    );
    const rt = await call(admin, 'POST', '/workflow/definition/deploy', {
      key: 'timer_case',
      name: '定时',
      xml: timer,
    });
    expect(rt.status).toBe(400);
    expect(rt.body.message).toContain('定时器中间捕获事件「等待」(Timer_1)');
    const broken = await call(admin, 'POST', '/workflow/definition/deploy', {
      key: 'broken',
      name: '坏',
      xml: '<not-bpmn',
    });
    expect(broken.status).toBe(400);
  });

  it('gateway conditions over the business variables pick the path (amount ≥ 1,000,000 adds 集团采购部)', async () => {
    const [initiator, a, big, vp] = [await user(), await user(), await user(), await user()];
    await deploy([
      step('Task_a', '部门负责人审批', [a]),
      step('Task_big', '集团采购部审批', [big], 'or', 'amount >= 1000000'),
      step('Task_vp', '分管领导审批', [vp]),
    ]);
    for (const [amount, viaBig] of [
      [999_999, false],
      [1_000_000, true],
    ] as const) {
      const id = await newRequest(initiator, amount);
      await submit(initiator, id);
      await okCall(a.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(a, id)).id });
      if (viaBig) {
        await noTaskFor(vp, id);
        await okCall(big.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(big, id)).id });
      } else {
        await noTaskFor(big, id);
      }
      await okCall(vp.token, 'POST', '/workflow/task/approve', { taskId: (await taskFor(vp, id)).id });
      expect(await statusOf(initiator, id)).toBe(4);
    }
  });

  it('the seeded 申请示例 process goes to the department leader (leader01) then 集团采购部 (manager01)', async () => {
    await okCall(admin, 'PUT', '/workflow/binding/bind', { businessType: 'demo_request', key: 'demo_request' });
    const initiator = await user();
    const leader = { username: 'leader01', token: await t.login('leader01') };
    const manager = { username: 'manager01', token: await t.login('manager01') };
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const tl = await taskFor(leader, id);
    expect(tl.nodeName).toBe('部门负责人审批');
    await okCall(leader.token, 'POST', '/workflow/task/approve', { taskId: tl.id });
    const tm = await taskFor(manager, id);
    expect(tm.nodeName).toBe('集团采购部审批');
    await okCall(manager.token, 'POST', '/workflow/task/approve', { taskId: tm.id });
    expect(await statusOf(initiator, id)).toBe(4);
    const bindings = await okCall(admin, 'GET', '/workflow/binding/list');
    expect(bindings).toHaveLength(10);
    expect(bindings.find((b: { businessType: string }) => b.businessType === 'purchase_plan')?.key).toBe(
      'purchase_plan',
    );
  });

  it('suspend / resume / terminate (administrators, reason required)', async () => {
    const [initiator, a] = [await user(), await user()];
    await deploy([step('Task_a', '部门审批', [a])]);
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const ta = await taskFor(a, id);
    const noReason = await call(admin, 'POST', '/workflow/instance/suspend', { instanceId: ta.instanceId, reason: '' });
    expect(noReason.status).toBe(400);
    const byBuyer = await call(initiator.token, 'POST', '/workflow/instance/suspend', {
      instanceId: ta.instanceId,
      reason: '试试',
    });
    expect(byBuyer.status).toBe(403);
    await okCall(admin, 'POST', '/workflow/instance/suspend', { instanceId: ta.instanceId, reason: '核查中' });
    const blocked = await call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(blocked.body.message).toBe('流程已挂起');
    await okCall(admin, 'POST', '/workflow/instance/resume', { instanceId: ta.instanceId });
    await okCall(admin, 'POST', '/workflow/instance/terminate', { instanceId: ta.instanceId, reason: '项目取消' });
    expect(await statusOf(initiator, id)).toBe(5);
    await noTaskFor(a, id);
    const ended = await call(admin, 'POST', '/workflow/instance/terminate', {
      instanceId: ta.instanceId,
      reason: '再次',
    });
    expect(ended.body.message).toBe('流程已结束');
  });
});
