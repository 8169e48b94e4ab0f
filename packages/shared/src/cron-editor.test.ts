import { describe, expect, it } from 'vitest';
import { CRON_WEEK_NAMES, cronWeekValue, validateQuartzCron } from './cron.ts';
import {
  CRON_DAY_MODE,
  CRON_MODE,
  type CronEditorState,
  type CronUnit,
  coupleCronFields,
  cronBounds,
  cronExpressionToState,
  cronStateToExpression,
  cronStateToFields,
  defaultCronState,
  updateCronUnit,
} from './cron-editor.ts';

// A fixed "now" keeps the year defaults (this year .. +100) stable.
const NOW = new Date(2026, 5, 1);
const base = () => defaultCronState(NOW);
const expr = (s: CronEditorState) => cronStateToExpression(s, { now: NOW });
const read = (e: string) => cronExpressionToState(e, base());
const fieldsOf = (e: string) => {
  const [second, minute, hour, day, month, week, year] = e.split(' ') as string[];
  return { second, minute, hour, day, month, week, year } as Record<
    'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year',
    string
  >;
};

describe('cron editor state (§3, §4)', () => {
  it('starts at the §4 defaults', () => {
    expect(expr(base())).toBe('* * * * * ? *');
    expect(cronStateToExpression(base(), { hideYear: true, now: NOW })).toBe('* * * * * ?');
    const s = base();
    expect([s.month.rangeStart, s.month.rangeEnd]).toEqual([1, 12]);
    expect([s.month.incrementStart, s.month.incrementIncrement]).toEqual([1, 1]);
    expect([s.year.rangeStart, s.year.rangeEnd]).toEqual([2026, 2126]);
  });

  it('maps 周一..周日 to 1..7', () => {
    expect(CRON_WEEK_NAMES.map(cronWeekValue)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  // Every mode of every tab: the expression reads back into that mode and writes out unchanged.
  it.each([
    // second
    ['* * * * * ? *', 'second', { cronEvery: CRON_MODE.every }],
    ['5/15 * * * * ? *', 'second', { cronEvery: CRON_MODE.increment, incrementStart: 5, incrementIncrement: 15 }],
    ['0,15,30 * * * * ? *', 'second', { cronEvery: CRON_MODE.specific, specificSpecific: [0, 15, 30] }],
    ['10-20 * * * * ? *', 'second', { cronEvery: CRON_MODE.range, rangeStart: 10, rangeEnd: 20 }],
    // minute
    ['0 0/5 * * * ? *', 'minute', { cronEvery: CRON_MODE.increment, incrementStart: 0, incrementIncrement: 5 }],
    ['0 1,59 * * * ? *', 'minute', { cronEvery: CRON_MODE.specific, specificSpecific: [1, 59] }],
    ['0 30-45 * * * ? *', 'minute', { cronEvery: CRON_MODE.range, rangeStart: 30, rangeEnd: 45 }],
    // hour
    ['0 0 2/6 * * ? *', 'hour', { cronEvery: CRON_MODE.increment, incrementStart: 2, incrementIncrement: 6 }],
    ['0 0 8,12,18 * * ? *', 'hour', { cronEvery: CRON_MODE.specific, specificSpecific: [8, 12, 18] }],
    ['0 0 9-17 * * ? *', 'hour', { cronEvery: CRON_MODE.range, rangeStart: 9, rangeEnd: 17 }],
    // month
    ['0 0 0 1 3/2 ? *', 'month', { cronEvery: CRON_MODE.increment, incrementStart: 3, incrementIncrement: 2 }],
    ['0 0 0 1 1,4,7,10 ? *', 'month', { cronEvery: CRON_MODE.specific, specificSpecific: [1, 4, 7, 10] }],
    ['0 0 0 1 6-8 ? *', 'month', { cronEvery: CRON_MODE.range, rangeStart: 6, rangeEnd: 8 }],
    // year
    ['0 0 0 1 1 ? 2026/2', 'year', { cronEvery: CRON_MODE.increment, incrementStart: 2026, incrementIncrement: 2 }],
    ['0 0 0 1 1 ? 2027,2030', 'year', { cronEvery: CRON_MODE.specific, specificSpecific: [2027, 2030] }],
    ['0 0 0 1 1 ? 2026-2030', 'year', { cronEvery: CRON_MODE.range, rangeStart: 2026, rangeEnd: 2030 }],
  ] as const)('%s round-trips through the %s tab', (expression, unit, expected) => {
    const { state, unsupported } = read(expression);
    expect(unsupported).toEqual([]);
    expect(state[unit as Exclude<CronUnit, 'day'>]).toMatchObject(expected);
    expect(expr(state)).toBe(expression);
    expect(validateQuartzCron(expression)).toBeNull();
  });

  // The 日 tab's modes 1–11 (day and week fields together).
  it.each([
    ['0 0 0 * * ? *', CRON_DAY_MODE.every, {}, {}],
    ['0 0 0 ? * 2/3 *', CRON_DAY_MODE.weekIncrement, {}, { incrementStart: 2, incrementIncrement: 3 }],
    ['0 0 0 5/10 * ? *', CRON_DAY_MODE.dayIncrement, { incrementStart: 5, incrementIncrement: 10 }, {}],
    ['0 0 0 ? * 1,3,5 *', CRON_DAY_MODE.weekSpecific, {}, { specificSpecific: [1, 3, 5] }],
    ['0 0 0 1,15,31 * ? *', CRON_DAY_MODE.daySpecific, { specificSpecific: [1, 15, 31] }, {}],
    ['0 0 0 L * ? *', CRON_DAY_MODE.lastDay, {}, {}],
    ['0 0 0 LW * ? *', CRON_DAY_MODE.lastWorkday, {}, {}],
    ['0 0 0 ? * 5L *', CRON_DAY_MODE.lastWeekday, { cronLastSpecificDomDay: 5 }, {}],
    ['0 0 0 L-3 * ? *', CRON_DAY_MODE.beforeMonthEnd, { cronDaysBeforeEomMinus: 3 }, {}],
    ['0 0 0 15W * ? *', CRON_DAY_MODE.nearestWorkday, { cronDaysNearestWeekday: 15 }, {}],
    ['0 0 0 ? * 7#2 *', CRON_DAY_MODE.nthWeekday, {}, { cronNthDayDay: 7, cronNthDayNth: 2 }],
  ])('%s is day mode %i and round-trips', (expression, mode, day, week) => {
    const { state, unsupported } = read(expression);
    expect(unsupported).toEqual([]);
    expect(state.day.cronEvery).toBe(mode);
    expect(state.day).toMatchObject(day);
    expect(state.week).toMatchObject(week);
    expect(expr(state)).toBe(expression);
    expect(validateQuartzCron(expression)).toBeNull();
  });

  it.each([
    // Six fields get year "*"; names and ranges of days become the ticked values; "*/n" starts at the minimum.
    ['0 0 8 ? JAN-MAR MON-FRI', '0 0 8 ? 1-3 1,2,3,4,5 *'],
    ['*/10 * * 1-3 * ?', '0/10 * * 1,2,3 * ? *'],
    ['0 0 0 ? * *', '0 0 0 ? * 1,2,3,4,5,6,7 *'],
    ['0 0 0 ? * ? *', '0 0 0 * * ? *'],
  ])('reads %s as the equivalent %s', (input, output) => {
    expect(expr(read(input).state)).toBe(output);
  });

  it('keeps the values of the modes not in use, and names fields it has no mode for', () => {
    const start = updateCronUnit(base(), 'second', {
      second: { ...base().second, cronEvery: CRON_MODE.range, rangeStart: 3, rangeEnd: 9 },
    });
    const { state, unsupported } = cronExpressionToState('0/5,30 0 0 L * ? *', start);
    expect(unsupported).toEqual(['second']);
    expect(state.second).toMatchObject({ cronEvery: CRON_MODE.range, rangeStart: 3, rangeEnd: 9 });
    expect(state.day.cronEvery).toBe(CRON_DAY_MODE.lastDay);

    const again = cronExpressionToState('0 0 12 ? * 1#2', state).state;
    expect(again.second).toMatchObject({ cronEvery: CRON_MODE.specific, specificSpecific: [0], rangeStart: 3 });
  });

  it('refuses an invalid expression with the shared Chinese reason', () => {
    expect(() => read('0 0 0 1 * 1')).toThrow('“日”和“周”不能同时指定，其中一个须为“?”');
    expect(() => read('60 * * * * ?')).toThrow('cron表达式的“秒”字段有误：60');
  });

  it('specify with nothing ticked is the minimum (§4)', () => {
    const s = base();
    const empty = { specificSpecific: [] as number[], cronEvery: CRON_MODE.specific };
    const f = cronStateToFields(
      {
        ...s,
        second: { ...s.second, ...empty },
        minute: { ...s.minute, ...empty },
        hour: { ...s.hour, ...empty },
        month: { ...s.month, ...empty },
        year: { ...s.year, ...empty },
      },
      NOW,
    );
    expect([f.second, f.minute, f.hour, f.month, f.year]).toEqual(['0', '0', '0', '1', '2019']);
    expect(cronStateToFields({ ...s, day: { ...s.day, cronEvery: CRON_DAY_MODE.daySpecific } }, NOW).day).toBe('1');
    expect(cronStateToFields({ ...s, day: { ...s.day, cronEvery: CRON_DAY_MODE.weekSpecific } }, NOW).week).toBe('1');
  });
});

describe('cron editor bounds (§5)', () => {
  const b = cronBounds(NOW);
  it('has the §5 ranges', () => {
    expect(b.second).toEqual({ start: [0, 59], interval: [1, 59], value: [0, 59] });
    expect(b.minute).toEqual({ start: [0, 59], interval: [1, 60], value: [0, 59] });
    expect(b.hour.value).toEqual([0, 23]);
    expect(b.week.interval).toEqual([1, 7]);
    expect(b.day.value).toEqual([1, 31]);
    expect(b.month).toEqual({ start: [0, 12], interval: [0, 12], value: [1, 12] });
    expect(b.year.interval).toEqual([1, 99]);
    expect(b.yearOptions).toEqual([2019, 2119]);
    expect(b.nth).toEqual([1, 5]);
  });

  const s = base();
  it.each([
    [
      'second interval above 59',
      { second: { ...s.second, cronEvery: CRON_MODE.increment, incrementIncrement: 75 } },
      'second',
      '0/59',
    ],
    [
      'second interval below 1',
      { second: { ...s.second, cronEvery: CRON_MODE.increment, incrementIncrement: 0 } },
      'second',
      '0/1',
    ],
    [
      'minute interval up to 60',
      { minute: { ...s.minute, cronEvery: CRON_MODE.increment, incrementIncrement: 60 } },
      'minute',
      '0/60',
    ],
    [
      'minute start above 59',
      { minute: { ...s.minute, cronEvery: CRON_MODE.increment, incrementStart: 60 } },
      'minute',
      '59/1',
    ],
    [
      'fractional seconds',
      { second: { ...s.second, cronEvery: CRON_MODE.specific, specificSpecific: [1.4, 2.6] } },
      'second',
      '1,3',
    ],
    ['hour range', { hour: { ...s.hour, cronEvery: CRON_MODE.range, rangeStart: -1, rangeEnd: 24 } }, 'hour', '0-23'],
    [
      'day interval',
      { day: { ...s.day, cronEvery: CRON_DAY_MODE.dayIncrement, incrementStart: 0, incrementIncrement: 40 } },
      'day',
      '1/31',
    ],
    [
      'week interval',
      { day: { ...s.day, cronEvery: CRON_DAY_MODE.weekIncrement }, week: { ...s.week, incrementIncrement: 9 } },
      'week',
      '1/7',
    ],
    [
      'nth weekday',
      {
        day: { ...s.day, cronEvery: CRON_DAY_MODE.nthWeekday },
        week: { ...s.week, cronNthDayNth: 6, cronNthDayDay: 8 },
      },
      'week',
      '7#5',
    ],
    [
      'month range',
      { month: { ...s.month, cronEvery: CRON_MODE.range, rangeStart: 0, rangeEnd: 13 } },
      'month',
      '1-12',
    ],
    [
      'year interval',
      { year: { ...s.year, cronEvery: CRON_MODE.increment, incrementIncrement: 100 } },
      'year',
      '2026/99',
    ],
    [
      'years before 2019',
      { year: { ...s.year, cronEvery: CRON_MODE.specific, specificSpecific: [2000] } },
      'year',
      '2019',
    ],
  ] as const)('clamps %s', (_, patch, field, value) => {
    expect(cronStateToFields({ ...s, ...patch } as CronEditorState, NOW)[field]).toBe(value);
  });

  it('offers a month increment of 0 as §5 says, which the expression check then refuses', () => {
    const e = expr({ ...s, month: { ...s.month, cronEvery: CRON_MODE.increment, incrementStart: 0 } });
    expect(e).toBe('* * * * 0/1 ? *');
    expect(validateQuartzCron(e)).toBe('cron表达式的“月”字段有误：0/1');
  });
});

describe('cron editor coupling (§4)', () => {
  const D = fieldsOf('* * * * * ? *');
  it.each([
    ['minute set while second "*" sets second 0', { ...D, minute: '5' }, 'minute', '0 5 * * * ? *'],
    ['minute set keeps a set second', { ...D, second: '0/5', minute: '10-20' }, 'minute', '0/5 10-20 * * * ? *'],
    ['minute back to "*" changes nothing', D, 'minute', '* * * * * ? *'],
    ['hour set while minute "*" sets minute (and second) 0', { ...D, hour: '8' }, 'hour', '0 0 8 * * ? *'],
    ['hour set keeps a set minute', { ...D, second: '0', minute: '30', hour: '8' }, 'hour', '0 30 8 * * ? *'],
    ['a non-? day while hour "*" sets hour 0', { ...D, day: 'L' }, 'day', '0 0 0 L * ? *'],
    ['a non-? week while hour "*" sets hour 0', { ...D, day: '?', week: '2#1' }, 'day', '0 0 0 ? * 2#1 *'],
    ['day "every" leaves the hour alone', D, 'day', '* * * * * ? *'],
    ['a day keeps a set hour', { ...D, hour: '9', minute: '0', second: '0', day: '15W' }, 'day', '0 0 9 15W * ? *'],
    [
      'month set with day ? and week * makes week 1',
      { ...D, day: '?', week: '*', month: '3' },
      'month',
      '0 0 0 ? 3 1 *',
    ],
    ['month set with week ? and day * makes day 1', { ...D, month: '3' }, 'month', '0 0 0 1 3 ? *'],
    [
      'month set keeps a set day',
      { ...D, second: '0', minute: '0', hour: '0', day: 'L', month: '1-6' },
      'month',
      '0 0 0 L 1-6 ? *',
    ],
    ['year set while month "*" sets month 1', { ...D, year: '2030' }, 'year', '0 0 0 1 1 ? 2030'],
    [
      'year set keeps a set month',
      { ...D, second: '0', minute: '0', hour: '0', day: '1', month: '6', year: '2030' },
      'year',
      '0 0 0 1 6 ? 2030',
    ],
  ] as const)('%s', (_, fields, changed, expected) => {
    const out = coupleCronFields(fields, changed);
    expect(
      ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'].map((f) => out[f as keyof typeof out]).join(' '),
    ).toBe(expected);
  });

  it('applies the coupling when a tab changes and reads it back into the tabs', () => {
    const s = base();
    const withYear = updateCronUnit(
      s,
      'year',
      { year: { ...s.year, cronEvery: CRON_MODE.specific, specificSpecific: [2030] } },
      NOW,
    );
    expect(expr(withYear)).toBe('0 0 0 1 1 ? 2030');
    expect(withYear.month).toMatchObject({ cronEvery: CRON_MODE.specific, specificSpecific: [1] });
    expect(withYear.day).toMatchObject({ cronEvery: CRON_DAY_MODE.daySpecific, specificSpecific: [1] });
    expect(withYear.hour).toMatchObject({ cronEvery: CRON_MODE.specific, specificSpecific: [0] });

    // 指定 with nothing ticked emits the minimum and pins the month, but ticks nothing itself.
    const emptyYear = updateCronUnit(s, 'year', { year: { ...s.year, cronEvery: CRON_MODE.specific } }, NOW);
    expect(expr(emptyYear)).toBe('0 0 0 1 1 ? 2019');
    expect(emptyYear.year.specificSpecific).toEqual([]);

    // Every 5 seconds within minutes 10–20 of every hour: the second is set, so it is kept.
    const every5 = updateCronUnit(
      s,
      'second',
      { second: { ...s.second, cronEvery: CRON_MODE.increment, incrementIncrement: 5 } },
      NOW,
    );
    const ranged = updateCronUnit(
      every5,
      'minute',
      { minute: { ...s.minute, cronEvery: CRON_MODE.range, rangeStart: 10, rangeEnd: 20 } },
      NOW,
    );
    expect(expr(ranged)).toBe('0/5 10-20 * * * ? *');

    // 2nd Sunday of the month.
    const nth = updateCronUnit(
      ranged,
      'day',
      {
        day: { ...ranged.day, cronEvery: CRON_DAY_MODE.nthWeekday },
        week: { ...ranged.week, cronNthDayNth: 2, cronNthDayDay: 7 },
      },
      NOW,
    );
    expect(expr(nth)).toBe('0/5 10-20 0 ? * 7#2 *');
    expect(validateQuartzCron(expr(nth))).toBeNull();
  });
});
