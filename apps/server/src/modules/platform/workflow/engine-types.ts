import type { ApprovalStatus, InstanceStatus, SignMode, WorkflowBusinessType } from '@aps/shared';
import type { Db } from '../../../db/client.ts';
import type { CompiledGraph } from './graph.ts';

/** The engine's contract with callers (actor, handler, start input) and the rows it works on. */

export interface WorkflowActor {
  tenantId: number;
  userId: string;
  username: string;
}

export type WorkflowOutcome = 'approved' | 'rejected' | 'withdrawn' | 'terminated' | 'progress';

export interface WorkflowStatusEvent {
  tenantId: number;
  businessKey: string;
  instanceId: string;
  approvalStatus: ApprovalStatus;
  outcome: WorkflowOutcome;
  actor: string;
  comment: string | null;
}

export interface WorkflowHandler {
  onStatus(db: Db, event: WorkflowStatusEvent): Promise<void> | void;
}

export interface StartInput {
  tenantId: number;
  initiator: { id: string; username: string; departId?: string | null | undefined };
  businessType: WorkflowBusinessType;
  businessKey: string;
  title: string;
  variables: Record<string, unknown>;
}

export interface ResubmitInput {
  tenantId: number;
  actor: { id?: string; username: string };
  businessType: WorkflowBusinessType;
  businessKey: string;
  variables?: Record<string, unknown> | undefined;
}

export interface InstanceRow {
  id: string;
  tenant_id: number;
  definition_id: string;
  business_type: WorkflowBusinessType;
  business_key: string;
  title: string;
  initiator: string;
  initiator_depart_id: string | null;
  status: InstanceStatus;
  approval_status: ApprovalStatus;
  variables: Record<string, unknown>;
  round: number;
  joins: Record<string, string[]>;
  trail: { nodes: string[]; flows: string[] };
  graph: CompiledGraph;
}

export interface TaskRow {
  id: string;
  tenant_id: number;
  instance_id: string;
  node_id: string;
  node_name: string;
  assignee: string;
  status: 'open' | 'done' | 'cancelled';
  sign_mode: SignMode;
  group_id: string;
  delegated_from: string | null;
  round: number;
}

/** The run of one action: the locked instance and what the action changed, written back once at the end. */
export interface Run {
  db: Db;
  instance: InstanceRow;
  actor: string;
  comment: string | null;
  steps: number;
}
