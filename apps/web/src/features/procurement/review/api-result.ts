import {
  CAMPAIGN_CHECK_PATHS,
  type CampaignCheckDto,
  type CampaignCheckKind,
  type CampaignCheckRequest,
  type PageResult,
  REVIEW_API,
  type ReviewResultDto,
  type ReviewTaskRowDto,
  type ScoreSummaryDto,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';

/** Query keys of 汇总 / 评审结果 (under ['review'], so every review write refreshes them with the task drawer). */
export const reviewResultKeys = {
  summary: (packageId: string) => ['review', 'summary', packageId] as const,
  result: (packageId: string) => ['review', 'result', packageId] as const,
  leading: ['review', 'tasks', 'leading'] as const,
};

export const reviewResultApi = {
  summary: (packageId: string, signal?: AbortSignal) =>
    http.get<ScoreSummaryDto>(REVIEW_API.scoreSummary, { packageId }, signal),
  result: (packageId: string, signal?: AbortSignal) =>
    http.get<ReviewResultDto>(REVIEW_API.reviewResults, { packageId }, signal),
  confirm: (packageId: string) =>
    http.post<{ committeeState: string; candidates: string[] }>(REVIEW_API.resultConfirm, { packageId }),
  check: ({ kind, ...body }: CampaignCheckRequest & { kind: CampaignCheckKind }) =>
    http.post<CampaignCheckDto>(CAMPAIGN_CHECK_PATHS[kind], body),
  /** My tasks in 组长汇总 (the 竞选核查 page keeps those I lead). */
  summarizingTasks: (signal?: AbortSignal) =>
    http.get<PageResult<ReviewTaskRowDto>>(REVIEW_API.taskList, { state: 'summarizing', pageSize: 100 }, signal),
};

export const useScoreSummary = (packageId: string) =>
  useQuery({
    queryKey: reviewResultKeys.summary(packageId),
    queryFn: ({ signal }) => reviewResultApi.summary(packageId, signal),
  });
export const useReviewResult = (packageId: string | null) =>
  useQuery({
    queryKey: reviewResultKeys.result(packageId ?? ''),
    queryFn: ({ signal }) => reviewResultApi.result(packageId ?? '', signal),
    enabled: !!packageId,
  });
export const useLeadingTasks = () =>
  useQuery({
    queryKey: reviewResultKeys.leading,
    queryFn: async ({ signal }) =>
      (await reviewResultApi.summarizingTasks(signal)).records.filter((t) => t.identity === 'leader'),
  });

/** Every review key: a confirmation or a check changes the task, the summary and the result. */
const REVIEW_ALL = [['review']] as const;
export const useConfirmResult = () => useInvalidatingMutation(reviewResultApi.confirm, REVIEW_ALL);
export const useCampaignCheck = () => useInvalidatingMutation(reviewResultApi.check, REVIEW_ALL);
