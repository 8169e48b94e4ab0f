/**
 * The state of the cron表达式 editor (§3, §4, §5) and its round trip with a Quartz expression. Pure and zod-free:
 * the web's editor renders this state; the expression it emits is checked by `parseQuartzCron` (cron.ts).
 *
 * Tabs: 秒 分 时 日 月 年. The 日 tab also holds the day-of-week picks (modes 1–11 below), so the day and week
 * fields are always one of them "?" (§4: week is disabled and emits "?" when the day field is not "?" or "*").
 */
import { CRON_DEFAULTS, type CronField, cronTokenValue, parseQuartzCron } from './cron.ts';

/** §4: mode per unit 1 every, 2 increment, 3 specific, 4 range. */
export const CRON_MODE = { every: 1, increment: 2, specific: 3, range: 4 } as const;
export type CronMode = (typeof CRON_MODE)[keyof typeof CRON_MODE];

/** §4: the day tab's modes 1 to 11 (the week field's modes included). */
export const CRON_DAY_MODE = {
  /** 每一天: day "*", week "?" */
  every: 1,
  /** 每隔n周，从周x开始: week "x/n" */
  weekIncrement: 2,
  /** 每隔n天，从第x天开始: day "x/n" */
  dayIncrement: 3,
  /** 具体星期几: week "1,3,5" */
  weekSpecific: 4,
  /** 具体天数: day "1,15" */
  daySpecific: 5,
  /** 本月最后一天: day "L" */
  lastDay: 6,
  /** 本月最后一个工作日: day "LW" */
  lastWorkday: 7,
  /** 本月最后一个周x: week "xL" */
  lastWeekday: 8,
  /** 本月底前n天: day "L-n" */
  beforeMonthEnd: 9,
  /** 离本月n日最近的工作日: day "nW" */
  nearestWorkday: 10,
  /** 本月第n个周x: week "x#n" */
  nthWeekday: 11,
} as const;
export type CronDayMode = (typeof CRON_DAY_MODE)[keyof typeof CRON_DAY_MODE];

/** The tabs of the editor: the 日 tab sets both day and week. */
export const CRON_UNITS = ['second', 'minute', 'hour', 'day', 'month', 'year'] as const;
export type CronUnit = (typeof CRON_UNITS)[number];

/** §3 per-unit state. */
export interface CronUnitState {
  cronEvery: CronMode;
  incrementStart: number;
  incrementIncrement: number;
  rangeStart: number;
  rangeEnd: number;
  specificSpecific: number[];
}

export interface CronDayState extends Omit<CronUnitState, 'cronEvery'> {
  cronEvery: CronDayMode;
  /** 8: the weekday (1..7) whose last occurrence in the month is meant ("xL"). */
  cronLastSpecificDomDay: number;
  /** 9: n of "L-n". */
  cronDaysBeforeEomMinus: number;
  /** 10: n of "nW". */
  cronDaysNearestWeekday: number;
}

/** The week's values; its mode is the day tab's (2, 4, 8, 11). */
export interface CronWeekState extends Omit<CronUnitState, 'cronEvery'> {
  /** 11: n of "x#n". */
  cronNthDayNth: number;
  /** 11: x of "x#n". */
  cronNthDayDay: number;
}

export interface CronEditorState {
  second: CronUnitState;
  minute: CronUnitState;
  hour: CronUnitState;
  day: CronDayState;
  month: CronUnitState;
  week: CronWeekState;
  year: CronUnitState;
}

type Range = readonly [number, number];
interface Bounds {
  start: Range;
  interval: Range;
  value: Range;
}

/** §5: the year list starts at 2019 and spans 100 years; the year range defaults to this year .. +100. */
export const CRON_YEAR_BASE = 2019;
export const CRON_YEAR_SPAN = 100;
const yearMax = (now: Date) => Math.max(CRON_YEAR_BASE + CRON_YEAR_SPAN, now.getFullYear() + CRON_YEAR_SPAN);

/**
 * §5 bounds: second interval 1–59, start 0–59; minute interval 1–60; hour 0–23; week interval 1–7; day 1–31;
 * month 0–12 increments, 1–12 ranges; year interval 1–99, years 2019–2119; nth weekday 1–5; seconds/minutes 0–59.
 * A month increment of 0 is offered as §5 says, and then refused by the expression check (“月”字段有误).
 */
export function cronBounds(now: Date = new Date()) {
  const years: Range = [CRON_YEAR_BASE, yearMax(now)];
  const bounds = {
    second: { start: [0, 59], interval: [1, 59], value: [0, 59] },
    minute: { start: [0, 59], interval: [1, 60], value: [0, 59] },
    hour: { start: [0, 23], interval: [1, 23], value: [0, 23] },
    day: { start: [1, 31], interval: [1, 31], value: [1, 31] },
    month: { start: [0, 12], interval: [0, 12], value: [1, 12] },
    week: { start: [1, 7], interval: [1, 7], value: [1, 7] },
    year: { start: years, interval: [1, 99], value: years },
  } satisfies Record<CronField, Bounds>;
  return {
    ...bounds,
    /** The years offered as specific values: 2019 and the 100 years after it. */
    yearOptions: [CRON_YEAR_BASE, CRON_YEAR_BASE + CRON_YEAR_SPAN] as Range,
    nth: [1, 5] as Range,
    /** L-n: at most 30 days before the end of a month. */
    beforeMonthEnd: [1, 30] as Range,
  };
}

const clamp = (n: number, [min, max]: Range) => {
  const v = Number.isFinite(n) ? Math.round(n) : min;
  return Math.min(max, Math.max(min, v));
};

const unit = (start: number, interval: number, range: Range): Omit<CronUnitState, 'cronEvery'> => ({
  incrementStart: start,
  incrementIncrement: interval,
  rangeStart: range[0],
  rangeEnd: range[1],
  specificSpecific: [],
});

/**
 * The editor's state for the §4 defaults "* * * * * ? *". Month range defaults to 1–12 and loop to start 1,
 * interval 1; the year range to this year .. +100.
 */
export function defaultCronState(now: Date = new Date()): CronEditorState {
  const year = now.getFullYear();
  return {
    second: { cronEvery: CRON_MODE.every, ...unit(0, 1, [0, 59]) },
    minute: { cronEvery: CRON_MODE.every, ...unit(0, 1, [0, 59]) },
    hour: { cronEvery: CRON_MODE.every, ...unit(0, 1, [0, 23]) },
    day: {
      cronEvery: CRON_DAY_MODE.every,
      ...unit(1, 1, [1, 31]),
      cronLastSpecificDomDay: 1,
      cronDaysBeforeEomMinus: 1,
      cronDaysNearestWeekday: 1,
    },
    month: { cronEvery: CRON_MODE.every, ...unit(1, 1, [1, 12]) },
    week: { ...unit(1, 1, [1, 7]), cronNthDayNth: 1, cronNthDayDay: 1 },
    year: { cronEvery: CRON_MODE.every, ...unit(year, 1, [year, year + CRON_YEAR_SPAN]) },
  };
}

/** "*", "a/b", "1,2,3" (nothing ticked → the minimum, §4) or "a-b" of one unit. */
function unitField(s: Omit<CronUnitState, 'cronEvery'>, mode: CronMode, b: Bounds): string {
  switch (mode) {
    case CRON_MODE.increment:
      return `${clamp(s.incrementStart, b.start)}/${clamp(s.incrementIncrement, b.interval)}`;
    case CRON_MODE.specific: {
      const values = [...new Set(s.specificSpecific.map((v) => clamp(v, b.value)))].sort((x, y) => x - y);
      return values.length ? values.join(',') : String(b.value[0]);
    }
    case CRON_MODE.range:
      return `${clamp(s.rangeStart, b.value)}-${clamp(s.rangeEnd, b.value)}`;
    default:
      return '*';
  }
}

/** The seven fields of an editor state (numbers clamped to the §5 bounds). */
export function cronStateToFields(state: CronEditorState, now: Date = new Date()): Record<CronField, string> {
  const b = cronBounds(now);
  const { day, week } = state;
  let dayField = '?';
  let weekField = '?';
  switch (day.cronEvery) {
    case CRON_DAY_MODE.every:
      dayField = '*';
      break;
    case CRON_DAY_MODE.weekIncrement:
      weekField = unitField(week, CRON_MODE.increment, b.week);
      break;
    case CRON_DAY_MODE.dayIncrement:
      dayField = unitField(day, CRON_MODE.increment, b.day);
      break;
    case CRON_DAY_MODE.weekSpecific:
      weekField = unitField(week, CRON_MODE.specific, b.week);
      break;
    case CRON_DAY_MODE.daySpecific:
      dayField = unitField(day, CRON_MODE.specific, b.day);
      break;
    case CRON_DAY_MODE.lastDay:
      dayField = 'L';
      break;
    case CRON_DAY_MODE.lastWorkday:
      dayField = 'LW';
      break;
    case CRON_DAY_MODE.lastWeekday:
      weekField = `${clamp(day.cronLastSpecificDomDay, b.week.value)}L`;
      break;
    case CRON_DAY_MODE.beforeMonthEnd:
      dayField = `L-${clamp(day.cronDaysBeforeEomMinus, b.beforeMonthEnd)}`;
      break;
    case CRON_DAY_MODE.nearestWorkday:
      dayField = `${clamp(day.cronDaysNearestWeekday, b.day.value)}W`;
      break;
    case CRON_DAY_MODE.nthWeekday:
      weekField = `${clamp(week.cronNthDayDay, b.week.value)}#${clamp(week.cronNthDayNth, b.nth)}`;
      break;
  }
  return {
    second: unitField(state.second, state.second.cronEvery, b.second),
    minute: unitField(state.minute, state.minute.cronEvery, b.minute),
    hour: unitField(state.hour, state.hour.cronEvery, b.hour),
    day: dayField,
    month: unitField(state.month, state.month.cronEvery, b.month),
    week: weekField,
    year: unitField(state.year, state.year.cronEvery, b.year),
  };
}

const FIELD_ORDER: CronField[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** The expression of an editor state: seven fields, or six when the year is hidden (§3). */
export function cronStateToExpression(
  state: CronEditorState,
  options: { hideYear?: boolean; now?: Date } = {},
): string {
  const fields = cronStateToFields(state, options.now);
  return FIELD_ORDER.filter((f) => !(options.hideYear && f === 'year'))
    .map((f) => fields[f])
    .join(' ');
}

// ── Reading an expression (§4: *, /, comma, -, ? and L, LW, L-n, nW, # for the day fields) ──────────────────────

type UnitReading = { mode: CronMode; patch: Partial<CronUnitState> } | null;

/** The numbers of a list like "1,3-5,MON" (ranges expanded), or null when an element is not a value or range. */
function listValues(field: CronField, text: string): number[] | null {
  const values: number[] = [];
  for (const part of text.split(',')) {
    const [from = '', to, more] = part.split('-');
    if (more !== undefined) return null;
    const a = cronTokenValue(field, from);
    const b = to === undefined ? a : cronTokenValue(field, to);
    if (a === null || b === null || b < a) return null;
    for (let v = a; v <= b; v++) values.push(v);
  }
  return [...new Set(values)].sort((x, y) => x - y);
}

/** One numeric field as a unit mode, or null when the editor has no mode for it (such as "0/5,30"). */
function readUnit(field: CronField, text: string, min: number): UnitReading {
  if (text === '*') return { mode: CRON_MODE.every, patch: {} };
  const step = /^([^/,-]+)\/(\d+)$/.exec(text);
  if (step) {
    const start = step[1] === '*' ? min : cronTokenValue(field, step[1] ?? '');
    if (start === null) return null;
    return { mode: CRON_MODE.increment, patch: { incrementStart: start, incrementIncrement: Number(step[2]) } };
  }
  const range = /^([^/,-]+)-([^/,-]+)$/.exec(text);
  if (range) {
    const a = cronTokenValue(field, range[1] ?? '');
    const b = cronTokenValue(field, range[2] ?? '');
    if (a === null || b === null) return null;
    return { mode: CRON_MODE.range, patch: { rangeStart: a, rangeEnd: b } };
  }
  const values = listValues(field, text);
  return values ? { mode: CRON_MODE.specific, patch: { specificSpecific: values } } : null;
}

type DayReading = { mode: CronDayMode; day: Partial<CronDayState>; week: Partial<CronWeekState> } | null;

/** The day and week fields as one of the day tab's modes 1–11, or null when none fits. */
function readDayWeek(dayText: string, weekText: string): DayReading {
  const read = (mode: CronDayMode, day: Partial<CronDayState> = {}, week: Partial<CronWeekState> = {}) => ({
    mode,
    day,
    week,
  });
  if (dayText === '?') {
    if (weekText === '?') return read(CRON_DAY_MODE.every);
    if (weekText === '*') return read(CRON_DAY_MODE.weekSpecific, {}, { specificSpecific: [1, 2, 3, 4, 5, 6, 7] });
    const last = /^(\w+)L$/.exec(weekText);
    if (last) {
      const d = cronTokenValue('week', last[1] ?? '');
      return d === null ? null : read(CRON_DAY_MODE.lastWeekday, { cronLastSpecificDomDay: d });
    }
    const nth = /^(\w+)#(\d)$/.exec(weekText);
    if (nth) {
      const d = cronTokenValue('week', nth[1] ?? '');
      if (d === null) return null;
      return read(CRON_DAY_MODE.nthWeekday, {}, { cronNthDayDay: d, cronNthDayNth: Number(nth[2]) });
    }
    const u = readUnit('week', weekText, 1);
    if (u?.mode === CRON_MODE.increment) return read(CRON_DAY_MODE.weekIncrement, {}, u.patch);
    // A range of weekdays (MON-FRI) is the same days ticked one by one.
    if (u?.mode === CRON_MODE.specific || u?.mode === CRON_MODE.range) {
      const values = listValues('week', weekText);
      return values ? read(CRON_DAY_MODE.weekSpecific, {}, { specificSpecific: values }) : null;
    }
    return null;
  }
  if (weekText !== '?') return null;
  if (dayText === 'L') return read(CRON_DAY_MODE.lastDay);
  if (dayText === 'LW') return read(CRON_DAY_MODE.lastWorkday);
  const beforeEnd = /^L-(\d{1,2})$/.exec(dayText);
  if (beforeEnd) return read(CRON_DAY_MODE.beforeMonthEnd, { cronDaysBeforeEomMinus: Number(beforeEnd[1]) });
  const nearest = /^(\d{1,2})W$/.exec(dayText);
  if (nearest) return read(CRON_DAY_MODE.nearestWorkday, { cronDaysNearestWeekday: Number(nearest[1]) });
  const u = readUnit('day', dayText, 1);
  if (!u) return null;
  if (u.mode === CRON_MODE.every) return read(CRON_DAY_MODE.every);
  if (u.mode === CRON_MODE.increment) return read(CRON_DAY_MODE.dayIncrement, u.patch);
  const values = listValues('day', dayText);
  return values ? read(CRON_DAY_MODE.daySpecific, { specificSpecific: values }) : null;
}

export interface CronReading {
  state: CronEditorState;
  /** Fields the editor has no mode for (such as "0/5,30"): their tab is left at its previous state. */
  unsupported: CronField[];
}

/**
 * Applies the fields (all, or `only` these) to an editor state, keeping the values of the modes a field does not
 * use.
 */
function applyFields(fields: Record<CronField, string>, base: CronEditorState, only?: CronField[]): CronReading {
  const state = structuredClone(base);
  const unsupported: CronField[] = [];
  const wanted = (f: CronField) => !only || only.includes(f);
  for (const field of ['second', 'minute', 'hour', 'month', 'year'] as const) {
    if (!wanted(field)) continue;
    const reading = readUnit(field, fields[field], cronBounds()[field].value[0]);
    if (!reading) {
      unsupported.push(field);
      continue;
    }
    state[field] = { ...state[field], ...reading.patch, cronEvery: reading.mode };
  }
  const dw = wanted('day') || wanted('week') ? readDayWeek(fields.day, fields.week) : undefined;
  if (dw === undefined) return { state, unsupported };
  if (dw) {
    state.day = { ...state.day, ...dw.day, cronEvery: dw.mode };
    state.week = { ...state.week, ...dw.week };
  } else {
    unsupported.push(fields.day === '?' ? 'week' : 'day');
  }
  return { state, unsupported };
}

/**
 * Reads a Quartz expression back into the editor (the round trip of cronStateToExpression). Throws the shared
 * model's Chinese reason when the expression is invalid. `base` supplies the values of the modes not in use.
 */
export function cronExpressionToState(expression: string, base: CronEditorState = defaultCronState()): CronReading {
  return applyFields(parseQuartzCron(expression).fields, base);
}

// ── §4 coupling ────────────────────────────────────────────────────────────────────────────────────────────

const specified = (v: string) => v !== '*' && v !== '?';

/**
 * §4: setting a larger unit pins the smaller ones that still say "every":
 * minute set while second "*" → second "0"; hour set while minute "*" → minute "0"; a non-? day or week while
 * hour "*" → hour "0"; month set with day "?" and week "*" → week "1", with week "?" and day "*" → day "1";
 * year set while month "*" → month "1". A pinned unit counts as set in turn (year → month → day → hour → …).
 */
export function coupleCronFields(fields: Record<CronField, string>, changed: CronUnit): Record<CronField, string> {
  const f = { ...fields };
  const queue: CronUnit[] = [changed];
  while (queue.length) {
    const unit = queue.shift();
    switch (unit) {
      case 'minute':
        if (specified(f.minute) && f.second === '*') f.second = '0';
        break;
      case 'hour':
        if (specified(f.hour) && f.minute === '*') {
          f.minute = '0';
          queue.push('minute');
        }
        break;
      case 'day':
        if ((specified(f.day) || specified(f.week)) && f.hour === '*') {
          f.hour = '0';
          queue.push('hour');
        }
        break;
      case 'month':
        if (!specified(f.month)) break;
        if (f.day === '?' && f.week === '*') {
          f.week = '1';
          queue.push('day');
        } else if (f.week === '?' && f.day === '*') {
          f.day = '1';
          queue.push('day');
        }
        break;
      case 'year':
        if (specified(f.year) && f.month === '*') {
          f.month = '1';
          queue.push('month');
        }
        break;
    }
  }
  return f;
}

/**
 * The editor's one write: the tab `unit` takes `next` (for the 日 tab, day and week), then the §4 coupling
 * adjusts the other tabs. Returns the new state.
 */
export function updateCronUnit(
  state: CronEditorState,
  unit: CronUnit,
  next: Partial<Pick<CronEditorState, CronUnit | 'week'>>,
  now: Date = new Date(),
): CronEditorState {
  const updated: CronEditorState = { ...state, ...next };
  const fields = cronStateToFields(updated, now);
  const coupled = coupleCronFields(fields, unit);
  // Only the pinned fields are read back: the tab just edited keeps its own state (an empty 指定 stays empty).
  const pinned = FIELD_ORDER.filter((f) => coupled[f] !== fields[f]);
  return pinned.length ? applyFields(coupled, updated, pinned).state : updated;
}

/** §4 defaults as seven fields (re-exported for the editor's reset). */
export const CRON_DEFAULT_EXPRESSION = FIELD_ORDER.map((f) => CRON_DEFAULTS[f]).join(' ');
