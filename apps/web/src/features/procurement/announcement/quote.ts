import type { BidDto } from '@aps/shared';
import { formatMoney } from '@aps/shared/constants';

const money = (v: string | null | undefined) => (v == null ? '—' : formatMoney(v));

/** A quotation as a supplier or, after the opening, staff read it: a price, or a 下浮率 with its evaluated price (§9 money). */
export const quoteText = (b: Pick<BidDto, 'quoteKind' | 'price' | 'rate' | 'evaluatedPrice'>) =>
  b.quoteKind === 'rate' ? `下浮率 ${b.rate ?? '—'}（评标价 ${money(b.evaluatedPrice)} 元）` : `${money(b.price)} 元`;
