/**
 * Record history and work orders (issue 17 §4–5), the zod-free half: the tables whose changes are kept, their field
 * labels, the work order types, states and the 修改 targets (which record and field a modify order may correct).
 */

/** The record history API. */
export const RECORD_HISTORY_API = { list: '/supervision/history' } as const;

/**
 * The business tables whose every change is kept in `record_history` (the trigger `aps_record_history` is attached
 * to exactly these by the migration), keyed by the name the API accepts. Field labels: unknown fields show raw.
 */
export const RECORD_HISTORY_TABLES = {
  plan: {
    table: 'purchase_plan',
    label: '采购计划',
    fields: { plan_name: '计划名称', budget: '预算金额', state: '状态', approval_status: '审批状态', memo: '备注' },
  },
  project: {
    table: 'purchase_project',
    label: '采购项目',
    fields: { purchase_name: '项目名称', purchase_method: '采购方式', purchase_category: '采购类别' },
  },
  package: {
    table: 'purchase_package',
    label: '标包',
    fields: {
      package_name: '标包名称',
      purchase_stage: '采购阶段',
      sign_up_start_time: '报名开始时间',
      sign_up_end_time: '报名截止时间',
      bid_deadline: '投标截止时间',
      opening_start_time: '开标时间',
    },
  },
  notice: {
    table: 'purchase_notice',
    label: '公告',
    fields: {
      title: '公告标题',
      content: '公告内容',
      status: '状态',
      publish_time: '发布时间',
      publish_by: '发布人',
      revoke_time: '撤销时间',
      attachments: '附件',
      notice_type: '公告类型',
    },
  },
  contract: {
    table: 'contract',
    label: '合同',
    fields: {
      name: '合同名称',
      contract_no: '合同编号',
      amount: '合同金额',
      changed_amount: '变更金额',
      term_start: '开始日期',
      term_end: '结束日期',
      pay_terms: '付款条件',
      warranty_period: '质保期（月）',
      retention_rate: '质保金比例',
      state: '状态',
      approval_status: '审批状态',
      settled_amount: '已结算金额',
      paid_amount: '已付款金额',
    },
  },
  settlement: {
    table: 'settlement',
    label: '结算',
    fields: { amount: '结算金额', state: '状态', approval_status: '审批状态', remark: '备注' },
  },
  supplier: {
    table: 'supplier',
    label: '供应商',
    fields: { name: '供应商名称', status: '状态', contact_name: '联系人', contact_phone: '联系电话' },
  },
} as const satisfies Record<string, { table: string; label: string; fields: Record<string, string> }>;
export type RecordHistoryKey = keyof typeof RECORD_HISTORY_TABLES;
export const RECORD_HISTORY_KEYS = Object.keys(RECORD_HISTORY_TABLES) as RecordHistoryKey[];

/** The label of a field of a history table, or the column name itself when it has none. */
export function historyFieldLabel(key: RecordHistoryKey, field: string): string {
  const fields: Record<string, string> = RECORD_HISTORY_TABLES[key].fields;
  return fields[field] ?? field;
}

/** Who a change made outside a signed-in request (jobs, start-up) is recorded as. */
export const SYSTEM_ACTOR = '系统';

export interface RecordHistoryDto {
  id: string;
  field: string;
  fieldLabel: string;
  before: string | null;
  after: string | null;
  changedBy: string;
  changedAt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Work orders

export const WORK_ORDER_API = {
  list: '/workorder/list',
  queryById: '/workorder/queryById',
  add: '/workorder/add',
  accept: '/workorder/accept',
  complete: '/workorder/complete',
  reject: '/workorder/reject',
  approve: '/workorder/approve',
  comment: '/workorder/comment',
  export: '/workorder/exportXls',
} as const;

export const WORK_ORDER_TYPES = { operation: '运维', audit: '审核', modify: '修改' } as const;
export type WorkOrderType = keyof typeof WORK_ORDER_TYPES;
export const WORK_ORDER_TYPE_CODES = Object.keys(WORK_ORDER_TYPES) as [WorkOrderType, ...WorkOrderType[]];

export const WORK_ORDER_STATES = {
  pending: '待处理',
  processing: '处理中',
  done: '已完成',
  rejected: '已驳回',
} as const;
export type WorkOrderState = keyof typeof WORK_ORDER_STATES;
export const WORK_ORDER_STATE_CODES = Object.keys(WORK_ORDER_STATES) as [WorkOrderState, ...WorkOrderState[]];

/** The business type of the seeded 审计工单审批 process. */
export const WORK_ORDER_WORKFLOW = 'work_order';

/** What a 修改 order may correct: the record type and, per type, the fields (applied by that record's service). */
export const MODIFY_TARGETS = {
  notice: { label: '公告', fields: { title: '公告标题' } },
  contract: { label: '合同', fields: { name: '合同名称', payTerms: '付款条件' } },
} as const satisfies Record<string, { label: string; fields: Record<string, string> }>;
export type ModifyTargetType = keyof typeof MODIFY_TARGETS;
export const MODIFY_TARGET_CODES = Object.keys(MODIFY_TARGETS) as [ModifyTargetType, ...ModifyTargetType[]];

export const modifyFieldLabel = (type: string, field: string): string => {
  const t = (MODIFY_TARGETS as Record<string, { fields: Record<string, string> }>)[type];
  return t?.fields[field] ?? field;
};

export const WORK_ORDER_LIMITS = { titleMax: 100, contentMax: 2000, valueMax: 500, commentMax: 1000, maxFiles: 10 };

export const WORK_ORDER_MESSAGES = {
  notFound: '工单不存在或已删除',
  stateRefused: (action: string, state: string) => `工单状态为「${state}」，不能${action}`,
  notHandler: '只有工单的处理人可以办理',
  auditByWorkflow: '审核工单由审批流程办理',
  modifyOnlyApprove: '修改工单须审核通过后应用修改',
  approveModifyOnly: '只有修改工单需要审核应用',
  targetMissing: '请选择要修改的记录',
  fieldNotAllowed: '该字段不允许通过工单修改',
  deadlinePast: '办理时限不能早于现在',
  workflowOff: '审批流程未启用',
} as const;

export interface WorkOrderFileDto {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

export interface WorkOrderDto {
  id: string;
  orderNo: string;
  type: WorkOrderType;
  title: string;
  content: string;
  state: WorkOrderState;
  handlerId: string | null;
  handlerName: string | null;
  deadline: string | null;
  overdue: boolean;
  targetType: ModifyTargetType | null;
  targetId: string | null;
  targetLabel: string | null;
  field: string | null;
  fieldLabel: string | null;
  newValue: string | null;
  beforeValue: string | null;
  afterValue: string | null;
  result: string | null;
  approvalStatus: string | null;
  attachments: WorkOrderFileDto[];
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string;
  finishTime: string | null;
}

export interface WorkOrderCommentDto {
  id: string;
  content: string;
  attachments: WorkOrderFileDto[];
  createBy: string;
  createTime: string;
}

export interface WorkOrderDetailDto extends WorkOrderDto {
  comments: WorkOrderCommentDto[];
}
