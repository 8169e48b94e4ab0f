import { MESSAGES } from '@aps/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ApiError } from '../../core/envelope.ts';
import type { Db } from '../../db/client.ts';

import { sysSession } from './tables.ts';
import type { TokenSigner } from './token.ts';

/** Who is calling: resolved from X-Access-Token on every request that needs it. */
export interface SessionContext {
  sessionId: string;
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
  userType: string;
  /** The tenant this request works in (tenant-id header, or the one chosen at login). */
  tenantId: number;
  tenantIds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

export interface SessionStore {
  create(input: {
    userId: string;
    tenantId: number;
    loginType: string;
    ip: string;
    userAgent: string | null;
  }): Promise<string>;
  /** Throws 401 for a missing, forged, revoked or idle-expired token. */
  resolve(
    token: string | undefined,
    options?: { touch?: boolean },
  ): Promise<Omit<SessionContext, 'tenantId'> & { sessionTenantId: number }>;
  revoke(sessionId: string, reason: string): Promise<boolean>;
  revokeToken(tokenOrId: string, reason: string): Promise<boolean>;
  revokeAllForUser(userId: string, reason: string): Promise<void>;
}

const ABSOLUTE_LIFETIME_MS = 7 * 24 * 3600_000;
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionStore({
  db,
  signer,
  idleMs,
}: {
  db: Db;
  signer: TokenSigner;
  idleMs: number;
}): SessionStore {
  const expired = () => new ApiError(401, MESSAGES.tokenExpired);

  async function revoke(sessionId: string, reason: string) {
    const rows = await db
      .update(sysSession)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sysSession.id, sessionId), isNull(sysSession.revokedAt)))
      .returning({ id: sysSession.id });
    return rows.length > 0;
  }

  return {
    async create({ userId, tenantId, loginType, ip, userAgent }) {
      const { token, sessionId } = signer.issue();
      await db.insert(sysSession).values({
        id: sessionId,
        userId,
        tenantId,
        loginType,
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
        expiresAt: new Date(Date.now() + ABSOLUTE_LIFETIME_MS),
      });
      return token;
    },

    async resolve(token, { touch = true } = {}) {
      if (!token) throw new ApiError(401, MESSAGES.tokenMissing);
      const sessionId = signer.verify(token);
      if (!sessionId) throw expired();
      const result = await db.execute<{
        user_id: string;
        tenant_id: number;
        last_seen_at: string;
        expires_at: string;
        revoked_at: string | null;
        username: string;
        realname: string;
        org_code: string | null;
        user_type: string;
        status: number;
        del_flag: number;
        tenant_ids: number[] | null;
      }>(sql`
        SELECT s.user_id, s.tenant_id, s.last_seen_at, s.expires_at, s.revoked_at,
               u.username, u.realname, u.org_code, u.user_type, u.status, u.del_flag,
               (SELECT array_agg(ut.tenant_id) FROM sys_user_tenant ut WHERE ut.user_id = u.id) AS tenant_ids
        FROM sys_session s JOIN sys_user u ON u.id = s.user_id
        WHERE s.id = ${sessionId}`);
      const row = result.rows[0];
      const now = Date.now();
      // Raw queries return timestamps as text; Date parses PostgreSQL's ISO form.
      const lastSeen = row ? new Date(row.last_seen_at).getTime() : 0;
      if (!row || row.revoked_at || new Date(row.expires_at).getTime() < now || lastSeen + idleMs < now) {
        throw expired();
      }
      if (row.del_flag !== 0 || row.status !== 1) throw new ApiError(401, '该用户已冻结或已删除，请联系管理员');
      // A background poll (the notice bell) is not activity: it must not keep an idle session alive.
      if (touch && lastSeen + TOUCH_INTERVAL_MS < now) {
        // Touch at most once a minute: inactivity expiry needs minute precision, not a write per request.
        await db
          .update(sysSession)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sysSession.id, sessionId));
      }
      return {
        sessionId,
        userId: row.user_id,
        username: row.username,
        realname: row.realname,
        orgCode: row.org_code,
        userType: row.user_type,
        sessionTenantId: row.tenant_id,
        tenantIds: row.tenant_ids ?? [],
      };
    },

    revoke,

    async revokeToken(tokenOrId, reason) {
      const sessionId = tokenOrId.includes('.') ? signer.verify(tokenOrId) : tokenOrId;
      return sessionId ? revoke(sessionId, reason) : false;
    },

    async revokeAllForUser(userId, reason) {
      await db
        .update(sysSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt)));
    },
  };
}

/** Removes sessions that can no longer be used; run by the server periodically. */
export async function purgeDeadSessions(db: Db, idleMs: number): Promise<void> {
  await db.delete(sysSession).where(lt(sysSession.lastSeenAt, new Date(Date.now() - Math.max(idleMs, 86_400_000))));
}
