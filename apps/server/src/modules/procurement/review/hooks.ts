/**
 * The review steps' seams: a step that changes what the result depends on announces it here, and the steps that
 * react (the result computation, the automatic 报价澄清) register once at start-up. Handlers run inside the
 * announcing transaction, in registration order, so a refusal rolls the whole step back.
 */
import type { DbOrTx } from '../../../db/client.ts';
import type { ReviewActor } from './seat.ts';

export interface ReviewEventContext {
  tenantId: number;
  packageId: string;
  committeeId: string;
  actor: ReviewActor;
}

export interface ReviewEvents {
  /** The committee entered 组长汇总 (the last sheet was submitted): compute the result, open flagged clarifications. */
  summarizing: ReviewEventContext;
  /**
   * Something the result reads changed while summarizing: a re-submitted sheet, a clarification decided or expired,
   * a quotation round opened, a campaign check recorded. The result is recomputed.
   */
  changed: ReviewEventContext & { cause: string };
}

type Handler<K extends keyof ReviewEvents> = (tx: DbOrTx, event: ReviewEvents[K]) => Promise<void>;

export interface ReviewHooks {
  on<K extends keyof ReviewEvents>(event: K, handler: Handler<K>): void;
  emit<K extends keyof ReviewEvents>(tx: DbOrTx, event: K, payload: ReviewEvents[K]): Promise<void>;
}

export function createReviewHooks(): ReviewHooks {
  const handlers: { [K in keyof ReviewEvents]: Handler<K>[] } = { summarizing: [], changed: [] };
  return {
    on(event, handler) {
      handlers[event].push(handler);
    },
    async emit(tx, event, payload) {
      for (const handler of handlers[event]) await handler(tx, payload);
    },
  };
}
