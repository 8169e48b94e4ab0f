/**
 * THE package stage machine (issue 14 §7): one explicit transition table. The server changes a stage only
 * through it (in a transaction, with a row lock); the web reads it to show the allowed actions. Pure, zod-free.
 */
import {
  ELECTION_STATUS,
  type ElectionStatus,
  PROCUREMENT_MESSAGES,
  type PurchaseStage,
  stageName,
} from './procurement.constants.ts';

/** Who may trigger an action: the buyer, a scheduled job, the review module (seam) or a workflow callback. */
export type StageActor = 'buyer' | 'system' | 'review' | 'workflow';

export type StageAction =
  | 'publish'
  | 'openResponses'
  | 'closeResponses'
  | 'open'
  | 'startReview'
  | 'score'
  | 'summarize'
  | 'endReview'
  | 'submitEndAudit'
  | 'endAuditApproved'
  | 'endAuditRejected'
  | 'endPublicity'
  | 'rebid'
  | 'changeMethod'
  | 'terminate'
  | 'extendDeadline';

export interface StageTransition {
  action: StageAction;
  from: readonly PurchaseStage[];
  /** The stage after the action (rebid/changeMethod/terminate keep the package at 9 and close or re-route it). */
  to: PurchaseStage;
  /** Where the action lands when it ends in 流标 (electionStatus '0'): open (4→9) and endReview. */
  failedTo?: PurchaseStage;
  label: string;
  /** The main actor (the web shows buyer actions as buttons). */
  actor: StageActor;
  /** Everyone allowed to trigger it. */
  actors: readonly StageActor[];
  /** Only for packages with this electionStatus ('0' = 流标 follow-ups). */
  electionStatus?: ElectionStatus;
  /** The workflow business type it starts, if any. */
  workflow?: 'end_audit' | 'method_change';
}

export const STAGE_TRANSITIONS: readonly StageTransition[] = [
  { action: 'publish', from: [1], to: 2, label: '发布公告', actor: 'buyer', actors: ['buyer'] },
  { action: 'openResponses', from: [2], to: 3, label: '开始响应', actor: 'system', actors: ['system', 'buyer'] },
  { action: 'closeResponses', from: [3], to: 4, label: '截止投标', actor: 'system', actors: ['system', 'buyer'] },
  { action: 'open', from: [4], to: 5, failedTo: 9, label: '开标', actor: 'system', actors: ['system', 'buyer'] },
  { action: 'startReview', from: [5], to: 6, label: '开始评审', actor: 'review', actors: ['review'] },
  { action: 'score', from: [6], to: 7, label: '开始评分', actor: 'review', actors: ['review'] },
  { action: 'summarize', from: [7], to: 8, label: '评审汇总', actor: 'review', actors: ['review'] },
  { action: 'endReview', from: [6, 7, 8], to: 9, failedTo: 9, label: '结束评审', actor: 'review', actors: ['review'] },
  {
    action: 'submitEndAudit',
    from: [9],
    to: 10,
    label: '提交结束审核',
    actor: 'buyer',
    actors: ['buyer'],
    workflow: 'end_audit',
  },
  { action: 'endAuditApproved', from: [10], to: 11, label: '结束审核通过', actor: 'workflow', actors: ['workflow'] },
  { action: 'endAuditRejected', from: [10], to: 9, label: '结束审核驳回', actor: 'workflow', actors: ['workflow'] },
  { action: 'endPublicity', from: [11], to: 12, label: '结束公示并定标', actor: 'system', actors: ['system'] },
  {
    action: 'rebid',
    from: [9],
    to: 9,
    label: '重新采购',
    actor: 'buyer',
    actors: ['buyer'],
    electionStatus: ELECTION_STATUS.failed,
  },
  {
    action: 'changeMethod',
    from: [9],
    to: 9,
    label: '变更方式',
    actor: 'buyer',
    actors: ['buyer'],
    electionStatus: ELECTION_STATUS.failed,
    workflow: 'method_change',
  },
  {
    action: 'terminate',
    from: [9],
    to: 9,
    label: '终止',
    actor: 'buyer',
    actors: ['buyer'],
    electionStatus: ELECTION_STATUS.failed,
  },
  // A published 变更公告 that moves the bid deadline of a package already closed for bids (待开标, not opened)
  // into the future re-opens the responses; only the notice's publication takes it (its own screen).
  { action: 'extendDeadline', from: [4], to: 3, label: '变更公告延期投标', actor: 'buyer', actors: ['buyer'] },
];

export const STAGE_ACTIONS: readonly StageAction[] = STAGE_TRANSITIONS.map((t) => t.action);

const byAction = new Map<StageAction, StageTransition>(STAGE_TRANSITIONS.map((t) => [t.action, t]));

export const findTransition = (action: string): StageTransition | undefined => byAction.get(action as StageAction);

export const isStageAction = (action: string): action is StageAction => byAction.has(action as StageAction);

/** The refusal message for an action at a stage, or null when the table allows it. */
export function transitionRefusal(
  action: string,
  stage: number,
  electionStatus: string | null | undefined,
): string | null {
  const t = findTransition(action);
  if (!t) return PROCUREMENT_MESSAGES.unknownAction;
  if (!(t.from as readonly number[]).includes(stage))
    return PROCUREMENT_MESSAGES.stageRefused(stageName(stage), t.label);
  const es = electionStatus ?? ELECTION_STATUS.normal;
  if (t.electionStatus === ELECTION_STATUS.failed && es !== ELECTION_STATUS.failed) {
    return PROCUREMENT_MESSAGES.failedOnly(t.label);
  }
  return null;
}

export class StageTransitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StageTransitionError';
  }
}

/** Throws a StageTransitionError with the Chinese refusal when the move is illegal; returns the transition. */
export function assertTransition(
  action: string,
  stage: number,
  electionStatus: string | null | undefined,
): StageTransition {
  const refusal = transitionRefusal(action, stage, electionStatus);
  if (refusal) throw new StageTransitionError(refusal);
  return findTransition(action) as StageTransition;
}

/** The target stage of an allowed action; `failed` picks failedTo (流标). */
export function targetStage(t: StageTransition, failed: boolean): PurchaseStage {
  return failed && t.failedTo !== undefined ? t.failedTo : t.to;
}

/** The actions a role may take on a package in this stage (the web shows the buyer's as buttons). */
export function allowedActions(
  stage: number,
  electionStatus: string | null | undefined,
  role?: StageActor,
): StageTransition[] {
  return STAGE_TRANSITIONS.filter(
    (t) => transitionRefusal(t.action, stage, electionStatus) === null && (!role || t.actors.includes(role)),
  );
}

/** Elapsed time as X天X时X分X秒 (the §4 review timers); negative or missing → 0天0时0分0秒. */
export function formatElapsed(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${days}天${hours}时${minutes}分${seconds}秒`;
}

const toMs = (v: string | Date | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(String(v).replace(' ', 'T'));
  const t = d.getTime();
  return Number.isNaN(t) ? null : t;
};

/**
 * The review timer of §4: live from reviewStartTime while the review runs; once ended (reviewStopTime set) the
 * fixed span opening → stop. Null before the review starts, and for a package that never had one (a failed
 * opening sets reviewStopTime at the opening, so opening → stop would read as a one-second review).
 */
export function reviewTimer(
  p: {
    openingStartTime?: string | Date | null;
    reviewStartTime?: string | Date | null;
    reviewStopTime?: string | Date | null;
  },
  now: number = Date.now(),
): { live: boolean; text: string; ms: number } | null {
  const stop = toMs(p.reviewStopTime);
  const start = toMs(p.reviewStartTime);
  const opening = toMs(p.openingStartTime);
  if (stop !== null) {
    if (start === null) return null;
    const from = opening ?? start;
    const ms = Math.max(0, stop - from);
    return { live: false, text: formatElapsed(ms), ms };
  }
  if (start !== null) {
    const ms = Math.max(0, now - start);
    return { live: true, text: formatElapsed(ms), ms };
  }
  return null;
}
