/**
 * The zod half of the contract and settlement contract (issue 16): contract add/edit/change/terminate, the
 * settlement and its payments, and the list queries (contracts, settlements, the ledger). State, balance and scope
 * checks are the server's (ledger.ts does the arithmetic).
 */
import { z } from 'zod';
import {
  CONTRACT_STATE_CODES,
  CONTRACT_LIMITS as L,
  CONTRACT_MESSAGES as M,
  PAYMENT_METHODS,
  SETTLEMENT_MESSAGES as S,
  SETTLEMENT_STATE_CODES,
} from './contract.constants.ts';
import { dateSchema, integerSchema } from './primitives.ts';
import { moneySchema } from './procurement.ts';
import { pageQuerySchema } from './query.ts';
import {
  keywordField as keyword,
  nullableText as optionalText,
  requiredText as text,
  uuidField as uuid,
} from './schema-fields.ts';
import { certificateFileSchema } from './supplier.ts';

export * from './contract.constants.ts';
export * from './contract-dto.ts';
export * from './ledger.ts';

const contractId = uuid(M.notFound);
const settlementId = uuid(S.notFound);
const attachments = z
  .array(certificateFileSchema)
  .max(L.maxAttachments, `最多上传${L.maxAttachments}个附件`)
  .default([]);
const percent = moneySchema('质保金比例').refine((v) => Number(v) <= L.maxRetentionRate, '质保金比例须在0到100之间');

const contractFields = z.object({
  packageId: uuid('标包不存在或已删除'),
  name: text('合同名称', L.nameMax),
  /** Empty = numbered by the server's fill rule. */
  contractNo: optionalText('合同编号', L.contractNoMax),
  amount: moneySchema('合同金额'),
  termStart: dateSchema,
  termEnd: dateSchema,
  payTerms: optionalText('付款条件', L.payTermsMax),
  warrantyPeriod: integerSchema(0, L.maxWarrantyMonths, `质保期须为0到${L.maxWarrantyMonths}个月`).default(0),
  retentionRate: percent.default('0'),
  attachments,
});
const termOrder = <T extends { termStart: string; termEnd: string }>(v: T) => v.termEnd >= v.termStart;
export const contractAddSchema = contractFields.refine(termOrder, { message: M.termEndBeforeStart, path: ['termEnd'] });
export const contractEditSchema = contractFields
  .extend({ id: contractId })
  .refine(termOrder, { message: M.termEndBeforeStart, path: ['termEnd'] });
export type ContractAddInput = z.infer<typeof contractAddSchema>;
export type ContractEditInput = z.infer<typeof contractEditSchema>;

export const contractIdSchema = z.object({ id: contractId });
/** A change of amount (newAmount = the new total) or of term (newTermEnd), with its reason; approved by 'contract'. */
export const contractChangeSchema = z
  .object({
    id: contractId,
    kind: z.enum(['amount', 'term'], { error: '请选择变更类型' }),
    newAmount: moneySchema('变更后金额').optional(),
    newTermEnd: dateSchema.optional(),
    reason: text('变更原因', L.reasonMax),
  })
  .refine((v) => (v.kind === 'amount' ? v.newAmount !== undefined : v.newTermEnd !== undefined), {
    message: '请输入变更后的内容',
    path: ['kind'],
  });
export type ContractChangeInput = z.infer<typeof contractChangeSchema>;
/** terminate / void: the reason is required. */
export const contractReasonSchema = z.object({ id: contractId, reason: text('原因', L.reasonMax, M.reasonRequired) });
export type ContractReasonInput = z.infer<typeof contractReasonSchema>;
export const contractProgressSchema = z.object({
  id: contractId,
  action: z.enum(['performed', 'warranty', 'close'], { error: '不支持的操作' }),
});

export const contractListQuerySchema = pageQuerySchema.extend({
  contractNo: keyword,
  name: keyword,
  supplierName: keyword,
  supplierId: uuid('供应商不存在或已删除').optional(),
  /** A department's org code: its contracts and its sub-departments' (within the caller's data scope). */
  sysOrgCode: z.string().trim().max(64).optional(),
  state: z.enum(CONTRACT_STATE_CODES as [string, ...string[]], { error: '状态不正确' }).optional(),
  createTimeBegin: dateSchema.optional(),
  createTimeEnd: dateSchema.optional(),
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

const settlementFields = z.object({
  contractId,
  periodStart: dateSchema,
  periodEnd: dateSchema,
  amount: moneySchema('结算金额'),
  deductions: moneySchema('扣款金额').default('0'),
  /** Retention held this time; empty = amount × the contract's retention rate (ledger.retentionOf). */
  retention: moneySchema('质保金').optional(),
  remark: optionalText('备注', L.reasonMax),
  invoices: attachments,
});
const periodOrder = <T extends { periodStart: string; periodEnd: string }>(v: T) => v.periodEnd >= v.periodStart;
export const settlementAddSchema = settlementFields.refine(periodOrder, {
  message: S.periodEndBeforeStart,
  path: ['periodEnd'],
});
export const settlementEditSchema = settlementFields
  .extend({ id: settlementId })
  .refine(periodOrder, { message: S.periodEndBeforeStart, path: ['periodEnd'] });
export type SettlementAddInput = z.infer<typeof settlementAddSchema>;
export type SettlementEditInput = z.infer<typeof settlementEditSchema>;
export const settlementIdSchema = z.object({ id: settlementId });

export const paymentAddSchema = z.object({
  settlementId,
  amount: moneySchema('付款金额').refine((v) => Number(v) > 0, S.paymentPositive),
  paidOn: dateSchema,
  method: z.enum(Object.keys(PAYMENT_METHODS) as [string, ...string[]], { error: '请选择付款方式' }),
  voucherNo: optionalText('凭证号', 64),
  attachments,
});
export type PaymentAddInput = z.infer<typeof paymentAddSchema>;
export const retentionReleaseSchema = z.object({ contractId });
export const paymentListQuerySchema = z.object({ settlementId });

export const settlementListQuerySchema = pageQuerySchema.extend({
  settlementNo: keyword,
  contractNo: keyword,
  contractId: contractId.optional(),
  state: z.enum(SETTLEMENT_STATE_CODES as [string, ...string[]], { error: '状态不正确' }).optional(),
});
export type SettlementListQuery = z.infer<typeof settlementListQuerySchema>;

/** The ledger: per contract, filtered by supplier / department / the payment period (paid_on). */
export const ledgerQuerySchema = pageQuerySchema.extend({
  contractNo: keyword,
  supplierName: keyword,
  supplierId: uuid('供应商不存在或已删除').optional(),
  sysOrgCode: z.string().max(64).optional(),
  state: z.enum(CONTRACT_STATE_CODES as [string, ...string[]], { error: '状态不正确' }).optional(),
  periodBegin: dateSchema.optional(),
  periodEnd: dateSchema.optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;
