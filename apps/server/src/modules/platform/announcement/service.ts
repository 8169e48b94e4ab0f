import {
  ANNOUNCEMENT_CATEGORY,
  type AnnouncementDto,
  type AnnouncementListByUser,
  formatDateTime,
  type MyAnnouncementQuery,
  type PageResult,
  type Priority,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { notFound } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern } from '../dict/kit.ts';
import { sanitizeAnnouncementHtml } from './sanitize.ts';
import { sysAnnouncementSend } from './tables.ts';

type Row = {
  id: string;
  title: string;
  msg_content: string;
  msg_abstract: string | null;
  sender: string | null;
  send_time: string | null;
  create_time: string;
  priority: string;
  msg_category: string;
  open_type: string | null;
  open_page: string | null;
  bus_id: string | null;
  bus_type: string | null;
  read_flag: boolean | null;
};

const toDto = (r: Row): AnnouncementDto => ({
  id: r.id,
  titile: r.title,
  // Sanitised on save, and again on display: rows written before the sanitiser existed are covered too.
  msgContent: sanitizeAnnouncementHtml(r.msg_content),
  msgAbstract: r.msg_abstract,
  sender: r.sender,
  sendTime: formatDateTime(r.send_time),
  createTime: formatDateTime(r.create_time) ?? '',
  priority: r.priority as Priority,
  msgCategory: r.msg_category,
  openType: r.open_type,
  openPage: r.open_page,
  busId: r.bus_id,
  busType: r.bus_type,
  readFlag: r.read_flag ?? false,
});

export interface AnnouncementService {
  /** Unread, published announcements that reach the user: the notice bell (§2). */
  listByUser(userId: string, tenantId: number, limit?: number): Promise<AnnouncementListByUser>;
  /** One announcement the user may see (read or not). */
  queryById(userId: string, tenantId: number, id: string): Promise<AnnouncementDto>;
  markRead(userId: string, tenantId: number, anntId: string): Promise<void>;
  /**
   * Every announcement that reaches the user, read or not, newest first: the user's list (/isps/userAnnouncement),
   * filtered by part of the title, category and read state.
   */
  listMine(userId: string, tenantId: number, query: MyAnnouncementQuery): Promise<PageResult<AnnouncementDto>>;
  /** Marks every announcement that reaches the user as read; returns how many were unread. */
  markAllRead(userId: string, tenantId: number): Promise<number>;
}

/** An announcement reaches a user when it is for everyone in the tenant or names them (a send row). */
const visibleTo = (userId: string, tenantId: number) => sql`
  a.tenant_id = ${tenantId} AND a.del_flag = 0 AND a.send_status = '1'
  AND (a.start_time IS NULL OR a.start_time <= now()) AND (a.end_time IS NULL OR a.end_time > now())
  AND (a.msg_type = 'ALL' OR EXISTS (SELECT 1 FROM sys_announcement_send x WHERE x.annt_id = a.id AND x.user_id = ${userId}))`;

export function createAnnouncementService({ db }: { db: Db }): AnnouncementService {
  async function unread(userId: string, tenantId: number, category: string, limit: number) {
    const result = await db.execute<Row & { total: number }>(sql`
      SELECT a.id, a.title, a.msg_content, a.msg_abstract, a.sender, a.send_time, a.create_time, a.priority,
             a.msg_category, a.open_type, a.open_page, a.bus_id, a.bus_type, false AS read_flag,
             count(*) OVER ()::int AS total
      FROM sys_announcement a
      LEFT JOIN sys_announcement_send s ON s.annt_id = a.id AND s.user_id = ${userId}
      WHERE ${visibleTo(userId, tenantId)} AND a.msg_category = ${category} AND COALESCE(s.read_flag, false) = false
        AND NOT COALESCE(s.muted, false)
      ORDER BY a.send_time DESC NULLS LAST
      LIMIT ${limit}`);
    return { list: result.rows.map(toDto), total: result.rows[0]?.total ?? 0 };
  }

  return {
    async listByUser(userId, tenantId, limit = 50) {
      // 通知公告 for everyone have no send rows to mark muted: a user who muted them (消息设置) is skipped here.
      const muted = await db.execute<{ muted: boolean }>(
        sql`SELECT 'notice' = ANY(muted) AS muted FROM sys_user_notify_setting WHERE user_id = ${userId}`,
      );
      const noticesMuted = muted.rows[0]?.muted === true;
      const [notices, system] = await Promise.all([
        noticesMuted ? { list: [], total: 0 } : unread(userId, tenantId, ANNOUNCEMENT_CATEGORY.notice, limit),
        unread(userId, tenantId, ANNOUNCEMENT_CATEGORY.system, limit),
      ]);
      return {
        anntMsgList: notices.list,
        anntMsgTotal: notices.total,
        sysMsgList: system.list,
        sysMsgTotal: system.total,
      };
    },

    async queryById(userId, tenantId, id) {
      const result = await db.execute<Row>(sql`
        SELECT a.id, a.title, a.msg_content, a.msg_abstract, a.sender, a.send_time, a.create_time, a.priority,
               a.msg_category, a.open_type, a.open_page, a.bus_id, a.bus_type, s.read_flag
        FROM sys_announcement a
        LEFT JOIN sys_announcement_send s ON s.annt_id = a.id AND s.user_id = ${userId}
        WHERE a.id = ${id} AND ${visibleTo(userId, tenantId)}`);
      const row = result.rows[0];
      if (!row) throw notFound('通告不存在或已撤销');
      return toDto(row);
    },

    async markRead(userId, tenantId, anntId) {
      await this.queryById(userId, tenantId, anntId);
      await db
        .insert(sysAnnouncementSend)
        .values({ anntId, userId, readFlag: true, readTime: new Date() })
        .onConflictDoUpdate({
          target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId],
          set: { readFlag: true, readTime: sql`COALESCE(${sysAnnouncementSend.readTime}, now())` },
        });
    },
    async listMine(userId, tenantId, { pageNo, pageSize, titile, msgCategory, readFlag }) {
      const title = titile ? sql`AND a.title ILIKE ${containsPattern(titile)}` : sql``;
      const category = msgCategory ? sql`AND a.msg_category = ${msgCategory}` : sql``;
      const read =
        readFlag === '1'
          ? sql`AND COALESCE(s.read_flag, false) = true`
          : readFlag === '0'
            ? sql`AND COALESCE(s.read_flag, false) = false`
            : sql``;
      const result = await db.execute<Row & { total: number }>(sql`
        SELECT a.id, a.title, a.msg_content, a.msg_abstract, a.sender, a.send_time, a.create_time, a.priority,
               a.msg_category, a.open_type, a.open_page, a.bus_id, a.bus_type, COALESCE(s.read_flag, false) AS read_flag,
               count(*) OVER ()::int AS total
        FROM sys_announcement a
        LEFT JOIN sys_announcement_send s ON s.annt_id = a.id AND s.user_id = ${userId}
        WHERE ${visibleTo(userId, tenantId)} ${title} ${category} ${read}
        ORDER BY a.send_time DESC NULLS LAST, a.id
        LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
      let total = result.rows[0]?.total ?? 0;
      if (result.rows.length === 0 && pageNo > 1) {
        // Past the last page: the window count is not there, count separately.
        const count = await db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM sys_announcement a
          LEFT JOIN sys_announcement_send s ON s.annt_id = a.id AND s.user_id = ${userId}
          WHERE ${visibleTo(userId, tenantId)} ${title} ${category} ${read}`);
        total = count.rows[0]?.n ?? 0;
      }
      return {
        records: result.rows.map(toDto),
        total,
        size: pageSize,
        current: pageNo,
        pages: Math.ceil(total / pageSize),
      };
    },

    async markAllRead(userId, tenantId) {
      const result = await db.execute(sql`
        INSERT INTO sys_announcement_send (annt_id, user_id, read_flag, read_time)
        SELECT a.id, ${userId}, true, now() FROM sys_announcement a
        LEFT JOIN sys_announcement_send s ON s.annt_id = a.id AND s.user_id = ${userId}
        WHERE ${visibleTo(userId, tenantId)} AND COALESCE(s.read_flag, false) = false
        ON CONFLICT (annt_id, user_id) DO UPDATE SET read_flag = true, read_time = COALESCE(sys_announcement_send.read_time, now())`);
      return result.rowCount ?? 0;
    },
  };
}
