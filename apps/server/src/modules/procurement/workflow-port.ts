import type { WorkflowStatusEvent } from '../platform/workflow/engine-types.ts';
import type { WorkflowService } from '../platform/workflow/service.ts';

/**
 * The workflow engine as the procurement modules use it (issue 13 § Business hook): start an approval, resubmit
 * after a rejection, and be called back in the deciding action's transaction.
 */
export type WorkflowPort = Pick<WorkflowService, 'start' | 'resubmit' | 'registerHandler'>;
export type { WorkflowStatusEvent };

export const actorName = (actor: string | null | undefined): string => actor || 'system';
