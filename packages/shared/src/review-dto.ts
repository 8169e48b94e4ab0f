/** DTO types of the expert-review contract (issue 15), zod-free; re-exported by review.constants.ts. */
import type {
  CampaignCheckKind,
  CHECK_OUTCOMES,
  CheckResult,
  ClarificationKind,
  ClarificationState,
  CommitteeState,
  InvalidReason,
  MemberKind,
  MemberState,
  QualificationOutcome,
  ReviewIdentity,
  ScoreEnvelope,
  ScoreState,
  SignOpinion,
} from './review.constants.ts';

/** The purchase-information card of §3 on the task page (the package as the expert sees it). */
export interface ReviewPackageCardDto {
  packageId: string;
  purchaseNo: string;
  purchaseCode: string;
  purchaseName: string;
  packageNo: string;
  packageName: string;
  purchaseCategory: string;
  purchaseMethod: string;
  purchaseStage: number;
  electionStatus: string;
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
  lowerCoefficient: string | null;
  number: string | null;
  warrantyPeriod: number | null;
  materialStartTime: string | null;
  materialEndTime: string | null;
  scoreType: string;
  quotationRoundCount: number;
  currentRoundNo: number;
  brandRequirements: string | null;
  payTypeMemo: string | null;
  priceMethod: string;
  purchaseCandidateCount: number;
  minBidders: number;
  openingStartTime: string | null;
  /** The review timer runs from here (stage 6) until reviewStopTime. */
  reviewStartTime: string | null;
  reviewStopTime: string | null;
  sysOrgCode: string;
  departName: string | null;
}

/** One row of 评审任务 (selectListTaskById). id = the member id = the task id. */
export interface ReviewTaskRowDto {
  id: string;
  packageId: string;
  purchaseCode: string;
  purchaseName: string;
  packageName: string;
  purchaseMethod: string;
  purchaseStage: number;
  state: MemberState;
  committeeState: CommitteeState;
  identity: ReviewIdentity;
  openingStartTime: string | null;
  reviewStartTime: string | null;
  reviewStopTime: string | null;
  createTime: string;
}

export interface ReviewMemberDto {
  id: string;
  userId: string;
  realname: string;
  kind: MemberKind;
  state: MemberState;
  drawSequence: number | null;
  isLeader: boolean;
  signInTime: string | null;
  replacesMemberId: string | null;
  signTime: string | null;
  signOpinion: SignOpinion | null;
  dissentReason: string | null;
}

export interface ReviewCommitteeDto {
  id: string;
  packageId: string;
  size: number;
  specialities: string[];
  drawSeed: string;
  drawnAt: string;
  drawnBy: string;
  state: CommitteeState;
  leaderMemberId: string | null;
  leaderVoteRound: number;
  leaderCandidates: string[];
  members: ReviewMemberDto[];
}

/** REVIEW_API.draw / drawReplace / committee: the committee and who the draw left out, and why (the audit). */
export interface ReviewDrawDto {
  committee: ReviewCommitteeDto;
  excluded: { expertId: string; realname: string; reason: string }[];
}

/** determineIdentityByPackageId. */
export interface ReviewIdentityDto {
  packageId: string;
  identity: ReviewIdentity;
  memberId: string | null;
  memberState: MemberState | null;
  committeeState: CommitteeState | null;
}

/** queryTaskById: the task, its card, the caller's identity and the committee. */
export interface ReviewTaskDetailDto {
  task: ReviewTaskRowDto;
  card: ReviewPackageCardDto;
  identity: ReviewIdentityDto;
  committee: ReviewCommitteeDto;
  /** The declaration to sign at sign-in (AVOIDANCE_DECLARATION) and the bidders' names it concerns. */
  declaration: string;
  bidders: { bidId: string; supplierId: string; supplierName: string }[];
}

/** queryTeamLeaderListById: the committee with the current round's counts and the caller's vote. */
export interface TeamLeaderListDto {
  committeeId: string;
  round: number;
  candidates: { memberId: string; realname: string; votes: number; eligible: boolean }[];
  votedCount: number;
  voterCount: number;
  myVote: string | null;
  leaderMemberId: string | null;
}

/** queryReviewItems: the package's configured items. */
export interface ReviewItemsDto {
  qualification: { id: string; kind: 'qualification' | 'compliance'; name: string; guidance: string | null }[];
  scoring: { id: string; name: string; maxScore: string; guidance: string | null; envelope: ScoreEnvelope }[];
  pricePoints: string;
}

/** The caller's qualification sheet and the committee's decided outcome per bid. */
export interface QualificationSheetDto {
  bids: {
    bidId: string;
    supplierName: string;
    verdicts: { itemId: string; pass: boolean | null; reason: string | null }[];
    outcome: QualificationOutcome;
  }[];
}

/** getScoringItemsList: an expert's sheet for one bid. */
export interface ScoringSheetDto {
  bidId: string;
  supplierName: string;
  envelope: ScoreEnvelope;
  items: {
    itemId: string;
    name: string;
    maxScore: string;
    guidance: string | null;
    score: string | null;
    comment: string | null;
    state: ScoreState;
    returnNote: string | null;
    editable: boolean;
  }[];
}

/** reviewScoringList/list: per bidder, item and expert, with the engine's aggregation and ranking. */
export interface ScoreSummaryDto {
  experts: { memberId: string; realname: string }[];
  items: { itemId: string; name: string; maxScore: string }[];
  rows: {
    bidId: string;
    supplierId: string;
    supplierName: string;
    valid: boolean;
    invalidReason: InvalidReason | null;
    /** itemId → memberId → score (null = not scored yet). */
    scores: Record<string, Record<string, string | null>>;
    /** itemId → the engine's 3-decimal mean (trimmed when n ≥ 5). */
    itemMeans: Record<string, string>;
    evaluatedPrice: string | null;
    priceScore: string | null;
    total: string | null;
    rank: number | null;
    candidate: boolean;
  }[];
  pricePoints: string;
  priceMethod: string;
  /** The engine's refusals (missing scores, …) while the summary is incomplete. */
  errors: string[];
}

export interface ClarificationDto {
  id: string;
  packageId: string;
  bidId: string;
  supplierId: string;
  supplierName: string;
  kind: ClarificationKind;
  roundNo: number | null;
  question: string;
  deadline: string;
  state: ClarificationState;
  answer: string | null;
  answerFiles: { fileId: string; filePath: string; fileName: string; fileSize: number }[];
  answerTime: string | null;
  /** A round's quote: null while sealed (until the round closes). */
  price: string | null;
  rate: string | null;
  evaluatedPrice: string | null;
  decisionNote: string | null;
  decisionTime: string | null;
  createTime: string;
}

/** queryByPackageId: a package's bids and its clarifications and rounds, as the committee sees them. */
export interface ClarifyPackageDto {
  packageId: string;
  purchaseName: string;
  packageName: string;
  identity: ReviewIdentity;
  committeeState: CommitteeState;
  purchaseStage: number;
  scoreType: string;
  quotationRoundCount: number;
  currentRoundNo: number;
  /** The round still collecting sealed quotes, or null. */
  openRoundNo: number | null;
  bids: {
    bidId: string;
    supplierId: string;
    supplierName: string;
    valid: boolean;
    invalidReason: InvalidReason | null;
    clarification: ClarificationState | 'none';
    evaluatedPrice: string | null;
  }[];
  clarifications: ClarificationDto[];
}

/** The supplier's 报价澄清 list row: the request and what the answer form needs (the quote kind, the limit). */
export interface SupplierClarificationDto extends ClarificationDto {
  purchaseName: string;
  packageName: string;
  quoteKind: 'price' | 'rate';
  fixedPrice: string | null;
  /** The supplier's evaluated price the committee currently uses (a round's new quote may not exceed it). */
  currentPrice: string | null;
}

export interface CampaignCheckDto {
  id: string;
  bidId: string;
  supplierId: string;
  supplierName: string;
  kind: CampaignCheckKind;
  result: CheckResult;
  findings: string | null;
  files: { fileId: string; filePath: string; fileName: string; fileSize: number }[];
  checkedBy: string;
  checkTime: string;
}

/** getReviewResults: the ranked bidders, the candidates after campaign checks, signatures and the end. */
export interface ReviewResultDto {
  packageId: string;
  electionStatus: '0' | '1';
  failureReason: string | null;
  ranking: {
    bidId: string;
    supplierId: string;
    supplierName: string;
    total: string | null;
    evaluatedPrice: string | null;
    rank: number | null;
    candidate: boolean;
    campaignCheck: keyof typeof CHECK_OUTCOMES;
  }[];
  candidates: string[];
  signatures: { memberId: string; realname: string; signTime: string | null; opinion: SignOpinion | null }[];
  computeTime: string | null;
  endTime: string | null;
  reportFileId: string | null;
  /** The campaign checks recorded on the candidates (竞选核查), by bid and kind. */
  checks?: CampaignCheckDto[];
}

/** queryIsEndReviewById (and putReviewScoreEnd's answer): whether the package's review ended, and its report. */
export interface ReviewEndStateDto {
  packageId: string;
  ended: boolean;
  committeeState: CommitteeState | null;
  purchaseStage: number;
  electionStatus: string;
  endTime: string | null;
  reviewStopTime: string | null;
  /** Active members who signed / all active members. */
  signed: number;
  members: number;
  reportFileId: string | null;
  /** What the members sign, in brief: the bidders in rank order (invalid ones last) and the candidates' names. */
  ranking: {
    supplierName: string;
    valid: boolean;
    invalidReason: string | null;
    total: string | null;
    rank: number | null;
    candidate: boolean;
  }[];
  candidateNames: string[];
}

/** The pool (专家库) list row. */
export interface ExpertProfileDto {
  id: string;
  userId: string;
  username: string;
  realname: string;
  phone: string | null;
  specialities: string[];
  specialityNames: string[];
  region: string | null;
  title: string | null;
  employer: string | null;
  avoidSupplierIds: string[];
  avoidCompanies: string[];
  status: 'normal' | 'suspended';
  remarks: string | null;
  createTime: string;
}

/** 评审管理's review list (the buyer's supervision): a package under review and its committee's progress. */
export interface ReviewMonitorRowDto {
  packageId: string;
  purchaseCode: string;
  purchaseName: string;
  packageName: string;
  purchaseMethod: string;
  purchaseStage: number;
  sysOrgCode: string;
  committeeId: string | null;
  committeeState: CommitteeState | null;
  size: number | null;
  signedIn: number;
  submitted: number;
  signed: number;
  leaderName: string | null;
  reviewStartTime: string | null;
  reviewStopTime: string | null;
}

/** findFileByLaborId: one bidder's response files, for the committee. */
export interface BidFilesDto {
  bidId: string;
  supplierId: string;
  supplierName: string;
  files: { fileId: string; filePath: string; fileName: string; fileSize: number }[];
}

/** leaderReview (GET): per bidder and item, every member's score, the mean and the spread to watch. */
export interface LeaderReviewDto {
  rows: {
    bidId: string;
    supplierName: string;
    itemId: string;
    itemName: string;
    maxScore: string;
    scores: { memberId: string; realname: string; score: string | null; state: ScoreState }[];
    mean: string | null;
    spread: string | null;
    /** spread > LEADER_SPREAD_ALERT × maxScore. */
    alert: boolean;
  }[];
}

/** getSubclass: the drill-down of one scoring item — every member's score and comment per bidder. */
export interface ScoreSubclassDto {
  itemId: string;
  name: string;
  maxScore: string;
  guidance: string | null;
  rows: {
    bidId: string;
    supplierName: string;
    memberId: string;
    realname: string;
    score: string | null;
    comment: string | null;
  }[];
}
