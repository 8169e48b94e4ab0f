/**
 * The pure rules of 报价澄清 and quotation rounds: which quotes are flagged for a clarification, and whether a
 * round's new quote is acceptable. Amounts are decimal strings compared in integer cents (no binary floats).
 */
import { CLARIFICATION_THRESHOLD, checkQuote, REVIEW_MESSAGES as M, type QuotePackage } from '@aps/shared';

/** Integer cents of a 2-decimal amount ("1234.5" → 123450n); null when it is not an amount. */
export function cents(amount: string | null | undefined): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** The threshold as a fraction n / 10: '0.2' → 2 (the shared constant is one decimal). */
const THRESHOLD_TENTHS = BigInt(Math.round(Number(CLARIFICATION_THRESHOLD) * 10));

/**
 * The bids whose evaluated price is more than the threshold (20 %) below the mean of the valid quotes:
 * price < mean × (1 − 0.2) ⟺ price × n × 10 < Σ × (10 − 2), exact in integers. Fewer than two quotes flag none.
 */
export function lowQuoteBidIds(quotes: readonly { bidId: string; price: string | null }[]): string[] {
  const priced = quotes.flatMap((q) => {
    const c = cents(q.price);
    return c === null ? [] : [{ bidId: q.bidId, c }];
  });
  if (priced.length < 2) return [];
  const total = priced.reduce((s, q) => s + q.c, 0n);
  const n = BigInt(priced.length);
  return priced.filter((q) => q.c * n * 10n < total * (10n - THRESHOLD_TENTHS)).map((q) => q.bidId);
}

export type RoundQuote =
  | { ok: true; kind: 'price' | 'rate'; price: string | null; rate: string | null; evaluatedPrice: string }
  | { ok: false; message: string };

/**
 * A round's new quote: the package's quote rules (a price not above the limit, or a 下浮率 for rate packages),
 * then not above the bidder's current evaluated price.
 */
export function checkRoundQuote(
  pkg: QuotePackage,
  earlier: string | null,
  input: { price?: string | null | undefined; rate?: string | null | undefined },
): RoundQuote {
  if (!input.price && !input.rate) return { ok: false, message: M.roundQuoteRequired };
  const q = checkQuote(pkg, { price: input.price ?? null, rate: input.rate ?? null });
  if (!q.ok) return q;
  const before = cents(earlier);
  const now = cents(q.evaluatedPrice);
  if (before !== null && now !== null && now > before) return { ok: false, message: M.roundQuoteAboveEarlier };
  return { ok: true, kind: q.kind, price: q.price, rate: q.rate, evaluatedPrice: q.evaluatedPrice ?? '' };
}
