/**
 * THE expert-review scoring engine (issue 15 §8; domain "Scoring engine"): pure, deterministic, zod-free, so the
 * server computes the summary with it and the web shows the same figures. Every rounded figure is computed in
 * decimal arithmetic (decimal.js), never in binary floats: 0.1 + 0.2 and x.xxx5 must round the way a person
 * checking the summary by hand rounds them (HALF UP).
 */
import { Decimal as DecimalBase } from 'decimal.js';
import { PROCUREMENT_DEFAULTS, type PriceMethod, type PurchaseMethod } from './procurement.constants.ts';
import {
  type BidderResult,
  CLARIFICATION_THRESHOLD,
  type ExpertScore,
  type ItemResult,
  REVIEW_SCORING_MESSAGES as M,
  SCORE_TYPE_NO_ROUNDS,
  SCORING_PRECISION,
  type ScoringBidder,
  type ScoringInput,
  type ScoringOutcome,
  type ScoringResult,
  TENDER_CANDIDATE_CAP,
  TENDER_METHODS,
  TRIM_FROM_EXPERTS,
} from './review-scoring-model.ts';

export * from './review-scoring-model.ts';

/** A private Decimal: 40 significant digits and HALF UP, without touching the global decimal.js settings. */
const Dec = /* @__PURE__ */ DecimalBase.clone({ precision: 40, rounding: DecimalBase.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

const toDec = (v: string | number | null | undefined): Dec | null => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  try {
    const d = new Dec(typeof v === 'string' ? v.trim() : v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};
const fixed = (d: Dec, places: number): string => d.toFixed(places, Dec.ROUND_HALF_UP);
const round = (d: Dec, places: number): Dec => d.toDecimalPlaces(places, Dec.ROUND_HALF_UP);
const nameOf = (x: { id: string; name?: string }) => x.name || x.id;
const ZERO = new Dec(0);
const sum = (xs: readonly Dec[]): Dec => xs.reduce((a, b) => a.plus(b), ZERO);

/**
 * A parsed score. `order` ranks the distinct values (equal values share it): finding an item's highest and lowest
 * compares these integers instead of Decimals, since decimal.js copies its argument on every comparison.
 */
type ScoreValue = { text: string; value: Dec; order: number; inRange?: Map<Dec, boolean> };

/** Give each distinct value its rank, comparing in decimal arithmetic once per distinct value. */
function assignOrder(entries: Iterable<ScoreValue>): void {
  const sorted = [...entries].sort((x, y) => x.value.comparedTo(y.value));
  let order = 0;
  sorted.forEach((e, i) => {
    if (i > 0 && !e.value.eq(sorted[i - 1]!.value)) order++;
    e.order = order;
  });
}

/** The trimmed (n ≥ 5) or plain mean of parsed scores, HALF UP to 3 decimals, and the dropped indexes. */
function meanOf(scores: readonly ScoreValue[]): { mean: string; droppedHigh: number; droppedLow: number } {
  const values = scores.map((s) => s.value);
  if (values.length === 0) return { mean: fixed(ZERO, SCORING_PRECISION.itemMean), droppedHigh: -1, droppedLow: -1 };
  if (values.length < TRIM_FROM_EXPERTS) {
    return { mean: fixed(sum(values).div(values.length), SCORING_PRECISION.itemMean), droppedHigh: -1, droppedLow: -1 };
  }
  let hi = 0;
  let lo = 0;
  scores.forEach((v, i) => {
    if (v.order > scores[hi]!.order) hi = i;
    if (v.order < scores[lo]!.order) lo = i;
  });
  // All equal: hi and lo would both be 0; drop two different entries (the value is the same either way).
  if (hi === lo) lo = 1;
  const kept = values.filter((_, i) => i !== hi && i !== lo);
  return { mean: fixed(sum(kept).div(kept.length), SCORING_PRECISION.itemMean), droppedHigh: hi, droppedLow: lo };
}

/**
 * The mean of one bidder's item: with n ≥ 5 scores drop one highest and one lowest and average the rest,
 * otherwise the plain mean; HALF UP to 3 decimals. Returns which entries were dropped (by index).
 */
export function itemMean(scores: readonly (string | number)[]): {
  mean: string;
  droppedHigh: number;
  droppedLow: number;
} {
  const values = scores.map((s) => ({ text: String(s), value: new Dec(s), order: 0 }));
  assignOrder(values);
  return meanOf(values);
}

/** 0 ≤ score ≤ max, decided once per distinct score and item maximum (each decimal comparison copies). */
function withinMax(entry: ScoreValue, max: Dec): boolean {
  entry.inRange ??= new Map();
  let ok = entry.inRange.get(max);
  if (ok === undefined) {
    ok = !entry.value.isNeg() && entry.value.lte(max);
    entry.inRange.set(max, ok);
  }
  return ok;
}

/** One bidder's item as entered, in the order of the experts. */
type Sheet = ScoreValue[];
type ScoreInputs = Pick<ScoringInput, 'bidders' | 'items' | 'experts' | 'scores'>;

/**
 * Index the scores bidder → item → expert (nested maps: a 9 × 30 × 40 summary looks up 10,800 scores, and
 * concatenated string keys cost more than the arithmetic), check each once and parse it once.
 */
function readSheets(input: ScoreInputs): { errors: string[]; sheets: Map<string, Map<string, Sheet>> } {
  const index = new Map<string, Map<string, Map<string, ExpertScore['score']>>>();
  for (const s of input.scores) {
    let byItem = index.get(s.bidderId);
    if (!byItem) {
      byItem = new Map();
      index.set(s.bidderId, byItem);
    }
    let byExpert = byItem.get(s.itemId);
    if (!byExpert) {
      byExpert = new Map();
      byItem.set(s.itemId, byExpert);
    }
    byExpert.set(s.expertId, s.score);
  }
  const errors: string[] = [];
  const sheets = new Map<string, Map<string, Sheet>>();
  // Experts give few distinct scores ('35', '36.5', …): parse each text once (Decimals are immutable, so sharing
  // one instance is safe); parsing was the engine's largest cost on a 10,800-score summary.
  const parsed = new Map<string | number, ScoreValue | null>();
  const maxes = input.items.map((item) => toDec(item.max) ?? ZERO);
  for (const bidder of input.bidders) {
    const bidderSheets = new Map<string, Sheet>();
    sheets.set(bidder.id, bidderSheets);
    for (const [itemIndex, item] of input.items.entries()) {
      const max = maxes[itemIndex]!;
      const entered = index.get(bidder.id)?.get(item.id);
      const sheet: Sheet = [];
      bidderSheets.set(item.id, sheet);
      for (const expert of input.experts) {
        const raw = entered?.get(expert.id);
        const args = () => [nameOf(expert), nameOf(bidder), nameOf(item)] as const;
        if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
          errors.push(M.scoreMissing(...args()));
          continue;
        }
        let entry = parsed.get(raw);
        if (entry === undefined) {
          const value = toDec(raw);
          entry = value ? { text: String(raw).trim(), value, order: 0 } : null;
          parsed.set(raw, entry);
        }
        const score = entry?.value;
        if (!score) errors.push(M.scoreNotNumber(...args()));
        else if (!withinMax(entry!, max)) errors.push(M.scoreOutOfRange(...args(), max.toString()));
        else sheet.push(entry!);
      }
    }
  }
  assignOrder([...parsed.values()].filter((e): e is ScoreValue => e !== null));
  return { errors, sheets };
}

/** Every score present and within 0..max. Returns the Chinese messages (empty = ready to compute). */
export function validateScores(input: ScoreInputs): string[] {
  return readSheets(input).errors;
}

type PricedBidder = { bidder: ScoringBidder; price: Dec; firstPrice: Dec };

/**
 * The quotes of every bidder: rounds 1..quotationRoundCount (scoreType 3: exactly one), each a valid amount or
 * 下浮率, a later round not above the same bidder's earlier one nor the price limit. The evaluated price is the last
 * round's quote (a bidder who skips a round keeps the earlier quote); 下浮率 → fixedPrice × (1 − rate), to cents.
 */
export function evaluateQuotes(
  input: Pick<
    ScoringInput,
    'bidders' | 'quoteKind' | 'fixedPrice' | 'priceLimit' | 'quotationRoundCount' | 'scoreType'
  >,
): { errors: string[]; priced: PricedBidder[] } {
  const errors: string[] = [];
  const priced: PricedBidder[] = [];
  const isRate = input.quoteKind === 'rate';
  const fixedPrice = toDec(input.fixedPrice);
  if (isRate && !fixedPrice) return { errors: [M.rateNeedsFixedPrice], priced };
  const limit = toDec(input.priceLimit);
  const noRounds = input.scoreType === SCORE_TYPE_NO_ROUNDS;
  const rounds = noRounds ? 1 : Math.max(1, input.quotationRoundCount ?? PROCUREMENT_DEFAULTS.quotationRoundCount);
  for (const bidder of input.bidders) {
    const name = nameOf(bidder);
    const lastGiven = bidder.quotes.reduce<number>((last, q, i) => (q === null || q === undefined ? last : i + 1), 0);
    if (lastGiven > rounds) {
      errors.push(noRounds ? M.noRounds(name) : M.tooManyRounds(name, rounds));
      continue;
    }
    let previous: Dec | null = null;
    let first: Dec | null = null;
    let ok = true;
    for (let r = 1; r <= lastGiven; r++) {
      const raw = bidder.quotes[r - 1];
      if (raw === null || raw === undefined) continue;
      const q = toDec(raw);
      let price: Dec;
      if (isRate) {
        if (!q || q.lt(0) || q.gte(1)) {
          errors.push(M.rateInvalid(name, r));
          ok = false;
          break;
        }
        price = round(fixedPrice!.times(new Dec(1).minus(q)), SCORING_PRECISION.price);
      } else {
        if (!q || q.lte(0)) {
          errors.push(M.quoteInvalid(name, r));
          ok = false;
          break;
        }
        price = q;
      }
      if (previous && price.gt(previous)) {
        errors.push(M.quoteAboveEarlier(name, r));
        ok = false;
      } else if (first && limit && price.gt(limit)) {
        errors.push(M.quoteAboveLimit(name, r, fixed(limit, SCORING_PRECISION.price)));
        ok = false;
      }
      first ??= price;
      previous = price;
    }
    if (!ok) continue;
    if (!previous || !first) errors.push(M.quoteMissing(name));
    else priced.push({ bidder, price: previous, firstPrice: first });
  }
  return { errors, priced };
}

/** 平均基准价's B: the mean of the prices (drop the highest when exactly 6, highest and lowest when ≥ 7) × (1 − K). */
export function averageBenchmark(prices: readonly Dec[], k: Dec): Dec {
  const sorted = [...prices].sort((a, b) => a.comparedTo(b));
  const kept = sorted.length >= 7 ? sorted.slice(1, -1) : sorted.length === 6 ? sorted.slice(0, -1) : sorted;
  return sum(kept).div(kept.length).times(new Dec(1).minus(k));
}

/** The price score of one price, HALF UP to 3 decimals (null under 最低评标价). */
function priceScoreOf(method: PriceMethod, p: Dec, b: Dec, points: Dec, alpha: Dec, beta: Dec): Dec | null {
  if (method === 'lowest_evaluated') return null;
  if (method === 'low_price') return round(b.div(p).times(points), SCORING_PRECISION.priceScore);
  const d = p.minus(b).div(b).times(100);
  const raw = d.gt(0) ? points.minus(alpha.times(d)) : points.minus(beta.times(d.abs()));
  return round(Dec.min(points, Dec.max(0, raw)), SCORING_PRECISION.priceScore);
}

/** Candidates: the top min(purchaseCandidateCount, valid bidders), at most 3 under tender methods. */
export function candidateCount(method: PurchaseMethod, purchaseCandidateCount: number, validBidders: number): number {
  const wanted = TENDER_METHODS.includes(method)
    ? Math.min(purchaseCandidateCount, TENDER_CANDIDATE_CAP)
    : purchaseCandidateCount;
  return Math.max(0, Math.min(wanted, validBidders));
}

/** Validate, then score, price, rank and pick the candidates. */
export function computeReviewScores(input: ScoringInput): ScoringOutcome {
  const { errors, sheets } = readSheets(input);
  const quotes = evaluateQuotes(input);
  errors.push(...quotes.errors);
  const points = toDec(input.pricePoints);
  const method = input.priceMethod;
  if (method !== 'lowest_evaluated' && (!points || points.lt(0))) errors.push(M.pricePoints);
  const k = toDec(input.k) ?? new Dec(0);
  const alpha = toDec(input.alpha) ?? new Dec(1);
  const beta = toDec(input.beta) ?? new Dec(0.5);
  if (k.lt(0) || k.gte(1) || alpha.lt(0) || beta.lt(0)) errors.push(M.priceParams);
  if (errors.length > 0) return { ok: false, errors };

  const limit = toDec(input.priceLimit);
  const excluded: ScoringResult['excluded'] = [];
  const valid = quotes.priced.filter((q) => {
    if (limit && q.firstPrice.gt(limit)) {
      excluded.push({ bidderId: q.bidder.id, reason: M.excludedAboveLimit(fixed(limit, SCORING_PRECISION.price)) });
      return false;
    }
    return true;
  });
  const min = input.minBidders ?? PROCUREMENT_DEFAULTS.minBidders;
  const empty: ScoringResult = {
    bidders: [],
    excluded,
    benchmark: null,
    quoteMean: null,
    candidateIds: [],
    clarificationBidderIds: [],
    tiesNeedingDraw: [],
    failed: null,
  };
  if (valid.length === 0 && quotes.priced.length > 0) {
    return { ok: true, result: { ...empty, failed: { reason: 'price_limit', message: M.failedPriceLimit } } };
  }

  const prices = valid.map((v) => v.price);
  const quoteMean = prices.length > 0 ? sum(prices).div(prices.length) : null;
  const clarifyBelow = quoteMean?.times(new Dec(1).minus(CLARIFICATION_THRESHOLD)) ?? null;
  const benchmark =
    prices.length === 0 || method === 'lowest_evaluated'
      ? null
      : method === 'low_price'
        ? Dec.min(...prices)
        : averageBenchmark(prices, k);

  const rows = valid.map(({ bidder, price }) => {
    const items: ItemResult[] = input.items.map((item) => {
      // Validated above: every expert's score is present, in expert order.
      const sheet = sheets.get(bidder.id)!.get(item.id)!;
      const m = meanOf(sheet);
      const byExpert: Record<string, string> = {};
      input.experts.forEach((e, i) => {
        byExpert[e.id] = sheet[i]?.text ?? '';
      });
      return {
        itemId: item.id,
        byExpert,
        droppedHigh: input.experts[m.droppedHigh]?.id ?? null,
        droppedLow: input.experts[m.droppedLow]?.id ?? null,
        mean: m.mean,
      };
    });
    const technical = sum(items.map((i) => new Dec(i.mean)));
    const priceScore = benchmark ? priceScoreOf(method, price, benchmark, points!, alpha, beta) : null;
    const total = priceScore ? round(technical.plus(priceScore), SCORING_PRECISION.total) : null;
    return { bidder, price, technical, priceScore, total, items };
  });

  // Rank: total desc → lower price → higher technical → the recorded draw (最低评标价: price asc → the draw).
  const drawIndex = new Map((input.drawOrder ?? []).map((id, i) => [id, i]));
  type Row = (typeof rows)[number];
  const beforeDraw = (a: Row, b: Row): number =>
    method === 'lowest_evaluated'
      ? a.price.comparedTo(b.price)
      : b.total!.comparedTo(a.total!) || a.price.comparedTo(b.price) || b.technical.comparedTo(a.technical);
  const byDraw = (a: Row, b: Row): number =>
    (drawIndex.get(a.bidder.id) ?? Number.MAX_SAFE_INTEGER) - (drawIndex.get(b.bidder.id) ?? Number.MAX_SAFE_INTEGER);
  // A stable sort keeps the input order among bidders the draw does not separate; those groups are reported.
  rows.sort((a, b) => beforeDraw(a, b) || byDraw(a, b));
  const tiesNeedingDraw: string[][] = [];
  for (let i = 0; i < rows.length; ) {
    const head = rows[i]!;
    let j = i + 1;
    while (j < rows.length && beforeDraw(head, rows[j]!) === 0 && byDraw(head, rows[j]!) === 0) j++;
    if (j - i > 1) tiesNeedingDraw.push(rows.slice(i, j).map((r) => r.bidder.id));
    i = j;
  }

  const failed =
    valid.length < min ? { reason: 'min_bidders' as const, message: M.failedMinBidders(valid.length, min) } : null;
  const nCandidates = failed ? 0 : candidateCount(input.purchaseMethod, input.purchaseCandidateCount, rows.length);
  const bidders: BidderResult[] = rows.map((r, i) => ({
    bidderId: r.bidder.id,
    items: r.items,
    technical: fixed(r.technical, SCORING_PRECISION.itemMean),
    evaluatedPrice: fixed(r.price, SCORING_PRECISION.price),
    priceScore: r.priceScore ? fixed(r.priceScore, SCORING_PRECISION.priceScore) : null,
    total: r.total ? fixed(r.total, SCORING_PRECISION.total) : null,
    rank: i + 1,
    candidate: i < nCandidates,
    needsClarification: clarifyBelow !== null && r.price.lt(clarifyBelow),
  }));
  return {
    ok: true,
    result: {
      bidders,
      excluded,
      benchmark: benchmark ? fixed(benchmark, 3) : null,
      quoteMean: quoteMean ? fixed(quoteMean, SCORING_PRECISION.price) : null,
      candidateIds: bidders.filter((b) => b.candidate).map((b) => b.bidderId),
      clarificationBidderIds: bidders.filter((b) => b.needsClarification).map((b) => b.bidderId),
      tiesNeedingDraw,
      failed,
    },
  };
}
