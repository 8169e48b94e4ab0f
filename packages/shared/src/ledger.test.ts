import { describe, expect, it } from 'vitest';
import {
  applyAmountChange,
  applyPayment,
  applySettlement,
  type ContractTotals,
  contractFigures,
  exceedsBalance,
  money,
  netPayable,
  retentionOf,
  settleableBalance,
  settlementPayment,
  sumFigures,
  ZERO_TOTALS,
} from './ledger.ts';

const base: ContractTotals = { ...ZERO_TOTALS, amount: '100000.00' };

describe('ledger arithmetic', () => {
  it('rounds half up to cents without binary floats', () => {
    expect(money('0.1')).toBe('0.10');
    expect(money('1.005')).toBe('1.01');
    expect(money('-0.001')).toBe('0.00');
  });

  it('follows a contract through a change, a settlement and payments', () => {
    let t = applyAmountChange(base, '120000.10');
    expect(t.changedAmount).toBe('20000.10');
    const net = netPayable('50000.00', '1000.00', retentionOf('50000.00', '5'));
    expect(retentionOf('50000.00', '5')).toBe('2500.00');
    expect(net).toBe('46500.00');
    t = applySettlement(t, { amount: '50000.00', netPayable: net as string, retention: '2500.00' });
    t = applyPayment(t, '0.10');
    t = applyPayment(t, '0.20');
    const f = contractFigures(t);
    expect(f.total).toBe('120000.10');
    expect(f.settledAmount).toBe('50000.00');
    expect(f.payableAmount).toBe('46500.00');
    expect(f.paidAmount).toBe('0.30');
    expect(f.unpaid).toBe('46499.70');
    expect(f.retentionBalance).toBe('2500.00');
    expect(f.remaining).toBe('70000.10');
  });

  it('counts settlements in approval against the settleable balance, never below zero', () => {
    const t = { ...base, settledAmount: '60000.00' };
    expect(settleableBalance(t)).toBe('40000.00');
    expect(settleableBalance(t, '39999.99')).toBe('0.01');
    expect(settleableBalance(t, '50000')).toBe('0.00');
    expect(exceedsBalance('40000.01', settleableBalance(t))).toBe(true);
    expect(exceedsBalance('40000.00', settleableBalance(t))).toBe(false);
  });

  it('refuses deductions and retention above the amount', () => {
    expect(netPayable('100.00', '60.00', '40.01')).toBeNull();
    expect(netPayable('100.00', '60.00', '40.00')).toBe('0.00');
  });

  it('pays a settlement off exactly and refuses an overpayment or zero', () => {
    expect(settlementPayment({ netPayable: '100.00', paidAmount: '40.00' }, '60.00')).toEqual({
      paidAmount: '100.00',
      unpaid: '0.00',
      paidOff: true,
    });
    expect(settlementPayment({ netPayable: '100.00', paidAmount: '40.00' }, '59.99')?.paidOff).toBe(false);
    expect(settlementPayment({ netPayable: '100.00', paidAmount: '40.00' }, '60.01')).toBeNull();
    expect(settlementPayment({ netPayable: '100.00', paidAmount: '0' }, '0')).toBeNull();
  });

  it('aggregates many contracts exactly', () => {
    const rows = Array.from({ length: 1000 }, () => ({
      ...base,
      amount: '0.10',
      paidAmount: '0.01',
      payableAmount: '0.02',
    }));
    const s = sumFigures(rows);
    expect(s.amount).toBe('100.00');
    expect(s.paidAmount).toBe('10.00');
    expect(s.unpaid).toBe('10.00');
  });
});
