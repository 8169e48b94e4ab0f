import { AWARD_LETTER_KIND, BID_STATUS, formatMoney } from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { supplier, supplierUser } from '../supplier/tables.ts';
import type { BidHooks } from './common.ts';
import { escapeHtml, sendBellMessage } from './letters.ts';
import { loadPackage } from './package-ref.ts';
import { purchaseAwardLetter, purchaseBid } from './tables.ts';

/**
 * The award hook (issue 14 §9): 中标通知书 to the first ranked candidate's users, 未中标通知书 to every other
 * bidder's, in their bell; one letter row per supplier and package, so a repeated award sends nothing twice.
 * Staff read the letters through award-letters.ts.
 */
export const onAward: BidHooks['onAward'] = async (tx, tenantId, packageId) => {
  const pkg = await loadPackage(tx, tenantId, packageId);
  const bidders = await tx
    .select({
      supplierId: purchaseBid.supplierId,
      supplierName: supplier.name,
      evaluatedPrice: purchaseBid.evaluatedPrice,
    })
    .from(purchaseBid)
    .innerJoin(supplier, eq(supplier.id, purchaseBid.supplierId))
    .where(
      and(
        eq(purchaseBid.tenantId, tenantId),
        eq(purchaseBid.packageId, packageId),
        eq(purchaseBid.status, BID_STATUS.submitted),
      ),
    );
  const winner = pkg.electionStatus === '1' ? (pkg.rankedCandidates[0] ?? null) : null;
  if (!winner) return { winner: null, letters: 0 };
  let letters = 0;
  const subject = `${pkg.purchaseName}（${pkg.packageName}）`;
  for (const b of bidders) {
    const kind = b.supplierId === winner ? AWARD_LETTER_KIND.win : AWARD_LETTER_KIND.lose;
    const [letter] = await tx
      .insert(purchaseAwardLetter)
      .values({ tenantId, packageId, supplierId: b.supplierId, kind })
      .onConflictDoNothing()
      .returning({ id: purchaseAwardLetter.id });
    if (!letter) continue; // sent before (an award is announced once)
    const users = await tx
      .select({ userId: supplierUser.userId })
      .from(supplierUser)
      .where(and(eq(supplierUser.tenantId, tenantId), eq(supplierUser.supplierId, b.supplierId)));
    const who = escapeHtml(b.supplierName);
    const what = escapeHtml(subject);
    const title = kind === 'win' ? `中标通知书：${subject}` : `未中标通知书：${subject}`;
    const html =
      kind === 'win'
        ? `<p>${who}：</p><p>贵单位在${what}（项目编号 ${escapeHtml(pkg.purchaseCode)}，标包 ${escapeHtml(pkg.packageNo)}）中被确定为中标人，中标价 ${escapeHtml(formatMoney(b.evaluatedPrice))} 元。请按采购文件约定签订合同。</p>`
        : `<p>${who}：</p><p>感谢贵单位参与${what}（项目编号 ${escapeHtml(pkg.purchaseCode)}，标包 ${escapeHtml(pkg.packageNo)}）。经评审，贵单位未中标。</p>`;
    const announcementId = await sendBellMessage(tx, {
      tenantId,
      userIds: users.map((u) => u.userId),
      title,
      html,
      abstract: title,
      busType: kind === 'win' ? 'purchase_award' : 'purchase_not_awarded',
      busId: packageId,
    });
    if (announcementId) {
      await tx.update(purchaseAwardLetter).set({ announcementId }).where(eq(purchaseAwardLetter.id, letter.id));
    }
    letters++;
  }
  return { winner, letters };
};
