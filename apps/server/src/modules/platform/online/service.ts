import { formatDateTime, type OnlineUserDto, type PageResult } from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** Who is signed in now: live sessions (not revoked, not expired, seen within the idle window) of the tenant's users. */
export interface OnlineService {
  list(
    tenantId: number,
    query: { pageNo: number; pageSize: number; username?: string },
    currentSessionId: string,
  ): Promise<PageResult<OnlineUserDto>>;
}

type Row = {
  id: string;
  user_id: string;
  username: string;
  realname: string;
  avatar: string | null;
  ip: string | null;
  login_type: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  total: number;
};

export function createOnlineService({ db, idleMs }: { db: Db; idleMs: number }): OnlineService {
  return {
    async list(tenantId, q, currentSessionId) {
      const since = new Date(Date.now() - idleMs);
      const name = q.username ? `%${q.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const result = await db.execute<Row>(sql`
        SELECT s.id, s.user_id, u.username, u.realname, u.avatar, s.ip, s.login_type, s.user_agent,
               s.created_at, s.last_seen_at, count(*) OVER ()::int AS total
        FROM sys_session s
        JOIN sys_user u ON u.id = s.user_id AND u.del_flag = 0
        JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
        WHERE s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > ${since}
          ${name ? sql`AND (u.username ILIKE ${name} OR u.realname ILIKE ${name})` : sql``}
        ORDER BY s.last_seen_at DESC, s.id
        OFFSET ${(q.pageNo - 1) * q.pageSize} LIMIT ${q.pageSize}`);
      const total = result.rows[0]?.total ?? 0;
      return {
        records: result.rows.map((r) => ({
          token: r.id,
          userId: r.user_id,
          username: r.username,
          realname: r.realname,
          avatar: r.avatar,
          ip: r.ip,
          loginType: r.login_type,
          userAgent: r.user_agent,
          loginTime: formatDateTime(r.created_at) ?? '',
          lastSeenTime: formatDateTime(r.last_seen_at) ?? '',
          current: r.id === currentSessionId,
        })),
        total,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(total / q.pageSize),
      };
    },
  };
}
