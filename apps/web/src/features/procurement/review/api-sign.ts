import { REVIEW_API, type ReviewEndStateDto, type SignRequest } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { downloadBlob, useInvalidatingMutation } from '../../../shared/list/index.ts';
import { reviewTaskKeys } from './api.ts';

/** 签字, 结束评审 and the report (issue 15 §9). Every write refreshes the tasks (the drawer) and the end state. */
export const reviewSignKeys = {
  all: ['review', 'sign'] as const,
  endState: (packageId: string) => ['review', 'sign', 'endState', packageId] as const,
};

export interface SignResultDto {
  memberId: string;
  state: string;
  signTime: string;
  signed: number;
  members: number;
}

export const reviewSignApi = {
  endState: (packageId: string, signal?: AbortSignal) =>
    http.get<ReviewEndStateDto>(REVIEW_API.queryIsEndReviewById, { packageId }, signal),
  sign: (body: SignRequest) => http.put<SignResultDto>(REVIEW_API.sign, body),
  /** The goods/assets variant (物资/资产): sign, or revise the signed opinion until the end. */
  saveAssetsOpinion: (body: SignRequest) => http.put<SignResultDto>(REVIEW_API.assetsExpertEdit, body),
  end: (packageId: string) => http.put<ReviewEndStateDto>(REVIEW_API.putReviewScoreEnd, { packageId }),
  /** Saves the report PDF (the server checks who may read it). */
  downloadReport: (packageId: string, fileName = '评审报告.pdf') =>
    downloadBlob(REVIEW_API.report, fileName, { packageId }),
};

export const useEndState = (packageId: string | null, enabled = true) =>
  useQuery({
    queryKey: reviewSignKeys.endState(packageId ?? ''),
    queryFn: ({ signal }) => reviewSignApi.endState(packageId ?? '', signal),
    enabled: !!packageId && enabled,
  });

const KEYS = [reviewTaskKeys.all, reviewSignKeys.all];
export const useSign = () => useInvalidatingMutation(reviewSignApi.sign, KEYS);
export const useSaveAssetsOpinion = () => useInvalidatingMutation(reviewSignApi.saveAssetsOpinion, KEYS);
export const useEndReview = () => useInvalidatingMutation(reviewSignApi.end, KEYS);
