/**
 * The inputs, outputs, constants and Chinese messages of the review scoring engine (`review-scoring.ts`, which
 * re-exports this file): kept apart so the engine file holds only the arithmetic.
 */
import type { PriceMethod, PurchaseMethod } from './procurement.constants.ts';

/** Item means and price scores keep 3 decimals, totals 2, evaluated prices cents. */
export const SCORING_PRECISION = { itemMean: 3, priceScore: 3, total: 2, price: 2 } as const;
/** From this many experts on, an item's mean drops one highest and one lowest score. */
export const TRIM_FROM_EXPERTS = 5;
/** A quote more than this share below the mean of valid quotes opens a 报价澄清. */
export const CLARIFICATION_THRESHOLD = '0.2';
/** Tender methods cap the recommended candidates at 3. */
export const TENDER_METHODS: readonly PurchaseMethod[] = ['open_tender', 'invited_tender'];
export const TENDER_CANDIDATE_CAP = 3;
/** scoreType '3': a single quote, no quotation rounds (§2 hides them). */
export const SCORE_TYPE_NO_ROUNDS = '3';

export const REVIEW_SCORING_MESSAGES = {
  scoreMissing: (expert: string, bidder: string, item: string) => `专家${expert}尚未对${bidder}的“${item}”评分`,
  scoreNotNumber: (expert: string, bidder: string, item: string) =>
    `专家${expert}对${bidder}的“${item}”评分不是有效数字`,
  scoreOutOfRange: (expert: string, bidder: string, item: string, max: string) =>
    `专家${expert}对${bidder}的“${item}”评分须在0～${max}之间`,
  quoteMissing: (bidder: string) => `${bidder}没有有效报价`,
  quoteInvalid: (bidder: string, round: number) => `${bidder}第${round}轮报价不是大于0的有效金额`,
  rateInvalid: (bidder: string, round: number) => `${bidder}第${round}轮下浮率须大于等于0且小于1`,
  rateNeedsFixedPrice: '标包未设置最高限价，不能按下浮率计算评标价',
  tooManyRounds: (bidder: string, rounds: number) => `${bidder}的报价超过${rounds}轮`,
  noRounds: (bidder: string) => `${bidder}：该标包为一次报价，不进行多轮报价`,
  quoteAboveEarlier: (bidder: string, round: number) => `${bidder}第${round}轮报价不得高于其上一轮报价`,
  quoteAboveLimit: (bidder: string, round: number, limit: string) =>
    `${bidder}第${round}轮报价不得高于最高限价${limit}元`,
  priceParams: '平均基准价参数无效：K须在0～1之间（不含1），α、β不得为负数',
  pricePoints: '价格分须为不小于0的数字',
  failedMinBidders: (n: number, min: number) => `有效投标人${n}家，少于最低${min}家，流标`,
  failedPriceLimit: '所有报价均超过最高限价，流标',
  excludedAboveLimit: (limit: string) => `报价超过最高限价${limit}元`,
} as const;

export interface ScoringBidder {
  id: string;
  name?: string;
  /** Quotes per round (index 0 = round 1): prices, or 下浮率 rates when quoteKind is 'rate'; null = no quote. */
  quotes: ReadonlyArray<string | number | null>;
}
export interface ScoringItem {
  id: string;
  name?: string;
  max: string | number;
}
export interface ScoringExpert {
  id: string;
  name?: string;
}
export interface ExpertScore {
  expertId: string;
  bidderId: string;
  itemId: string;
  score: string | number | null;
}

export interface ScoringInput {
  /** The bidders still valid after the qualification/compliance review. */
  bidders: readonly ScoringBidder[];
  items: readonly ScoringItem[];
  experts: readonly ScoringExpert[];
  scores: readonly ExpertScore[];
  priceMethod: PriceMethod;
  /** P, the price points (ignored by 最低评标价). */
  pricePoints: string | number;
  /** 平均基准价 parameters; K defaults to 0, α to 1, β to 0.5. */
  k?: string | number | null;
  alpha?: string | number | null;
  beta?: string | number | null;
  /** 'rate': quotes are 下浮率 and the evaluated price is fixedPrice × (1 − rate). */
  quoteKind?: 'price' | 'rate';
  /** The base of 下浮率 quotes. */
  fixedPrice?: string | null;
  /** 最高限价: a first quote above it makes the bid invalid; a later one is refused. Null = no limit. */
  priceLimit?: string | null;
  quotationRoundCount?: number;
  scoreType?: string | null;
  purchaseMethod: PurchaseMethod;
  purchaseCandidateCount: number;
  /** Fewer valid bidders than this → 流标 (default 3). */
  minBidders?: number;
  /** Bidder ids in the recorded draw order: the last tie-break (earlier = ranked higher). */
  drawOrder?: readonly string[];
}

export interface ItemResult {
  itemId: string;
  /** Each expert's score as entered (text), keyed by expert id. */
  byExpert: Record<string, string>;
  /** The expert ids whose scores the trimmed mean dropped (n ≥ 5), for the summary to mark them. */
  droppedHigh: string | null;
  droppedLow: string | null;
  mean: string;
}

export interface BidderResult {
  bidderId: string;
  items: ItemResult[];
  /** Σ item means (3 decimals, exact: a sum of 3-decimal means). */
  technical: string;
  evaluatedPrice: string;
  /** Null under 最低评标价. */
  priceScore: string | null;
  /** Σ item means + price score, 2 decimals; null under 最低评标价. */
  total: string | null;
  rank: number;
  candidate: boolean;
  /** The quote is more than 20 % below the mean of valid quotes: opens a 报价澄清. */
  needsClarification: boolean;
}

export type FailureReason = 'min_bidders' | 'price_limit';

export interface ScoringResult {
  /** In rank order. Empty when the package fails for its price limit. */
  bidders: BidderResult[];
  /** Bidders left out before scoring (a first quote above the price limit), with the reason. */
  excluded: Array<{ bidderId: string; reason: string }>;
  /** 平均基准价's B, or 低价优先's lowest price (display only, 3 decimals); null under 最低评标价. */
  benchmark: string | null;
  /** The mean of valid quotes the clarification trigger compares with (2 decimals). */
  quoteMean: string | null;
  candidateIds: string[];
  clarificationBidderIds: string[];
  /** Groups still tied after every tie-break because the draw order misses them: a draw must be recorded. */
  tiesNeedingDraw: string[][];
  failed: { reason: FailureReason; message: string } | null;
}

export type ScoringOutcome = { ok: true; result: ScoringResult } | { ok: false; errors: string[] };
