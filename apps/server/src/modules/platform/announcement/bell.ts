import type { NotifyCategory } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { afterTransaction } from '../../../core/request-transaction.ts';
import type { DbOrTx } from '../../../db/client.ts';

/** One bell recipient as their preferences (消息设置) decide it. */
export interface BellRecipient {
  userId: string;
  /** The user muted this category: the send row is marked muted (not in the bell), not pushed, not copied by e-mail. */
  muted: boolean;
  /** The address of an e-mail copy (copies on and an address bound), else null. */
  email: string | null;
}

/** What a written bell message tells its recipients once the write has committed. */
export interface BellDelivery {
  tenantId: number;
  title: string;
  /** Plain text of the message (its abstract), for the e-mail copy. */
  text: string;
  /** Users whose bell reloads (cmd user on their notice sockets). */
  pushTo: string[];
  /** E-mail copies. */
  emails: string[];
}

/** Pushes to the notice sockets and sends e-mail copies (services.ts wires the realtime service and the mailer). */
export interface BellNotifier {
  deliver(delivery: BellDelivery): Promise<void>;
}

let notifier: BellNotifier | null = null;

/**
 * The one seam every writer of the bell's tables goes through (sendBellMessage, the workflow's task messages):
 * services.ts sets it once; without it (unit tests, scripts) bell messages are only stored.
 */
export function setBellNotifier(next: BellNotifier | null): void {
  notifier = next;
}

/** The recipients' preferences for a category, read in the writer's transaction (one statement). */
export async function bellRecipients(
  db: DbOrTx,
  userIds: string[],
  category: NotifyCategory,
): Promise<BellRecipient[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ user_id: string; muted: boolean; email: string | null }>(sql`
    SELECT u.id AS user_id, COALESCE(${category} = ANY(p.muted), false) AS muted,
           CASE WHEN p.email_copy AND NOT (${category} = ANY(p.muted)) THEN NULLIF(trim(u.email), '') END AS email
    FROM sys_user u LEFT JOIN sys_user_notify_setting p ON p.user_id = u.id
    WHERE u.id IN (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const found = new Map(result.rows.map((r) => [r.user_id, r]));
  return userIds.map((userId) => {
    const r = found.get(userId);
    return { userId, muted: r?.muted ?? false, email: r?.email ?? null };
  });
}

/**
 * Tells the unmuted recipients about a written bell message after the write's transaction has ended (a bell
 * reloaded before the commit would read the old rows; a rolled-back write sends no e-mail).
 */
export async function deliverBell(
  recipients: BellRecipient[],
  message: { tenantId: number; title: string; text: string },
): Promise<void> {
  const target = notifier;
  if (!target) return;
  const pushTo = recipients.filter((r) => !r.muted).map((r) => r.userId);
  const emails = [...new Set(recipients.flatMap((r) => (r.email ? [r.email] : [])))];
  if (pushTo.length === 0 && emails.length === 0) return;
  await afterTransaction(() => target.deliver({ ...message, pushTo, emails }));
}
