/** The settlement module's rows as the API answers them, and a contract row's ledger totals. */
import {
  type ContractTotals,
  formatDateTime,
  type PaymentDto,
  type PaymentMethod,
  SETTLEMENT_STATES,
  type SettlementDto,
  type SettlementKind,
  type SettlementState,
} from '@aps/shared';
import type { contract, settlementPayment as paymentTable, settlement } from '../contract/tables.ts';

type ContractRow = typeof contract.$inferSelect;
type SettlementRow = typeof settlement.$inferSelect;

export const totalsOf = (c: ContractRow): ContractTotals => ({
  amount: c.amount,
  changedAmount: c.changedAmount,
  settledAmount: c.settledAmount,
  payableAmount: c.payableAmount,
  paidAmount: c.paidAmount,
  retentionHeld: c.retentionHeld,
  retentionReleased: c.retentionReleased,
});
export const stateName = (s: string) => SETTLEMENT_STATES[s as SettlementState] ?? s;

export function toDto(r: SettlementRow, extra?: { contractNo: string; supplierName: string }): SettlementDto {
  return {
    id: r.id,
    settlementNo: r.settlementNo,
    contractId: r.contractId,
    ...(extra ?? {}),
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    amount: r.amount,
    deductions: r.deductions,
    retention: r.retention,
    netPayable: r.netPayable,
    paidAmount: r.paidAmount,
    remark: r.remark,
    invoices: r.invoices,
    state: r.state as SettlementState,
    state_dictText: stateName(r.state),
    kind: r.kind as SettlementKind,
    approvalStatus: r.approvalStatus,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

export const toPaymentDto = (p: typeof paymentTable.$inferSelect): PaymentDto => ({
  id: p.id,
  settlementId: p.settlementId,
  contractId: p.contractId,
  amount: p.amount,
  paidOn: p.paidOn,
  method: p.method as PaymentMethod,
  voucherNo: p.voucherNo,
  attachments: p.attachments,
  recordedBy: p.recordedBy,
  recordedAt: formatDateTime(p.recordedAt) ?? '',
});
