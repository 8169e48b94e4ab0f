import { BID_STATUS, formatDateTime } from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import { supplier } from '../supplier/tables.ts';
import { type BidHooks, type SealedQuote, sealBinding, toOpeningDto } from './common.ts';
import { loadPackage } from './package-ref.ts';
import type { BidSeal } from './seal.ts';
import { type OpeningEntry, purchaseBid, purchaseOpening } from './tables.ts';

/**
 * The opening hooks the stage service calls inside its transaction (issue 14 §6): the bidder count and the
 * unsealing. Nothing else in the module decrypts a quote for anyone but its own supplier.
 */
export function createOpeningHooks(seal: BidSeal): Pick<BidHooks, 'countValidBidders' | 'unsealBids'> {
  return {
    async countValidBidders(tx, tenantId, packageId) {
      const r = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM purchase_bid
        WHERE tenant_id = ${tenantId} AND package_id = ${packageId} AND status = ${BID_STATUS.submitted}`);
      return r.rows[0]?.n ?? 0;
    },

    async unsealBids(tx, tenantId, packageId, opts = {}) {
      const minBidders = opts.minBidders ?? (await loadPackage(tx, tenantId, packageId)).minBidders;
      const rows = await tx
        .select({ bid: purchaseBid, supplierName: supplier.name })
        .from(purchaseBid)
        .innerJoin(supplier, eq(supplier.id, purchaseBid.supplierId))
        .where(
          and(
            eq(purchaseBid.tenantId, tenantId),
            eq(purchaseBid.packageId, packageId),
            eq(purchaseBid.status, BID_STATUS.submitted),
          ),
        )
        .orderBy(purchaseBid.submitTime, purchaseBid.id);
      const openedTime = new Date();
      const entries: OpeningEntry[] = [];
      for (const { bid, supplierName } of rows) {
        if (bid.openedTime) continue; // opened before: the existing record below is the answer
        const quote = JSON.parse(
          seal.open(bid.sealedQuote, sealBinding(tenantId, packageId, bid.supplierId)),
        ) as SealedQuote;
        await tx
          .update(purchaseBid)
          .set({ price: quote.price, rate: quote.rate, evaluatedPrice: quote.evaluatedPrice, openedTime })
          .where(eq(purchaseBid.id, bid.id));
        entries.push({
          bidId: bid.id,
          supplierId: bid.supplierId,
          supplierName,
          quoteKind: quote.kind,
          price: quote.price,
          rate: quote.rate,
          evaluatedPrice: quote.evaluatedPrice,
          submitTime: formatDateTime(bid.updateTime ?? bid.submitTime) ?? '',
          fileCount: bid.files.length,
        });
      }
      const [opening] = await tx
        .insert(purchaseOpening)
        .values({
          tenantId,
          packageId,
          openedTime,
          openedBy: opts.actor ?? 'system',
          bidderCount: entries.length,
          minBidders,
          entries,
        })
        .onConflictDoNothing()
        .returning();
      if (opening) return toOpeningDto(opening);
      const [existing] = await tx
        .select()
        .from(purchaseOpening)
        .where(and(eq(purchaseOpening.tenantId, tenantId), eq(purchaseOpening.packageId, packageId)));
      if (!existing) throw new Error('opening record missing');
      return toOpeningDto(existing);
    },
  };
}
