/** Response shapes of the supplier endpoints (issue 16). Money and scores are decimal strings. */
import type {
  BlacklistScope,
  BlacklistState,
  CertificateState,
  SupplierChangeState,
  SupplierStatus,
} from './supplier.constants.ts';

export interface SupplierFileDto {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

export interface SupplierDto {
  id: string;
  name: string;
  creditCode: string;
  legalRepresentative: string | null;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  categories: string[];
  bankName: string | null;
  bankAccount: string | null;
  score: string | null;
  standing: string | null;
  status: SupplierStatus;
  status_dictText?: string;
  approvalStatus: string;
  suspendedReason: string | null;
  registerTime: string | null;
  admittedTime: string | null;
  qualifiedTime: string | null;
  createTime: string;
  /** The active blacklist row, when any (list and detail). */
  blacklist?: BlacklistDto | null;
}

export interface SupplierStatusHistoryDto {
  id: string;
  supplierId: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actor: string;
  createTime: string;
}

export interface BlacklistDto {
  id: string;
  supplierId: string;
  supplierName?: string;
  reason: string;
  scope: BlacklistScope;
  categories: string[];
  startDate: string;
  endDate: string | null;
  state: BlacklistState;
  approvalStatus: string;
  releasedAt: string | null;
  releasedBy: string | null;
  releaseReason: string | null;
  createBy: string | null;
  createTime: string;
}

export interface CertificateDto {
  id: string;
  supplierId: string;
  kind: string;
  name: string;
  number: string;
  issuer: string | null;
  validFrom: string | null;
  expiresOn: string;
  files: SupplierFileDto[];
  state: CertificateState;
  createTime: string;
}

export interface SupplierChangeDto {
  id: string;
  supplierId: string;
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  keyData: boolean;
  state: SupplierChangeState;
  approvalStatus: string;
  reason: string | null;
  createBy: string | null;
  createTime: string;
}

export interface PerformanceDto {
  id: string;
  contractId: string;
  contractNo?: string;
  supplierId: string;
  qualityScore: string;
  scheduleScore: string;
  serviceScore: string;
  totalScore: string;
  comments: string | null;
  evaluator: string;
  createTime: string;
}

/** 供应商名录 detail drawer: the profile and everything around it. */
export interface SupplierDetailDto extends SupplierDto {
  categoryNames: string[];
  certificates: CertificateDto[];
  history: SupplierStatusHistoryDto[];
  blacklists: BlacklistDto[];
  users: { id: string; username: string; realname: string }[];
}
