/**
 * Supplier states (procurement-domain.md § Supplier). Issue 14 keeps the minimal record; the supplier issue
 * adds admission, rectification and the blacklist around the same codes.
 */
export const SUPPLIER_STATUS = {
  pending: '1',
  admitted: '2',
  qualified: '3',
  suspended: '4',
  blacklisted: '5',
  eliminated: '6',
} as const;
export type SupplierStatus = (typeof SUPPLIER_STATUS)[keyof typeof SUPPLIER_STATUS];

export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = {
  '1': '注册待审',
  '2': '准入',
  '3': '合格',
  '4': '暂停',
  '5': '黑名单',
  '6': '淘汰',
};

/** Why a supplier may not sign up, bid or be contracted (one message per reason). */
export const SUPPLIER_ELIGIBILITY_MESSAGES = {
  notLinked: '当前账号未关联供应商，不能报名或投标',
  missing: '供应商不存在或已删除',
  pending: '供应商尚未通过准入审核，不能报名或投标',
  blacklisted: '供应商已被列入黑名单，不能报名或投标',
  eliminated: '供应商已被淘汰，不能报名或投标',
} as const;

/**
 * Issue 16 — the supplier lifecycle: API paths (base /aps), the transitions between SUPPLIER_STATUS codes with their
 * action names, the blacklist and certificate states, the Chinese refusals and the limits. The zod schemas are in
 * `supplier.ts`, the DTOs in `supplier-dto.ts`, the 统一社会信用代码 check in `uscc.ts`.
 */
export const SUPPLIER_API = {
  // 供应商名录 (staff).
  directoryList: '/supplier/directory/list',
  directoryQueryById: '/supplier/directory/queryById',
  directoryAdd: '/supplier/directory/add',
  directoryEdit: '/supplier/directory/edit',
  directoryExport: '/supplier/directory/exportXls',
  /** POST {id, action, reason}: a SUPPLIER_TRANSITIONS action (admit/qualify/suspend/resume/eliminate). */
  directoryTransition: '/supplier/directory/transition',
  /** GET ?supplierId: supplier_status_history rows, newest first. */
  statusHistory: '/supplier/directory/statusHistory',
  // 合格供应商 (by category).
  qualifiedList: '/supplier/qualified/list',
  // 黑名单.
  blacklistList: '/supplier/blacklist/list',
  /** POST: creates the row and submits it to the supplier_blacklist process at once. */
  blacklistAdd: '/supplier/blacklist/add',
  blacklistRelease: '/supplier/blacklist/release',
  blacklistEliminate: '/supplier/blacklist/eliminate',
  // Public registration: the code is sent by the existing POST /sys/sms with smsmode '1' (register).
  registerSendCode: '/sys/sms',
  register: '/supplier/register/submit',
  /** POST multipart ?token=: a certificate file of the registration holding that token (public). */
  registerUpload: '/supplier/register/upload',
  /** GET: the signed-in supplier user's registration (status, rejection reason); POST resubmit after a rejection. */
  registerStatus: '/supplier/register/status',
  registerResubmit: '/supplier/register/resubmit',
  /** GET: the registration tenant's category tree (public: the wizard's 供应品类 step). */
  registerCategories: '/supplier/register/categories',
  // The supplier's portal (userEnd 3, own supplier only).
  portalProfile: '/supplier/portal/profile',
  portalChange: '/supplier/portal/change',
  portalChangeList: '/supplier/portal/change/list',
  certificateList: '/supplier/certificate/list',
  certificateAdd: '/supplier/certificate/add',
  certificateEdit: '/supplier/certificate/edit',
  certificateDelete: '/supplier/certificate/delete',
  // 履约评价 (staff read; the contract slice writes through CONTRACT_API.evaluate).
  performanceList: '/supplier/performance/list',
  // §7: a labour supplier's performance history by category code (verbatim).
  laborCategoryByCode: '/laborperformancehistory/laborPerformanceHistory/selectCategoryByCode',
} as const;

/** The lifecycle actions on a supplier (procurement-domain.md § Supplier). */
export type SupplierAction =
  | 'admit'
  | 'qualify'
  | 'suspend'
  | 'resume'
  | 'blacklist'
  | 'release'
  | 'eliminate'
  | 'reject';

/**
 * 注册待审 → 准入 (admission approved) → 合格 ⇄ 暂停 → 黑名单 (blacklist approved) → 合格 (release) | 淘汰.
 * 'reject' leaves a refused registration in 淘汰; 'blacklist' is entered only by the supplier_blacklist approval.
 */
export const SUPPLIER_TRANSITIONS: readonly {
  action: SupplierAction;
  label: string;
  from: readonly SupplierStatus[];
  to: SupplierStatus;
}[] = [
  { action: 'admit', label: '准入', from: ['1'], to: '2' },
  { action: 'reject', label: '驳回注册', from: ['1'], to: '6' },
  { action: 'qualify', label: '评为合格', from: ['2'], to: '3' },
  { action: 'suspend', label: '暂停', from: ['2', '3'], to: '4' },
  { action: 'resume', label: '恢复', from: ['4'], to: '3' },
  { action: 'blacklist', label: '列入黑名单', from: ['2', '3', '4'], to: '5' },
  { action: 'release', label: '解除黑名单', from: ['5'], to: '3' },
  { action: 'eliminate', label: '淘汰', from: ['2', '3', '4', '5'], to: '6' },
];

/** The status after `action` from `from`, or null when the action is not allowed there. */
export function nextSupplierStatus(from: string, action: SupplierAction): SupplierStatus | null {
  const t = SUPPLIER_TRANSITIONS.find((x) => x.action === action && (x.from as readonly string[]).includes(from));
  return t ? t.to : null;
}

// approval_status columns (supplier, supplier_change, supplier_blacklist) hold the workflow's APPROVAL_STATUS code
// as a string ('1' 待提交 … '5' 已驳回), exactly as purchase_plan does.

export const BLACKLIST_STATES = {
  pending: '待审批',
  active: '生效中',
  released: '已解除',
  rejected: '已驳回',
} as const;
export type BlacklistState = keyof typeof BLACKLIST_STATES;
export const BLACKLIST_SCOPES = { tenant: '全部品类', categories: '指定品类' } as const;
export type BlacklistScope = keyof typeof BLACKLIST_SCOPES;

export const CERTIFICATE_STATES = { valid: '有效', expiring: '即将到期', expired: '已过期' } as const;
export type CertificateState = keyof typeof CERTIFICATE_STATES;

export const SUPPLIER_CHANGE_STATES = {
  pending: '待审批',
  approved: '已通过',
  rejected: '已驳回',
  applied: '已生效',
} as const;
export type SupplierChangeState = keyof typeof SUPPLIER_CHANGE_STATES;
/** Profile fields whose change needs an approval (key data); the others apply at once. */
export const SUPPLIER_KEY_FIELDS = ['name', 'creditCode', 'legalRepresentative', 'bankName', 'bankAccount'] as const;

export const SUPPLIER_LIMITS = {
  /** A certificate is 即将到期 this many days before expires_on. */
  certificateExpiringDays: 30,
  maxCategories: 50,
  maxCertificateFiles: 10,
  nameMax: 100,
  addressMax: 200,
  reasonMax: 500,
  scoreMax: 100,
} as const;

/** The certificate state on `today` (YYYY-MM-DD strings compare as dates). */
export function certificateState(expiresOn: string, today: string, expiringDays = 30): CertificateState {
  if (expiresOn < today) return 'expired';
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + expiringDays);
  return expiresOn <= d.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

export const SUPPLIER_MESSAGES = {
  notFound: '供应商不存在或已删除',
  creditCodeInvalid: '请输入正确的统一社会信用代码',
  creditCodeTaken: '该统一社会信用代码已注册',
  phoneTaken: '该手机号已注册',
  smsCodeInvalid: '短信验证码错误或已过期',
  transitionRefused: (label: string, status: string) => `供应商当前状态为「${status}」，不能${label}`,
  blacklistExists: '该供应商已有待审批或生效中的黑名单记录',
  blacklistNotActive: '黑名单记录不是生效中，不能解除',
  blacklistEndBeforeStart: '截止日期不能早于开始日期',
  blacklistCategoriesRequired: '请选择限制的品类',
  /**
   * The refusal at sign-up, bid, award and contract: reason and end date (永久 when none). No verb of its own, so
   * it reads right at each point (the contract prefixes 供应商不能签订合同：).
   */
  blacklisted: (reason: string, endDate: string | null) =>
    `供应商已被列入黑名单（原因：${reason}，${endDate ? `至${endDate}` : '永久'}）`,
  suspendedWarning: (reason: string | null) => `供应商已暂停${reason ? `（原因：${reason}）` : ''}，请谨慎选择`,
  certificateExpired: (name: string, date: string) => `资质证书「${name}」已于${date}过期，不能报名`,
  changePending: '已有待审批的信息变更，请等待审批完成',
  notOwn: '只能查看和维护本企业的信息',
  certificateNotFound: '资质证书不存在或已删除',
  scoreRange: '评分须在0到100之间',
} as const;
