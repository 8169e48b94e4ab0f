import { describe, expect, it } from 'vitest';
import {
  committeeSizeError,
  type DrawOutcome,
  type DrawRequirement,
  drawExperts,
  hashSeed,
  REVIEW_DRAW_MESSAGES as M,
  type PoolExpert,
  seededOrder,
} from './review-draw.ts';

/** e01…e12, all 正常, speciality 'it', each at their own employer. */
const pool: PoolExpert[] = Array.from({ length: 12 }, (_, i) => {
  const id = `e${String(i + 1).padStart(2, '0')}`;
  return { id, specialities: ['it'], region: '北京', employer: `单位${id}`, avoidances: [], status: 'normal' };
});
const req: DrawRequirement = { purchaseMethod: 'open_tender', count: 5, specialities: ['it'], excludedEmployers: [] };

function drawn(outcome: DrawOutcome) {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}
/** seededOrder(e01…e08, 'PKG-2026-0001#1') as recorded. */
const GOLDEN = ['e03', 'e01', 'e07', 'e04', 'e08', 'e05', 'e02', 'e06'];
const ids = (o: DrawOutcome) => drawn(o).drawn.map((d) => d.expertId);

describe('committee size', () => {
  it.each([
    ['open_tender', 5, null],
    ['open_tender', 7, null],
    ['open_tender', 3, '公开招标的评审委员会不得少于5人'],
    ['invited_tender', 3, '邀请招标的评审委员会不得少于5人'],
    ['open_tender', 6, M.countEven],
    ['competitive_negotiation', 3, null],
    ['competitive_consultation', 1, '竞争性磋商的评审委员会不得少于3人'],
    ['inquiry', 4, M.countEven],
    ['inquiry', 0, M.countInvalid],
    ['inquiry', 3.5, M.countInvalid],
  ] as const)('%s with %d experts → %s', (method, count, message) => {
    expect(committeeSizeError(method, count)).toBe(message);
  });

  it('drawExperts refuses an invalid size before drawing', () => {
    expect(drawExperts(pool, { ...req, count: 3 }, 'seed')).toEqual({
      ok: false,
      message: '公开招标的评审委员会不得少于5人',
      excluded: [],
    });
  });
});

describe('determinism by seed', () => {
  it('FNV-1a hashes the seed text (the published test vectors)', () => {
    expect(hashSeed('')).toBe(0x811c9dc5);
    expect(hashSeed('a')).toBe(0xe40c292c);
    expect(hashSeed('foobar')).toBe(0xbf9cf968);
  });

  it('replays a recorded draw exactly: this seed gave this order when it was recorded', () => {
    // A golden value on purpose: changing the hash, the generator or the shuffle would silently change every
    // past draw's replay, and an audit could no longer reproduce a committee.
    expect(seededOrder(['e01', 'e02', 'e03', 'e04', 'e05', 'e06', 'e07', 'e08'], 'PKG-2026-0001#1')).toEqual(GOLDEN);
  });

  it('the same seed and pool give the same committee whatever order the pool is read in', () => {
    const a = drawExperts(pool, req, '标包A-第1次抽取');
    const b = drawExperts([...pool].reverse(), req, '标包A-第1次抽取');
    expect(a).toEqual(b);
    expect(ids(a)).toHaveLength(5);
    expect(new Set(ids(a)).size).toBe(5);
    expect(drawn(a).drawn.map((d) => d.sequence)).toEqual([1, 2, 3, 4, 5]);
  });

  it('another seed gives another committee', () => {
    expect(ids(drawExperts(pool, req, 'seed-1'))).not.toEqual(ids(drawExperts(pool, req, 'seed-2')));
  });

  it('over many seeds every expert is drawn about as often (3 of 6, 3000 draws → 1500 each)', () => {
    const counts = new Map<string, number>();
    const six = pool.slice(0, 6);
    for (let i = 0; i < 3000; i++) {
      for (const id of ids(drawExperts(six, { ...req, purchaseMethod: 'inquiry', count: 3 }, `s${i}`))) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(6);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1350);
      expect(n).toBeLessThan(1650);
    }
  });
});

describe('avoidance', () => {
  const conflicted: PoolExpert[] = [
    ...pool.slice(0, 8),
    { ...pool[8]!, employer: '甲建设集团（北京）有限公司' },
    { ...pool[9]!, avoidances: ['乙科技有限公司'] },
    { ...pool[10]!, status: 'suspended' },
    { ...pool[11]!, specialities: ['law'] },
  ];
  const withBidders = { ...req, excludedEmployers: ['甲建设集团(北京)有限公司', '乙科技有限公司'] };

  it('leaves out the same employer, declared avoidances, 暂停 and other specialities, with the reason', () => {
    const out = drawn(drawExperts(conflicted, withBidders, 'x'));
    expect(out.excluded).toEqual([
      { expertId: 'e09', reason: '与投标人甲建设集团(北京)有限公司为同一单位' },
      { expertId: 'e10', reason: '已声明回避投标人乙科技有限公司' },
      { expertId: 'e11', reason: '专家状态为暂停' },
      { expertId: 'e12', reason: '专业不符合抽取要求' },
    ]);
    expect(out.order).toHaveLength(8);
  });

  it('never draws an excluded expert, whatever the seed', () => {
    for (let i = 0; i < 200; i++) {
      const chosen = ids(drawExperts(conflicted, { ...withBidders, count: 7 }, `seed${i}`));
      expect(chosen.filter((id) => ['e09', 'e10', 'e11', 'e12'].includes(id))).toEqual([]);
    }
  });

  it('with no speciality asked, any speciality qualifies', () => {
    const out = drawn(drawExperts(conflicted, { ...withBidders, specialities: [] }, 'x'));
    expect(out.excluded.map((e) => e.expertId)).toEqual(['e09', 'e10', 'e11']);
  });
});

describe('replacement draws', () => {
  const seed = '标包B-抽取';
  const first = drawn(drawExperts(pool, req, seed));

  it('replaces a declined expert by the next one in the same seeded order; the others keep their seats', () => {
    const out = drawn(drawExperts(pool, req, seed, { declined: [{ expertId: first.order[1]!, reason: '回避' }] }));
    expect(out.order).toEqual(first.order);
    expect(ids(out)).toEqual([first.order[0], first.order[2], first.order[3], first.order[4], first.order[5]]);
    expect(out.drawn[4]).toEqual({ expertId: first.order[5], sequence: 6, replacesExpertId: first.order[1] });
    expect(out.drawn.slice(0, 4).every((d) => d.replacesExpertId === null)).toBe(true);
    expect(out.excluded).toEqual([{ expertId: first.order[1], reason: '回避' }]);
  });

  it('a replacement who declines too is replaced by the one after, for the same vacancy', () => {
    const declined = [
      { expertId: first.order[1]!, reason: '回避' },
      { expertId: first.order[3]!, reason: '拒绝参加' },
      { expertId: first.order[5]!, reason: '拒绝参加' },
    ];
    const out = drawn(drawExperts(pool, req, seed, { declined }));
    // Seats 1..5 of the order: 0 ✓, 1 ✗, 2 ✓, 3 ✗, 4 ✓; then 5 ✗ (a replacement declining), 6 → for 1, 7 → for 3.
    expect(out.drawn).toEqual([
      { expertId: first.order[0], sequence: 1, replacesExpertId: null },
      { expertId: first.order[2], sequence: 3, replacesExpertId: null },
      { expertId: first.order[4], sequence: 5, replacesExpertId: null },
      { expertId: first.order[6], sequence: 7, replacesExpertId: first.order[1] },
      { expertId: first.order[7], sequence: 8, replacesExpertId: first.order[3] },
    ]);
  });
});

describe('a pool too small', () => {
  it('says how many qualify when the committee cannot be filled', () => {
    const out = drawExperts(pool.slice(0, 6), { ...req, count: 7 }, 's');
    expect(out).toMatchObject({
      ok: false,
      message: '符合条件的专家只有6人，不足以组成7人的评审委员会，请调整专业要求或扩充专家库',
    });
  });

  it('counts the declined out: 5 of 5 drawn, one declines, nobody left to replace', () => {
    const five = pool.slice(0, 5);
    const out = drawExperts(five, req, 's', { declined: [{ expertId: 'e03', reason: '回避' }] });
    expect(out).toEqual({ ok: false, message: M.poolTooSmall(4, 5), excluded: [{ expertId: 'e03', reason: '回避' }] });
  });

  it('needs a seed', () => {
    expect(drawExperts(pool, req, '  ')).toEqual({ ok: false, message: M.seedRequired, excluded: [] });
  });
});
