import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysTenant, sysUser } from '../system/tables.ts';

/**
 * An announcement (§3). msgCategory: '1' 通知公告, '2' 系统消息. msgType: 'ALL' or 'USER' (chosen users).
 * sendStatus: '0' draft, '1' published, '2' revoked. `titile` keeps the spec's spelling on the wire only.
 */
export const sysAnnouncement = pgTable(
  'sys_announcement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    title: text('title').notNull(),
    msgContent: text('msg_content').notNull().default(''),
    msgAbstract: text('msg_abstract'),
    sender: text('sender'),
    priority: text('priority').notNull().default('L'),
    msgCategory: text('msg_category').notNull().default('1'),
    msgType: text('msg_type').notNull().default('ALL'),
    /** The chosen users when msgType is 'USER'; send rows are created for them at release. */
    userIds: uuid('user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sendStatus: text('send_status').notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    cancelTime: timestamp('cancel_time', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }),
    /** After this the announcement is no longer shown; the closeExpiredAnnouncements job revokes it. */
    endTime: timestamp('end_time', { withTimezone: true }),
    openType: text('open_type'),
    openPage: text('open_page'),
    busType: text('bus_type'),
    busId: text('bus_id'),
    delFlag: smallint('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [index('sys_announcement_list_idx').on(t.tenantId, t.sendStatus, t.sendTime.desc()).where(sql`del_flag = 0`)],
);

/** Who an announcement reaches and whether they have read it. A row exists for each targeted user. */
export const sysAnnouncementSend = pgTable(
  'sys_announcement_send',
  {
    anntId: uuid('annt_id')
      .notNull()
      .references(() => sysAnnouncement.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    readFlag: boolean('read_flag').notNull().default(false),
    readTime: timestamp('read_time', { withTimezone: true }),
    /**
     * The user muted the message's category (消息设置) when it was written: kept unread in 我的消息 (a read receipt such
     * as an award letter's stays true), but never shown in the bell nor pushed.
     */
    muted: boolean('muted').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.anntId, t.userId] }),
    index('sys_announcement_send_user_idx').on(t.userId, t.readFlag),
  ],
);
