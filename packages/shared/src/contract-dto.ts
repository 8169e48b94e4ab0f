/** Response shapes of the contract, settlement and ledger endpoints (issue 16). Money: decimal strings. */
import type {
  ContractChangeKind,
  ContractChangeState,
  ContractState,
  PaymentMethod,
  SettlementKind,
  SettlementState,
} from './contract.constants.ts';
import type { PerformanceDto, SupplierFileDto } from './supplier-dto.ts';

export interface ContractDto {
  id: string;
  contractNo: string;
  name: string;
  packageId: string;
  packageName?: string;
  projectId: string | null;
  purchaseId: string | null;
  awardLetterId: string | null;
  supplierId: string;
  supplierName?: string;
  sysOrgCode: string | null;
  amount: string;
  changedAmount: string;
  settledAmount: string;
  payableAmount: string;
  paidAmount: string;
  retentionHeld: string;
  retentionReleased: string;
  termStart: string;
  termEnd: string;
  payTerms: string | null;
  warrantyPeriod: number;
  retentionRate: string;
  attachments: SupplierFileDto[];
  state: ContractState;
  state_dictText?: string;
  approvalStatus: string;
  buyerSignedAt: string | null;
  buyerSignedBy: string | null;
  supplierSignedAt: string | null;
  supplierSignedBy: string | null;
  performanceEnd: string | null;
  warrantyEnd: string | null;
  endedAt: string | null;
  endReason: string | null;
  createBy: string | null;
  createTime: string;
}

export interface ContractChangeDto {
  id: string;
  contractId: string;
  kind: ContractChangeKind;
  oldValue: string;
  newValue: string;
  reason: string;
  state: ContractChangeState;
  approvalStatus: string;
  createBy: string | null;
  createTime: string;
}

export interface SettlementDto {
  id: string;
  settlementNo: string;
  contractId: string;
  contractNo?: string;
  supplierName?: string;
  periodStart: string;
  periodEnd: string;
  amount: string;
  deductions: string;
  retention: string;
  netPayable: string;
  paidAmount: string;
  remark: string | null;
  invoices: SupplierFileDto[];
  state: SettlementState;
  state_dictText?: string;
  /** 'progress' or 'retention' (released retention to pay, SETTLEMENT_KINDS). */
  kind: SettlementKind;
  approvalStatus: string;
  createBy: string | null;
  createTime: string;
}

export interface PaymentDto {
  id: string;
  settlementId: string;
  contractId: string;
  amount: string;
  paidOn: string;
  method: PaymentMethod;
  voucherNo: string | null;
  attachments: SupplierFileDto[];
  recordedBy: string;
  recordedAt: string;
}

/** One ledger row: a contract and its figures (ledger.contractFigures). */
export interface LedgerRowDto {
  /** The contract's id again: the list kit sends the last row's `id` as the next page's keyset cursor. */
  id: string;
  contractId: string;
  contractNo: string;
  contractName: string;
  supplierId: string;
  supplierName: string;
  sysOrgCode: string | null;
  state: ContractState;
  amount: string;
  changedAmount: string;
  total: string;
  settledAmount: string;
  payableAmount: string;
  paidAmount: string;
  unpaid: string;
  retentionHeld: string;
  retentionReleased: string;
  retentionBalance: string;
  remaining: string;
}

/** The award a contract is drafted from (CONTRACT_API.draftFromAward). */
export interface ContractAwardDto {
  packageId: string;
  packageName: string;
  purchaseName: string;
  supplierId: string;
  supplierName: string;
  /** The winning price. */
  amount: string;
  payTerms: string | null;
  warrantyPeriod: number;
  retentionRate: string;
  awardLetterId: string | null;
  awardTime: string | null;
  /** The package's live contract, when there is one already. */
  contractId: string | null;
}

/** The detail drawer: the contract, its figures (ledger.contractFigures), change history, settlements, evaluation. */
export interface ContractDetailDto extends ContractDto {
  /** The buyer's department by name (sysOrgCode is its code). */
  departName: string | null;
  total: string;
  unpaid: string;
  remaining: string;
  changes: ContractChangeDto[];
  settlementCount: number;
  evaluation: PerformanceDto | null;
}

/** One group of the aggregated ledger (per supplier, department or category): Σ of the contract figures. */
export interface LedgerGroupDto {
  key: string;
  label: string;
  contracts: number;
  total: string;
  settledAmount: string;
  paidAmount: string;
  unpaid: string;
  retentionBalance: string;
}

/** One month of the period view: approved settlements (approved_at) and payments (paid_on). */
export interface LedgerMonthDto {
  month: string;
  settledAmount: string;
  paidAmount: string;
}

/** LEDGER_API.summary: the totals of the filtered ledger and its groupings. */
export interface LedgerSummaryDto {
  contracts: number;
  total: string;
  amount: string;
  changedAmount: string;
  settledAmount: string;
  payableAmount: string;
  paidAmount: string;
  unpaid: string;
  retentionHeld: string;
  retentionReleased: string;
  retentionBalance: string;
  bySupplier: LedgerGroupDto[];
  byDepartment: LedgerGroupDto[];
  byCategory: LedgerGroupDto[];
  byMonth: LedgerMonthDto[];
}
