import type {
  WorkflowBindingDto,
  WorkflowDefinitionDto,
  WorkflowInstanceDetail,
  WorkflowTaskDetail,
} from '@aps/shared';
import { DEMO_REQUEST_API, WORKFLOW_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/useCrudList.ts';

/** Query keys: every workflow action invalidates `workflowKeys.all` (todo, done, my, instances, details). */
export const workflowKeys = {
  all: ['workflow'] as const,
  todo: ['workflow', 'todo'] as const,
  done: ['workflow', 'done'] as const,
  my: ['workflow', 'my'] as const,
  instances: ['workflow', 'instances'] as const,
  definitions: ['workflow', 'definitions'] as const,
  task: (id: string) => ['workflow', 'task', id] as const,
  instance: (id: string) => ['workflow', 'instance', id] as const,
};

/** The demo's list also shows approval states, so workflow actions refresh it. */
export const demoRequestKey = ['demo', 'request'] as const;

export const WORKFLOW_URLS = {
  todo: WORKFLOW_API.taskTodo,
  done: WORKFLOW_API.taskDone,
  my: WORKFLOW_API.instanceMy,
  instances: WORKFLOW_API.instanceList,
  definitions: WORKFLOW_API.definitionList,
};

export function useTaskDetail(id: string | null) {
  return useQuery({
    queryKey: workflowKeys.task(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => http.get<WorkflowTaskDetail>(WORKFLOW_API.taskQueryById, { id, _t: Date.now() }, signal),
  });
}

export function useInstanceDetail(id: string | null) {
  return useQuery({
    queryKey: workflowKeys.instance(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      http.get<WorkflowInstanceDetail>(WORKFLOW_API.instanceQueryById, { id, _t: Date.now() }, signal),
  });
}

const ALL = [workflowKeys.all, demoRequestKey];

const TASK_ACTION_URLS = {
  approve: WORKFLOW_API.taskApprove,
  reject: WORKFLOW_API.taskReject,
  return: WORKFLOW_API.taskReturn,
  delegate: WORKFLOW_API.taskDelegate,
  transfer: WORKFLOW_API.taskTransfer,
  addSigner: WORKFLOW_API.taskAddSigner,
} as const;
export type TaskAction = keyof typeof TASK_ACTION_URLS;

export interface TaskActionInput {
  action: TaskAction;
  taskId: string;
  comment?: string;
  targetNodeId?: string;
  username?: string;
  usernames?: string;
}

/** 同意 / 驳回 / 退回 / 委派 / 转办 / 加签 on a task (the server checks that the user is a current assignee). */
export function useTaskAction() {
  return useInvalidatingMutation(
    ({ action, ...body }: TaskActionInput) => http.post<unknown>(TASK_ACTION_URLS[action], body),
    ALL,
  );
}

const INSTANCE_ACTION_URLS = {
  withdraw: WORKFLOW_API.instanceWithdraw,
  suspend: WORKFLOW_API.instanceSuspend,
  resume: WORKFLOW_API.instanceResume,
  terminate: WORKFLOW_API.instanceTerminate,
} as const;
export type InstanceAction = keyof typeof INSTANCE_ACTION_URLS;

export function useInstanceAction() {
  return useInvalidatingMutation(
    ({ action, ...body }: { action: InstanceAction; instanceId: string; reason?: string; comment?: string }) =>
      http.post<unknown>(INSTANCE_ACTION_URLS[action], body),
    ALL,
  );
}

// ── Definitions ────────────────────────────────────────────────────────────────────────────────
export function useDefinitionVersions(key: string | null) {
  return useQuery({
    queryKey: [...workflowKeys.definitions, 'versions', key],
    enabled: Boolean(key),
    queryFn: ({ signal }) =>
      http.get<WorkflowDefinitionDto[]>(WORKFLOW_API.definitionVersions, { key, _t: Date.now() }, signal),
  });
}

export function fetchDefinition(id: string) {
  return http.get<WorkflowDefinitionDto>(WORKFLOW_API.definitionQueryById, { id, _t: Date.now() });
}

export function useDefinition(id: string | null) {
  return useQuery({
    queryKey: [...workflowKeys.definitions, 'one', id],
    enabled: Boolean(id),
    queryFn: () => fetchDefinition(id as string),
  });
}

export function useDeploy() {
  return useInvalidatingMutation(
    (body: { key: string; name: string; xml: string; businessType?: string }) =>
      http.post<WorkflowDefinitionDto>(WORKFLOW_API.definitionDeploy, body),
    [workflowKeys.definitions],
  );
}

export function validateDefinition(xml: string) {
  return http.post<{ valid: boolean; errors: string[] }>(WORKFLOW_API.definitionValidate, { xml });
}

export function useDefinitionState() {
  return useInvalidatingMutation(
    ({ id, suspend }: { id: string; suspend: boolean }) =>
      http.put<unknown>(suspend ? WORKFLOW_API.definitionSuspend : WORKFLOW_API.definitionActivate, { id }),
    [workflowKeys.definitions],
  );
}

export function useBindings() {
  return useQuery({
    queryKey: [...workflowKeys.definitions, 'bindings'],
    queryFn: ({ signal }) => http.get<WorkflowBindingDto[]>(WORKFLOW_API.bindingList, { _t: Date.now() }, signal),
  });
}

export function useBind() {
  return useInvalidatingMutation(
    (body: { businessType: string; key: string }) => http.put<unknown>(WORKFLOW_API.bindingBind, body),
    [workflowKeys.definitions],
  );
}

// ── 申请示例 (demo_request) ─────────────────────────────────────────────────────────────────────
/** 重新提交 of a rejected business row: each business type has its own call (the demo's for now). */
export const RESUBMIT_URLS: Partial<Record<string, string>> = { demo_request: DEMO_REQUEST_API.resubmit };

export function useResubmit() {
  return useInvalidatingMutation(({ businessType, businessKey }: { businessType: string; businessKey: string }) => {
    const url = RESUBMIT_URLS[businessType];
    if (!url) throw new Error('该业务类型不支持在此重新提交');
    return http.post<unknown>(url, { id: businessKey });
  }, ALL);
}
