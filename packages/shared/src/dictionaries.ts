/** Dictionary codes and the item values with a fixed meaning in the spec or the domain model. */
export const DICT = {
  color: 'color',
  yn: 'yn',
  sex: 'sex',
  priority: 'priority',
  userType: 'user_type',
  userEnd: 'user_end',
  purchaseStage: 'purchase_stage',
  electionStatus: 'election_status',
  approvalStatus: 'approval_status',
  qaType: 'qa_type',
  userStatus: 'user_status',
  purchaseCategory: 'purchase_category',
  scoreType: 'score_type',
  payType: 'pay_type',
} as const;
export type DictCode = (typeof DICT)[keyof typeof DICT];

export interface DictOption {
  value: string;
  text: string;
  title?: string;
  label?: string;
  color?: string;
}

/** User types (§1): 1 group, 2 branch company, 3 project. */
export const USER_TYPE = { group: '1', branch: '2', project: '3' } as const;

/** Purchase stages 9–12 mean the review has ended (§4). */
export const REVIEW_ENDED_STAGES = ['9', '10', '11', '12'] as const;
export const isReviewEnded = (stage: string | number | null | undefined) =>
  stage != null && (REVIEW_ENDED_STAGES as readonly string[]).includes(String(stage));

/** How a purchase's review time is shown (§4). */
export type ReviewTiming =
  /** Under review: a live timer from reviewStartTime. */
  | { kind: 'running'; from: string }
  /** Review ended (stages 9–12): the span from openingStartTime to reviewStopTime. */
  | { kind: 'ended'; from: string; to: string }
  /** Not started, or ended without the two times on record. */
  | { kind: 'none' };

export function reviewTiming(record: {
  purchaseStage: string | number | null;
  reviewStartTime: string | null;
  reviewStopTime: string | null;
  openingStartTime: string | null;
}): ReviewTiming {
  if (isReviewEnded(record.purchaseStage)) {
    return record.openingStartTime && record.reviewStopTime
      ? { kind: 'ended', from: record.openingStartTime, to: record.reviewStopTime }
      : { kind: 'none' };
  }
  return record.reviewStartTime ? { kind: 'running', from: record.reviewStartTime } : { kind: 'none' };
}

/** §4: the lower coefficient is shown only when lowerCoefficientType is 1. */
export const showsLowerCoefficient = (lowerCoefficientType: number | string | null | undefined) =>
  String(lowerCoefficientType ?? '') === '1';

/** §4: quotation rounds are not shown for scoreType 3. */
export const showsQuotationRounds = (scoreType: string | number | null | undefined) => String(scoreType ?? '') !== '3';

/** §2 procurement information panel: the price limit in 万元 (the stored value is in 元). */
export const priceLimitInTenThousands = (fixedPrice: string | number | null | undefined): number | null => {
  if (fixedPrice === null || fixedPrice === undefined || fixedPrice === '') return null;
  const yuan = Number(fixedPrice);
  return Number.isFinite(yuan) ? yuan / 10000 : null;
};

/** Approval codes "2", "3", "6" mean in approval; the deal button is hidden for "1", "3", "4" (§4). */
export const IN_APPROVAL_CODES = ['2', '3', '6'] as const;
export const DEAL_HIDDEN_CODES = ['1', '3', '4'] as const;
