import { GRID_TYPE, NOTICE_CMD } from '@aps/shared';
import { afterTransaction } from '../../../core/request-transaction.ts';
import type { GridMessage, NoticeMessage, RealtimeBus } from './bus.ts';
import { RealtimeHub } from './hub.ts';

export const OFFLINE_TEXT = {
  forced: '您已被管理员强制下线',
  frozen: '您的账号已被冻结',
  password: '您的密码已被重置，请重新登录',
} as const;

export interface RealtimeService {
  readonly hub: RealtimeHub;
  readonly bus: RealtimeBus;
  /** Reloads these users' bells (cmd user), or everyone's (cmd topic), once the request's transaction has ended. */
  notifyBell(userIds: string[] | 'all', msgTxt?: string): Promise<void>;
  /** Sends cmd offline to the sockets of these sessions, or of every session of these users. */
  forceOffline(target: { sessionIds: string[] } | { userIds: string[] }, msgTxt: string): Promise<void>;
  /** Pushes update_vxe_table to every grid socket of the page in the tenant (a row saved through the API). */
  gridUpdate(tenantId: number, pageId: string, data: { socketKey: string; args: unknown[] }): Promise<void>;
}

/**
 * Realtime pushes, delivered after the write's transaction has ended (a bell reloaded before the commit would read
 * the old rows); every instance delivers to the sockets it holds (RealtimeBus).
 */
export function createRealtimeService({ bus }: { bus: RealtimeBus }): RealtimeService {
  const hub = new RealtimeHub();
  bus.subscribe((event) => hub.deliver(event));
  const later = (task: () => Promise<void>) => afterTransaction(task);
  return {
    hub,
    bus,
    notifyBell(userIds, msgTxt) {
      const message: NoticeMessage = { cmd: userIds === 'all' ? NOTICE_CMD.topic : NOTICE_CMD.user };
      if (msgTxt) message.msgTxt = msgTxt;
      if (userIds !== 'all' && userIds.length === 0) return Promise.resolve();
      return later(() => bus.publish({ to: 'users', userIds, message }));
    },
    forceOffline(target, msgTxt) {
      const message: NoticeMessage = { cmd: NOTICE_CMD.offline, msgTxt };
      return later(() =>
        'sessionIds' in target
          ? bus.publish({ to: 'sessions', sessionIds: target.sessionIds, message })
          : bus.publish({ to: 'users', userIds: target.userIds, message }),
      );
    },
    gridUpdate(tenantId, pageId, data) {
      const message: GridMessage = { type: GRID_TYPE.updateVxeTable, data };
      return later(() => bus.publish({ to: 'page', tenantId, pageId, message }));
    },
  };
}
