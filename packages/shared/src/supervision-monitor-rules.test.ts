import { describe, expect, it } from 'vitest';
import {
  type BidFact,
  detectSignals,
  nearLimitPrice,
  type PackageFact,
  relatedBidders,
  repeatWinners,
  shortPublicity,
  singleBidder,
  stageOverdue,
  toCents,
  unsignedContract,
} from './supervision-monitor-rules.ts';

const NOW = new Date('2026-06-30T00:00:00Z');
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

function pkg(over: Partial<PackageFact> = {}): PackageFact {
  return {
    packageId: 'p1',
    projectId: 'j1',
    packageName: '钢筋采购',
    sysOrgCode: 'A01A01',
    stage: 12,
    electionStatus: '1',
    status: 'active',
    fixedPrice: '100000.00',
    validBidders: 3,
    openedAt: days(60),
    reviewStoppedAt: days(55),
    winnerSupplierId: 's1',
    winnerName: '华东建材',
    winningPrice: '80000.00',
    awardedAt: days(10),
    publicityDays: 3,
    publicityStartedAt: days(20),
    publicityEndAt: days(17),
    contractId: null,
    contractSignedAt: null,
    stageEnteredAt: days(10),
    ...over,
  };
}

describe('toCents', () => {
  it('reads decimals exactly', () => {
    expect(toCents('99000')).toBe(9_900_000n);
    expect(toCents('0.5')).toBe(50n);
    expect(toCents('12.345')).toBe(1234n);
  });
});

describe('单一有效投标人', () => {
  it('fires on exactly one valid bidder', () => {
    const s = singleBidder(pkg({ validBidders: 1 }));
    expect(s?.signalType).toBe('singleBidder');
    expect(s?.description).toBe('标包「钢筋采购」仅有1家有效投标人');
    expect(s?.occurredAt).toEqual(days(55));
  });
  it('does not fire on two bidders or before the opening', () => {
    expect(singleBidder(pkg({ validBidders: 2 }))).toBeNull();
    expect(singleBidder(pkg({ validBidders: null }))).toBeNull();
    expect(singleBidder(pkg({ validBidders: 0 }))).toBeNull();
  });
});

describe('中标价接近限价', () => {
  it('fires at exactly 99 % and above', () => {
    expect(nearLimitPrice(pkg({ winningPrice: '99000.00' }))?.description).toBe(
      '标包「钢筋采购」中标价99000.00元为限价100000.00元的99.00%',
    );
    expect(nearLimitPrice(pkg({ winningPrice: '100000.00' }))).not.toBeNull();
  });
  it('does not fire just below 99 %, without a price or without a limit', () => {
    expect(nearLimitPrice(pkg({ winningPrice: '98999.99' }))).toBeNull();
    expect(nearLimitPrice(pkg({ winningPrice: null }))).toBeNull();
    expect(nearLimitPrice(pkg({ fixedPrice: '0', winningPrice: '10' }))).toBeNull();
  });
});

describe('同一供应商在同一部门反复中标', () => {
  const wins = (n: number, over: Partial<PackageFact> = {}) =>
    Array.from({ length: n }, (_, i) => pkg({ packageId: `p${i}`, awardedAt: days(30 * (i + 1)), ...over }));
  it('fires on three awards of one department within 12 months', () => {
    const out = repeatWinners(wins(3), NOW);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ targetType: 'supplier', targetId: 's1', sysOrgCode: 'A01A01' });
    expect(out[0]?.description).toBe('供应商「华东建材」12个月内在同一部门中标3个标包');
    expect(out[0]?.occurredAt).toEqual(days(30));
  });
  it('does not fire on two awards, on awards older than 12 months, or across departments', () => {
    expect(repeatWinners(wins(2), NOW)).toEqual([]);
    const old = [...wins(2), pkg({ packageId: 'old', awardedAt: days(400) })];
    expect(repeatWinners(old, NOW)).toEqual([]);
    const spread = [...wins(2), pkg({ packageId: 'x', sysOrgCode: 'A01A02', awardedAt: days(5) })];
    expect(repeatWinners(spread, NOW)).toEqual([]);
  });
});

describe('关联投标', () => {
  const bid = (supplierId: string, rep: string | null, phone: string | null): BidFact => ({
    packageId: 'p1',
    supplierId,
    supplierName: `供应商${supplierId}`,
    legalRepresentative: rep,
    contactPhone: phone,
  });
  const packages = new Map([['p1', pkg()]]);
  it('fires on a shared legal representative or a shared phone', () => {
    const byRep = relatedBidders([bid('a', '张 三', '1'), bid('b', '张三', '2'), bid('c', '李四', '3')], packages);
    expect(byRep).toHaveLength(1);
    expect(byRep[0]?.description).toBe('标包「钢筋采购」投标人供应商a、供应商b法定代表人相同');
    const byPhone = relatedBidders([bid('a', '甲', '138-0000-0000'), bid('b', '乙', '13800000000')], packages);
    expect(byPhone[0]?.description).toContain('联系电话相同');
  });
  it('does not fire on distinct or empty values', () => {
    expect(relatedBidders([bid('a', '甲', '1'), bid('b', '乙', '2')], packages)).toEqual([]);
    expect(relatedBidders([bid('a', null, ''), bid('b', null, null)], packages)).toEqual([]);
    expect(relatedBidders([bid('a', '甲', '1')], packages)).toEqual([]);
  });
});

describe('公示期不足', () => {
  it('fires when the publicity ran or was set shorter than 3 days', () => {
    expect(shortPublicity(pkg({ publicityEndAt: days(18) }))?.description).toBe('标包「钢筋采购」结果公示2天，少于3天');
    expect(shortPublicity(pkg({ publicityDays: 1, publicityEndAt: null }))).not.toBeNull();
  });
  it('does not fire on 3 days or before the publicity', () => {
    expect(shortPublicity(pkg())).toBeNull();
    expect(shortPublicity(pkg({ stage: 10, publicityDays: 1 }))).toBeNull();
    expect(shortPublicity(pkg({ publicityStartedAt: null, publicityDays: 1 }))).toBeNull();
  });
});

describe('中标后30天未签合同', () => {
  it('fires past 30 days without a signed contract, pointing at the contract when there is one', () => {
    const s = unsignedContract(pkg({ awardedAt: days(31) }), NOW);
    expect(s).toMatchObject({ targetType: 'package', description: '标包「钢筋采购」定标已31天，尚未起草合同' });
    const c = unsignedContract(pkg({ awardedAt: days(45), contractId: 'c1' }), NOW);
    expect(c).toMatchObject({ targetType: 'contract', targetId: 'c1', contractId: 'c1' });
  });
  it('does not fire within 30 days, once signed, or for a failed package', () => {
    expect(unsignedContract(pkg({ awardedAt: days(29) }), NOW)).toBeNull();
    expect(unsignedContract(pkg({ awardedAt: days(45), contractSignedAt: days(1) }), NOW)).toBeNull();
    expect(unsignedContract(pkg({ awardedAt: days(45), electionStatus: '0' }), NOW)).toBeNull();
  });
});

describe('阶段超期', () => {
  it('fires when the stage lasts longer than its norm', () => {
    const s = stageOverdue(pkg({ stage: 4, stageEnteredAt: days(3) }), NOW);
    expect(s).toMatchObject({ signalType: 'stageOverdue', stage: 4, key: 'stageOverdue:p1:4' });
    expect(s?.description).toBe('标包「钢筋采购」在当前阶段已超出标准时长48小时24小时');
  });
  it('does not fire within the norm, at stage 12 or for a terminated package', () => {
    expect(stageOverdue(pkg({ stage: 4, stageEnteredAt: days(1) }), NOW)).toBeNull();
    expect(stageOverdue(pkg({ stage: 12, stageEnteredAt: days(300) }), NOW)).toBeNull();
    expect(stageOverdue(pkg({ stage: 4, status: 'terminated', stageEnteredAt: days(30) }), NOW)).toBeNull();
  });
});

describe('detectSignals', () => {
  it('runs every rule', () => {
    const types = detectSignals([pkg({ validBidders: 1, winningPrice: '99500', awardedAt: days(40) })], [], NOW).map(
      (s) => s.signalType,
    );
    expect(types.sort()).toEqual(['nearLimitPrice', 'singleBidder', 'unsignedContract']);
  });
});
