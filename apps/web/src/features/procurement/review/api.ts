import {
  type BidFilesDto,
  type MemberState,
  REVIEW_API,
  type ReviewTaskDetailDto,
  type SignInRequest,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';

/** Query keys of the expert's workspace: the task list and each task's detail. */
export const reviewTaskKeys = {
  all: ['review', 'tasks'] as const,
  detail: (id: string) => ['review', 'tasks', 'detail', id] as const,
};

export const reviewTaskApi = {
  listUrl: REVIEW_API.taskList,
  detail: (id: string, signal?: AbortSignal) => http.get<ReviewTaskDetailDto>(REVIEW_API.taskQueryById, { id }, signal),
  files: (packageId: string, bidId: string) =>
    http.post<BidFilesDto>(REVIEW_API.findFileByLaborId, { packageId, bidId }),
  signIn: (body: SignInRequest) => http.post<{ state: MemberState }>(REVIEW_API.taskSignIn, body),
  decline: (body: { id: string; reason: string }) => http.post<{ state: MemberState }>(REVIEW_API.taskDecline, body),
};

export const useTaskDetail = (id: string | null) =>
  useQuery({
    queryKey: reviewTaskKeys.detail(id ?? ''),
    queryFn: ({ signal }) => reviewTaskApi.detail(id ?? '', signal),
    enabled: !!id,
  });

export const useSignIn = () => useInvalidatingMutation(reviewTaskApi.signIn, [reviewTaskKeys.all]);
export const useDecline = () => useInvalidatingMutation(reviewTaskApi.decline, [reviewTaskKeys.all]);
