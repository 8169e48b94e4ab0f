import type {
  CheckRuleAddRequest,
  CheckRuleDto,
  FillRuleAddRequest,
  FillRuleDto,
  QuartzHandlerInfo,
  QuartzJobAddRequest,
  QuartzJobDto,
} from '@aps/shared';
import { PERMISSIONS, QUARTZ_STATUS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';

/** Query keys of 填值规则, 校验规则 and 定时任务 (under 'system', beside systemKeys). */
export const jobKeys = {
  fillRules: ['system', 'fillRule'] as const,
  checkRules: ['system', 'checkRule'] as const,
  quartz: ['system', 'quartz'] as const,
};

// ── Fill rules ────────────────────────────────────────────────────────────────────────────────
export type FillRuleFormValues = FillRuleAddRequest & { id?: string };

export const fillRuleApi = {
  ...createCrudApi<FillRuleDto, FillRuleAddRequest>({
    base: '/sys/fillRule',
    queryKey: jobKeys.fillRules,
    permissions: PERMISSIONS.fillRule,
  }),
  /** Takes the next number of the rule's sequence: the code is used up, as if a record had been saved. */
  execute: (ruleCode: string) =>
    http.get<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`, { _t: Date.now() }),
};

// ── Check rules ───────────────────────────────────────────────────────────────────────────────
export type CheckRuleFormValues = CheckRuleAddRequest & { id?: string };

export const checkRuleApi = {
  ...createCrudApi<CheckRuleDto, CheckRuleAddRequest>({
    base: '/sys/checkRule',
    queryKey: jobKeys.checkRules,
    permissions: PERMISSIONS.checkRule,
  }),
  /** Resolves when the value passes; rejects with the broken rule's message (success false, §5). */
  check: (ruleCode: string, value: string) =>
    http.get<boolean>('/sys/checkRule/checkByCode', { ruleCode, value, _t: Date.now() }),
};

// ── Scheduled jobs ────────────────────────────────────────────────────────────────────────────
export type QuartzJobFormValues = QuartzJobAddRequest & { id?: string };

export const quartzApi = {
  ...createCrudApi<QuartzJobDto, QuartzJobAddRequest>({
    base: '/sys/quartzJob',
    queryKey: jobKeys.quartz,
    permissions: PERMISSIONS.job,
  }),
  resume: (id: string) => http.get<QuartzJobDto>('/sys/quartzJob/resume', { id, _t: Date.now() }),
  pause: (id: string) => http.get<QuartzJobDto>('/sys/quartzJob/pause', { id, _t: Date.now() }),
  execute: (id: string) =>
    http.get<{ logId: number; success: boolean; message: string }>('/sys/quartzJob/execute', { id, _t: Date.now() }),
};

/** The registered job handlers (任务类名 choices). */
export function useQuartzHandlers(enabled = true) {
  return useQuery({
    queryKey: [...jobKeys.quartz, 'handlers'],
    queryFn: ({ signal }) => http.get<QuartzHandlerInfo[]>('/sys/quartzJob/handlers', { _t: Date.now() }, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** One job, re-read every `pollMs` while it runs (its log drawer). */
export function useQuartzJob(id: string, pollMs: number) {
  return useQuery({
    queryKey: [...jobKeys.quartz, 'job', id],
    queryFn: ({ signal }) => http.get<QuartzJobDto>('/sys/quartzJob/queryById', { id, _t: Date.now() }, signal),
    refetchInterval: (query) => (query.state.data?.status === QUARTZ_STATUS.running ? pollMs : false),
  });
}
