import { APPROVAL_STATUS, type ApprovalStatus, type AssigneeType, type SignMode } from '@aps/shared';

/**
 * The pure rules of the engine (unit-tested): who a node goes to, what a countersign vote means, and which
 * approvalStatus an instance shows.
 */

export interface AssigneeSpec {
  assigneeType?: AssigneeType | undefined;
  assignees?: string[] | undefined;
  leaderLevels?: number | undefined;
}

export interface AssigneeContext {
  initiator: string;
  /** The initiator's department and its ancestors, nearest first, each with its 负责人 usernames. */
  departChain: { id: string; directors: string[] }[];
  /** Usernames holding each role code in the tenant. */
  roleMembers: Record<string, string[]>;
  /** Active usernames of the tenant (user assignees must be among them). */
  tenantUsers: Set<string>;
}

/**
 * The usernames a user task goes to, unique, in a stable order. dept_leader with n levels: the 负责人 of the
 * department n−1 levels above the initiator's (1 = their own); a department without one defers to the next above.
 */
export function resolveAssignees(spec: AssigneeSpec, ctx: AssigneeContext): string[] {
  const out: string[] = [];
  switch (spec.assigneeType) {
    case 'user':
      for (const u of spec.assignees ?? []) if (ctx.tenantUsers.has(u)) out.push(u);
      break;
    case 'role':
      for (const code of spec.assignees ?? []) out.push(...(ctx.roleMembers[code] ?? []).slice().sort());
      break;
    case 'initiator':
      out.push(ctx.initiator);
      break;
    case 'dept_leader': {
      const levels = Math.max(1, spec.leaderLevels ?? 1);
      for (let i = levels - 1; i < ctx.departChain.length; i++) {
        const directors = ctx.departChain[i]?.directors ?? [];
        if (directors.length) {
          out.push(...directors);
          break;
        }
      }
      break;
    }
    default:
      break;
  }
  return [...new Set(out)];
}

export type VoteOutcome = 'complete' | 'wait' | 'reject';

/**
 * One vote on a node's task group. or: the first approval completes the node. and: the node completes when no
 * sibling is still open; any rejection rejects.
 */
export function countersignOutcome(
  mode: SignMode,
  vote: 'approve' | 'reject',
  stillOpenAfterVote: number,
): VoteOutcome {
  if (vote === 'reject') return 'reject';
  if (mode === 'or') return 'complete';
  return stillOpenAfterVote > 0 ? 'wait' : 'complete';
}

/** What the business row shows while an instance runs, and when it ends. */
export function approvalStatusOf(state: {
  status: 'running' | 'approved' | 'rejected' | 'withdrawn' | 'suspended' | 'terminated';
  round: number;
  /** Open countersign tasks (signMode and) in a group of more than one. */
  countersigning: boolean;
}): ApprovalStatus {
  switch (state.status) {
    case 'approved':
      return APPROVAL_STATUS.approved;
    case 'rejected':
    case 'terminated':
      return APPROVAL_STATUS.rejected;
    case 'withdrawn':
      return APPROVAL_STATUS.draft;
    default:
      if (state.countersigning) return APPROVAL_STATUS.countersigning;
      return state.round > 1 ? APPROVAL_STATUS.reapproving : APPROVAL_STATUS.inApproval;
  }
}
