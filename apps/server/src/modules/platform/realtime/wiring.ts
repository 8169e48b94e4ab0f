import type { AnnouncementAdminDto } from '@aps/shared';
import type { AnnouncementAdminService } from '../announcement/admin.ts';
import type { BellNotifier } from '../announcement/bell.ts';
import type { MessageSender } from '../auth/senders/message-sender.ts';
import type { SessionStore } from '../auth/session.ts';
import { OFFLINE_TEXT, type RealtimeService } from './service.ts';

/** Why a user's sessions ended (the reasons user/admin.ts gives) → what their open pages are told. */
function offlineText(reason: string): string {
  if (reason.includes('frozen') || reason.includes('removed')) return OFFLINE_TEXT.frozen;
  if (reason.includes('password')) return OFFLINE_TEXT.password;
  return OFFLINE_TEXT.forced;
}

/**
 * The session store as user administration sees it: revoking every session of a user (freeze, removal, password
 * reset) also sends cmd offline to that user's notice sockets on every instance.
 */
export function offlineOnRevoke<S extends Pick<SessionStore, 'revokeAllForUser'>>(
  sessions: S,
  realtime: Pick<RealtimeService, 'forceOffline'>,
): S {
  return {
    ...sessions,
    async revokeAllForUser(userId: string, reason: string) {
      await sessions.revokeAllForUser(userId, reason);
      await realtime.forceOffline({ userIds: [userId] }, offlineText(reason));
    },
  };
}

/**
 * A released or revoked announcement reloads its readers' bells (they do not poll while their socket is up): cmd
 * topic for everyone, cmd user for the chosen users.
 */
export function bellOnRelease(
  admin: AnnouncementAdminService,
  realtime: Pick<RealtimeService, 'notifyBell'>,
): AnnouncementAdminService {
  const reloadBells = async (announcement: AnnouncementAdminDto) => {
    await realtime.notifyBell(announcement.msgType === 'USER' ? announcement.userIds : 'all', announcement.titile);
    return announcement;
  };
  return {
    ...admin,
    release: async (actor, id) => reloadBells(await admin.release(actor, id)),
    revoke: async (tenantId, id) => reloadBells(await admin.revoke(tenantId, id)),
  };
}

/**
 * What a written bell message does next (announcement/bell.ts): cmd user to the recipients' notice sockets on every
 * instance, and e-mail copies to those who asked for them. Best effort: a mail server that is down never fails the
 * business write that sent the message.
 */
export function bellNotifier(
  realtime: Pick<RealtimeService, 'notifyBell'>,
  sender: Pick<MessageSender, 'send'>,
  log: (err: unknown, msg: string) => void,
): BellNotifier {
  return {
    async deliver({ title, text, pushTo, emails }) {
      try {
        await realtime.notifyBell(pushTo, title);
      } catch (err) {
        log(err, 'bell push failed');
      }
      const body = `${text || title}\n\n请登录全流程数字化采购平台查看详情。`;
      for (const to of emails) {
        try {
          await sender.send({ channel: 'email', to, subject: `【系统消息】${title}`, text: body });
        } catch (err) {
          log(err, 'bell e-mail copy failed');
        }
      }
    },
  };
}
