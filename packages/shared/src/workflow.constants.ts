/**
 * The zod-free half of the workflow (issue 13) contract: API paths, business types, approvalStatus codes, instance
 * statuses, task actions, assignee kinds, sign modes, the BPMN extension namespace, DTOs and the Chinese messages.
 * The server (engine, routes) and the web (待办/已办/发起/实例/流程设计 pages) import these.
 */

/** API paths under /aps. */
export const WORKFLOW_API = {
  definitionList: '/workflow/definition/list',
  definitionVersions: '/workflow/definition/versions',
  definitionQueryById: '/workflow/definition/queryById',
  definitionDeploy: '/workflow/definition/deploy',
  definitionValidate: '/workflow/definition/validate',
  definitionSuspend: '/workflow/definition/suspend',
  definitionActivate: '/workflow/definition/activate',
  bindingList: '/workflow/binding/list',
  bindingBind: '/workflow/binding/bind',
  taskTodo: '/workflow/task/todo',
  taskDone: '/workflow/task/done',
  taskQueryById: '/workflow/task/queryById',
  taskApprove: '/workflow/task/approve',
  taskReject: '/workflow/task/reject',
  taskReturn: '/workflow/task/return',
  taskDelegate: '/workflow/task/delegate',
  taskTransfer: '/workflow/task/transfer',
  taskAddSigner: '/workflow/task/addSigner',
  instanceMy: '/workflow/instance/my',
  instanceList: '/workflow/instance/list',
  instanceQueryById: '/workflow/instance/queryById',
  instanceWithdraw: '/workflow/instance/withdraw',
  instanceSuspend: '/workflow/instance/suspend',
  instanceResume: '/workflow/instance/resume',
  instanceTerminate: '/workflow/instance/terminate',
} as const;

/** The demo business (申请示例) API. */
export const DEMO_REQUEST_API = {
  base: '/demo/request',
  list: '/demo/request/list',
  queryById: '/demo/request/queryById',
  add: '/demo/request/add',
  edit: '/demo/request/edit',
  delete: '/demo/request/delete',
  submit: '/demo/request/submit',
  resubmit: '/demo/request/resubmit',
} as const;

/** Business types a process can be bound to (code → Chinese label). */
export const WORKFLOW_BUSINESS_TYPES = {
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
} as const;
export type WorkflowBusinessType = keyof typeof WORKFLOW_BUSINESS_TYPES;
export const WORKFLOW_BUSINESS_TYPE_CODES = Object.keys(WORKFLOW_BUSINESS_TYPES) as [
  WorkflowBusinessType,
  ...WorkflowBusinessType[],
];

/** approvalStatus on business rows (docs/decisions.md): 2, 3 and 6 are "in approval". */
export const APPROVAL_STATUS = {
  draft: 1,
  inApproval: 2,
  countersigning: 3,
  approved: 4,
  rejected: 5,
  reapproving: 6,
} as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  1: '待提交',
  2: '审批中',
  3: '会签中',
  4: '已通过',
  5: '已驳回',
  6: '重新审批中',
};
/** Business rows may be edited only in these states. */
export const APPROVAL_EDITABLE: readonly ApprovalStatus[] = [APPROVAL_STATUS.draft, APPROVAL_STATUS.rejected];

/** Process instance status. */
export const INSTANCE_STATUS = {
  running: 'running',
  approved: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  suspended: 'suspended',
  terminated: 'terminated',
} as const;
export type InstanceStatus = (typeof INSTANCE_STATUS)[keyof typeof INSTANCE_STATUS];
export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = {
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  suspended: '已挂起',
  terminated: '已终止',
};

/** Task status. */
export const TASK_STATUS = { open: 'open', done: 'done', cancelled: 'cancelled' } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { open: '待办理', done: '已办理', cancelled: '已取消' };

/** Actions recorded in the history (and offered on a task). */
export const TASK_ACTIONS = {
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
} as const;
export type TaskAction = keyof typeof TASK_ACTIONS;

/** Who a user task goes to. dept_leader goes `aps:leaderLevels` levels up from the initiator's department. */
export const ASSIGNEE_TYPES = {
  user: '指定用户',
  role: '角色',
  initiator: '发起人',
  dept_leader: '部门负责人',
} as const;
export type AssigneeType = keyof typeof ASSIGNEE_TYPES;

/** or: any one approval completes the node (或签); and: all must approve, one rejection rejects (会签). */
export const SIGN_MODES = { or: '或签', and: '会签' } as const;
export type SignMode = keyof typeof SIGN_MODES;

/** The BPMN extension namespace and the attributes our user tasks carry. */
export const APS_BPMN = {
  prefix: 'aps',
  uri: 'http://aps.example/bpmn',
  assigneeType: 'aps:assigneeType',
  assignees: 'aps:assignees',
  leaderLevels: 'aps:leaderLevels',
  signMode: 'aps:signMode',
} as const;

/** Chinese names of BPMN element types, for validation messages (不支持的元素：脚本任务「计算」(Task_1)). */
export const BPMN_ELEMENT_LABELS: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '用户任务',
  'bpmn:Task': '任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:ManualTask': '手工任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:CallActivity': '调用活动',
  'bpmn:SubProcess': '子流程',
  'bpmn:Transaction': '事务子流程',
  'bpmn:AdHocSubProcess': '自由子流程',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:IntermediateCatchEvent': '中间捕获事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:SequenceFlow': '顺序流',
  'bpmn:TimerEventDefinition': '定时器',
  'bpmn:MessageEventDefinition': '消息事件',
  'bpmn:SignalEventDefinition': '信号事件',
  'bpmn:ErrorEventDefinition': '错误事件',
};

export const WORKFLOW_LIMITS = {
  xml: 500_000,
  key: 64,
  name: 100,
  comment: 500,
  reason: 500,
  title: 200,
} as const;

/** Messages (exact Chinese). */
export const WORKFLOW_MESSAGES = {
  taskNotFound: '任务不存在或已处理',
  notAssignee: '您不是当前任务的处理人',
  taskTaken: '任务已被他人处理',
  suspended: '流程已挂起',
  ended: '流程已结束',
  withdrawActed: '已有人处理，不能撤回',
  withdrawNotInitiator: '只有发起人可以撤回',
  noBinding: (businessType: string) => `未找到业务类型「${businessType}」绑定的流程`,
  ok: '操作成功!',
  rejectCommentRequired: '请填写驳回意见',
  reasonRequired: '请填写原因',
  returnTargetRequired: '请选择退回节点',
  returnTargetInvalid: '只能退回到已经过的节点',
  userRequired: '请选择人员',
  userNotFound: (username: string) => `用户「${username}」不存在`,
  keyRequired: '请输入流程标识',
  keyPattern: '流程标识须以字母开头，只含字母、数字、下划线和短横线',
  nameRequired: '请输入流程名称',
  xmlRequired: '请提供流程图XML',
  xmlTooLong: '流程图XML过大',
  xmlInvalid: (detail: string) => `流程图XML无法解析：${detail}`,
  unsupportedElement: (label: string, name: string, id: string) => `不支持的元素：${label}「${name}」(${id})`,
  noProcess: '流程图中没有流程',
  noStart: '流程须有且只有一个开始事件',
  noEnd: '流程须至少有一个结束事件',
  noAssignee: (name: string, id: string) => `用户任务「${name}」(${id})未设置处理人`,
  badCondition: (id: string, detail: string) => `顺序流(${id})的条件无效：${detail}`,
  unreachable: (name: string, id: string) => `元素「${name}」(${id})从开始事件不可达`,
  noOutgoing: (name: string, id: string) => `元素「${name}」(${id})没有出口`,
  noAssigneeResolved: (nodeName: string) => `节点「${nodeName}」找不到处理人`,
  noPathTaken: (nodeName: string) => `网关「${nodeName}」没有满足条件的出口`,
  definitionNotFound: '流程定义不存在',
  definitionSuspended: '流程定义已挂起',
  instanceNotFound: '流程实例不存在',
  notSuspended: '流程未挂起',
  invalidBusinessType: '业务类型不存在',
  selfAssign: '不能委派或转办给自己',
  alreadyAssignee: (username: string) => `「${username}」已是该节点的处理人`,
  notRejected: '只有已驳回的申请可以重新提交',
  notEditable: '审批中或已通过的申请不能修改',
  notDraft: '只有待提交或已驳回的申请可以提交',
  taskMessageTitle: (title: string, nodeName: string) => `待办：${title}（${nodeName}）`,
} as const;

/** The bell message's url for a new task. */
export const workflowTaskUrl = (taskId: string) => `/workflow/todo?taskId=${taskId}`;

/** A definition as 流程设计 lists it (latest version per key). */
export interface WorkflowDefinitionDto {
  id: string;
  key: string;
  name: string;
  version: number;
  status: 'active' | 'suspended';
  versionCount?: number;
  boundTypes?: WorkflowBusinessType[];
  createBy: string | null;
  createTime: string;
  xml?: string;
}

export interface WorkflowBindingDto {
  businessType: WorkflowBusinessType;
  businessTypeText: string;
  key: string | null;
  definitionName: string | null;
  version: number | null;
}

export interface WorkflowInstanceDto {
  id: string;
  definitionId: string;
  definitionKey: string;
  definitionName: string;
  definitionVersion: number;
  businessType: WorkflowBusinessType;
  businessTypeText: string;
  businessKey: string;
  title: string;
  initiator: string;
  initiatorName: string | null;
  status: InstanceStatus;
  statusText: string;
  approvalStatus: ApprovalStatus;
  round: number;
  /** Names of the nodes with open tasks, joined with "、". */
  currentNodes: string;
  /** Usernames (realnames) of the current assignees. */
  currentAssignees: string;
  startTime: string;
  endTime: string | null;
  variables?: Record<string, unknown>;
}

export interface WorkflowTaskDto {
  id: string;
  instanceId: string;
  nodeId: string;
  nodeName: string;
  assignee: string;
  assigneeName: string | null;
  status: TaskStatus;
  signMode: SignMode;
  delegatedFrom: string | null;
  createTime: string;
  finishTime: string | null;
  /** From the instance (lists show them). */
  title: string;
  businessType: WorkflowBusinessType;
  businessTypeText: string;
  businessKey: string;
  initiator: string;
  initiatorName: string | null;
  /** The action taken (done list). */
  action?: TaskAction | null;
  actionText?: string | null;
}

export interface WorkflowHistoryDto {
  id: string;
  instanceId: string;
  taskId: string | null;
  nodeId: string | null;
  nodeName: string | null;
  actor: string;
  actorName: string | null;
  action: TaskAction;
  actionText: string;
  comment: string | null;
  time: string;
}

export interface WorkflowDiagramState {
  xml: string;
  finishedNodeIds: string[];
  activeNodeIds: string[];
  finishedFlowIds: string[];
}

export interface WorkflowReturnTarget {
  nodeId: string;
  nodeName: string;
}

export interface WorkflowTaskDetail {
  task: WorkflowTaskDto;
  instance: WorkflowInstanceDto;
  history: WorkflowHistoryDto[];
  diagram: WorkflowDiagramState;
  returnTargets: WorkflowReturnTarget[];
  canAct: boolean;
}

export interface WorkflowInstanceDetail {
  instance: WorkflowInstanceDto;
  history: WorkflowHistoryDto[];
  diagram: WorkflowDiagramState;
  currentTasks: WorkflowTaskDto[];
}

export interface WorkflowValidateResult {
  valid: boolean;
  errors: string[];
}

/** 申请示例 row. */
export interface DemoRequestDto {
  id: string;
  title: string;
  amount: number;
  reason: string | null;
  approvalStatus: ApprovalStatus;
  approvalStatusText: string;
  instanceId: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
}

export const DEMO_REQUEST_LIMITS = { title: 100, reason: 1000, amountMax: 999_999_999_999 } as const;
export const DEMO_REQUEST_MESSAGES = {
  titleRequired: '请输入标题',
  titleTooLong: `标题最长${DEMO_REQUEST_LIMITS.title}个字符`,
  amountRequired: '请输入金额',
  amountRange: '金额须为0到999999999999之间的数',
  reasonTooLong: `申请理由最长${DEMO_REQUEST_LIMITS.reason}个字符`,
  notFound: '申请不存在或已删除',
} as const;
