import { MESSAGES } from '@aps/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ApiError } from '../../../core/envelope.ts';
import type { InvalidationBus } from '../../../core/invalidation.ts';
import type { Db } from '../../../db/client.ts';

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
  /** The session id of a token (checked) or of an id given as is; null for a forged token. */
  idOf(tokenOrId: string): string | null;
}

const ABSOLUTE_LIFETIME_MS = 7 * 24 * 3600_000;
const TOUCH_INTERVAL_MS = 60_000;
/**
 * How long a verified session is answered from memory. Every revocation this server makes reaches the cache at
 * once (locally, and through Redis to the other instances); the lifetime only bounds what a change made outside
 * the application (SQL by hand) or a lost Redis message can cost.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface SessionRow {
  userId: string;
  sessionTenantId: number;
  expiresAt: number;
  /** Last activity: the stored value, moved on (and written) by this instance at most once a minute. */
  lastSeen: number;
  username: string;
  realname: string;
  orgCode: string | null;
  userType: string;
  active: boolean;
  tenantIds: number[];
}

export function createSessionStore({
  db,
  signer,
  idleMs,
  bus,
}: {
  db: Db;
  signer: TokenSigner;
  idleMs: number;
  bus: Pick<InvalidationBus, 'publish' | 'subscribe'>;
}): SessionStore {
  const expired = () => new ApiError(401, MESSAGES.tokenExpired);
  /** Live sessions only: a revoked, expired or unknown one is never kept, so every such request asks the database. */
  const cache = new Map<string, { loadedAt: number; row: SessionRow }>();
  /** Bumped by every invalidation: a load that started before one must not store what it read. */
  let generation = 0;

  bus.subscribe((event) => {
    generation++;
    if (event.kind === 'all') cache.clear();
    else if (event.kind === 'sessions') for (const id of event.ids) cache.delete(id);
    else {
      const users = new Set(event.ids);
      for (const [id, entry] of cache) if (users.has(entry.row.userId)) cache.delete(id);
    }
  });

  function remember(sessionId: string, row: SessionRow, now: number) {
    if (cache.size >= SESSION_CACHE_MAX) {
      for (const [id, entry] of cache) if (now - entry.loadedAt >= SESSION_CACHE_MS) cache.delete(id);
      // Still full of fresh entries: drop the oldest (a Map iterates in insertion order).
      const oldest = cache.keys().next();
      if (cache.size >= SESSION_CACHE_MAX && !oldest.done) cache.delete(oldest.value);
    }
    cache.set(sessionId, { loadedAt: now, row });
  }

  async function load(sessionId: string): Promise<SessionRow | null> {
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
    if (!row || row.revoked_at) return null;
    // Raw queries return timestamps as text; Date parses PostgreSQL's ISO form.
    return {
      userId: row.user_id,
      sessionTenantId: row.tenant_id,
      expiresAt: new Date(row.expires_at).getTime(),
      lastSeen: new Date(row.last_seen_at).getTime(),
      username: row.username,
      realname: row.realname,
      orgCode: row.org_code,
      userType: row.user_type,
      active: row.del_flag === 0 && row.status === 1,
      tenantIds: row.tenant_ids ?? [],
    };
  }

  async function revoke(sessionId: string, reason: string) {
    const rows = await db
      .update(sysSession)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sysSession.id, sessionId), isNull(sysSession.revokedAt)))
      .returning({ id: sysSession.id });
    await bus.publish({ kind: 'sessions', ids: [sessionId] });
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
      // A forged or mangled token is refused here: it never reaches the database or the cache.
      const sessionId = signer.verify(token);
      if (!sessionId) throw expired();
      let now = Date.now();
      let row = cache.get(sessionId);
      if (!row || now - row.loadedAt >= SESSION_CACHE_MS) {
        const startedAt = generation;
        const loaded = await load(sessionId);
        now = Date.now();
        if (!loaded) {
          cache.delete(sessionId);
          throw expired();
        }
        row = { loadedAt: now, row: loaded };
        if (startedAt === generation) remember(sessionId, loaded, now);
        else cache.delete(sessionId);
      }
      const session = row.row;
      if (session.expiresAt < now || session.lastSeen + idleMs < now) {
        cache.delete(sessionId);
        throw expired();
      }
      if (!session.active) throw new ApiError(401, '该用户已冻结或已删除，请联系管理员');
      // A background poll (the notice bell) is not activity: it must not keep an idle session alive.
      if (touch && session.lastSeen + TOUCH_INTERVAL_MS < now) {
        // Touch at most once a minute: inactivity expiry needs minute precision, not a write per request.
        session.lastSeen = now;
        await db
          .update(sysSession)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sysSession.id, sessionId));
      }
      return {
        sessionId,
        userId: session.userId,
        username: session.username,
        realname: session.realname,
        orgCode: session.orgCode,
        userType: session.userType,
        sessionTenantId: session.sessionTenantId,
        tenantIds: session.tenantIds,
      };
    },

    revoke,

    idOf(tokenOrId) {
      return tokenOrId.includes('.') ? signer.verify(tokenOrId) : tokenOrId;
    },

    async revokeToken(tokenOrId, reason) {
      const sessionId = tokenOrId.includes('.') ? signer.verify(tokenOrId) : tokenOrId;
      return sessionId ? revoke(sessionId, reason) : false;
    },

    async revokeAllForUser(userId, reason) {
      await db
        .update(sysSession)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt)));
      await bus.publish({ kind: 'users', ids: [userId] });
    },
  };
}

/** Removes sessions that can no longer be used; run by the server periodically. */
export async function purgeDeadSessions(db: Db, idleMs: number): Promise<void> {
  await db.delete(sysSession).where(lt(sysSession.lastSeenAt, new Date(Date.now() - Math.max(idleMs, 86_400_000))));
}
