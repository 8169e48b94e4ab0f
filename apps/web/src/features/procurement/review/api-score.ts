import {
  type CommitteeState,
  type LeaderReturnRequest,
  type LeaderReviewDto,
  type MemberState,
  REVIEW_API,
  type ScoreSaveRequest,
  type ScoreSubclassDto,
  type ScoringSheetDto,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';

/** Query keys of 评分 and the leader's summary; a write refreshes every ['review'] query (the drawer's task too). */
export const reviewScoreKeys = {
  sheets: (packageId: string) => ['review', 'score', 'sheets', packageId] as const,
  leader: (packageId: string) => ['review', 'score', 'leader', packageId] as const,
  subclass: (packageId: string, itemId: string) => ['review', 'score', 'subclass', packageId, itemId] as const,
};
const REFRESH = [['review']] as const;

export interface ScoreSaveResult {
  memberState: MemberState;
  committeeState: CommitteeState;
}

export const reviewScoreApi = {
  startScoring: (packageId: string) =>
    http.post<{ committeeState: CommitteeState }>(REVIEW_API.startScoreEdit, { packageId }),
  sheets: (packageId: string, envelope: 1 | 2, signal?: AbortSignal) =>
    http.get<ScoringSheetDto[]>(REVIEW_API.scoringItemsList, { packageId, envelope }, signal),
  save: ({ envelope, ...body }: Omit<ScoreSaveRequest, 'scores'> & { scores: unknown[]; envelope: 1 | 2 }) =>
    http.post<ScoreSaveResult>(envelope === 1 ? REVIEW_API.firstEnvelopeSave : REVIEW_API.scoreSave, body),
  leader: (packageId: string, signal?: AbortSignal) =>
    http.get<LeaderReviewDto>(REVIEW_API.leaderReview, { packageId }, signal),
  returnItems: (body: LeaderReturnRequest) =>
    http.post<{ returned: number; members: number }>(REVIEW_API.leaderReview, body),
  subclass: (packageId: string, itemId: string, signal?: AbortSignal) =>
    http.get<ScoreSubclassDto>(REVIEW_API.subclass, { packageId, itemId }, signal),
};

export const useScoringSheets = (packageId: string, envelope: 1 | 2, enabled: boolean) =>
  useQuery({
    queryKey: reviewScoreKeys.sheets(packageId),
    queryFn: ({ signal }) => reviewScoreApi.sheets(packageId, envelope, signal),
    enabled,
  });
export const useLeaderReview = (packageId: string) =>
  useQuery({
    queryKey: reviewScoreKeys.leader(packageId),
    queryFn: ({ signal }) => reviewScoreApi.leader(packageId, signal),
  });
export const useSubclass = (packageId: string, itemId: string | null) =>
  useQuery({
    queryKey: reviewScoreKeys.subclass(packageId, itemId ?? ''),
    queryFn: ({ signal }) => reviewScoreApi.subclass(packageId, itemId ?? '', signal),
    enabled: !!itemId,
  });

export const useStartScoring = () => useInvalidatingMutation(reviewScoreApi.startScoring, REFRESH);
export const useSaveScores = () => useInvalidatingMutation(reviewScoreApi.save, REFRESH);
export const useReturnItems = () => useInvalidatingMutation(reviewScoreApi.returnItems, REFRESH);
