import { type QualificationSaveDto, REVIEW_API, type ReviewItemsSheetDto, type TeamLeaderListDto } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { useInvalidatingMutation } from '../../../shared/list/index.ts';

/** 组长推选 and 资格/符合性审查 (issue 15 §4–§5): a vote or a verdict moves the task, so every ['review'] key refreshes. */
export const reviewVoteKeys = {
  leaders: (packageId: string) => ['review', 'vote', packageId] as const,
  sheet: (packageId: string) => ['review', 'qualification', packageId] as const,
};
const everyReviewKey = [['review']] as const;

export interface VoteResultDto {
  round: number;
  leaderMemberId: string | null;
  tieRound: number | null;
}

export interface QualificationVerdictInput {
  bidId: string;
  itemId: string;
  pass: boolean;
  reason: string | null;
}

export const reviewVoteApi = {
  leaders: (packageId: string, signal?: AbortSignal) =>
    http.get<TeamLeaderListDto>(REVIEW_API.teamLeaderList, { packageId }, signal),
  vote: (body: { packageId: string; candidateMemberId: string }) =>
    http.put<VoteResultDto>(REVIEW_API.teamLeaderVote, body),
  sheet: (packageId: string, signal?: AbortSignal) =>
    http.get<ReviewItemsSheetDto>(REVIEW_API.reviewItems, { packageId }, signal),
  saveVerdicts: (body: { packageId: string; verdicts: QualificationVerdictInput[] }) =>
    http.post<QualificationSaveDto>(REVIEW_API.eligibleReviewEdit, body),
};

export const useTeamLeaderList = (packageId: string) =>
  useQuery({
    queryKey: reviewVoteKeys.leaders(packageId),
    queryFn: ({ signal }) => reviewVoteApi.leaders(packageId, signal),
  });
export const useLeaderVote = () => useInvalidatingMutation(reviewVoteApi.vote, everyReviewKey);

export const useQualificationSheet = (packageId: string) =>
  useQuery({
    queryKey: reviewVoteKeys.sheet(packageId),
    queryFn: ({ signal }) => reviewVoteApi.sheet(packageId, signal),
  });
export const useSaveVerdicts = () => useInvalidatingMutation(reviewVoteApi.saveVerdicts, everyReviewKey);
