import { AWARD_LETTER_KIND, BID_STATUS, formatMoney } from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { checkSupplierStanding } from '../supplier/eligibility.ts';
import { supplier, supplierUser } from '../supplier/tables.ts';
import type { BidHooks } from './common.ts';
import { escapeHtml, sendBellMessage } from './letters.ts';
import { loadPackage, type PackageRef } from './package-ref.ts';
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
  if (pkg.electionStatus !== '1') return { winner: null, letters: 0 };
  const winner = await firstEligibleCandidate(tx, pkg);
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

/**
 * The award goes to the first ranked candidate that may still be awarded (issue 16): a candidate blacklisted for the
 * package's category since the review is skipped, the skip recorded in the package history and told to the
 * package's buyer in the bell; when no candidate is left the package is held without a winner (no letters) for the
 * buyer to decide (重新采购 or 终止).
 */
async function firstEligibleCandidate(tx: DbOrTx, pkg: PackageRef): Promise<string | null> {
  const skipped: string[] = [];
  let winner: string | null = null;
  for (const candidate of pkg.rankedCandidates) {
    const { refusal } = await checkSupplierStanding(tx, pkg.tenantId, candidate, pkg.purchaseCategory);
    if (!refusal) {
      winner = candidate;
      break;
    }
    const [s] = await tx.select({ name: supplier.name }).from(supplier).where(eq(supplier.id, candidate));
    skipped.push(`${s?.name ?? candidate}：${refusal}`);
  }
  if (skipped.length === 0) return winner;
  const reason = `${winner ? '跳过不能中标的候选人' : '无可中标的候选人，标包暂停定标'}（${skipped.join('；')}）`;
  await tx.execute(sql`
    INSERT INTO purchase_package_history (tenant_id, package_id, action, from_stage, to_stage, election_status, reason, actor)
    VALUES (${pkg.tenantId}, ${pkg.id}, 'awardSkip', ${pkg.purchaseStage}, ${pkg.purchaseStage}, ${pkg.electionStatus},
            ${reason}, 'system')`);
  const buyers = await tx.execute<{ id: string }>(sql`
    SELECT u.id FROM sys_user u JOIN purchase_package p ON p.create_by = u.username
    WHERE p.id = ${pkg.id} AND u.del_flag = 0`);
  const title = `定标提醒：${pkg.purchaseName}（${pkg.packageName}）`;
  await sendBellMessage(tx, {
    tenantId: pkg.tenantId,
    userIds: buyers.rows.map((r) => r.id),
    title,
    html: `<p>${escapeHtml(reason)}</p>`,
    abstract: title,
    busType: 'purchase_award_skip',
    busId: pkg.id,
  });
  return winner;
}
