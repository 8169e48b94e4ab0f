/**
 * 检查管理 and 整改管理 (issue 17 §2–3): the zod-free half — API paths, codes and their labels, the state machine
 * of a rectification order, messages and DTO types. The web imports these through `@aps/shared/constants`.
 */
import type { SupplierFileDto } from './supplier-dto.ts';

export const INSPECTION_API = {
  list: '/supervision/inspection/list',
  queryById: '/supervision/inspection/queryById',
  add: '/supervision/inspection/add',
  edit: '/supervision/inspection/edit',
  delete: '/supervision/inspection/delete',
  exportXls: '/supervision/inspection/exportXls',
  target: '/supervision/inspection/target',
  findingAdd: '/supervision/inspection/finding/add',
  findingDelete: '/supervision/inspection/finding/delete',
} as const;

export const RECTIFICATION_API = {
  list: '/supervision/rectification/list',
  queryById: '/supervision/rectification/queryById',
  add: '/supervision/rectification/add',
  answer: '/supervision/rectification/answer',
  review: '/supervision/rectification/review',
  giveBack: '/supervision/rectification/return',
  exportXls: '/supervision/rectification/exportXls',
  /** 我的整改: the supplier's own orders and its answer. */
  supplierList: '/supervision/rectification/supplier/list',
  supplierQueryById: '/supervision/rectification/supplier/queryById',
  supplierAnswer: '/supervision/rectification/supplier/answer',
} as const;

/** What an inspection looks at (监控中心 links with the same codes). */
export const INSPECTION_TARGET_TYPES = {
  project: '项目',
  package: '标包',
  contract: '合同',
  supplier: '供应商',
} as const;
export type InspectionTargetType = keyof typeof INSPECTION_TARGET_TYPES;
export const INSPECTION_TARGET_CODES = Object.keys(INSPECTION_TARGET_TYPES) as InspectionTargetType[];

/** 计划中 → 检查中 → 已完成. */
export const INSPECTION_STATES = { planned: '计划中', inspecting: '检查中', done: '已完成' } as const;
export type InspectionState = keyof typeof INSPECTION_STATES;
export const INSPECTION_STATE_CODES = Object.keys(INSPECTION_STATES) as InspectionState[];

/** A finding's severity: 一般/较重/严重. */
export const FINDING_SEVERITIES = { general: '一般', major: '较重', critical: '严重' } as const;
export type FindingSeverity = keyof typeof FINDING_SEVERITIES;
export const FINDING_SEVERITY_CODES = Object.keys(FINDING_SEVERITIES) as FindingSeverity[];

/** Who must rectify: a department of the tenant or a supplier. */
export const RECTIFICATION_ADDRESSEES = { depart: '部门', supplier: '供应商' } as const;
export type RectificationAddressee = keyof typeof RECTIFICATION_ADDRESSEES;

/**
 * 待整改 → 已整改待复核 → 已关闭; 退回 sends an answered order back to 待整改 (the history keeps the return and the
 * earlier answers). The review is the `rectification` approval: it runs while the order reads 已整改待复核.
 */
export const RECTIFICATION_STATES = { pending: '待整改', answered: '已整改待复核', closed: '已关闭' } as const;
export type RectificationState = keyof typeof RECTIFICATION_STATES;
export const RECTIFICATION_STATE_CODES = Object.keys(RECTIFICATION_STATES) as RectificationState[];

export const RECTIFICATION_ACTIONS = {
  raise: '发起整改',
  answer: '提交整改',
  review: '提交复核',
  approve: '复核通过',
  giveBack: '退回',
  overdue: '逾期',
  propose: '处置建议',
} as const;
export type RectificationAction = keyof typeof RECTIFICATION_ACTIONS;

/** What a step may do from a state (the server decides; the web shows only the allowed buttons). */
export const RECTIFICATION_TRANSITIONS: Record<'answer' | 'review' | 'giveBack', readonly RectificationState[]> = {
  answer: ['pending'],
  review: ['answered'],
  giveBack: ['answered'],
};
export const canRectify = (action: keyof typeof RECTIFICATION_TRANSITIONS, state: string, approvalStatus = '1') =>
  (RECTIFICATION_TRANSITIONS[action] as readonly string[]).includes(state) &&
  // While the review is in approval (2, 3, 6) only the workflow moves the order.
  (action === 'answer' || !['2', '3', '6'].includes(approvalStatus));

/** The overdue job's proposal for a supplier addressee (recorded on the order). */
export const RECTIFICATION_PROPOSALS = { suspend: '建议暂停', blacklist: '建议列入黑名单' } as const;
export type RectificationProposal = keyof typeof RECTIFICATION_PROPOSALS;

export const SUPERVISION_LIMITS = {
  titleMax: 100,
  scopeMax: 2000,
  textMax: 2000,
  maxInspectors: 20,
  maxFiles: 10,
} as const;

export const SUPERVISION_MESSAGES = {
  inspectionNotFound: '检查记录不存在或已删除',
  findingNotFound: '检查发现不存在或已删除',
  rectificationNotFound: '整改单不存在或已删除',
  targetNotFound: '检查对象不存在或已删除',
  inspectorsRequired: '请选择检查人员',
  inspectorUnknown: '检查人员不存在',
  departUnknown: '整改部门不存在',
  supplierUnknown: '整改供应商不存在',
  addresseeRequired: '请选择整改对象',
  deadlinePast: '整改期限不能早于今天',
  dateOrder: '计划结束日期不能早于开始日期',
  notAddressee: '只有整改对象可以提交整改',
  notInspector: '只有检查人员可以复核或退回',
  stateRefused: (action: string, state: string) => `整改单${state}，不能${action}`,
  inspectionDeleteRefused: '已发起整改的检查不能删除',
  noSupplier: '当前账号未关联供应商',
  reasonRequired: '请输入退回原因',
} as const;

export const INSPECTION_SORT_COLUMNS = ['createTime', 'plannedStart', 'title', 'state'] as const;
export const RECTIFICATION_SORT_COLUMNS = ['createTime', 'deadline', 'state'] as const;

export interface FindingDto {
  id: string;
  inspectionId: string;
  description: string;
  severity: FindingSeverity;
  evidence: SupplierFileDto[];
  createBy: string | null;
  createTime: string;
  /** The rectification raised from it, if any. */
  rectificationId: string | null;
}

export interface InspectionDto {
  id: string;
  title: string;
  targetType: InspectionTargetType;
  targetId: string;
  targetName: string;
  signal: string | null;
  scope: string | null;
  inspectorIds: string[];
  inspectorNames: string[];
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  state: InspectionState;
  sysOrgCode: string;
  findingCount: number;
  createBy: string | null;
  createTime: string;
  findings?: FindingDto[];
}

export interface RectificationLogDto {
  id: string;
  action: RectificationAction;
  fromState: RectificationState | null;
  toState: RectificationState | null;
  comment: string | null;
  files: SupplierFileDto[];
  actor: string;
  createTime: string;
}

export interface RectificationDto {
  id: string;
  rectNo: string;
  inspectionId: string;
  inspectionTitle: string;
  findingId: string;
  findingDescription: string;
  severity: FindingSeverity;
  addresseeType: RectificationAddressee;
  addresseeOrgCode: string | null;
  supplierId: string | null;
  addresseeName: string;
  deadline: string;
  requirement: string;
  state: RectificationState;
  approvalStatus: string;
  answer: string | null;
  answerFiles: SupplierFileDto[];
  answeredBy: string | null;
  answeredAt: string | null;
  returnCount: number;
  overdue: boolean;
  proposal: RectificationProposal | null;
  proposalRef: string | null;
  inspectorUserId: string;
  createBy: string | null;
  createTime: string;
  closedAt: string | null;
  history?: RectificationLogDto[];
}
