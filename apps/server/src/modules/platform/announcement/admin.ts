import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_SEND_STATUS,
  type AnnouncementAddRequest,
  type AnnouncementAdminDto,
  type AnnouncementEditRequest,
  type AnnouncementListQuery,
  formatDateTime,
  type PageResult,
  type Priority,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type Actor, containsPattern, orderOf } from '../dict/kit.ts';
import { sysUserTenant } from '../system/tables.ts';
import { sanitizeAnnouncementHtml } from './sanitize.ts';
import { sysAnnouncement } from './tables.ts';

/** Announcement administration in a tenant (/sys/annountCement/*). */
export interface AnnouncementAdminService {
  list(tenantId: number, query: AnnouncementListQuery): Promise<PageResult<AnnouncementAdminDto>>;
  byId(tenantId: number, id: string): Promise<AnnouncementAdminDto>;
  add(actor: Actor, input: AnnouncementAddRequest): Promise<AnnouncementAdminDto>;
  edit(tenantId: number, input: AnnouncementEditRequest): Promise<AnnouncementAdminDto>;
  remove(tenantId: number, ids: string[]): Promise<number>;
  /** Publishes: send rows for everyone in the tenant (ALL) or the chosen users (USER). */
  release(actor: Actor, id: string): Promise<AnnouncementAdminDto>;
  /** Withdraws: it disappears from listByUser at once. */
  revoke(tenantId: number, id: string): Promise<AnnouncementAdminDto>;
}

const A = sysAnnouncement;
const COLUMNS = {
  row: A,
  sendCount: sql<number>`(SELECT count(*)::int FROM sys_announcement_send s WHERE s.annt_id = sys_announcement.id)`,
  readCount: sql<number>`(SELECT count(*)::int FROM sys_announcement_send s WHERE s.annt_id = sys_announcement.id AND s.read_flag)`,
};
const SORT = {
  createTime: A.createTime,
  sendTime: A.sendTime,
  priority: A.priority,
  titile: A.title,
  endTime: A.endTime,
};

type Selected = { row: typeof A.$inferSelect; sendCount: number; readCount: number };

const toDto = ({ row: r, sendCount, readCount }: Selected): AnnouncementAdminDto => ({
  id: r.id,
  titile: r.title,
  msgContent: sanitizeAnnouncementHtml(r.msgContent),
  msgAbstract: r.msgAbstract,
  sender: r.sender,
  priority: r.priority as Priority,
  msgCategory: r.msgCategory,
  msgType: r.msgType,
  userIds: r.userIds ?? [],
  sendStatus: r.sendStatus,
  sendTime: formatDateTime(r.sendTime),
  cancelTime: formatDateTime(r.cancelTime),
  startTime: formatDateTime(r.startTime),
  endTime: formatDateTime(r.endTime),
  openType: r.openType,
  openPage: r.openPage,
  busType: r.busType,
  busId: r.busId,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
  sendCount: Number(sendCount ?? 0),
  readCount: Number(readCount ?? 0),
});

const localDate = (text: string | null) => (text ? new Date(text.replace(' ', 'T')) : null);

export function createAnnouncementAdminService({ db }: { db: Db }): AnnouncementAdminService {
  const alive = (tenantId: number) => and(eq(A.tenantId, tenantId), eq(A.delFlag, 0));

  async function checkUsers(tx: DbOrTx, tenantId: number, userIds: string[]) {
    if (userIds.length === 0) return;
    const [row] = await tx
      .select({ n: count() })
      .from(sysUserTenant)
      .where(and(eq(sysUserTenant.tenantId, tenantId), inArray(sysUserTenant.userId, userIds)));
    if ((row?.n ?? 0) !== userIds.length) throw badRequest(ANNOUNCEMENT_MESSAGES.badUser);
  }

  function fields(input: AnnouncementAddRequest) {
    const userIds = input.msgType === 'USER' ? (input.userIds ?? []) : [];
    return {
      title: input.titile,
      msgContent: sanitizeAnnouncementHtml(input.msgContent),
      msgAbstract: input.msgAbstract,
      priority: input.priority,
      msgCategory: input.msgCategory,
      msgType: input.msgType,
      userIds,
      startTime: localDate(input.startTime),
      endTime: localDate(input.endTime),
      openType: input.openType,
      openPage: input.openPage,
      busType: input.busType,
      busId: input.busId,
    };
  }

  const service: AnnouncementAdminService = {
    async list(tenantId, q) {
      const filters: (SQL | undefined)[] = [alive(tenantId)];
      if (q.titile) filters.push(ilike(A.title, containsPattern(q.titile)));
      if (q.sendStatus) filters.push(eq(A.sendStatus, q.sendStatus));
      if (q.msgCategory) filters.push(eq(A.msgCategory, q.msgCategory));
      if (q.priority) filters.push(eq(A.priority, q.priority));
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(A).where(where),
        (offset, limit) =>
          db
            .select(COLUMNS)
            .from(A)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', A.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async byId(tenantId, id) {
      const [row] = await db
        .select(COLUMNS)
        .from(A)
        .where(and(alive(tenantId), eq(A.id, id)));
      if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      return toDto(row);
    },

    async add(actor, input) {
      await checkUsers(db, actor.tenantId, input.msgType === 'USER' ? (input.userIds ?? []) : []);
      const [row] = await db
        .insert(A)
        .values({
          tenantId: actor.tenantId,
          createBy: actor.username,
          sendStatus: ANNOUNCEMENT_SEND_STATUS.draft,
          ...fields(input),
        })
        .returning({ id: A.id });
      return service.byId(actor.tenantId, row?.id ?? '');
    },

    async edit(tenantId, { id, ...input }) {
      const current = await service.byId(tenantId, id);
      if (current.sendStatus === ANNOUNCEMENT_SEND_STATUS.published)
        throw badRequest(ANNOUNCEMENT_MESSAGES.publishedReadOnly);
      await checkUsers(db, tenantId, input.msgType === 'USER' ? (input.userIds ?? []) : []);
      const rows = await db
        .update(A)
        .set({ ...fields(input), updateTime: new Date() })
        .where(and(alive(tenantId), eq(A.id, id), ne(A.sendStatus, ANNOUNCEMENT_SEND_STATUS.published)))
        .returning({ id: A.id });
      if (rows.length === 0) throw badRequest(ANNOUNCEMENT_MESSAGES.publishedReadOnly);
      return service.byId(tenantId, id);
    },

    async remove(tenantId, ids) {
      const rows = await db
        .update(A)
        .set({ delFlag: 1, updateTime: new Date() })
        .where(and(alive(tenantId), inArray(A.id, ids)))
        .returning({ id: A.id });
      if (rows.length === 0) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      return rows.length;
    },

    async release(actor, id) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(A)
          .set({
            sendStatus: ANNOUNCEMENT_SEND_STATUS.published,
            sendTime: new Date(),
            cancelTime: null,
            sender: actor.realname || actor.username,
            updateTime: new Date(),
          })
          .where(and(alive(actor.tenantId), eq(A.id, id), ne(A.sendStatus, ANNOUNCEMENT_SEND_STATUS.published)))
          .returning({ msgType: A.msgType, userIds: A.userIds });
        if (!row) {
          const current = await service.byId(actor.tenantId, id);
          if (current.sendStatus === ANNOUNCEMENT_SEND_STATUS.published) {
            throw badRequest(ANNOUNCEMENT_MESSAGES.alreadyPublished);
          }
          throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
        }
        const chosen =
          row.msgType === 'USER'
            ? sql` AND ut.user_id IN (${sql.join(
                (row.userIds.length ? row.userIds : ['00000000-0000-0000-0000-000000000000']).map(
                  (u) => sql`${u}::uuid`,
                ),
                sql`, `,
              )})`
            : sql``;
        // Read flags of an earlier release survive a revoke and re-release.
        await tx.execute(sql`
          INSERT INTO sys_announcement_send (annt_id, user_id)
          SELECT ${id}::uuid, ut.user_id
          FROM sys_user_tenant ut JOIN sys_user u ON u.id = ut.user_id AND u.del_flag = 0
          WHERE ut.tenant_id = ${actor.tenantId}${chosen}
          ON CONFLICT (annt_id, user_id) DO NOTHING`);
      });
      return service.byId(actor.tenantId, id);
    },

    async revoke(tenantId, id) {
      const rows = await db
        .update(A)
        .set({ sendStatus: ANNOUNCEMENT_SEND_STATUS.revoked, cancelTime: new Date(), updateTime: new Date() })
        .where(and(alive(tenantId), eq(A.id, id), eq(A.sendStatus, ANNOUNCEMENT_SEND_STATUS.published)))
        .returning({ id: A.id });
      if (rows.length === 0) {
        await service.byId(tenantId, id);
        throw badRequest(ANNOUNCEMENT_MESSAGES.notPublished);
      }
      return service.byId(tenantId, id);
    },
  };
  return service;
}
