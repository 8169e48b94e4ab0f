import type {
  WorkflowBindingDto,
  WorkflowDefinitionDto,
  WorkflowInstanceDetail,
  WorkflowTaskDetail,
} from '@aps/shared';
import { DEMO_REQUEST_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/useCrudList.ts';

const BASE = '/workflow';

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
  todo: `${BASE}/task/todo`,
  done: `${BASE}/task/done`,
  my: `${BASE}/instance/my`,
  instances: `${BASE}/instance/list`,
  definitions: `${BASE}/definition/list`,
};

export function useTaskDetail(id: string | null) {
  return useQuery({
    queryKey: workflowKeys.task(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => http.get<WorkflowTaskDetail>(`${BASE}/task/queryById`, { id, _t: Date.now() }, signal),
  });
}

export function useInstanceDetail(id: string | null) {
  return useQuery({
    queryKey: workflowKeys.instance(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      http.get<WorkflowInstanceDetail>(`${BASE}/instance/queryById`, { id, _t: Date.now() }, signal),
  });
}

const ALL = [workflowKeys.all, demoRequestKey];

export type TaskAction = 'approve' | 'reject' | 'return' | 'delegate' | 'transfer' | 'addSigner';

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
    ({ action, ...body }: TaskActionInput) => http.post<unknown>(`${BASE}/task/${action}`, body),
    ALL,
  );
}

export type InstanceAction = 'withdraw' | 'suspend' | 'resume' | 'terminate';

export function useInstanceAction() {
  return useInvalidatingMutation(
    ({ action, ...body }: { action: InstanceAction; instanceId: string; reason?: string; comment?: string }) =>
      http.post<unknown>(`${BASE}/instance/${action}`, body),
    ALL,
  );
}

// ── Definitions ────────────────────────────────────────────────────────────────────────────────
export function useDefinitionVersions(key: string | null) {
  return useQuery({
    queryKey: [...workflowKeys.definitions, 'versions', key],
    enabled: Boolean(key),
    queryFn: ({ signal }) =>
      http.get<WorkflowDefinitionDto[]>(`${BASE}/definition/versions`, { key, _t: Date.now() }, signal),
  });
}

export function fetchDefinition(id: string) {
  return http.get<WorkflowDefinitionDto>(`${BASE}/definition/queryById`, { id, _t: Date.now() });
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
      http.post<WorkflowDefinitionDto>(`${BASE}/definition/deploy`, body),
    [workflowKeys.definitions],
  );
}

export function validateDefinition(xml: string) {
  return http.post<{ valid: boolean; errors: string[] }>(`${BASE}/definition/validate`, { xml });
}

export function useDefinitionState() {
  return useInvalidatingMutation(
    ({ id, suspend }: { id: string; suspend: boolean }) =>
      http.put<unknown>(`${BASE}/definition/${suspend ? 'suspend' : 'activate'}`, { id }),
    [workflowKeys.definitions],
  );
}

export function useBindings() {
  return useQuery({
    queryKey: [...workflowKeys.definitions, 'bindings'],
    queryFn: ({ signal }) => http.get<WorkflowBindingDto[]>(`${BASE}/binding/list`, { _t: Date.now() }, signal),
  });
}

export function useBind() {
  return useInvalidatingMutation(
    (body: { businessType: string; key: string }) => http.put<unknown>(`${BASE}/binding/bind`, body),
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
