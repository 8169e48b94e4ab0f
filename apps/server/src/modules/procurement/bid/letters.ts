import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { bellRecipients, deliverBell } from '../../platform/announcement/bell.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../platform/announcement/tables.ts';

export interface BellMessage {
  tenantId: number;
  userIds: string[];
  title: string;
  /** Sanitised-safe HTML built by the caller from escaped values only. */
  html: string;
  abstract: string;
  busType: string;
  busId: string;
  /** A page of the app the message opens (openType 'url'), e.g. the drawn expert's 评审任务. */
  openPage?: string;
}

/**
 * Puts a system message (msgCategory '2') in the bell of the given users: a published announcement addressed to
 * them (msgType USER) with an unread send row each, as a release by the announcement module does. The recipients'
 * 消息设置 decide the rest (announcement/bell.ts): who muted 系统消息 gets it kept out of the bell; the others' bells reload
 * over the notice socket and e-mail copies go out once the transaction has committed.
 */
export async function sendBellMessage(db: DbOrTx, m: BellMessage): Promise<string | null> {
  if (m.userIds.length === 0) return null;
  const [row] = await db
    .insert(sysAnnouncement)
    .values({
      tenantId: m.tenantId,
      title: m.title,
      msgContent: m.html,
      msgAbstract: m.abstract,
      sender: '系统',
      priority: 'H',
      msgCategory: '2',
      msgType: 'USER',
      userIds: m.userIds,
      sendStatus: '1',
      sendTime: sql`now()`,
      busType: m.busType,
      busId: m.busId,
      ...(m.openPage ? { openType: 'url', openPage: m.openPage } : {}),
      createBy: 'system',
    })
    .returning({ id: sysAnnouncement.id });
  if (!row) return null;
  const recipients = await bellRecipients(db, [...new Set(m.userIds)], 'system');
  await db
    .insert(sysAnnouncementSend)
    .values(recipients.map(({ userId, muted }) => ({ anntId: row.id, userId, muted })))
    .onConflictDoNothing();
  await deliverBell(recipients, { tenantId: m.tenantId, title: m.title, text: m.abstract });
  return row.id;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
