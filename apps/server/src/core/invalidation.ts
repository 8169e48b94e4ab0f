import crypto from 'node:crypto';

/**
 * What the in-process caches of sessions and permissions must forget (see docs/decisions.md, 会话与权限缓存):
 * - `sessions`: these sessions ended (logout, force logout);
 * - `users`: everything about these users (freeze, removal, password reset, their own department switch);
 * - `all`: any change to roles, menus, grants, departments or user assignments.
 */
export type AuthInvalidation = { kind: 'sessions'; ids: string[] } | { kind: 'users'; ids: string[] } | { kind: 'all' };

export interface InvalidationBus {
  /**
   * Applies the event to this instance's caches before it returns (synchronously, before the first await), then
   * hands it to the other instances; resolves once Redis accepted it. Never rejects: a write that already committed
   * must not fail because the fan-out did, and the caches' short lifetime bounds what a lost message can cost.
   */
  publish(event: AuthInvalidation): Promise<void>;
  subscribe(handler: (event: AuthInvalidation) => void): void;
  /** Resolves once this instance receives the others' events (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const INVALIDATION_CHANNEL = 'aps:auth-invalidate';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

function handlers() {
  const list: ((event: AuthInvalidation) => void)[] = [];
  return {
    add: (h: (event: AuthInvalidation) => void) => list.push(h),
    apply: (event: AuthInvalidation) => {
      for (const h of list) h(event);
    },
  };
}

/** One instance (no REDIS_URL): invalidating this process is invalidating everything. */
export function createLocalBus(): InvalidationBus {
  const local = handlers();
  return {
    async publish(event) {
      local.apply(event);
    },
    subscribe: local.add,
    async ready() {},
    async close() {},
  };
}

/**
 * Several instances sharing Redis: each event is applied here and published on INVALIDATION_CHANNEL; every other
 * instance applies what it receives. A subscriber that lost its connection may have missed events, so on every
 * reconnect it forgets everything. ioredis is loaded only here, so a single instance never pays for it.
 */
export function createRedisBus(url: string, log: Logger): InvalidationBus {
  const origin = crypto.randomUUID();
  const local = handlers();
  const clients = import('ioredis').then(({ Redis }) => {
    // A publish waits for the connection a little rather than failing while Redis is briefly away.
    const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    // The subscription waits for Redis however long it takes; ioredis renews it after every reconnect.
    const subscriber = new Redis(url, { maxRetriesPerRequest: null });
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) local.apply({ kind: 'all' });
      connectedBefore = true;
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== INVALIDATION_CHANNEL) return;
      try {
        const parsed = JSON.parse(message) as { origin: string; event: AuthInvalidation };
        if (parsed.origin !== origin) local.apply(parsed.event);
      } catch (err) {
        log.warn({ err }, 'ignored a malformed invalidation message');
      }
    });
    for (const client of [publisher, subscriber]) client.on('error', (err) => log.warn({ err }, 'redis'));
    const subscribed = subscriber.subscribe(INVALIDATION_CHANNEL).then(() => undefined);
    subscribed.catch((err) => log.warn({ err }, 'redis invalidation channel not subscribed'));
    return { publisher, subscriber, subscribed };
  });
  clients.catch((err) => log.warn({ err }, 'ioredis could not be loaded'));
  return {
    async publish(event) {
      local.apply(event);
      try {
        const { publisher } = await clients;
        await publisher.publish(INVALIDATION_CHANNEL, JSON.stringify({ origin, event }));
      } catch (err) {
        log.warn({ err }, 'invalidation not published; other instances catch up when their cache entries expire');
      }
    },
    subscribe: local.add,
    async ready() {
      await (await clients).subscribed;
    },
    async close() {
      const loaded = await clients.catch(() => null);
      loaded?.subscriber.disconnect();
      loaded?.publisher.disconnect();
    },
  };
}
