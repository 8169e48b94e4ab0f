import { describe, expect, it } from 'vitest';
import { buildApprovalXml } from './bpmn-builder.ts';
import { compileBpmn } from './graph.ts';

describe('BPMN compile and deploy-time validation', () => {
  const xml = buildApprovalXml('plan', '采购计划审批', [
    { id: 'Task_leader', name: '部门负责人审批', assigneeType: 'dept_leader', leaderLevels: 2 },
    { id: 'Task_group', name: '集团采购部审批', assigneeType: 'role', assignees: ['pm'], when: 'amount >= 1000000' },
    { id: 'Task_vp', name: '分管领导审批', assigneeType: 'user', assignees: ['a', 'b'], signMode: 'and' },
  ]);

  it('compiles nodes, our aps: attributes, conditions and the default flow', async () => {
    const { graph, errors } = await compileBpmn(xml);
    expect(errors).toEqual([]);
    expect(graph?.nodes.Task_leader).toMatchObject({ type: 'userTask', assigneeType: 'dept_leader', leaderLevels: 2 });
    expect(graph?.nodes.Task_vp).toMatchObject({ assignees: ['a', 'b'], signMode: 'and' });
    const gw = graph?.nodes.Gateway_Task_group;
    expect(gw?.type).toBe('exclusive');
    const conditional = gw?.outgoing.map((f) => graph?.flows[f]).find((f) => f?.condition);
    expect(conditional?.condition).toBe('amount >= 1000000');
    expect(gw?.defaultFlow).toBeTruthy();
  });

  it('names refused elements and missing settings in Chinese', async () => {
    const script = xml.replace('<bpmn:endEvent', '<bpmn:scriptTask id="Task_1" name="计算" /><bpmn:endEvent');
    expect((await compileBpmn(script)).errors).toContain('不支持的元素：脚本任务「计算」(Task_1)');
    const service = xml.replace('<bpmn:endEvent', '<bpmn:serviceTask id="S1" name="调用接口" /><bpmn:endEvent');
    expect((await compileBpmn(service)).errors).toContain('不支持的元素：服务任务「调用接口」(S1)');
    const sub = xml.replace('<bpmn:endEvent', '<bpmn:subProcess id="Sub1" name="子流程A" /><bpmn:endEvent');
    expect((await compileBpmn(sub)).errors).toContain('不支持的元素：子流程「子流程A」(Sub1)');
    const noAssignee = xml.replace('aps:assigneeType="role"', '');
    expect((await compileBpmn(noAssignee)).errors).toContain('用户任务「集团采购部审批」(Task_group)未设置处理人');
    const badCond = xml.replace('amount &gt;= 1000000', 'amount &gt;=');
    expect((await compileBpmn(badCond)).errors.join()).toMatch(/条件无效/);
    expect((await compileBpmn('<nope')).errors[0]).toMatch(/^流程图XML无法解析/);
  });
});
