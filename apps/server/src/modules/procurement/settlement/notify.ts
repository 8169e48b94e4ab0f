import { formatMoney, type PaymentAddInput } from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { escapeHtml } from '../../../core/html.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { sendBellMessage } from '../bid/letters.ts';
import type { contract, settlement } from '../contract/tables.ts';
import { supplierUser } from '../supplier/tables.ts';

/** The supplier's users learn of a payment in their bell (我的结算 shows it), in the payment's transaction. */
export async function notifyPayment(
  tx: DbOrTx,
  c: typeof contract.$inferSelect,
  s: typeof settlement.$inferSelect,
  body: PaymentAddInput,
): Promise<void> {
  const users = await tx
    .select({ id: supplierUser.userId })
    .from(supplierUser)
    .where(and(eq(supplierUser.tenantId, c.tenantId), eq(supplierUser.supplierId, c.supplierId)));
  const text = `结算单${s.settlementNo}收到付款¥${formatMoney(body.amount)}（${body.paidOn}）`;
  await sendBellMessage(tx, {
    tenantId: c.tenantId,
    userIds: users.map((u) => u.id),
    title: `结算单${s.settlementNo}已付款`,
    html: `<p>${escapeHtml(text)}</p>`,
    abstract: text,
    busType: 'settlement_payment',
    busId: s.id,
    openPage: '/settlement/my',
  });
}
