import { BID_STATUS, formatDateTime } from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { OpeningTarget, SealedQuote } from './common.ts';
import type { BidSeal } from './seal.ts';
import type { BidFile, OpeningEntry } from './tables.ts';

type SubmittedBid = {
  id: string;
  package_id: string;
  supplier_id: string;
  supplier_name: string;
  quote_kind: string;
  sealed_quote: string;
  files: BidFile[];
  submit_time: Date;
  update_time: Date | null;
  opened_time: Date | null;
};

/**
 * The opening of many packages at once, in the caller's transaction, with a fixed number of statements whatever
 * their count (issue 14 bench: the job opening 1,000 packages due in one minute): the submitted bids of all read in
 * one SELECT, unsealed in memory, their amounts written in one UPDATE … FROM VALUES, the opening records in one
 * INSERT. A package opened before keeps its record (ON CONFLICT DO NOTHING) and a bid opened before is not
 * unsealed again: running it twice changes nothing. One package is the same call with one target.
 */
export function createOpening(seal: BidSeal) {
  return {
    /** Submitted (not withdrawn) bids per package, in one statement; packages without bids are absent (0). */
    async countValidBidders(tx: DbOrTx, packageIds: readonly string[]): Promise<Map<string, number>> {
      if (packageIds.length === 0) return new Map();
      const r = await tx.execute<{ package_id: string; n: number }>(sql`
        SELECT package_id, count(*)::int AS n FROM purchase_bid
        WHERE package_id = ANY(${uuidArray(packageIds)}::uuid[]) AND status = ${BID_STATUS.submitted}
        GROUP BY package_id`);
      return new Map(r.rows.map((row) => [row.package_id, Number(row.n)]));
    },

    /** Unseals every submitted bid of the targets and writes each target's opening record (once). */
    async unseal(tx: DbOrTx, targets: readonly OpeningTarget[], openedBy: string): Promise<void> {
      if (targets.length === 0) return;
      const ids = uuidArray(targets.map((t) => t.packageId));
      const tenantOf = new Map(targets.map((t) => [t.packageId, t.tenantId]));
      const bids = await tx.execute<SubmittedBid>(sql`
        SELECT b.id, b.package_id, b.supplier_id, s.name AS supplier_name, b.quote_kind, b.sealed_quote, b.files,
          b.submit_time, b.update_time, b.opened_time
        FROM purchase_bid b JOIN supplier s ON s.id = b.supplier_id
        WHERE b.package_id = ANY(${ids}::uuid[]) AND b.status = ${BID_STATUS.submitted}
        ORDER BY b.package_id, b.submit_time, b.id`);
      const openedTime = new Date();
      const entries = new Map<string, OpeningEntry[]>(targets.map((t) => [t.packageId, []]));
      const opened: { id: string; quote: SealedQuote }[] = [];
      for (const bid of bids.rows) {
        const tenantId = tenantOf.get(bid.package_id);
        // A bid opened before: the package's existing record is the answer (kept by ON CONFLICT below).
        if (tenantId === undefined || bid.opened_time) continue;
        const quote = JSON.parse(
          seal.open(bid.sealed_quote, { tenantId, packageId: bid.package_id, supplierId: bid.supplier_id }),
        ) as SealedQuote;
        opened.push({ id: bid.id, quote });
        entries.get(bid.package_id)?.push({
          bidId: bid.id,
          supplierId: bid.supplier_id,
          supplierName: bid.supplier_name,
          quoteKind: quote.kind,
          price: quote.price,
          rate: quote.rate,
          evaluatedPrice: quote.evaluatedPrice,
          submitTime: formatDateTime(new Date(bid.update_time ?? bid.submit_time)) ?? '',
          fileCount: bid.files.length,
        });
      }
      if (opened.length) {
        await tx.execute(sql`
          UPDATE purchase_bid AS b SET price = v.price, rate = v.rate, evaluated_price = v.evaluated_price,
            opened_time = ${openedTime.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(
            opened.map((o) => ({
              id: o.id,
              price: o.quote.price,
              rate: o.quote.rate,
              evaluated_price: o.quote.evaluatedPrice,
            })),
          )}::jsonb) AS v(id uuid, price numeric, rate numeric, evaluated_price numeric)
          WHERE b.id = v.id`);
      }
      await tx.execute(sql`
        INSERT INTO purchase_opening (tenant_id, package_id, opened_time, opened_by, bidder_count, min_bidders, entries)
        SELECT v.tenant_id, v.package_id, ${openedTime.toISOString()}::timestamptz, ${openedBy}, v.bidder_count,
          v.min_bidders, v.entries
        FROM jsonb_to_recordset(${JSON.stringify(
          targets.map((t) => ({
            tenant_id: t.tenantId,
            package_id: t.packageId,
            bidder_count: entries.get(t.packageId)?.length ?? 0,
            min_bidders: t.minBidders,
            entries: entries.get(t.packageId) ?? [],
          })),
        )}::jsonb) AS v(tenant_id int, package_id uuid, bidder_count int, min_bidders int, entries jsonb)
        ON CONFLICT (package_id) DO NOTHING`);
    },
  };
}

/** One bound parameter holding the ids as a uuid[] literal (ids read from our own rows; the cast checks each). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
