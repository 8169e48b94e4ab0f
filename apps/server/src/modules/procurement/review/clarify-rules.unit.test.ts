import { REVIEW_MESSAGES as M } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { cents, checkRoundQuote, lowQuoteBidIds } from './clarify-rules.ts';

describe('lowQuoteBidIds', () => {
  it('flags a quote more than 20 % below the mean of valid quotes, exactly at the boundary not', () => {
    // Mean of 100, 100, 70 = 90; 90 × 0.8 = 72: 70 is flagged.
    expect(
      lowQuoteBidIds([
        { bidId: 'a', price: '100' },
        { bidId: 'b', price: '100.00' },
        { bidId: 'c', price: '70' },
      ]),
    ).toEqual(['c']);
    // Mean of 100 and 66.67 = 83.335; × 0.8 = 66.668: 66.67 is not below it.
    expect(
      lowQuoteBidIds([
        { bidId: 'a', price: '100' },
        { bidId: 'b', price: '66.67' },
      ]),
    ).toEqual([]);
    // Mean 80, × 0.8 = 64.00: exactly 64 is not "more than 20 % below".
    expect(
      lowQuoteBidIds([
        { bidId: 'a', price: '96' },
        { bidId: 'b', price: '64' },
      ]),
    ).toEqual([]);
    expect(
      lowQuoteBidIds([
        { bidId: 'a', price: '96' },
        { bidId: 'b', price: '63.99' },
      ]),
    ).toEqual(['b']);
  });

  it('ignores missing prices and needs two quotes', () => {
    expect(lowQuoteBidIds([{ bidId: 'a', price: '10' }])).toEqual([]);
    expect(
      lowQuoteBidIds([
        { bidId: 'a', price: '100' },
        { bidId: 'b', price: null },
        { bidId: 'c', price: '1' },
      ]),
    ).toEqual(['c']);
  });

  it('reads amounts in cents', () => {
    expect(cents('1234.5')).toBe(123450n);
    expect(cents('7')).toBe(700n);
    expect(cents('x')).toBeNull();
  });
});

describe('checkRoundQuote', () => {
  const pkg = { fixedPrice: '500000.00', lowerCoefficientType: 0 };
  it('takes a lower price and refuses a higher one, one above the limit or none', () => {
    expect(checkRoundQuote(pkg, '400000.00', { price: '390000' })).toMatchObject({
      ok: true,
      evaluatedPrice: '390000.00',
    });
    expect(checkRoundQuote(pkg, '400000.00', { price: '400000.01' })).toEqual({
      ok: false,
      message: M.roundQuoteAboveEarlier,
    });
    expect(checkRoundQuote(pkg, null, { price: '500000.01' }).ok).toBe(false);
    expect(checkRoundQuote(pkg, '1', {})).toEqual({ ok: false, message: M.roundQuoteRequired });
  });
  it('evaluates a 下浮率 against the limit', () => {
    const rate = { fixedPrice: '100000.00', lowerCoefficientType: 1 };
    expect(checkRoundQuote(rate, '90000.00', { rate: '0.2' })).toMatchObject({ ok: true, evaluatedPrice: '80000.00' });
    expect(checkRoundQuote(rate, '90000.00', { rate: '0.05' }).ok).toBe(false);
  });
});
