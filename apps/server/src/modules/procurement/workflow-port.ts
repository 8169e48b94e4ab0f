import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * The workflow engine as the procurement modules use it (issue 13 § Business hook): start an approval, resubmit
 * after a rejection, and be called back in the deciding action's transaction.
 */
export interface WorkflowStatusEvent {
  tenantId: number;
  businessKey: string;
  instanceId: string;
  approvalStatus: string;
  outcome: 'approved' | 'rejected' | 'withdrawn' | 'terminated' | 'progress';
  actor: { username: string } | string | null | undefined;
  comment?: string | null | undefined;
}

export interface WorkflowPort {
  start(
    db: Db,
    input: {
      tenantId: number;
      initiator: { id: string; username: string; departId?: string | undefined };
      businessType: string;
      businessKey: string;
      title: string;
      variables: Record<string, unknown>;
    },
  ): Promise<{ instanceId: string; approvalStatus: string }>;
  resubmit(
    db: Db,
    input: {
      tenantId: number;
      actor: { id: string; username: string };
      businessType: string;
      businessKey: string;
      variables?: Record<string, unknown>;
    },
  ): Promise<{ instanceId: string; approvalStatus: string }>;
  registerHandler(
    businessType: string,
    handler: { onStatus(db: DbOrTx, event: WorkflowStatusEvent): Promise<void> },
  ): void;
}

export const actorName = (actor: WorkflowStatusEvent['actor']): string =>
  typeof actor === 'string' ? actor : (actor?.username ?? 'system');
