import { describe, expect, it } from 'vitest';
import { checkQuote, PROCUREMENT_BID_MESSAGES as M } from './procurement-bid.constants.ts';

const pricePkg = { fixedPrice: '500000.00', lowerCoefficientType: null };
const ratePkg = { fixedPrice: '1000000.00', lowerCoefficientType: 1 };

describe('checkQuote', () => {
  it.each([
    ['480000', '480000.00'],
    ['500000.00', '500000.00'],
    ['0.01', '0.01'],
  ])('accepts the price %s up to the limit', (price, text) => {
    expect(checkQuote(pricePkg, { price })).toEqual({
      ok: true,
      kind: 'price',
      price: text,
      rate: null,
      evaluatedPrice: text,
    });
  });

  it('refuses a price one cent above fixedPrice, zero, a missing price and a rate', () => {
    expect(checkQuote(pricePkg, { price: '500000.01' })).toEqual({
      ok: false,
      message: M.aboveFixedPrice('500000.00'),
    });
    expect(checkQuote(pricePkg, { price: '0' })).toEqual({ ok: false, message: M.pricePositive });
    expect(checkQuote(pricePkg, {})).toEqual({ ok: false, message: M.quoteRequired });
    expect(checkQuote(pricePkg, { rate: '0.1' })).toEqual({ ok: false, message: M.rateNotAllowed });
  });

  it('has no upper limit when the package sets no fixedPrice', () => {
    expect(checkQuote({ fixedPrice: null, lowerCoefficientType: 0 }, { price: '99999999' })).toMatchObject({
      ok: true,
    });
  });

  it('prices a 下浮率 as fixedPrice × (1 − rate), half up to cents', () => {
    expect(checkQuote(ratePkg, { rate: '0.125' })).toEqual({
      ok: true,
      kind: 'rate',
      price: null,
      rate: '0.1250',
      evaluatedPrice: '875000.00',
    });
    // 333.33 × 0.8765 = 292.164... → 292.16; 0.05 × (1 − 0.5) = 0.025 → 0.03
    expect(checkQuote({ fixedPrice: '333.33', lowerCoefficientType: 1 }, { rate: '0.1235' })).toMatchObject({
      evaluatedPrice: '292.16',
    });
    expect(checkQuote({ fixedPrice: '0.05', lowerCoefficientType: 1 }, { rate: '0.5' })).toMatchObject({
      evaluatedPrice: '0.03',
    });
    expect(checkQuote(ratePkg, { rate: '0' })).toMatchObject({ ok: true, evaluatedPrice: '1000000.00' });
    // Large amounts stay exact (beyond 2^53 in the intermediate product).
    expect(checkQuote({ fixedPrice: '999999999999.99', lowerCoefficientType: 1 }, { rate: '0.0001' })).toMatchObject({
      evaluatedPrice: '999899999999.99',
    });
  });

  it('refuses a rate of 1 or more, a missing rate, a price, and a rate package without fixedPrice', () => {
    expect(checkQuote(ratePkg, { rate: '1' })).toEqual({ ok: false, message: M.rateRange });
    expect(checkQuote(ratePkg, {})).toEqual({ ok: false, message: M.rateRequired });
    expect(checkQuote(ratePkg, { price: '100' })).toEqual({ ok: false, message: M.priceNotAllowed });
    expect(checkQuote({ fixedPrice: null, lowerCoefficientType: 1 }, { rate: '0.1' })).toEqual({
      ok: false,
      message: M.rateNeedsFixedPrice,
    });
  });
});
