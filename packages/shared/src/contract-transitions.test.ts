import { describe, expect, it } from 'vitest';
import { nextContractState, nextSettlementState } from './contract.constants.ts';
import { certificateState, nextSupplierStatus } from './supplier.constants.ts';

describe('state machines', () => {
  it('moves a supplier through its lifecycle and refuses skipped steps', () => {
    expect(nextSupplierStatus('1', 'admit')).toBe('2');
    expect(nextSupplierStatus('2', 'qualify')).toBe('3');
    expect(nextSupplierStatus('3', 'suspend')).toBe('4');
    expect(nextSupplierStatus('4', 'resume')).toBe('3');
    expect(nextSupplierStatus('4', 'blacklist')).toBe('5');
    expect(nextSupplierStatus('5', 'release')).toBe('3');
    expect(nextSupplierStatus('5', 'eliminate')).toBe('6');
    expect(nextSupplierStatus('1', 'qualify')).toBeNull();
    expect(nextSupplierStatus('6', 'resume')).toBeNull();
    expect(nextSupplierStatus('3', 'release')).toBeNull();
  });

  it('runs a contract from draft to closed, with change, terminate and void', () => {
    const path = [
      ['draft', 'submit', 'approving'],
      ['approving', 'approve', 'to_sign'],
      ['to_sign', 'sign', 'performing'],
      ['performing', 'change', 'changing'],
      ['changing', 'changeApproved', 'performing'],
      ['performing', 'performed', 'performed'],
      ['performed', 'warranty', 'warranty'],
      ['warranty', 'close', 'closed'],
    ] as const;
    for (const [from, action, to] of path) expect(nextContractState(from, action)).toBe(to);
    expect(nextContractState('approving', 'reject')).toBe('draft');
    expect(nextContractState('performing', 'terminate')).toBe('terminated');
    expect(nextContractState('to_sign', 'void')).toBe('voided');
    expect(nextContractState('performing', 'void')).toBeNull();
    expect(nextContractState('closed', 'terminate')).toBeNull();
    expect(nextContractState('draft', 'sign')).toBeNull();
  });

  it('runs a settlement to paid and back to draft on rejection', () => {
    expect(nextSettlementState('draft', 'submit')).toBe('approving');
    expect(nextSettlementState('approving', 'reject')).toBe('draft');
    expect(nextSettlementState('approving', 'approve')).toBe('approved');
    expect(nextSettlementState('approved', 'pay')).toBe('partially_paid');
    expect(nextSettlementState('partially_paid', 'payOff')).toBe('paid');
    expect(nextSettlementState('paid', 'pay')).toBeNull();
    expect(nextSettlementState('draft', 'pay')).toBeNull();
  });

  it('derives a certificate state from its expiry date', () => {
    expect(certificateState('2026-01-01', '2026-01-02')).toBe('expired');
    expect(certificateState('2026-01-02', '2026-01-02')).toBe('expiring');
    expect(certificateState('2026-02-01', '2026-01-02')).toBe('expiring');
    expect(certificateState('2026-02-02', '2026-01-02')).toBe('valid');
  });
});
