import { describe, expect, it } from 'vitest';
import { buildApprovalXml } from '../src/modules/platform/workflow/bpmn-builder.ts';
import { workflowFixture } from './workflow-fixture.ts';

/** Issue 13 integration acceptance, continued: withdraw, delegate and transfer, co-signers, concurrency, tenants,
 * versions, deploy checks, gateway conditions, the seeded process and the administrators' actions. */
const fx = workflowFixture();
const { user, call, okCall, deploy, step, newRequest, submit, statusOf, todo, taskFor, noTaskFor } = fx;

describe('workflow engine (issue 13): withdraw, delegation, concurrency, versions, gateways, administration', () => {
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
    const inst = await call(fx.otherTenantAdmin, 'GET', `/workflow/instance/queryById?id=${ta.instanceId}`);
    expect(inst.status).toBe(404);
    const list = await okCall(fx.otherTenantAdmin, 'GET', '/workflow/instance/list?pageNo=1&pageSize=100');
    expect(list.records.some((r: { id: string }) => r.id === ta.instanceId)).toBe(false);
    const act = await call(fx.otherTenantAdmin, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(act.status).toBe(404);
    expect(act.body.message).toBe('任务不存在或已处理');
    const term = await call(fx.otherTenantAdmin, 'POST', '/workflow/instance/terminate', {
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
    const v2 = await okCall(fx.admin, 'POST', '/workflow/definition/deploy', {
      key,
      name: '版本流程',
      xml: buildApprovalXml(key, '版本流程', [step('Task_c', '新版审批', [c])]),
    });
    expect(v2.version).toBe(2);
    const versions = await okCall(fx.admin, 'GET', `/workflow/definition/versions?key=${key}`);
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
    const r = await call(fx.admin, 'POST', '/workflow/definition/deploy', {
      key: 'script_case',
      name: '脚本流程',
      xml,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('不支持的元素：脚本任务「计算」(Task_1)');
    const v = await okCall(fx.admin, 'POST', '/workflow/definition/validate', { xml });
    expect(v.valid).toBe(false);
    const timer = buildApprovalXml('timer_case', '定时', [step('Task_a', '部门审批', [a])]).replace(
      '<bpmn:endEvent id="EndEvent_1" name="结束" />',
      '<bpmn:endEvent id="EndEvent_1" name="结束" /><bpmn:intermediateCatchEvent id="Timer_1" name="等待"><bpmn:timerEventDefinition /></bpmn:intermediateCatchEvent>',
    );
    const rt = await call(fx.admin, 'POST', '/workflow/definition/deploy', {
      key: 'timer_case',
      name: '定时',
      xml: timer,
    });
    expect(rt.status).toBe(400);
    expect(rt.body.message).toContain('定时器中间捕获事件「等待」(Timer_1)');
    const broken = await call(fx.admin, 'POST', '/workflow/definition/deploy', {
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
    await okCall(fx.admin, 'PUT', '/workflow/binding/bind', { businessType: 'demo_request', key: 'demo_request' });
    const initiator = await user();
    const leader = { username: 'leader01', token: await fx.t.login('leader01') };
    const manager = { username: 'manager01', token: await fx.t.login('manager01') };
    const id = await newRequest(initiator);
    await submit(initiator, id);
    const tl = await taskFor(leader, id);
    expect(tl.nodeName).toBe('部门负责人审批');
    // The approver reads the request (办理 shows it) but may not change it.
    expect((await okCall(leader.token, 'GET', `/demo/request/queryById?id=${id}`)).approvalStatus).toBe(2);
    const edit = await call(leader.token, 'PUT', '/demo/request/edit', { id, title: '改', amount: 1 });
    expect(edit.status).toBe(403);
    await okCall(leader.token, 'POST', '/workflow/task/approve', { taskId: tl.id });
    const tm = await taskFor(manager, id);
    expect(tm.nodeName).toBe('集团采购部审批');
    await okCall(manager.token, 'POST', '/workflow/task/approve', { taskId: tm.id });
    expect(await statusOf(initiator, id)).toBe(4);
    const bindings = await okCall(fx.admin, 'GET', '/workflow/binding/list');
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
    const noReason = await call(fx.admin, 'POST', '/workflow/instance/suspend', {
      instanceId: ta.instanceId,
      reason: '',
    });
    expect(noReason.status).toBe(400);
    const byBuyer = await call(initiator.token, 'POST', '/workflow/instance/suspend', {
      instanceId: ta.instanceId,
      reason: '试试',
    });
    expect(byBuyer.status).toBe(403);
    await okCall(fx.admin, 'POST', '/workflow/instance/suspend', { instanceId: ta.instanceId, reason: '核查中' });
    const blocked = await call(a.token, 'POST', '/workflow/task/approve', { taskId: ta.id });
    expect(blocked.body.message).toBe('流程已挂起');
    await okCall(fx.admin, 'POST', '/workflow/instance/resume', { instanceId: ta.instanceId });
    await okCall(fx.admin, 'POST', '/workflow/instance/terminate', { instanceId: ta.instanceId, reason: '项目取消' });
    expect(await statusOf(initiator, id)).toBe(5);
    await noTaskFor(a, id);
    const ended = await call(fx.admin, 'POST', '/workflow/instance/terminate', {
      instanceId: ta.instanceId,
      reason: '再次',
    });
    expect(ended.body.message).toBe('流程已结束');
  });
});
