/**
 * The pure rules of the small controls (§4, §5, §8, §9), kept apart from React so that they are unit-tested.
 */

/** §5: a dictionary control with an empty code refuses to load. */
export const DICT_CODE_EMPTY = '字典Code不能为空!';

/** The §5 message for an empty dictionary code, or null when the code is usable. */
export const dictCodeError = (code: string | null | undefined): string | null =>
  code == null || code.trim() === '' ? DICT_CODE_EMPTY : null;

// ── Switch (§4: maps to a pair, default Y and N; emits the second value when empty) ───────────────

export type SwitchPair = readonly [on: string, off: string];
export const DEFAULT_SWITCH_PAIR: SwitchPair = ['Y', 'N'];

/** Whether a stored value shows the switch on: only the pair's first value does. */
export const switchChecked = (value: unknown, pair: SwitchPair = DEFAULT_SWITCH_PAIR): boolean => value === pair[0];

/** The value a switch emits: the first of the pair when on; the second when off or empty. */
export const switchValue = (checked: boolean | null | undefined, pair: SwitchPair = DEFAULT_SWITCH_PAIR): string =>
  checked ? pair[0] : pair[1];

// ── Elapsed time (§2: days, hours, minutes, seconds counting up; §8 invalid target prop) ───────────

export const INVALID_TARGET = 'invalid target prop';

export interface Elapsed {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** A target as a time in ms, or null when it is not a valid date (number, Date or parseable string). */
export function targetTime(target: unknown): number | null {
  if (target instanceof Date) return Number.isNaN(target.getTime()) ? null : target.getTime();
  if (typeof target === 'number') return Number.isFinite(target) ? target : null;
  if (typeof target === 'string' && target.trim() !== '') {
    // "YYYY-MM-DD HH:mm:ss" (§9) is read as local time, like the ISO form with a T.
    const t = Date.parse(target.trim().replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'));
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** The span between two times split into days, hours, minutes and seconds (never negative). */
export function elapsedBetween(from: number, to: number): Elapsed {
  let s = Math.max(0, Math.floor((to - from) / 1000));
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return { days, hours, minutes, seconds: s - minutes * 60 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "3天 04小时 05分 06秒". */
export const formatElapsed = (e: Elapsed): string =>
  `${e.days}天 ${pad(e.hours)}小时 ${pad(e.minutes)}分 ${pad(e.seconds)}秒`;

// ── Ellipsis (§9 lengths 12, 15, 18, 22, 25, 30, 50) ───────────────────────────────────────────────

export const ELLIPSIS_LENGTHS = [12, 15, 18, 22, 25, 30, 50] as const;

/** The text cut to `length` characters (code points, so a Chinese or emoji character counts once) plus "…". */
export function ellipsize(text: string | null | undefined, length: number): { text: string; cut: boolean } {
  const chars = Array.from(text ?? '');
  if (chars.length <= length) return { text: chars.join(''), cut: false };
  return { text: `${chars.slice(0, length).join('')}…`, cut: true };
}

// ── Drag-to-verify slider (§4) ─────────────────────────────────────────────────────────────────────

/** §4: unverified, then verified when dragged to full width, else snaps back. The labels of the two states. */
export const DRAG_VERIFY_TEXT = { idle: '拖动滑块验证', passed: '验证通过' } as const;

/** Where the handle ends after a drag of `dx` on a track of `max` pixels: passed at the end, else back to 0. */
export function dragVerifyEnd(dx: number, max: number): { offset: number; passed: boolean } {
  if (max > 0 && dx >= max - 1) return { offset: max, passed: true };
  return { offset: 0, passed: false };
}

/** The handle's offset while dragging: clamped to the track. */
export const clampDrag = (dx: number, max: number) => Math.min(Math.max(0, dx), Math.max(0, max));
