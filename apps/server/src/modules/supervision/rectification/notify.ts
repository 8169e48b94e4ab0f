import { RECTIFICATION_STATES, type RectificationState } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../../core/html.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { sendBellMessage } from '../../procurement/bid/letters.ts';
import type { supervisionRectification } from './tables.ts';

type Row = typeof supervisionRectification.$inferSelect;

/** The addressee's users: the supplier's accounts, or the users of the department (and its sub-departments). */
export async function addresseeUsers(tx: DbOrTx, r: Row): Promise<string[]> {
  const q =
    r.addresseeType === 'supplier'
      ? sql`SELECT user_id::text AS id FROM supplier_user WHERE tenant_id = ${r.tenantId} AND supplier_id = ${r.supplierId}`
      : sql`SELECT DISTINCT ud.user_id::text AS id FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
          WHERE d.tenant_id = ${r.tenantId} AND d.org_code = ${r.addresseeOrgCode} AND d.del_flag = 0`;
  return (await tx.execute<{ id: string }>(q)).rows.map((u) => u.id);
}

/** A bell message about the order to `who` (the addressee's users, the inspector or both). */
export async function bellRectification(
  tx: DbOrTx,
  r: Row,
  who: { addressee?: boolean; inspector?: boolean },
  title: string,
  text: string,
) {
  const ids = new Set<string>();
  if (who.addressee) for (const id of await addresseeUsers(tx, r)) ids.add(id);
  if (who.inspector) ids.add(r.inspectorUserId);
  const supplierSide = who.addressee && !who.inspector && r.addresseeType === 'supplier';
  await sendBellMessage(tx, {
    tenantId: r.tenantId,
    userIds: [...ids],
    title: `${title}：${r.rectNo}`,
    html: `<p>${escapeHtml(text)}</p>`,
    abstract: text,
    busType: 'rectification',
    busId: r.id,
    openPage: supplierSide ? '/supervision/myRectification' : '/supervision/rectification',
  });
}

export const stateLabel = (s: string) => RECTIFICATION_STATES[s as RectificationState] ?? s;
