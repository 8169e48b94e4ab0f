import { describe, expect, it } from 'vitest';
import { PURCHASE_STAGE_CODES } from './procurement.constants.ts';
import {
  allowedActions,
  assertTransition,
  formatElapsed,
  reviewTimer,
  STAGE_TRANSITIONS,
  StageTransitionError,
  targetStage,
  transitionRefusal,
} from './procurement-stage.ts';

/** The table as the domain states it, written out by hand: [action, from, to, electionStatus needed]. */
const EXPECTED: [string, number[], number, string | undefined][] = [
  ['publish', [1], 2, undefined],
  ['openResponses', [2], 3, undefined],
  ['closeResponses', [3], 4, undefined],
  ['open', [4], 5, undefined],
  ['startReview', [5], 6, undefined],
  ['score', [6], 7, undefined],
  ['summarize', [7], 8, undefined],
  ['endReview', [6, 7, 8], 9, undefined],
  ['submitEndAudit', [9], 10, undefined],
  ['endAuditApproved', [10], 11, undefined],
  ['endAuditRejected', [10], 9, undefined],
  ['endPublicity', [11], 12, undefined],
  ['rebid', [9], 9, '0'],
  ['changeMethod', [9], 9, '0'],
  ['terminate', [9], 9, '0'],
  ['extendDeadline', [4], 3, undefined],
];

describe('STAGE_TRANSITIONS', () => {
  it('is exactly the domain table', () => {
    expect(STAGE_TRANSITIONS.map((t) => [t.action, [...t.from], t.to, t.electionStatus])).toEqual(EXPECTED);
  });

  it.each(EXPECTED)('allows %s from %j', (action, from, to, es) => {
    for (const stage of from) {
      const t = assertTransition(action, stage, es ?? '1');
      expect(t.to).toBe(to);
      expect(transitionRefusal(action, stage, es ?? '1')).toBeNull();
    }
  });

  it.each(EXPECTED)('refuses %s from every other stage with a Chinese message', (action, from, _to, es) => {
    for (const stage of PURCHASE_STAGE_CODES.filter((s) => !from.includes(s))) {
      expect(() => assertTransition(action, stage, es ?? '1')).toThrow(StageTransitionError);
      expect(transitionRefusal(action, stage, es ?? '1')).toMatch(/^当前阶段「.+」不能执行「.+」$/);
    }
  });

  it('names stage and action in the refusal', () => {
    expect(transitionRefusal('open', 2, '1')).toBe('当前阶段「公告中」不能执行「开标」');
    expect(transitionRefusal('publish', 12, '1')).toBe('当前阶段「已定标」不能执行「发布公告」');
    expect(transitionRefusal('endPublicity', 10, '1')).toBe('当前阶段「结束审核中」不能执行「结束公示并定标」');
    expect(() => assertTransition('submitEndAudit', 8, '1')).toThrow(
      '当前阶段「澄清/多轮报价/汇总」不能执行「提交结束审核」',
    );
  });

  it('keeps the 流标 follow-ups for failed packages only', () => {
    expect(transitionRefusal('rebid', 9, '1')).toBe('只有流标的标包可以执行「重新采购」');
    expect(transitionRefusal('terminate', 9, null)).toBe('只有流标的标包可以执行「终止」');
    expect(transitionRefusal('changeMethod', 9, '0')).toBeNull();
    expect(transitionRefusal('rebid', 12, '0')).toBe('当前阶段「已定标」不能执行「重新采购」');
  });

  it('refuses unknown actions', () => {
    expect(transitionRefusal('jump', 1, '1')).toBe('不支持的操作');
  });

  it('sends a failed opening or review to stage 9', () => {
    const open = assertTransition('open', 4, '1');
    expect(targetStage(open, false)).toBe(5);
    expect(targetStage(open, true)).toBe(9);
    expect(targetStage(assertTransition('publish', 1, '1'), true)).toBe(2);
  });
});

describe('allowedActions', () => {
  it('lists the buyer buttons of each stage', () => {
    const buyer = (stage: number, es = '1') => allowedActions(stage, es, 'buyer').map((t) => t.action);
    expect(buyer(1)).toEqual(['publish']);
    expect(buyer(2)).toEqual(['openResponses']);
    expect(buyer(4)).toEqual(['open', 'extendDeadline']);
    expect(buyer(5)).toEqual([]);
    expect(buyer(9)).toEqual(['submitEndAudit']);
    expect(buyer(9, '0')).toEqual(['submitEndAudit', 'rebid', 'changeMethod', 'terminate']);
    expect(buyer(12)).toEqual([]);
  });

  it('gives the review module 5..8 and the workflow 10', () => {
    expect(allowedActions(5, '1', 'review').map((t) => t.action)).toEqual(['startReview']);
    expect(allowedActions(6, '1', 'review').map((t) => t.action)).toEqual(['score', 'endReview']);
    expect(allowedActions(10, '1', 'workflow').map((t) => t.action)).toEqual(['endAuditApproved', 'endAuditRejected']);
    expect(allowedActions(11, '1', 'system').map((t) => t.action)).toEqual(['endPublicity']);
    expect(allowedActions(10, '1', 'buyer')).toEqual([]);
  });

  it('lets only the buyer (through a 变更公告) take 待开标 back to 响应中, never the system', () => {
    expect(assertTransition('extendDeadline', 4, '1').to).toBe(3);
    expect(allowedActions(4, '1', 'system').map((t) => t.action)).toEqual(['open']);
    expect(transitionRefusal('extendDeadline', 5, '1')).toBe('当前阶段「已开标」不能执行「变更公告延期投标」');
    expect(transitionRefusal('extendDeadline', 3, '1')).toBe('当前阶段「响应中」不能执行「变更公告延期投标」');
  });

  it('without a role lists every allowed action', () => {
    expect(allowedActions(4, '1').map((t) => t.action)).toEqual(['open', 'extendDeadline']);
    expect(allowedActions(3, '1').map((t) => t.action)).toEqual(['closeResponses']);
  });
});

describe('formatElapsed', () => {
  it('formats days, hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0天0时0分0秒');
    expect(formatElapsed(59_999)).toBe('0天0时0分59秒');
    expect(formatElapsed(((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000)).toBe('1天2时3分4秒');
    expect(formatElapsed(((12 * 24 + 23) * 3600 + 59 * 60 + 59) * 1000 + 999)).toBe('12天23时59分59秒');
    expect(formatElapsed(3600_000)).toBe('0天1时0分0秒');
  });

  it('clamps negative and invalid spans to zero', () => {
    expect(formatElapsed(-5000)).toBe('0天0时0分0秒');
    expect(formatElapsed(Number.NaN)).toBe('0天0时0分0秒');
  });
});

describe('reviewTimer', () => {
  const now = new Date('2026-11-27T10:00:00Z').getTime();
  it('runs live from reviewStartTime', () => {
    expect(reviewTimer({ reviewStartTime: '2026-11-27T09:58:30Z' }, now)).toEqual({
      live: true,
      text: '0天0时1分30秒',
      ms: 90_000,
    });
  });
  it('shows opening → stop once ended', () => {
    const r = reviewTimer(
      {
        openingStartTime: '2026-11-25T08:00:00Z',
        reviewStartTime: '2026-11-25T09:00:00Z',
        reviewStopTime: '2026-11-26T10:30:15Z',
      },
      now,
    );
    expect(r).toEqual({ live: false, text: '1天2时30分15秒', ms: ((26 * 60 + 30) * 60 + 15) * 1000 });
  });
  it('is null for a package that ended without a review (a failed opening, 流标)', () => {
    const failed = { openingStartTime: '2026-11-25T08:00:00Z', reviewStopTime: '2026-11-25T08:00:01Z' };
    expect(reviewTimer(failed, now)).toBeNull();
  });
  it('is null before the review starts', () => {
    expect(reviewTimer({ openingStartTime: '2026-11-25T08:00:00Z' }, now)).toBeNull();
  });
});
