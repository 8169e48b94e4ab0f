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

/** Approval codes "2", "3", "6" mean in approval; the deal button is hidden for "1", "3", "4" (§4). */
export const IN_APPROVAL_CODES = ['2', '3', '6'] as const;
export const DEAL_HIDDEN_CODES = ['1', '3', '4'] as const;
