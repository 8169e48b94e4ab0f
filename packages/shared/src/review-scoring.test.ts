import { describe, expect, it } from 'vitest';
import {
  type BidderResult,
  candidateCount,
  computeReviewScores,
  type ExpertScore,
  evaluateQuotes,
  itemMean,
  REVIEW_SCORING_MESSAGES as M,
  type ScoringInput,
  type ScoringResult,
  validateScores,
} from './review-scoring.ts';

const experts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, name: `专家${i + 1}` }));

/** { bidder: { item: [score of e1, e2, …] } } → the flat score rows. */
function sheet(table: Record<string, Record<string, ReadonlyArray<number | string | null>>>): ExpertScore[] {
  return Object.entries(table).flatMap(([bidderId, items]) =>
    Object.entries(items).flatMap(([itemId, scores]) =>
      scores.map((score, i) => ({ expertId: `e${i + 1}`, bidderId, itemId, score })),
    ),
  );
}

/** Three or more bidders with no scoring items: only the price decides. */
function priceOnly(prices: Record<string, string | number>, over: Partial<ScoringInput> = {}): ScoringInput {
  return {
    bidders: Object.entries(prices).map(([id, p]) => ({ id, quotes: [p] })),
    items: [],
    experts: experts(3),
    scores: [],
    priceMethod: 'low_price',
    pricePoints: 10,
    purchaseMethod: 'competitive_negotiation',
    purchaseCandidateCount: 3,
    ...over,
  };
}

function ok(input: ScoringInput): ScoringResult {
  const outcome = computeReviewScores(input);
  if (!outcome.ok) throw new Error(outcome.errors.join('; '));
  return outcome.result;
}
const byId = (r: ScoringResult) =>
  Object.fromEntries(r.bidders.map((b) => [b.bidderId, b])) as Record<string, BidderResult>;
const order = (r: ScoringResult) => r.bidders.map((b) => b.bidderId);

describe('issue 15 §8, hand-computed case 1: 5 experts, 低价优先, P = 40', () => {
  const items = [
    { id: 'tech', name: '技术', max: 40 },
    { id: 'biz', name: '商务', max: 20 },
  ];
  const input: ScoringInput = {
    bidders: [
      { id: 'A', quotes: ['950000'] },
      { id: 'B', quotes: ['900000'] },
      { id: 'C', quotes: ['1000000'] },
    ],
    items,
    experts: experts(5),
    scores: sheet({
      A: { tech: [35, 38, 30, 36, 33], biz: [18, 17, 19, 15, 18] },
      B: { tech: [30, 32, 31, 29, 33], biz: [16, 16, 17, 15, 18] },
      C: { tech: [39, 37, 38, 40, 36], biz: [19, 20, 18, 19, 17] },
    }),
    priceMethod: 'low_price',
    pricePoints: 40,
    purchaseMethod: 'open_tender',
    purchaseCandidateCount: 3,
  };

  it('gives the trimmed item means, price scores, totals and the ranking C, A, B', () => {
    const r = ok(input);
    const b = byId(r);
    // A: 技术 drop 38 and 30 → (35+36+33)/3 = 34.667; 商务 drop 19 and 15 → (18+17+18)/3 = 17.667;
    //    price 900000/950000 × 40 = 37.8947… → 37.895; total 34.667 + 17.667 + 37.895 = 90.229 → 90.23.
    expect(b.A?.items.map((i) => i.mean)).toEqual(['34.667', '17.667']);
    expect(b.A).toMatchObject({
      technical: '52.334',
      priceScore: '37.895',
      total: '90.23',
      evaluatedPrice: '950000.00',
    });
    // B: (30+32+31)/3 = 31.000; (16+16+17)/3 = 16.333; 40.000 (the lowest price); 87.333 → 87.33.
    expect(b.B?.items.map((i) => i.mean)).toEqual(['31.000', '16.333']);
    expect(b.B).toMatchObject({ priceScore: '40.000', total: '87.33' });
    // C: (39+37+38)/3 = 38.000; (19+18+19)/3 = 18.667; 900000/1000000 × 40 = 36.000; 92.667 → 92.67.
    expect(b.C?.items.map((i) => i.mean)).toEqual(['38.000', '18.667']);
    expect(b.C).toMatchObject({ priceScore: '36.000', total: '92.67' });
    expect(order(r)).toEqual(['C', 'A', 'B']);
    expect(r.bidders.map((x) => x.rank)).toEqual([1, 2, 3]);
    expect(r.candidateIds).toEqual(['C', 'A', 'B']);
    expect(r.benchmark).toBe('900000.000');
    expect(r.failed).toBeNull();
  });

  it('keeps every expert score and marks the dropped highest and lowest', () => {
    const a = byId(ok(input)).A!;
    expect(a.items[0]).toMatchObject({
      byExpert: { e1: '35', e2: '38', e3: '30', e4: '36', e5: '33' },
      droppedHigh: 'e2',
      droppedLow: 'e3',
    });
  });
});

describe('issue 15 §8, hand-computed case 2: 平均基准价, P = 30, K = 0.05, α = 1, β = 0.5', () => {
  it('gives B = 94.05 and the price scores 23.674, 27.927, 27.847, 13.041', () => {
    const r = ok(
      priceOnly(
        { W: 100, X: 96, Y: 90, Z: 110 },
        { priceMethod: 'average_benchmark', pricePoints: 30, k: '0.05', alpha: 1, beta: '0.5' },
      ),
    );
    // B = (100 + 96 + 90 + 110)/4 × 0.95 = 99 × 0.95 = 94.05.
    expect(r.benchmark).toBe('94.050');
    const b = byId(r);
    // 100: d = 5.95/94.05 × 100 = 6.32642… → 30 − 6.32642 = 23.67358 → 23.674.
    // 96: d = 1.95/94.05 × 100 = 2.07337… → 27.92663 → 27.927.
    // 90: d = −4.05/94.05 × 100 = −4.30622… → 30 − 0.5 × 4.30622 = 27.84689 → 27.847.
    // 110: d = 15.95/94.05 × 100 = 16.95906… → 13.04094 → 13.041.
    expect([b.W, b.X, b.Y, b.Z].map((x) => x?.priceScore)).toEqual(['23.674', '27.927', '27.847', '13.041']);
    expect(order(r)).toEqual(['X', 'Y', 'W', 'Z']);
  });
});

describe('item means: trimming and HALF UP', () => {
  it.each([
    // n = 3: no trimming, (10 + 20 + 40)/3 = 23.3333… → 23.333.
    [[10, 20, 40], '23.333', -1, -1],
    // n = 4: no trimming, (1 + 1 + 1 + 1.002)/4 = 1.0005 → 1.001 (a binary float gives 1.000499… → 1.000).
    [[1, 1, 1, '1.002'], '1.001', -1, -1],
    // n = 5: drop 9 (index 4) and 1 (index 0): (5 + 6 + 7)/3 = 6.000.
    [[1, 5, 6, 7, 9], '6.000', 4, 0],
    // n = 5, all equal: two different entries are dropped, the mean stays 8.000.
    [[8, 8, 8, 8, 8], '8.000', 0, 1],
    // n = 5, one value written three ways: 9 and 7 dropped, (8 + 8.0 + 8.00)/3 = 8.000.
    [['8', '8.0', '9', '8.00', '7'], '8.000', 2, 4],
    // n = 7: drop 100 and 1: (2 + 3 + 4 + 5 + 6)/5 = 4.000.
    [[1, 2, 3, 4, 5, 6, 100], '4.000', 6, 0],
    // n = 7: drop one 10 and one 0 only: (10 + 10 + 5 + 0 + 0)/5 = 5.000.
    [[10, 10, 10, 5, 0, 0, 0], '5.000', 0, 4],
    // n = 5, x.xxx5 exactly: drop 9 and 0: (2 + 2 + 2.0045)/3 = 6.0045/3 = 2.0015 → 2.002 (HALF UP).
    [['2', '2', '2.0045', '9', '0'], '2.002', 3, 4],
    // n = 6: drop 18 and 10: (12.5 + 12.5 + 12.5 + 12.502)/4 = 50.002/4 = 12.5005 → 12.501 (HALF UP).
    [['10', '12.5', '12.5', '12.5', '12.502', '18'], '12.501', 5, 0],
  ] as const)('%j → %s', (scores, mean, hi, lo) => {
    expect(itemMean(scores)).toEqual({ mean, droppedHigh: hi, droppedLow: lo });
  });

  it('rounds a total of exactly x.xx5 up (1.005 → 1.01, where 1.005.toFixed(2) gives 1.00)', () => {
    // Three bidders at one price: each price score = B/p × P = 1.000. Scores 0.005 × 3 → mean 0.005;
    // total 0.005 + 1.000 = 1.005 → 1.01.
    const r = ok({
      ...priceOnly({ A: 50, B: 50, C: 50 }, { pricePoints: 1 }),
      items: [{ id: 'i', max: 1 }],
      scores: sheet({ A: { i: ['0.005', '0.005', '0.005'] }, B: { i: [0, 0, 0] }, C: { i: [0, 0, 0] } }),
    });
    expect(byId(r).A?.total).toBe('1.01');
    expect(byId(r).B?.total).toBe('1.00');
  });
});

describe('price scores: HALF UP at the 4th decimal', () => {
  it('低价优先 6.2505 → 6.251 (with binary floats, (1000.08 / 1600 * 10).toFixed(3) gives 6.250)', () => {
    // P = 10, B = 1000.08. 1600: 1000.08 / 1600 × 10 = 6.2505 → 6.251. 2000: 5.0004 → 5.000. 1000.08: 10.000.
    const r = ok(priceOnly({ A: '1000.08', B: '1600', C: '2000' }));
    expect(r.bidders.map((b) => [b.bidderId, b.priceScore, b.total])).toEqual([
      ['A', '10.000', '10.00'],
      ['B', '6.251', '6.25'],
      ['C', '5.000', '5.00'],
    ]);
  });
});

describe('ranking and its tie-breaks', () => {
  it('equal totals → the lower price ranks first', () => {
    // P = 10, 低价优先, B = 100. A: 100 → 10.000 + technical 5 = 15.00. B: 200 → 5.000 + 10 = 15.00.
    // C: 400 → 2.500 + 1 = 3.50. A and B tie at 15.00; A's price is lower.
    const r = ok({
      ...priceOnly({ B: 200, A: 100, C: 400 }),
      items: [{ id: 'i', max: 10 }],
      scores: sheet({ A: { i: [5, 5, 5] }, B: { i: [10, 10, 10] }, C: { i: [1, 1, 1] } }),
    });
    expect(r.bidders.map((b) => [b.bidderId, b.total])).toEqual([
      ['A', '15.00'],
      ['B', '15.00'],
      ['C', '3.50'],
    ]);
  });

  it('equal totals and prices → the higher technical score ranks first', () => {
    // All at 100 → 10.000 each. Technical: A (10 + 10 + 10.003)/3 = 10.001; B (10 + 10 + 10.012)/3 = 10.004.
    // Totals 20.001 → 20.00 and 20.004 → 20.00: tied; B's technical is higher. C: 9 → 19.00.
    const r = ok({
      ...priceOnly({ A: 100, B: 100, C: 100 }),
      items: [{ id: 'i', max: 20 }],
      scores: sheet({ A: { i: [10, 10, '10.003'] }, B: { i: [10, 10, '10.012'] }, C: { i: [9, 9, 9] } }),
    });
    expect(r.bidders.map((b) => [b.bidderId, b.technical, b.total])).toEqual([
      ['B', '10.004', '20.00'],
      ['A', '10.001', '20.00'],
      ['C', '9.000', '19.00'],
    ]);
    expect(r.tiesNeedingDraw).toEqual([]);
  });

  it('tied at every level → the recorded draw order decides; without it the tie is reported', () => {
    const base = priceOnly({ A: 100, B: 100, C: 100, D: 90 });
    // D: 10.000, the others 100 → 9.000 each, identical in every respect.
    const drawn = ok({ ...base, drawOrder: ['C', 'A', 'B'] });
    expect(order(drawn)).toEqual(['D', 'C', 'A', 'B']);
    expect(drawn.tiesNeedingDraw).toEqual([]);
    const undrawn = ok(base);
    expect(order(undrawn)).toEqual(['D', 'A', 'B', 'C']);
    expect(undrawn.tiesNeedingDraw).toEqual([['A', 'B', 'C']]);
  });

  it('最低评标价: no price points, ranked by price ascending, ties by the draw', () => {
    const r = ok(
      priceOnly({ A: '300.50', B: 200, C: 300.5, D: 250 }, { priceMethod: 'lowest_evaluated', drawOrder: ['C', 'A'] }),
    );
    expect(order(r)).toEqual(['B', 'D', 'C', 'A']);
    expect(r.bidders.every((b) => b.priceScore === null && b.total === null)).toBe(true);
    expect(r.benchmark).toBeNull();
    expect(r.candidateIds).toEqual(['B', 'D', 'C']);
  });
});

describe('candidates', () => {
  it.each([
    ['open_tender', 5, 5, 3],
    ['invited_tender', 2, 5, 2],
    ['competitive_negotiation', 5, 6, 5],
    ['inquiry', 4, 3, 3],
  ] as const)('%s, purchaseCandidateCount %i, %i valid bidders → %i', (method, wanted, n, expected) => {
    expect(candidateCount(method, wanted, n)).toBe(expected);
  });

  it('marks the top ones in the result', () => {
    const r = ok(
      priceOnly({ A: 100, B: 110, C: 120, D: 130 }, { purchaseMethod: 'open_tender', purchaseCandidateCount: 5 }),
    );
    expect(r.bidders.map((b) => b.candidate)).toEqual([true, true, true, false]);
  });
});

describe('evaluated prices: rounds and 下浮率', () => {
  it('takes the last round (a skipped round keeps the earlier quote)', () => {
    const { errors, priced } = evaluateQuotes({
      bidders: [
        { id: 'A', quotes: ['100', '95', '90'] },
        { id: 'B', quotes: ['100', '95', null] },
        { id: 'C', quotes: ['100'] },
      ],
      quotationRoundCount: 3,
    });
    expect(errors).toEqual([]);
    expect(priced.map((p) => p.price.toString())).toEqual(['90', '95', '100']);
  });

  it('refuses a later quote above the earlier one or the price limit, and too many rounds', () => {
    const { errors } = evaluateQuotes({
      bidders: [
        { id: 'A', name: '甲公司', quotes: ['100', '101'] },
        { id: 'B', name: '乙公司', quotes: ['130', '125'] },
        { id: 'C', name: '丙公司', quotes: ['100', '99', '98'] },
        { id: 'D', name: '丁公司', quotes: ['0'] },
      ],
      quotationRoundCount: 2,
      priceLimit: '120',
    });
    expect(errors).toEqual([
      M.quoteAboveEarlier('甲公司', 2),
      M.quoteAboveLimit('乙公司', 2, '120.00'),
      M.tooManyRounds('丙公司', 2),
      M.quoteInvalid('丁公司', 1),
    ]);
    expect(M.quoteAboveLimit('乙公司', 2, '120.00')).toBe('乙公司第2轮报价不得高于最高限价120.00元');
  });

  it('scoreType 3 has no rounds: one quote, whatever quotationRoundCount says', () => {
    const input = { quotationRoundCount: 3, scoreType: '3' };
    expect(evaluateQuotes({ ...input, bidders: [{ id: 'A', quotes: ['100'] }] }).errors).toEqual([]);
    expect(evaluateQuotes({ ...input, bidders: [{ id: 'A', name: '甲', quotes: ['100', '90'] }] }).errors).toEqual([
      '甲：该标包为一次报价，不进行多轮报价',
    ]);
  });

  it('prices a 下浮率 as fixedPrice × (1 − rate) and scores it (低价优先, P = 30)', () => {
    // 1,000,000 × 0.9 = 900,000; × 0.875 = 875,000; × 0.95 = 950,000; B = 875,000.
    // 875/900 × 30 = 29.1666… → 29.167; 30.000; 875/950 × 30 = 27.63157… → 27.632.
    const r = ok(
      priceOnly({ A: '0.1', B: '0.125', C: '0.05' }, { quoteKind: 'rate', fixedPrice: '1000000', pricePoints: 30 }),
    );
    expect(r.bidders.map((b) => [b.bidderId, b.evaluatedPrice, b.priceScore])).toEqual([
      ['B', '875000.00', '30.000'],
      ['A', '900000.00', '29.167'],
      ['C', '950000.00', '27.632'],
    ]);
  });

  it('a later 下浮率 may not fall (its price would rise); a rate outside [0, 1) is refused', () => {
    const { errors } = evaluateQuotes({
      bidders: [
        { id: 'A', name: '甲', quotes: ['0.1', '0.08'] },
        { id: 'B', name: '乙', quotes: ['1'] },
      ],
      quoteKind: 'rate',
      fixedPrice: '500000',
      quotationRoundCount: 2,
    });
    expect(errors).toEqual([M.quoteAboveEarlier('甲', 2), M.rateInvalid('乙', 1)]);
    expect(evaluateQuotes({ bidders: [], quoteKind: 'rate' }).errors).toEqual([M.rateNeedsFixedPrice]);
  });
});

describe('平均基准价: trimming the benchmark, floor at 0 and cap at P', () => {
  it('6 bids: drops the highest; floors at 0; a price at B gets exactly P', () => {
    // Sorted 85 90 95 100 105 200; drop 200: B = (85+90+95+100+105)/5 × (1 − 0) = 95. P = 10.
    // 95: d = 0 → 10.000 (the cap). 85: d = −10.526315… → 10 − 5.263157… = 4.737. 90: d = −5.263157… → 7.368.
    // 100: d = 5.263157… → 4.737. 105: d = 10.526… → −0.526 → 0.000. 200: d = 110.5… → 0.000.
    const r = ok(priceOnly({ A: 100, B: 90, C: 95, D: 105, E: 85, F: 200 }, { priceMethod: 'average_benchmark' }));
    expect(r.benchmark).toBe('95.000');
    const b = byId(r);
    expect(['A', 'B', 'C', 'D', 'E', 'F'].map((id) => b[id]?.priceScore)).toEqual([
      '4.737',
      '7.368',
      '10.000',
      '0.000',
      '4.737',
      '0.000',
    ]);
    // A and E tie at 4.74; E's price (85) is lower. D and F tie at 0.00; D's is lower.
    expect(order(r)).toEqual(['C', 'B', 'E', 'A', 'D', 'F']);
  });

  it('7 bids: drops the highest and the lowest; K and α apply', () => {
    // Sorted 80 90 100 110 120 130 300; drop 80 and 300: mean 110 × (1 − 0.1) = 99. P = 20, α = 2, β = 0.5.
    // 100: d = 1.0101… → 20 − 2 × 1.0101… = 17.97979… → 17.980. 90: d = −9.0909… → 20 − 4.54545… = 15.455.
    // 80: d = −19.1919… → 20 − 9.59595… = 10.40404… → 10.404. 110: d = 11.1111… → 20 − 22.22… → 0.000.
    const r = ok(
      priceOnly(
        { A: 100, B: 90, C: 80, D: 110, E: 120, F: 130, G: 300 },
        { priceMethod: 'average_benchmark', pricePoints: 20, k: '0.1', alpha: 2 },
      ),
    );
    expect(r.benchmark).toBe('99.000');
    const b = byId(r);
    expect(['A', 'B', 'C', 'D', 'G'].map((id) => b[id]?.priceScore)).toEqual([
      '17.980',
      '15.455',
      '10.404',
      '0.000',
      '0.000',
    ]);
  });

  it('refuses K outside [0, 1) and negative α, β', () => {
    const outcome = computeReviewScores(priceOnly({ A: 1, B: 2, C: 3 }, { priceMethod: 'average_benchmark', k: 1 }));
    expect(outcome).toEqual({ ok: false, errors: [M.priceParams] });
    const beta = computeReviewScores(priceOnly({ A: 1, B: 2, C: 3 }, { priceMethod: 'average_benchmark', beta: -1 }));
    expect(beta).toEqual({ ok: false, errors: [M.priceParams] });
  });
});

describe('流标 signals', () => {
  it('every first quote above the price limit → 流标 by the price limit', () => {
    const r = ok(priceOnly({ A: 121, B: 130, C: '120.01' }, { priceLimit: '120' }));
    expect(r.failed).toEqual({ reason: 'price_limit', message: '所有报价均超过最高限价，流标' });
    expect(r.bidders).toEqual([]);
    expect(r.candidateIds).toEqual([]);
  });

  it('bids above the limit are invalid; the 2 left are fewer than 3 → 流标, no candidates', () => {
    const r = ok(priceOnly({ A: 100, B: 130, C: 120 }, { priceLimit: '120' }));
    expect(r.excluded).toEqual([{ bidderId: 'B', reason: '报价超过最高限价120.00元' }]);
    expect(r.failed).toEqual({ reason: 'min_bidders', message: '有效投标人2家，少于最低3家，流标' });
    expect(order(r)).toEqual(['A', 'C']);
    expect(r.candidateIds).toEqual([]);
  });

  it('the minimum is an input: 2 valid bidders pass with minBidders 2', () => {
    const r = ok(priceOnly({ A: 100, B: 110 }, { minBidders: 2 }));
    expect(r.failed).toBeNull();
    expect(r.candidateIds).toEqual(['A', 'B']);
  });
});

describe('报价澄清 trigger: a quote more than 20 % below the mean of valid quotes', () => {
  it('exactly 20 % below is not flagged; just below is', () => {
    // 100, 100, 100, 75: mean 93.75, 80 % of it = 75 → 75 is not *more* than 20 % below.
    const edge = ok(priceOnly({ A: 100, B: 100, C: 100, D: 75 }));
    expect(edge.quoteMean).toBe('93.75');
    expect(edge.clarificationBidderIds).toEqual([]);
    // 100, 100, 100, 74.99: mean 93.7475, 80 % = 74.998 → 74.99 is below.
    const low = ok(priceOnly({ A: 100, B: 100, C: 100, D: '74.99' }));
    expect(low.clarificationBidderIds).toEqual(['D']);
    expect(byId(low).D?.needsClarification).toBe(true);
  });
});

describe('score validation', () => {
  const base = {
    bidders: [{ id: 'A', name: '甲公司', quotes: [] }],
    items: [{ id: 'tech', name: '技术', max: 40 }],
    experts: experts(3),
  };

  it('refuses a missing score, one out of 0..max and one that is not a number', () => {
    const errors = validateScores({ ...base, scores: sheet({ A: { tech: [40.01, -1, null] } }) });
    expect(errors).toEqual([
      '专家专家1对甲公司的“技术”评分须在0～40之间',
      '专家专家2对甲公司的“技术”评分须在0～40之间',
      '专家专家3尚未对甲公司的“技术”评分',
    ]);
    expect(validateScores({ ...base, scores: sheet({ A: { tech: ['abc', 0, 40] } }) })).toEqual([
      M.scoreNotNumber('专家1', '甲公司', '技术'),
    ]);
    // A score missing from the rows altogether is missing too.
    expect(validateScores({ ...base, scores: sheet({ A: { tech: [0, 40] } }) })).toEqual([
      M.scoreMissing('专家3', '甲公司', '技术'),
    ]);
  });

  it('computeReviewScores refuses to rank while any message stands', () => {
    const outcome = computeReviewScores({
      ...priceOnly({ A: 1, B: 2, C: 3 }),
      items: [{ id: 'i', name: '技术', max: 10 }],
      scores: sheet({ A: { i: [1, 2, 3] }, B: { i: [1, 2, 11] }, C: { i: [1, 2, 3] } }),
    });
    expect(outcome).toEqual({ ok: false, errors: [M.scoreOutOfRange('专家3', 'B', '技术', '10')] });
  });
});
