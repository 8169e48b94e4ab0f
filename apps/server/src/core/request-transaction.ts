import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/**
 * One transaction per audited write request (issue 12 §8): the handler's writes and the audit row commit together,
 * or neither does and the request fails. Services keep taking a `Db`; the one they are given resolves, on each use,
 * to the transaction of the request under way, or to the pool outside one (jobs, reads, start-up).
 */
interface OpenTransaction {
  tx: Tx;
  /** False once the handler is done: a straggling promise must never reach a client that went back to the pool. */
  open: boolean;
  /** Run once the transaction has ended (committed or rolled back): cache invalidation, scheduler resync. */
  afterEnd: Array<() => unknown>;
}

const current = new AsyncLocalStorage<OpenTransaction>();

function openTransaction(): OpenTransaction | undefined {
  const store = current.getStore();
  return store?.open ? store : undefined;
}

/** A `Db` that is the current request's transaction inside one, and `db` everywhere else. */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const store = openTransaction();
      const source: object = store && prop in store.tx ? store.tx : target;
      const value: unknown = Reflect.get(source, prop, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

/** Who a transaction's writes are recorded for in `record_history` (the trigger reads these settings). */
export interface TransactionActor {
  userId: string;
  username: string;
  requestId?: string;
}

/**
 * Names the actor of the current transaction for the record history trigger (`aps_record_history()`): settings
 * local to the transaction, so a pooled connection never carries them into the next one. Without them the trigger
 * records 系统 (jobs, start-up).
 */
export async function setTransactionActor(tx: Pick<Tx, 'execute'>, actor: TransactionActor): Promise<void> {
  await tx.execute(sql`SELECT set_config('aps.user_id', ${actor.userId}, true),
    set_config('aps.username', ${actor.username}, true), set_config('aps.request_id', ${actor.requestId ?? ''}, true)`);
}

/**
 * Runs `work` in one transaction that every service call inside it joins (nested `transaction()`s are savepoints);
 * with `actor`, the transaction's changes of business records are recorded as theirs.
 */
export async function inRequestTransaction<T>(
  db: Db,
  work: () => Promise<T>,
  actor?: TransactionActor | null,
): Promise<T> {
  let store: OpenTransaction | undefined;
  try {
    return await db.transaction(async (tx) => {
      if (actor) await setTransactionActor(tx, actor);
      store = { tx, open: true, afterEnd: [] };
      const active = store;
      try {
        return await current.run(active, work);
      } finally {
        active.open = false;
      }
    });
  } finally {
    for (const task of store?.afterEnd ?? []) {
      try {
        await task();
      } catch {
        // Best effort: a cache that is not cleared here expires on its own.
      }
    }
  }
}

/**
 * Runs `task` when the current request's transaction has ended, or now outside one: telling caches or the
 * scheduler about a change before it commits would let them reload what is about to change.
 */
export async function afterTransaction(task: () => unknown): Promise<void> {
  const store = openTransaction();
  if (store) store.afterEnd.push(task);
  else await task();
}

/** Runs `task` now and, inside a request transaction, once more when it has ended (cache invalidation). */
export async function nowAndAfterTransaction(task: () => unknown): Promise<void> {
  await task();
  const store = openTransaction();
  if (store) store.afterEnd.push(task);
}
