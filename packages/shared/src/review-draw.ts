/**
 * The expert draw (issue 15 §2; domain "Expert review task"): pure and deterministic, so a recorded seed replays
 * the same committee for an audit. The eligible pool is put in a seeded random order once; the committee is the
 * first `count` of that order, and a replacement for a declined or avoiding expert is simply the next one in the
 * same order. Zod-free: the server draws, the web can replay and explain a draw.
 */
import { PURCHASE_METHODS, type PurchaseMethod } from './procurement.constants.ts';

export const EXPERT_STATUS = { normal: 'normal', suspended: 'suspended' } as const;
export type ExpertStatus = (typeof EXPERT_STATUS)[keyof typeof EXPERT_STATUS];
export const EXPERT_STATUS_NAMES: Record<ExpertStatus, string> = { normal: '正常', suspended: '暂停' };

/** Tender methods need a committee of at least 5; the others at least 3 (always an odd number). */
export const COMMITTEE_MIN_TENDER = 5;
export const COMMITTEE_MIN_OTHER = 3;
const TENDERS: readonly PurchaseMethod[] = ['open_tender', 'invited_tender'];

export const REVIEW_DRAW_MESSAGES = {
  countInvalid: '评审专家人数须为正整数',
  countEven: '评审委员会人数须为单数',
  countTooSmall: (method: string, min: number) => `${method}的评审委员会不得少于${min}人`,
  seedRequired: '抽取种子不能为空',
  poolTooSmall: (available: number, count: number) =>
    `符合条件的专家只有${available}人，不足以组成${count}人的评审委员会，请调整专业要求或扩充专家库`,
  suspended: '专家状态为暂停',
  speciality: '专业不符合抽取要求',
  sameEmployer: (company: string) => `与投标人${company}为同一单位`,
  declaredAvoidance: (company: string) => `已声明回避投标人${company}`,
} as const;
const M = REVIEW_DRAW_MESSAGES;

export interface PoolExpert {
  id: string;
  name?: string;
  /** Speciality codes (category tree). */
  specialities: readonly string[];
  region?: string | null;
  employer?: string | null;
  /** Companies the expert declared to avoid. */
  avoidances?: readonly string[];
  status: ExpertStatus;
}

export interface DrawRequirement {
  purchaseMethod: PurchaseMethod;
  count: number;
  /** Any one of them qualifies an expert; empty = every speciality. */
  specialities?: readonly string[];
  /** The bidders' company names: an expert employed by one, or who declared to avoid one, is left out. */
  excludedEmployers?: readonly string[];
}

export interface DrawnExpert {
  expertId: string;
  /** 1-based position in the seeded order (the audit trail: replay the seed and read the order). */
  sequence: number;
  /** The committee member this one replaces (a declined or avoiding expert), or null for an original draw. */
  replacesExpertId: string | null;
}

export interface ExcludedExpert {
  expertId: string;
  reason: string;
}

export interface DrawOptions {
  /** Drawn experts who declined or avoided (回避) afterwards, with the reason recorded for them. */
  declined?: ReadonlyArray<{ expertId: string; reason: string }>;
}

export type DrawOutcome =
  | { ok: true; drawn: DrawnExpert[]; excluded: ExcludedExpert[]; order: string[] }
  | { ok: false; message: string; excluded: ExcludedExpert[] };

/** The committee size rule: a positive odd number, ≥ 5 for 公开/邀请招标, ≥ 3 otherwise. Null = valid. */
export function committeeSizeError(method: PurchaseMethod, count: number): string | null {
  if (!Number.isInteger(count) || count <= 0) return M.countInvalid;
  if (count % 2 === 0) return M.countEven;
  const min = TENDERS.includes(method) ? COMMITTEE_MIN_TENDER : COMMITTEE_MIN_OTHER;
  return count < min ? M.countTooSmall(PURCHASE_METHODS[method], min) : null;
}

/**
 * FNV-1a (32-bit) over the seed's UTF-8 bytes: a small, well-known string hash that turns the recorded seed
 * text into the PRNG's 32-bit state, identically in Node and in browsers.
 */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(seed)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * mulberry32 (Tommy Ettinger's public-domain 32-bit generator): tiny, fast and good enough to shuffle a pool of
 * experts; what matters here is that it is fully determined by its seed, so a draw can be replayed.
 * Returns uint32 values.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Company names compared loosely: spaces dropped, full-width brackets as half-width (（北京）= (北京)). */
const normaliseCompany = (name: string) => name.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

/** Why an expert may not sit on this committee, or null when eligible. */
export function exclusionReason(expert: PoolExpert, req: DrawRequirement): string | null {
  if (expert.status !== EXPERT_STATUS.normal) return M.suspended;
  const wanted = req.specialities ?? [];
  if (wanted.length > 0 && !expert.specialities.some((s) => wanted.includes(s))) return M.speciality;
  const employer = expert.employer ? normaliseCompany(expert.employer) : '';
  const avoided = new Set((expert.avoidances ?? []).map(normaliseCompany));
  for (const company of req.excludedEmployers ?? []) {
    const key = normaliseCompany(company);
    if (employer && key === employer) return M.sameEmployer(company);
    if (avoided.has(key)) return M.declaredAvoidance(company);
  }
  return null;
}

/**
 * The seeded order of the eligible experts: sorted by id first (so the order of the pool as read from the
 * database does not matter), then a Fisher–Yates shuffle driven by mulberry32(hashSeed(seed)).
 */
export function seededOrder(ids: readonly string[], seed: string): string[] {
  const order = [...ids].sort();
  const next = mulberry32(hashSeed(seed));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor((next() / 2 ** 32) * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Draw a committee. With `declined`, the same seed gives the same order and the decliners are skipped: each one is
 * replaced by the next eligible expert in that order, and everyone else keeps their seat.
 */
export function drawExperts(
  pool: readonly PoolExpert[],
  req: DrawRequirement,
  seed: string,
  options: DrawOptions = {},
): DrawOutcome {
  const excluded: ExcludedExpert[] = [];
  const sizeError = committeeSizeError(req.purchaseMethod, req.count);
  if (sizeError) return { ok: false, message: sizeError, excluded };
  if (!seed.trim()) return { ok: false, message: M.seedRequired, excluded };

  const eligible: string[] = [];
  for (const expert of pool) {
    const reason = exclusionReason(expert, req);
    if (reason) excluded.push({ expertId: expert.id, reason });
    else eligible.push(expert.id);
  }
  const order = seededOrder(eligible, seed);
  const declinedReason = new Map((options.declined ?? []).map((d) => [d.expertId, d.reason]));
  const available = order.filter((id) => !declinedReason.has(id)).length;
  for (const id of order) {
    const reason = declinedReason.get(id);
    if (reason !== undefined) excluded.push({ expertId: id, reason });
  }
  if (available < req.count) return { ok: false, message: M.poolTooSmall(available, req.count), excluded };

  // Seats 1..count are the original draw; a decliner there leaves a vacancy that the next ones past `count`
  // fill in order. A replacement who declines too leaves the same vacancy for the one after.
  const drawn: DrawnExpert[] = [];
  const vacancies: string[] = [];
  for (let pos = 0; pos < order.length && drawn.length < req.count; pos++) {
    const id = order[pos]!;
    if (declinedReason.has(id)) {
      if (pos < req.count) vacancies.push(id);
      continue;
    }
    drawn.push({
      expertId: id,
      sequence: pos + 1,
      replacesExpertId: pos < req.count ? null : (vacancies.shift() ?? null),
    });
  }
  return { ok: true, drawn, excluded, order };
}
