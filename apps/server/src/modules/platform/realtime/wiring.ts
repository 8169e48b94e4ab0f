import type { AnnouncementAdminService } from '../announcement/admin.ts';
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

/** A released announcement reloads its readers' bells: cmd topic for everyone, cmd user for the chosen users. */
export function bellOnRelease(
  admin: AnnouncementAdminService,
  realtime: Pick<RealtimeService, 'notifyBell'>,
): AnnouncementAdminService {
  return {
    ...admin,
    async release(actor, id) {
      const released = await admin.release(actor, id);
      await realtime.notifyBell(released.msgType === 'USER' ? released.userIds : 'all', released.titile);
      return released;
    },
  };
}
