import crypto from 'node:crypto';

/**
 * One realtime delivery, as it travels between instances: to users' notice sockets (all of a user's, or only those
 * opened with given sessions), or to the grid sockets of one page of one tenant.
 */
export type RealtimeEvent =
  | { to: 'users'; userIds: string[] | 'all'; message: NoticeMessage }
  | { to: 'sessions'; sessionIds: string[]; message: NoticeMessage }
  | { to: 'page'; tenantId: number; pageId: string; message: GridMessage; exceptSocket?: string };

/** §4 notice socket: `cmd` topic / user reloads the bell; a cmd containing offline forces the user out. */
export interface NoticeMessage {
  cmd: string;
  msgTxt?: string;
  msgId?: string;
}

/** §4 grid socket: type plus data (heart_beat, common_send_date {key, args}, update_vxe_table {socketKey, args}). */
export interface GridMessage {
  type: string;
  data?: unknown;
}

export interface RealtimeBus {
  /** Delivers on this instance at once and hands the event to the others; never rejects. */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(handler: (event: RealtimeEvent) => void): void;
  /** Resolves once this instance receives the others' events (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = 'aps:realtime';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

function handlers() {
  const list: ((event: RealtimeEvent) => void)[] = [];
  return {
    add: (h: (event: RealtimeEvent) => void) => list.push(h),
    apply: (event: RealtimeEvent) => {
      for (const h of list) h(event);
    },
  };
}

/** One instance (no REDIS_URL): its own sockets are all the sockets there are. */
export function createLocalRealtimeBus(): RealtimeBus {
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
 * Several instances sharing Redis (the same connection setup as core/invalidation.ts): an event is delivered to
 * this instance's sockets and published on `channel`; every other instance delivers what it receives to its own.
 * A message lost while Redis is away is not replayed: a bell reloads on its next open, a grid on its next load.
 */
export function createRedisRealtimeBus(url: string, log: Logger, channel = REALTIME_CHANNEL): RealtimeBus {
  const origin = crypto.randomUUID();
  const local = handlers();
  const clients = import('ioredis').then(({ Redis }) => {
    const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    const subscriber = new Redis(url, { maxRetriesPerRequest: null });
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      try {
        const parsed = JSON.parse(message) as { origin: string; event: RealtimeEvent };
        if (parsed.origin !== origin) local.apply(parsed.event);
      } catch (err) {
        log.warn({ err }, 'ignored a malformed realtime message');
      }
    });
    for (const client of [publisher, subscriber]) client.on('error', (err) => log.warn({ err }, 'redis realtime'));
    const subscribed = subscriber.subscribe(channel).then(() => undefined);
    subscribed.catch((err) => log.warn({ err }, 'redis realtime channel not subscribed'));
    return { publisher, subscriber, subscribed };
  });
  clients.catch((err) => log.warn({ err }, 'ioredis could not be loaded'));
  return {
    async publish(event) {
      local.apply(event);
      try {
        const { publisher } = await clients;
        await publisher.publish(channel, JSON.stringify({ origin, event }));
      } catch (err) {
        log.warn({ err }, 'realtime message not published to the other instances');
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
