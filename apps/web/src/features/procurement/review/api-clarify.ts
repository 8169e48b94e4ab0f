import {
  type ClarificationDto,
  type ClarifyAddRequest,
  type ClarifyDecideRequest,
  type ClarifyPackageDto,
  REVIEW_API,
  type SupplierClarificationDto,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';
import { reviewTaskKeys } from './api.ts';

/** Query keys of 报价澄清: a package's view for the committee, the supplier's own list. */
export const clarifyKeys = {
  all: ['review', 'clarify'] as const,
  pkg: (packageId: string) => ['review', 'clarify', 'package', packageId] as const,
  mine: ['review', 'clarify', 'mine'] as const,
};

export interface ClarifyAnswerBody {
  id: string;
  answer: string;
  fileIds?: string[];
  price?: string;
  rate?: string;
}

export const clarifyApi = {
  pkg: (packageId: string, signal?: AbortSignal) =>
    http.get<ClarifyPackageDto>(REVIEW_API.clarifyPackage, { packageId }, signal),
  add: (body: ClarifyAddRequest) => http.post<ClarificationDto[]>(REVIEW_API.clarifyAdd, body),
  decide: (body: ClarifyDecideRequest) => http.put<ClarificationDto>(REVIEW_API.clarifyEdit, body),
  answer: (body: ClarifyAnswerBody) => http.post<SupplierClarificationDto>(REVIEW_API.supplierClarifyAnswer, body),
};

export const useClarifyPackage = (packageId: string | null) =>
  useQuery({
    queryKey: clarifyKeys.pkg(packageId ?? ''),
    queryFn: ({ signal }) => clarifyApi.pkg(packageId ?? '', signal),
    enabled: !!packageId,
  });

// A decision or a closed round changes the bids and may end the review (流标): the tasks refresh too.
export const useClarifyAdd = () => useInvalidatingMutation(clarifyApi.add, [clarifyKeys.all, reviewTaskKeys.all]);
export const useClarifyDecide = () => useInvalidatingMutation(clarifyApi.decide, [clarifyKeys.all, reviewTaskKeys.all]);
export const useClarifyAnswer = () => useInvalidatingMutation(clarifyApi.answer, [clarifyKeys.all]);
