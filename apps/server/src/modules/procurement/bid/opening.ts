import { BID_STATUS } from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type BidHooks, toOpeningDto } from './common.ts';
import { createOpening } from './opening-batch.ts';
import { loadPackage } from './package-ref.ts';
import type { BidSeal } from './seal.ts';
import { purchaseOpening } from './tables.ts';

/**
 * The opening hooks the stage service calls inside its transaction (issue 14 §6): the bidder count and the
 * unsealing, for one package (the buyer's 开标) or a batch (the opening job), both through opening-batch.ts.
 * Nothing else in the module decrypts a quote for anyone but its own supplier.
 */
export function createOpeningHooks(
  seal: BidSeal,
): Pick<BidHooks, 'countValidBidders' | 'unsealBids' | 'countValidBiddersMany' | 'unsealMany'> {
  const opening = createOpening(seal);
  return {
    async countValidBidders(tx, tenantId, packageId) {
      const r = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM purchase_bid
        WHERE tenant_id = ${tenantId} AND package_id = ${packageId} AND status = ${BID_STATUS.submitted}`);
      return r.rows[0]?.n ?? 0;
    },

    async unsealBids(tx, tenantId, packageId, opts = {}) {
      const minBidders = opts.minBidders ?? (await loadPackage(tx, tenantId, packageId)).minBidders;
      await opening.unseal(tx, [{ tenantId, packageId, minBidders }], opts.actor ?? 'system');
      const [row] = await tx
        .select()
        .from(purchaseOpening)
        .where(and(eq(purchaseOpening.tenantId, tenantId), eq(purchaseOpening.packageId, packageId)));
      if (!row) throw new Error('opening record missing');
      return toOpeningDto(row);
    },

    countValidBiddersMany: (tx, packageIds) => opening.countValidBidders(tx, packageIds),
    unsealMany: (tx, targets, actor) => opening.unseal(tx, targets, actor ?? 'system'),
  };
}
