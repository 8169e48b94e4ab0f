/**
 * The zod-free half of the procurement contract (issue 14): API paths, codes, names, messages and DTO types.
 * The stage machine lives in `procurement-stage.ts`; the zod schemas in `procurement.ts`.
 */

/** API paths (base /aps). */
export const PROCUREMENT_API = {
  plan: '/purchase/plan',
  planSubmit: '/purchase/plan/submit',
  planVoid: '/purchase/plan/void',
  planChange: '/purchase/plan/change',
  planExport: '/purchase/plan/exportXls',
  planImportItems: '/purchase/plan/importItems',
  project: '/purchase/project',
  projectList: '/purchase/project/list',
  projectFromPlan: '/purchase/project/fromPlan',
  package: '/purchase/package',
  packageList: '/purchase/package/list',
  packageQueryById: '/purchase/package/queryById',
  packageSelection: '/purchase/package/selection',
  packageAction: '/purchase/package/action',
  packageHistory: '/purchase/package/history',
  packageOpen: '/purchase/package/open',
  reviewStart: '/purchase/package/review/start',
  reviewComplete: '/purchase/package/review/complete',
  rebid: '/purchase/package/rebid',
  changeMethod: '/purchase/package/changeMethod',
  terminate: '/purchase/package/terminate',
  endAuditSubmit: '/purchase/package/endAudit/submit',
  notice: '/purchase/notice',
  signUp: '/purchase/signUp',
  bid: '/purchase/bid',
  dashboardBuyer: '/purchase/dashboard/buyer',
  fileRecordList: '/purchase/fileRecord/list',
  purchaseListList: '/purchase/purchaseList/list',
  packageDetailList: '/purchase/packageDetail/list',
} as const;

/** Purchase categories (§1). */
export const PURCHASE_CATEGORIES = { '1': '劳务', '2': '物资/资产', '3': '材料' } as const;
export type PurchaseCategory = keyof typeof PURCHASE_CATEGORIES;
export const PURCHASE_CATEGORY_CODES = Object.keys(PURCHASE_CATEGORIES) as PurchaseCategory[];

/** Purchase methods. */
export const PURCHASE_METHODS = {
  open_tender: '公开招标',
  invited_tender: '邀请招标',
  competitive_negotiation: '竞争性谈判',
  competitive_consultation: '竞争性磋商',
  inquiry: '询比',
  single_source: '单一来源',
} as const;
export type PurchaseMethod = keyof typeof PURCHASE_METHODS;
export const PURCHASE_METHOD_CODES = Object.keys(PURCHASE_METHODS) as PurchaseMethod[];

/** Purchase plan states (domain: 草稿 → 审批中 → 已通过 → 执行中 → 已完成; 驳回; 作废). */
export const PLAN_STATES = {
  draft: '草稿',
  approving: '审批中',
  approved: '已通过',
  executing: '执行中',
  done: '已完成',
  rejected: '驳回',
  void: '作废',
} as const;
export type PlanState = keyof typeof PLAN_STATES;
export const PLAN_STATE_CODES = Object.keys(PLAN_STATES) as PlanState[];
/** States in which a plan may be edited or submitted. */
export const PLAN_EDITABLE_STATES: readonly PlanState[] = ['draft', 'rejected'];
/** States from which a plan may be voided (any state before 执行中). */
export const PLAN_VOIDABLE_STATES: readonly PlanState[] = ['draft', 'approving', 'approved', 'rejected'];

/** Package stages 1..12 (domain table). */
export const PURCHASE_STAGES = {
  1: '待发布',
  2: '公告中',
  3: '响应中',
  4: '待开标',
  5: '已开标',
  6: '资格/符合性审查',
  7: '评分中',
  8: '澄清/多轮报价/汇总',
  9: '评审结束',
  10: '结束审核中',
  11: '结果公示中',
  12: '已定标',
} as const;
export type PurchaseStage = keyof typeof PURCHASE_STAGES;
export const PURCHASE_STAGE_CODES = Object.keys(PURCHASE_STAGES).map(Number) as PurchaseStage[];
export const stageName = (stage: number): string => PURCHASE_STAGES[stage as PurchaseStage] ?? String(stage);

/** electionStatus: '0' 流标, '1' 正常. */
export const ELECTION_STATUS = { failed: '0', normal: '1' } as const;
export type ElectionStatus = (typeof ELECTION_STATUS)[keyof typeof ELECTION_STATUS];
export const ELECTION_STATUS_NAMES: Record<ElectionStatus, string> = { '0': '流标', '1': '正常' };

/** Price-score methods. */
export const PRICE_METHODS = {
  low_price: '低价优先',
  average_benchmark: '平均基准价',
  lowest_evaluated: '最低评标价',
} as const;
export type PriceMethod = keyof typeof PRICE_METHODS;
export const PRICE_METHOD_CODES = Object.keys(PRICE_METHODS) as PriceMethod[];
/** Defaults of the average benchmark (α above B, β below B, K the down coefficient). */
export const AVERAGE_BENCHMARK_DEFAULTS = { k: 0, alpha: 1, beta: 0.5 } as const;

/** Review item kinds: qualification/compliance (pass/fail) and scoring (max score). */
export const REVIEW_ITEM_KINDS = { qualification: '资格审查', compliance: '符合性审查', scoring: '评分项' } as const;
export type ReviewItemKind = keyof typeof REVIEW_ITEM_KINDS;

/** Notice types. */
export const NOTICE_TYPES = {
  purchase: '采购公告',
  change: '变更公告',
  result: '结果公示',
  failed: '流标公告',
  terminate: '终止公告',
} as const;
export type NoticeType = keyof typeof NOTICE_TYPES;

/** Package statuses beside the stage: a terminated package stays where it was, closed. */
export const PACKAGE_STATUS = {
  active: 'active',
  terminated: 'terminated',
  rebid: 'rebid',
  methodChanging: 'method_changing',
} as const;
export type PackageStatus = (typeof PACKAGE_STATUS)[keyof typeof PACKAGE_STATUS];
export const PACKAGE_STATUS_NAMES: Record<PackageStatus, string> = {
  active: '进行中',
  terminated: '已终止',
  rebid: '已重新采购',
  method_changing: '变更方式审批中',
};

export const PROCUREMENT_DEFAULTS = {
  minBidders: 3,
  candidateCount: 3,
  publicityDays: 3,
  quotationRoundCount: 1,
  planCodeRule: 'purchase_plan_code',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a fill-rule pattern, not a template.
  planCodePattern: 'CG-${yyyyMMdd}-${seq:4}',
} as const;

export const PROCUREMENT_LIMITS = {
  name: 200,
  memo: 2000,
  itemLines: 500,
  packages: 50,
  reviewItems: 100,
  maxAmount: 999_999_999_999.99,
  publicityDaysMax: 30,
  keyword: 100,
} as const;

/** Workflow business types used by this module (bound to process keys in the workflow module). */
export const PROCUREMENT_WORKFLOW_TYPES = {
  plan: 'purchase_plan',
  endAudit: 'end_audit',
  methodChange: 'method_change',
} as const;

/** The headers of the plan item sheet (import of item lines). */
export const PLAN_ITEM_HEADERS = {
  name: '物资名称',
  specification: '规格型号',
  unit: '单位',
  quantity: '数量',
  unitPrice: '预估单价',
} as const;

/** Messages (Chinese). */
export const PROCUREMENT_MESSAGES = {
  planNotFound: '采购计划不存在或已删除',
  planNotEditable: (state: string) => `采购计划当前状态「${state}」不能修改`,
  planNotSubmittable: (state: string) => `采购计划当前状态「${state}」不能提交审批`,
  planNotVoidable: (state: string) => `采购计划当前状态「${state}」不能作废`,
  planNotDeletable: '只有草稿状态的采购计划可以删除',
  planNotApproved: '只有已通过的采购计划可以转为采购项目',
  planItemsRequired: '请至少填写一条采购明细',
  planNotChangeable: (state: string) => `采购计划当前状态「${state}」不能变更，只有已通过或执行中的计划可以变更`,
  planChangePending: '该计划已有变更在审批中，请等待审批完成',
  planChangeBelowPackages: (total: string) => `变更后预算不能低于已立项标包金额合计${total}`,
  planChangeNothing: '预算和采购明细均未变更',
  planAmountExceeded: (plan: string, total: string) => `标包金额合计${total}超过采购计划金额${plan}，请先变更计划`,
  projectNotFound: '采购项目不存在或已删除',
  packageNotFound: '标包不存在或已删除',
  packageLocked: '公告已发布，选商准备已锁定，只能通过变更公告修改',
  packageNotEditable: '标包已发布公告，不能修改',
  stageRefused: (stage: string, action: string) => `当前阶段「${stage}」不能执行「${action}」`,
  failedOnly: (action: string) => `只有流标的标包可以执行「${action}」`,
  notFailed: (action: string) => `流标的标包不能执行「${action}」`,
  concurrentMove: '该标包已被他人操作，请刷新后重试',
  packageClosed: (status: string) => `标包${status}，不能再操作`,
  unknownAction: '不支持的操作',
  notSystemAction: '该操作由系统或审批流程执行，不能手工执行',
  timetableInvalid: '时间安排须满足：报名开始 < 报名截止 ≤ 投标截止 ≤ 开标时间',
  timetableRequired: '请先完成选商准备的时间安排',
  reviewItemsRequired: '请先配置评审项',
  openingTooEarly: '未到开标时间',
  minBidders: (n: number, min: number) => `有效投标人${n}家，少于最低${min}家，流标`,
  reviewCandidates: '推荐候选人须为有效投标人',
  workflowPending: '该标包有审批中的流程',
  bidderCountUnknown: '无法统计投标人数',
  success: '操作成功!',
} as const;

export interface PlanItemDto {
  id: string;
  lineNo: number;
  name: string;
  specification: string | null;
  unit: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface PlanDto {
  id: string;
  planCode: string;
  planName: string;
  category: PurchaseCategory;
  departId: string | null;
  sysOrgCode: string;
  purchaseMethod: PurchaseMethod;
  budget: string;
  plannedTime: string | null;
  state: PlanState;
  approvalStatus: string;
  instanceId: string | null;
  memo: string | null;
  createBy: string | null;
  createTime: string;
  items?: PlanItemDto[];
  /** A plan change (计划变更) is in approval: the list and the detail show 变更中. */
  changing?: boolean;
  /** The detail's change history, newest first. */
  changes?: PlanChangeDto[];
}

/** A plan change: pending (变更中), approved (已变更, applied), rejected (未通过, nothing applied). */
export const PLAN_CHANGE_STATES = { pending: '变更中', approved: '已变更', rejected: '未通过' } as const;
export type PlanChangeState = keyof typeof PLAN_CHANGE_STATES;

export interface PlanChangeLineDto {
  name: string;
  specification: string | null;
  unit: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface PlanChangeDto {
  id: string;
  planId: string;
  state: PlanChangeState;
  reason: string;
  oldBudget: string;
  newBudget: string;
  oldLines: PlanChangeLineDto[];
  newLines: PlanChangeLineDto[];
  approvalStatus: string;
  createBy: string | null;
  createTime: string;
  decideTime: string | null;
}

export interface ProjectDto {
  id: string;
  planId: string;
  purchaseNo: string;
  purchaseCode: string;
  purchaseName: string;
  purchaseCategory: PurchaseCategory;
  purchaseMethod: PurchaseMethod;
  purchaseCandidateCount: number;
  sysOrgCode: string;
  createBy: string | null;
  createTime: string;
}

/** A row of the project list: its packages (every round) and the sum of the amounts that draw on the plan. */
export interface ProjectListItem extends ProjectDto {
  packageCount: number;
  /** Sum of fixedPrice of the active packages (those counted against the plan's budget), 2 decimals. */
  packageAmount: string;
}

export interface TimetableDto {
  signUpStartTime: string | null;
  signUpEndTime: string | null;
  bidDeadline: string | null;
  openingTime: string | null;
}

export interface ReviewItemDto {
  id?: string;
  kind: ReviewItemKind;
  name: string;
  maxScore: number | null;
  guidance: string | null;
  sortNo: number;
}

export interface PackageDto {
  id: string;
  projectId: string;
  sysOrgCode: string;
  purchaseNo: string;
  purchaseCode: string;
  purchaseName: string;
  purchaseCategory: PurchaseCategory;
  purchaseMethod: PurchaseMethod;
  purchaseCandidateCount: number;
  purchaseStage: PurchaseStage;
  electionStatus: ElectionStatus;
  status: PackageStatus;
  roundNo: number;
  previousPackageId: string | null;
  packageNo: string;
  packageName: string;
  number: string | null;
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
  lowerCoefficient: string | null;
  warrantyPeriod: number | null;
  materialStartTime: string | null;
  materialEndTime: string | null;
  scoreType: string;
  quotationRoundCount: number;
  currentRoundNo: number;
  brandRequirements: string | null;
  payTypeMemo: string | null;
  priceMethod: PriceMethod;
  priceK: string | null;
  priceAlpha: string | null;
  priceBeta: string | null;
  minBidders: number;
  expertCount: number | null;
  expertSpecialities: string | null;
  /** 双信封 (issue 15): scoring of the first envelope before the prices are shown to the experts. */
  twoEnvelope: boolean;
  signUpStartTime: string | null;
  signUpEndTime: string | null;
  bidDeadline: string | null;
  openingStartTime: string | null;
  reviewStartTime: string | null;
  reviewStopTime: string | null;
  publicityDays: number;
  publicityEndTime: string | null;
  awardTime: string | null;
  validBidderIds: string[];
  rankedCandidates: string[];
  approvalStatus: string;
  createBy: string | null;
  createTime: string;
  reviewItems?: ReviewItemDto[];
  /** The winner's 中标通知书 (list rows of awarded packages, issue 14 §3 "letterNo, letterId"); null before. */
  letterNo?: string | null;
  letterId?: string | null;
}

export interface StageHistoryDto {
  id: string;
  packageId: string;
  action: string;
  fromStage: number;
  toStage: number;
  electionStatus: ElectionStatus;
  reason: string | null;
  actor: string;
  createTime: string;
}

/**
 * The buyer's home dashboard (issue 14 §10), GET PROCUREMENT_API.dashboardBuyer: everything within the caller's
 * tenant and data scope (the package and plan lists' own filters).
 */
export interface BuyerDashboardStageCount {
  stage: PurchaseStage;
  name: string;
  /** Packages at this stage, every status (what the package list answers with this stage filter). */
  count: number;
}

/** The kinds of pending work, in the order the dashboard lists them. */
export const BUYER_PENDING_ITEMS = {
  workflowTodo: { label: '待我审批的任务', path: '/workflow/todo' },
  planDraft: { label: '草稿状态的采购计划', path: '/purchase/plan' },
  planRejected: { label: '被驳回的采购计划', path: '/purchase/plan' },
  signUpEnding: { label: '24小时内报名截止的标包', path: '/purchase/selectionStart' },
  bidDeadline: { label: '24小时内投标截止的标包', path: '/purchase/selectionStart' },
  opening: { label: '24小时内开标的标包', path: '/purchase/selectionStart' },
  publicityEnding: { label: '24小时内公示结束的标包', path: '/purchase/result' },
} as const;
export type BuyerPendingKey = keyof typeof BUYER_PENDING_ITEMS;

export interface BuyerDashboardPendingItem {
  key: BuyerPendingKey;
  label: string;
  count: number;
  /** The menu route that lists the items (opened as a tab). */
  path: string;
}

export interface BuyerDashboardOpening {
  id: string;
  packageName: string;
  purchaseName: string;
  /** yyyy-MM-dd HH:mm:ss, server time. */
  openingTime: string;
  stage: PurchaseStage;
  electionStatus: ElectionStatus;
}

export interface BuyerDashboardCategoryAmount {
  category: PurchaseCategory;
  name: string;
  /** Sum of the approved plans' budgets of the year, exact decimal text with two places. */
  amount: string;
}

export interface BuyerDashboard {
  stageCounts: {
    stages: BuyerDashboardStageCount[] /** electionStatus '0' (流标), also counted in stage 9. */;
    failed: number;
  };
  pending: BuyerDashboardPendingItem[];
  /** The current ISO week (Monday to Sunday, server time zone), at most BUYER_DASHBOARD_LIMITS.openings rows. */
  openingsThisWeek: BuyerDashboardOpening[];
  amountsByCategory: { year: number; categories: BuyerDashboardCategoryAmount[] };
}

export const BUYER_DASHBOARD_LIMITS = { openings: 20, dueWithinHours: 24 } as const;
/** Plan states whose budget counts in 各品类金额: the approved amounts (not drafts, rejected or void plans). */
export const BUYER_DASHBOARD_PLAN_STATES: readonly PlanState[] = ['approved', 'executing', 'done'];

// ---------- the special lists of §7 (issue 14 §10) ----------

/** 采购文件记录 kinds: notice attachments, and bid response files (after the opening only). */
export const FILE_RECORD_KINDS = { notice: '公告附件', bid: '投标文件' } as const;
export type FileRecordKind = keyof typeof FILE_RECORD_KINDS;

/** A row of 采购文件记录: one file of a procurement (only packages having a sysOrgCode). */
export interface FileRecordDto {
  /** The notice or bid id and the file id: unique per row. */
  id: string;
  kind: FileRecordKind;
  fileName: string;
  filePath: string;
  fileSize: number;
  /** 公告附件: the notice type's name; 投标文件: the supplier's name. */
  source: string;
  packageId: string;
  packageNo: string;
  packageName: string;
  purchaseName: string;
  sysOrgCode: string;
  departName: string | null;
  /** yyyy-MM-dd HH:mm:ss: the notice's creation, or the bid's last submission. */
  uploadTime: string;
}

/** A row of 采购清单: a package, ordered by department then create time. */
export interface PurchaseListRowDto {
  id: string;
  sysOrgCode: string;
  departName: string | null;
  purchaseName: string;
  packageNo: string;
  packageName: string;
  purchaseStage: number;
  /** 最高限价, exact decimal text. */
  fixedPrice: string;
  openingStartTime: string | null;
  createTime: string;
}

/** A row of 标包明细: one package × bidder (a package without bids is one row with null bidder fields). */
export interface PackageDetailRowDto {
  /** packageId and bid id (or the package id alone): unique per row. */
  id: string;
  packageId: string;
  packageNo: string;
  packageName: string;
  purchaseStage: number;
  supplierName: string | null;
  /** The unsealed quotation (price or 下浮率), null before the opening (sealed) and for a package without bids. */
  quote: string | null;
  quoteKind: 'price' | 'rate' | null;
  /** Whether the bid exists but is still sealed (before the opening): shown 已密封. */
  sealed: boolean;
  bidTime: string | null;
}
