/**
 * The Quartz cron model (§3, §4, §5) that the cron editor and the scheduler share: seven space-separated fields
 * second, minute, hour, day-of-month, month, day-of-week, year (the year may be left out). Zod-free and
 * dependency-free: the server hands `quartzToCroner()`'s pattern and options to croner, and so can the web's preview.
 *
 * Day-of-week follows §3: 周一..周日 are 1..7 (Monday 1, Sunday 7), which is croner's standard numbering
 * (0 and 7 both Sunday) restricted to 1..7. Quartz's own 1 = Sunday numbering is not used.
 */

export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronField = (typeof CRON_FIELDS)[number];

export const CRON_FIELD_LABELS: Record<CronField, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** §4 defaults: second, minute, hour, day, month "*", week "?", year "*". */
export const CRON_DEFAULTS: Record<CronField, string> = {
  second: '*',
  minute: '*',
  hour: '*',
  day: '*',
  month: '*',
  week: '?',
  year: '*',
};

/** 周一..周日 → 1..7 (§3). */
export const CRON_WEEK_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
export const cronWeekValue = (name: (typeof CRON_WEEK_NAMES)[number]) => CRON_WEEK_NAMES.indexOf(name) + 1;

const BOUNDS: Record<CronField, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  week: [1, 7],
  year: [1970, 2199],
};

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_ALIASES = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

export const CRON_MESSAGES = {
  required: '请输入cron表达式',
  fieldCount: 'cron表达式应为6或7段（秒 分 时 日 月 周 [年]），以空格分隔',
  dayAndWeek: '“日”和“周”不能同时指定，其中一个须为“?”',
  tooLong: 'cron表达式过长',
  noFireTime: '无执行时间',
  field: (field: CronField, part: string) => `cron表达式的“${CRON_FIELD_LABELS[field]}”字段有误：${part}`,
} as const;

const INT = /^\d{1,4}$/;

/** The number of one token of a field (names JAN..DEC and MON..SUN included), or null when it is out of bounds. */
export function cronTokenValue(field: CronField, token: string): number | null {
  return toNumber(field, token);
}

function toNumber(field: CronField, token: string): number | null {
  const upper = token.toUpperCase();
  if (field === 'month' && MONTH_NAMES.includes(upper)) return MONTH_NAMES.indexOf(upper) + 1;
  if (field === 'week' && WEEK_ALIASES.includes(upper)) return WEEK_ALIASES.indexOf(upper) + 1;
  if (!INT.test(token)) return null;
  const n = Number(token);
  const [min, max] = BOUNDS[field];
  return n >= min && n <= max ? n : null;
}

/** One comma-separated element of a numeric field: *, n, a-b, a/s, a-b/s, * /s. */
function validElement(field: CronField, part: string): boolean {
  const [base = '', step, extra] = part.split('/');
  if (extra !== undefined) return false;
  if (step !== undefined) {
    if (!INT.test(step)) return false;
    const [min, max] = BOUNDS[field];
    const s = Number(step);
    if (s < 1 || s > max - min + 1) return false;
  }
  if (base === '*') return true;
  const [from = '', to, more] = base.split('-');
  if (more !== undefined) return false;
  const a = toNumber(field, from);
  if (a === null) return false;
  if (to === undefined) return true;
  const b = toNumber(field, to);
  return b !== null && b >= a;
}

function validField(field: CronField, value: string): boolean {
  if (value === '?') return field === 'day' || field === 'week';
  if (field === 'day') {
    if (value === 'L' || value === 'LW') return true;
    const beforeEnd = /^L-(\d{1,2})$/.exec(value);
    if (beforeEnd) return Number(beforeEnd[1]) >= 1 && Number(beforeEnd[1]) <= 30;
    const nearest = /^(\d{1,2})W$/.exec(value);
    if (nearest) return toNumber('day', nearest[1] ?? '') !== null;
  }
  if (field === 'week') {
    const last = /^([1-7])L$/.exec(value);
    if (last) return true;
    const nth = /^([1-7])#([1-5])$/.exec(value);
    if (nth) return true;
  }
  return value.split(',').every((part) => part.length > 0 && validElement(field, part));
}

export interface ParsedCron {
  /** The seven fields; a six-field expression gets year "*". */
  fields: Record<CronField, string>;
  /** The expression with seven fields, single spaces. */
  normalized: string;
}

/** Parses a Quartz expression; throws an Error whose message is the Chinese reason when it is invalid. */
export function parseQuartzCron(expression: string): ParsedCron {
  const text = (expression ?? '').trim();
  if (!text) throw new Error(CRON_MESSAGES.required);
  if (text.length > 200) throw new Error(CRON_MESSAGES.tooLong);
  const parts = text.split(/\s+/);
  if (parts.length !== 6 && parts.length !== 7) throw new Error(CRON_MESSAGES.fieldCount);
  if (parts.length === 6) parts.push('*');
  const fields = Object.fromEntries(CRON_FIELDS.map((f, i) => [f, parts[i] ?? ''])) as Record<CronField, string>;
  for (const field of CRON_FIELDS) {
    if (!validField(field, fields[field])) throw new Error(CRON_MESSAGES.field(field, fields[field]));
  }
  if (fields.day !== '?' && fields.week !== '?') throw new Error(CRON_MESSAGES.dayAndWeek);
  return { fields, normalized: CRON_FIELDS.map((f) => fields[f]).join(' ') };
}

/** The Chinese reason an expression is invalid, or null when it is valid. */
export function validateQuartzCron(expression: string): string | null {
  try {
    parseQuartzCron(expression);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Options for croner's Cron constructor (a plain object, so this file does not depend on croner). */
export interface CronerOptions {
  mode: '7-part';
  sloppyRanges: true;
  /** L-n (n days before the end of the month) is croner's L shifted by -n days. */
  dayOffset?: number;
}

/**
 * The croner pattern and options for a Quartz expression. Names become numbers; day-of-week numbers stay as
 * they are (1..7 = Monday..Sunday is croner's standard numbering); `a/s` steps need croner's sloppyRanges.
 */
export function quartzToCroner(expression: string): { pattern: string; options: CronerOptions } {
  const { fields } = parseQuartzCron(expression);
  const options: CronerOptions = { mode: '7-part', sloppyRanges: true };
  const names = (field: CronField, value: string) =>
    value.replace(/[A-Za-z]{3}/g, (token) => {
      const n = toNumber(field, token);
      return n === null ? token : String(n);
    });
  let day = fields.day;
  const beforeEnd = /^L-(\d{1,2})$/.exec(day);
  if (beforeEnd) {
    day = 'L';
    options.dayOffset = -Number(beforeEnd[1]);
  }
  const pattern = [
    fields.second,
    fields.minute,
    fields.hour,
    day,
    names('month', fields.month),
    names('week', fields.week),
    fields.year,
  ].join(' ');
  return { pattern, options };
}
