import {
  ACCOUNT_MESSAGES,
  type AccountProfileRequest,
  type AccountSessionDto,
  type AccountTenants,
  formatDateTime,
  NOTIFY_CATEGORIES,
  type NotifySettingsDto,
  type NotifySettingsRequest,
  type UserInfo,
} from '@aps/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ApiError } from '../../../core/envelope.ts';
import type { InvalidationBus } from '../../../core/invalidation.ts';
import type { Db } from '../../../db/client.ts';
import { sysSession } from '../auth/tables.ts';
import { sysUser } from '../system/tables.ts';
import { loadTenantList, loadUserInfo } from '../user/profile.ts';
import { sysUserNotifySetting } from './tables.ts';

/** Who asks: the signed-in user, the tenant of the request and the session it came with. */
export interface AccountCaller {
  userId: string;
  tenantId: number;
  sessionId: string;
}

/** 个人中心 (issue 18 §3) and the tenant choice (§2): everything here acts on the caller's own account only. */
export interface AccountService {
  tenants(caller: AccountCaller): Promise<AccountTenants>;
  /** Refused (403) for a tenant the user does not belong to; remembers the choice for the next sign-in. */
  selectTenant(caller: AccountCaller, tenantId: number): Promise<{ userInfo: UserInfo }>;
  updateProfile(caller: AccountCaller, input: AccountProfileRequest): Promise<{ userInfo: UserInfo }>;
  /** The user's live sessions, the current one first. */
  sessions(caller: AccountCaller): Promise<AccountSessionDto[]>;
  /** Signs one of the user's other sessions out; another user's session answers like an unknown one. */
  revokeSession(caller: AccountCaller, sessionId: string): Promise<void>;
  /** 消息设置: the bell categories the user receives and whether e-mail copies are sent. */
  notifySettings(caller: AccountCaller): Promise<NotifySettingsDto>;
  saveNotifySettings(caller: AccountCaller, input: NotifySettingsRequest): Promise<NotifySettingsDto>;
}

type SessionRow = {
  id: string;
  login_type: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
};

export function createAccountService({
  db,
  bus,
  revoke,
  idleMs,
}: {
  db: Db;
  idleMs: number;
  bus: Pick<InvalidationBus, 'publish'>;
  revoke: (sessionId: string, reason: string) => Promise<boolean>;
}): AccountService {
  async function userInfo(userId: string, tenantId: number): Promise<UserInfo> {
    const info = await loadUserInfo(db, userId, tenantId);
    if (!info) throw new ApiError(401, '该用户已冻结或已删除，请联系管理员');
    return info;
  }

  return {
    async tenants({ userId, tenantId }) {
      const [list, [user]] = await Promise.all([
        loadTenantList(db, userId),
        db.select({ loginTenantId: sysUser.loginTenantId }).from(sysUser).where(eq(sysUser.id, userId)),
      ]);
      const tenants = list.map((t) => ({ id: Number(t.id), name: t.name }));
      const chosen = tenants.some((t) => t.id === user?.loginTenantId);
      return { list: tenants, current: tenantId, chosen };
    },

    async selectTenant({ userId, sessionId }, tenantId) {
      const list = await loadTenantList(db, userId);
      if (!list.some((t) => Number(t.id) === tenantId)) throw new ApiError(403, ACCOUNT_MESSAGES.notYourTenant);
      await db.update(sysUser).set({ loginTenantId: tenantId }).where(eq(sysUser.id, userId));
      // The session works in the chosen tenant from now on (the online list, logout's audit row).
      await db.update(sysSession).set({ tenantId }).where(eq(sysSession.id, sessionId));
      await bus.publish({ kind: 'sessions', ids: [sessionId] });
      return { userInfo: await userInfo(userId, tenantId) };
    },

    async updateProfile({ userId, tenantId }, input) {
      await db
        .update(sysUser)
        .set({ realname: input.realname, avatar: input.avatar, updateTime: new Date() })
        .where(eq(sysUser.id, userId));
      // Cached sessions carry the real name.
      await bus.publish({ kind: 'users', ids: [userId] });
      return { userInfo: await userInfo(userId, tenantId) };
    },

    async sessions({ userId, sessionId }) {
      const since = new Date(Date.now() - idleMs);
      const result = await db.execute<SessionRow>(sql`
        SELECT id, login_type, ip, user_agent, created_at, last_seen_at FROM sys_session
        WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > ${since}
        ORDER BY (id = ${sessionId}) DESC, last_seen_at DESC, id
        LIMIT 100`);
      return result.rows.map((r) => ({
        id: r.id,
        loginType: r.login_type,
        ip: r.ip,
        userAgent: r.user_agent,
        loginTime: formatDateTime(r.created_at) ?? '',
        lastSeenTime: formatDateTime(r.last_seen_at) ?? '',
        current: r.id === sessionId,
      }));
    },

    async notifySettings({ userId }) {
      const [row] = await db
        .select({ muted: sysUserNotifySetting.muted, emailCopy: sysUserNotifySetting.emailCopy, email: sysUser.email })
        .from(sysUser)
        .leftJoin(sysUserNotifySetting, eq(sysUserNotifySetting.userId, sysUser.id))
        .where(eq(sysUser.id, userId));
      const muted = new Set(row?.muted ?? []);
      return {
        categories: NOTIFY_CATEGORIES.filter((c) => !muted.has(c)),
        emailCopy: row?.emailCopy ?? false,
        email: row?.email?.trim() || null,
      };
    },

    async saveNotifySettings(caller, { categories, emailCopy }) {
      const muted = NOTIFY_CATEGORIES.filter((c) => !categories.includes(c));
      await db
        .insert(sysUserNotifySetting)
        .values({ userId: caller.userId, muted, emailCopy })
        .onConflictDoUpdate({
          target: sysUserNotifySetting.userId,
          set: { muted, emailCopy, updateTime: new Date() },
        });
      return this.notifySettings(caller);
    },

    async revokeSession({ userId, sessionId }, id) {
      if (id === sessionId) throw new ApiError(400, ACCOUNT_MESSAGES.currentSession);
      const [own] = await db
        .select({ id: sysSession.id })
        .from(sysSession)
        .where(and(eq(sysSession.id, id), eq(sysSession.userId, userId), isNull(sysSession.revokedAt)));
      if (!own || !(await revoke(id, 'signed out from 个人中心'))) {
        throw new ApiError(404, ACCOUNT_MESSAGES.sessionNotFound);
      }
    },
  };
}
