import { describe, expect, it } from 'vitest';
import { type AssigneeContext, approvalStatusOf, countersignOutcome, resolveAssignees } from './rules.ts';

const ctx: AssigneeContext = {
  initiator: 'buyer01',
  departChain: [
    { id: 'project', directors: [] },
    { id: 'branch', directors: ['branchLeader'] },
    { id: 'group', directors: ['groupLeader', 'deputy'] },
  ],
  roleMembers: { purchase_manager: ['manager02', 'manager01'], group_leader: ['leader01'] },
  tenantUsers: new Set(['alice', 'bob']),
};

describe('assignee resolution', () => {
  it('a user: only users of the tenant', () => {
    expect(resolveAssignees({ assigneeType: 'user', assignees: ['alice', 'mallory', 'bob'] }, ctx)).toEqual([
      'alice',
      'bob',
    ]);
  });
  it('a role: every holder in the tenant, stable order, no duplicates', () => {
    expect(resolveAssignees({ assigneeType: 'role', assignees: ['purchase_manager'] }, ctx)).toEqual([
      'manager01',
      'manager02',
    ]);
    expect(
      resolveAssignees({ assigneeType: 'role', assignees: ['group_leader', 'purchase_manager', 'group_leader'] }, ctx),
    ).toEqual(['leader01', 'manager01', 'manager02']);
    expect(resolveAssignees({ assigneeType: 'role', assignees: ['nobody'] }, ctx)).toEqual([]);
  });
  it('the initiator', () => {
    expect(resolveAssignees({ assigneeType: 'initiator' }, ctx)).toEqual(['buyer01']);
  });
  it('the department leader n levels up; a department without one defers upwards', () => {
    expect(resolveAssignees({ assigneeType: 'dept_leader', leaderLevels: 1 }, ctx)).toEqual(['branchLeader']);
    expect(resolveAssignees({ assigneeType: 'dept_leader', leaderLevels: 2 }, ctx)).toEqual(['branchLeader']);
    expect(resolveAssignees({ assigneeType: 'dept_leader', leaderLevels: 3 }, ctx)).toEqual(['groupLeader', 'deputy']);
    expect(resolveAssignees({ assigneeType: 'dept_leader', leaderLevels: 4 }, ctx)).toEqual([]);
    expect(resolveAssignees({ assigneeType: 'dept_leader' }, { ...ctx, departChain: [] })).toEqual([]);
  });
});

describe('countersign arithmetic', () => {
  it('or-sign: the first approval completes the node', () => {
    expect(countersignOutcome('or', 'approve', 2)).toBe('complete');
    expect(countersignOutcome('or', 'approve', 0)).toBe('complete');
  });
  it('countersign: waits while any sibling is open, completes with the last approval', () => {
    expect(countersignOutcome('and', 'approve', 2)).toBe('wait');
    expect(countersignOutcome('and', 'approve', 1)).toBe('wait');
    expect(countersignOutcome('and', 'approve', 0)).toBe('complete');
  });
  it('one rejection rejects, in either mode', () => {
    expect(countersignOutcome('and', 'reject', 3)).toBe('reject');
    expect(countersignOutcome('or', 'reject', 1)).toBe('reject');
  });
});

describe('approvalStatus transitions', () => {
  it('running: 审批中 (2), 会签中 (3) while a countersign is open, 重新审批中 (6) after a resubmission', () => {
    expect(approvalStatusOf({ status: 'running', round: 1, countersigning: false })).toBe(2);
    expect(approvalStatusOf({ status: 'running', round: 1, countersigning: true })).toBe(3);
    expect(approvalStatusOf({ status: 'running', round: 2, countersigning: false })).toBe(6);
    expect(approvalStatusOf({ status: 'running', round: 3, countersigning: true })).toBe(3);
  });
  it('ends: 已通过 (4), 已驳回 (5, also when terminated), 待提交 (1) after a withdrawal', () => {
    expect(approvalStatusOf({ status: 'approved', round: 1, countersigning: false })).toBe(4);
    expect(approvalStatusOf({ status: 'rejected', round: 2, countersigning: true })).toBe(5);
    expect(approvalStatusOf({ status: 'terminated', round: 1, countersigning: false })).toBe(5);
    expect(approvalStatusOf({ status: 'withdrawn', round: 1, countersigning: false })).toBe(1);
  });
});
