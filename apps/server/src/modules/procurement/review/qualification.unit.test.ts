import { describe, expect, it } from 'vitest';
import { decideBid } from './qualification.ts';

const members = ['m1', 'm2', 'm3', 'm4', 'm5'];
const items = ['i1', 'i2'];
/** Every member passes every item, except the listed (member, item) failures. */
const verdicts = (ms: string[], failures: [string, string][] = []) =>
  ms.flatMap((memberId) =>
    items.map((itemId) => ({
      memberId,
      itemId,
      pass: !failures.some(([m, i]) => m === memberId && i === itemId),
    })),
  );

describe('decideBid (the qualification majority)', () => {
  it('is undecided while a member has not judged every item', () => {
    expect(decideBid(members, items, verdicts(members.slice(0, 4)))).toBeNull();
    expect(decideBid(members, items, verdicts(members).slice(1))).toBeNull();
  });

  it('fails a bid when more than half fail one item, and names the item', () => {
    const v = verdicts(members, [
      ['m1', 'i2'],
      ['m2', 'i2'],
      ['m3', 'i2'],
    ]);
    expect(decideBid(members, items, v)).toEqual({ outcome: 'failed', failedItems: ['i2'] });
  });

  it('passes with 2 of 5 不通过, and failures spread over items never add up', () => {
    expect(
      decideBid(
        members,
        items,
        verdicts(members, [
          ['m1', 'i1'],
          ['m2', 'i1'],
        ]),
      )?.outcome,
    ).toBe('passed');
    const spread = verdicts(members, [
      ['m1', 'i1'],
      ['m2', 'i1'],
      ['m3', 'i2'],
      ['m4', 'i2'],
    ]);
    expect(decideBid(members, items, spread)).toEqual({ outcome: 'passed', failedItems: [] });
  });

  it('with an even head count exactly half is no majority', () => {
    const six = [...members, 'rep'];
    expect(
      decideBid(
        six,
        items,
        verdicts(six, [
          ['m1', 'i1'],
          ['m2', 'i1'],
          ['rep', 'i1'],
        ]),
      )?.outcome,
    ).toBe('passed');
    const four = verdicts(six, [
      ['m1', 'i1'],
      ['m2', 'i1'],
      ['m3', 'i1'],
      ['rep', 'i1'],
    ]);
    expect(decideBid(six, items, four)?.outcome).toBe('failed');
  });

  it('ignores verdicts of members out of the committee and of other items', () => {
    const extra = [...verdicts(members), { memberId: 'gone', itemId: 'i1', pass: false }];
    extra.push({ memberId: 'm1', itemId: 'scoring', pass: false });
    expect(decideBid(members, items, extra)).toEqual({ outcome: 'passed', failedItems: [] });
  });

  it('decides at once when there is no item to judge', () => {
    expect(decideBid(members, [], [])).toEqual({ outcome: 'passed', failedItems: [] });
  });
});
