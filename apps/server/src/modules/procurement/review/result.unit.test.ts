import { computeReviewScores, type ScoringResult } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { pickCandidates } from './result.ts';

type Ranked = Pick<ScoringResult, 'bidders' | 'failed'>;
const ranked = (...ids: string[]): Ranked =>
  ({ bidders: ids.map((bidderId) => ({ bidderId })), failed: null }) as unknown as Ranked;

describe('pickCandidates (竞选核查 after the ranking)', () => {
  it('takes the engine count down the ranking', () => {
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(), 'open_tender', 1)).toEqual(['c']);
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(), 'open_tender', 2)).toEqual(['c', 'a']);
  });

  it('promotes the next ranked bidder past a disqualified candidate', () => {
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(['c']), 'open_tender', 1)).toEqual(['a']);
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(['a']), 'open_tender', 2)).toEqual(['c', 'b']);
  });

  it('leaves none when every bidder is disqualified, and fewer when the ranking runs out', () => {
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(['a', 'b', 'c']), 'open_tender', 1)).toEqual([]);
    expect(pickCandidates(ranked('c', 'a', 'b'), new Set(['c', 'a']), 'open_tender', 3)).toEqual(['b']);
  });

  it('caps tenders at 3 but not negotiations', () => {
    const five = ranked('a', 'b', 'c', 'd', 'e');
    expect(pickCandidates(five, new Set(), 'open_tender', 5)).toEqual(['a', 'b', 'c']);
    expect(pickCandidates(five, new Set(['a']), 'open_tender', 5)).toEqual(['b', 'c', 'd']);
    expect(pickCandidates(five, new Set(), 'competitive_negotiation', 5)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('recommends nobody after an engine 流标', () => {
    const failed: Ranked = { ...ranked('a', 'b'), failed: { reason: 'min_bidders', message: '' } };
    expect(pickCandidates(failed, new Set(), 'open_tender', 3)).toEqual([]);
  });

  it('works on the engine result of the issue case (C, A, B)', () => {
    const out = computeReviewScores({
      bidders: [
        { id: 'A', quotes: ['950000'] },
        { id: 'B', quotes: ['900000'] },
        { id: 'C', quotes: ['1000000'] },
      ],
      items: [
        { id: 't', max: 40 },
        { id: 'b', max: 20 },
      ],
      experts: ['1', '2', '3', '4', '5'].map((id) => ({ id })),
      scores: Object.entries({
        A: [
          [35, 38, 30, 36, 33],
          [18, 17, 19, 15, 18],
        ],
        B: [
          [30, 32, 31, 29, 33],
          [16, 16, 17, 15, 18],
        ],
        C: [
          [39, 37, 38, 40, 36],
          [19, 20, 18, 19, 17],
        ],
      }).flatMap(([bidderId, [tech, biz]]) =>
        ['1', '2', '3', '4', '5'].flatMap((expertId, i) => [
          { expertId, bidderId, itemId: 't', score: tech?.[i] ?? null },
          { expertId, bidderId, itemId: 'b', score: biz?.[i] ?? null },
        ]),
      ),
      priceMethod: 'low_price',
      pricePoints: '40',
      purchaseMethod: 'open_tender',
      purchaseCandidateCount: 1,
    });
    if (!out.ok) throw new Error(out.errors.join());
    expect(pickCandidates(out.result, new Set(), 'open_tender', 1)).toEqual(['C']);
    expect(pickCandidates(out.result, new Set(['C']), 'open_tender', 1)).toEqual(['A']);
    expect(pickCandidates(out.result, new Set(['C', 'A']), 'open_tender', 1)).toEqual(['B']);
  });
});
