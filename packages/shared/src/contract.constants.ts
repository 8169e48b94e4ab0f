/**
 * The zod-free half of the contract and settlement contract (issue 16): API paths (base /aps), the contract and
 * settlement states with their transitions, Chinese refusals and limits. Zod schemas: `contract.ts`; DTOs:
 * `contract-dto.ts`; the ledger arithmetic: `ledger.ts`.
 */

export const CONTRACT_API = {
  list: '/contract/contract/list',
  queryById: '/contract/contract/queryById',
  /** GET ?packageId: the award (winner, price, pay terms) a new contract is drafted from. */
  draftFromAward: '/contract/contract/draftFromAward',
  add: '/contract/contract/add',
  edit: '/contract/contract/edit',
  delete: '/contract/contract/delete',
  exportXls: '/contract/contract/exportXls',
  /** POST {id}: draft → approving (the 'contract' process). */
  submit: '/contract/contract/submit',
  /** POST {id}: the buyer's signature (to_sign; performing once both signed). */
  sign: '/contract/contract/sign',
  change: '/contract/contract/change',
  changeList: '/contract/contract/change/list',
  /** POST {id, action: 'performed' | 'warranty' | 'close'}: the performance steps. */
  progress: '/contract/contract/progress',
  terminate: '/contract/contract/terminate',
  void: '/contract/contract/void',
  /** POST: 履约评价 (one per contract). */
  evaluate: '/contract/contract/evaluate',
  // The supplier's portal: own contracts only.
  supplierList: '/contract/supplier/list',
  supplierQueryById: '/contract/supplier/queryById',
  supplierSign: '/contract/supplier/sign',
} as const;

export const SETTLEMENT_API = {
  list: '/settlement/settlement/list',
  queryById: '/settlement/settlement/queryById',
  add: '/settlement/settlement/add',
  edit: '/settlement/settlement/edit',
  delete: '/settlement/settlement/delete',
  exportXls: '/settlement/settlement/exportXls',
  submit: '/settlement/settlement/submit',
  /** POST: one payment (settlement_payment). */
  pay: '/settlement/settlement/pay',
  paymentList: '/settlement/settlement/payment/list',
  // The supplier's portal: own settlements only.
  supplierList: '/settlement/supplier/list',
  /** GET ?id: one of the supplier's own settlements with its payments (404 for another supplier's). */
  supplierQueryById: '/settlement/supplier/queryById',
  /** POST { contractId }: releases the contract's retention balance once its warranty has ended (p16-settle). */
  releaseRetention: '/settlement/settlement/releaseRetention',
} as const;

export const LEDGER_API = {
  /** Per contract: amount, changes, settled, paid, unpaid, retention; filters supplier/org/period. */
  list: '/settlement/ledger/list',
  /** Totals of the filtered ledger. */
  summary: '/settlement/ledger/summary',
  exportXls: '/settlement/ledger/exportXls',
} as const;

export const CONTRACT_STATES = {
  draft: '草稿',
  approving: '审批中',
  to_sign: '待签订',
  performing: '履行中',
  performed: '履行完毕',
  warranty: '质保期',
  closed: '关闭',
  changing: '变更中',
  terminated: '终止',
  voided: '作废',
} as const;
export type ContractState = keyof typeof CONTRACT_STATES;
export const CONTRACT_STATE_CODES = Object.keys(CONTRACT_STATES) as ContractState[];

export type ContractAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'sign'
  | 'change'
  | 'changeApproved'
  | 'changeRejected'
  | 'performed'
  | 'warranty'
  | 'close'
  | 'terminate'
  | 'void';

/**
 * draft → approving → to_sign (approved; rejected goes back to draft) → performing (both signed) → performed →
 * warranty → closed; performing ⇄ changing (a contract_change under approval); terminate from to_sign / performing
 * / performed / warranty; void a draft or an unsigned contract. Settlements are allowed in SETTLEABLE_STATES.
 */
export const CONTRACT_TRANSITIONS: readonly {
  action: ContractAction;
  label: string;
  from: readonly ContractState[];
  to: ContractState;
}[] = [
  { action: 'submit', label: '提交审批', from: ['draft'], to: 'approving' },
  { action: 'approve', label: '审批通过', from: ['approving'], to: 'to_sign' },
  { action: 'reject', label: '审批驳回', from: ['approving'], to: 'draft' },
  { action: 'sign', label: '签订', from: ['to_sign'], to: 'performing' },
  { action: 'change', label: '变更', from: ['performing'], to: 'changing' },
  { action: 'changeApproved', label: '变更通过', from: ['changing'], to: 'performing' },
  { action: 'changeRejected', label: '变更驳回', from: ['changing'], to: 'performing' },
  { action: 'performed', label: '履行完毕', from: ['performing'], to: 'performed' },
  { action: 'warranty', label: '进入质保期', from: ['performed'], to: 'warranty' },
  { action: 'close', label: '关闭', from: ['performed', 'warranty'], to: 'closed' },
  { action: 'terminate', label: '终止', from: ['to_sign', 'performing', 'performed', 'warranty'], to: 'terminated' },
  { action: 'void', label: '作废', from: ['draft', 'to_sign'], to: 'voided' },
];

/** The state after `action` from `from`, or null when refused. 'sign' stays to_sign until both sides signed. */
export function nextContractState(from: string, action: ContractAction): ContractState | null {
  const t = CONTRACT_TRANSITIONS.find((x) => x.action === action && (x.from as readonly string[]).includes(from));
  return t ? t.to : null;
}

/** States in which a settlement may be added or submitted. */
export const SETTLEABLE_STATES: readonly ContractState[] = ['performing', 'changing', 'performed', 'warranty'];
/** States that still count against the package (one live contract per awarded package). */
export const CONTRACT_DEAD_STATES: readonly ContractState[] = ['voided'];

export const CONTRACT_CHANGE_KINDS = { amount: '金额变更', term: '期限变更' } as const;
export type ContractChangeKind = keyof typeof CONTRACT_CHANGE_KINDS;
export const CONTRACT_CHANGE_STATES = { approving: '审批中', approved: '已通过', rejected: '已驳回' } as const;
export type ContractChangeState = keyof typeof CONTRACT_CHANGE_STATES;

export const SETTLEMENT_STATES = {
  draft: '草稿',
  approving: '审批中',
  approved: '已审批',
  partially_paid: '部分付款',
  paid: '已付清',
} as const;
export type SettlementState = keyof typeof SETTLEMENT_STATES;
export const SETTLEMENT_STATE_CODES = Object.keys(SETTLEMENT_STATES) as SettlementState[];

/**
 * Kinds of settlement row (p16-perf): 'progress' = a settlement through the workflow (counts as settled, may hold
 * retention); 'retention' = released retention made payable (created 已审批 by the release, paid through the normal
 * pay path, never counted as newly settled).
 */
export const SETTLEMENT_KINDS = { progress: '结算', retention: '质保金' } as const;
export type SettlementKind = keyof typeof SETTLEMENT_KINDS;
export const SETTLEMENT_KIND_CODES = Object.keys(SETTLEMENT_KINDS) as SettlementKind[];

export type SettlementAction = 'submit' | 'approve' | 'reject' | 'pay' | 'payOff';
/** 草稿 → 审批中 → 已审批 → 部分付款 → 已付清; 驳回 → 草稿. 'pay' = a payment below the rest, 'payOff' = the last. */
export const SETTLEMENT_TRANSITIONS: readonly {
  action: SettlementAction;
  label: string;
  from: readonly SettlementState[];
  to: SettlementState;
}[] = [
  { action: 'submit', label: '提交审批', from: ['draft'], to: 'approving' },
  { action: 'approve', label: '审批通过', from: ['approving'], to: 'approved' },
  { action: 'reject', label: '审批驳回', from: ['approving'], to: 'draft' },
  { action: 'pay', label: '付款', from: ['approved', 'partially_paid'], to: 'partially_paid' },
  { action: 'payOff', label: '付清', from: ['approved', 'partially_paid'], to: 'paid' },
];

export function nextSettlementState(from: string, action: SettlementAction): SettlementState | null {
  const t = SETTLEMENT_TRANSITIONS.find((x) => x.action === action && (x.from as readonly string[]).includes(from));
  return t ? t.to : null;
}

// approval_status on contract / contract_change / settlement: the workflow's APPROVAL_STATUS code as a string
// ('1' 待提交 … '5' 已驳回), as purchase_plan does.

export const PAYMENT_METHODS = { transfer: '银行转账', acceptance: '承兑汇票', cheque: '支票', other: '其他' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

export const CONTRACT_LIMITS = {
  nameMax: 200,
  contractNoMax: 64,
  payTermsMax: 2000,
  reasonMax: 500,
  maxWarrantyMonths: 120,
  maxAttachments: 20,
  /** retention_rate is a percentage 0..100 with two decimals. */
  maxRetentionRate: 100,
} as const;

export const CONTRACT_MESSAGES = {
  notFound: '合同不存在或已删除',
  packageNotAwarded: '标包尚未确定中标人，不能起草合同',
  packageHasContract: '该标包已有未作废的合同',
  supplierIneligible: (reason: string) => `供应商不能签订合同：${reason}`,
  stateRefused: (label: string, state: string) => `合同当前状态为「${state}」，不能${label}`,
  notEditable: '只有草稿状态的合同可以编辑',
  termEndBeforeStart: '合同结束日期不能早于开始日期',
  alreadySigned: '已签订，请勿重复操作',
  notOwn: '只能查看本企业的合同',
  changeAmountBelowSettled: (settled: string) => `变更后金额不能低于已结算金额（已结算¥${settled}）`,
  changePending: '已有审批中的变更',
  evaluated: '该合同已评价',
  notEvaluable: '合同履行完毕后才能评价',
  reasonRequired: '请输入原因',
} as const;

export const SETTLEMENT_MESSAGES = {
  notFound: '结算单不存在或已删除',
  contractNotSettleable: (state: string) => `合同当前状态为「${state}」，不能结算`,
  /** `available` is a formatted decimal string (formatMoney). */
  overSettlement: (available: string) => `结算金额超出合同可结算余额（可结算¥${available}）`,
  overPayment: (unpaid: string) => `付款金额超出结算单未付金额（未付¥${unpaid}）`,
  deductionsTooLarge: '扣款与质保金之和不能超过结算金额',
  periodEndBeforeStart: '结算期间结束日期不能早于开始日期',
  stateRefused: (label: string, state: string) => `结算单当前状态为「${state}」，不能${label}`,
  notEditable: '只有草稿状态的结算单可以编辑',
  paymentPositive: '付款金额必须大于0',
  retentionAboveRate: (max: string) => `质保金不能高于按合同比例计算的金额（¥${max}）`,
  warrantyNotEnded: (end: string) => `合同质保期尚未结束（${end}），不能释放质保金`,
  noRetention: '该合同没有待释放的质保金',
} as const;
