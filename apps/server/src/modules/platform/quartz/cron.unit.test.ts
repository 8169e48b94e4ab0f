import { CRON_WEEK_NAMES, cronWeekValue, parseQuartzCron, quartzToCroner, validateQuartzCron } from '@aps/shared';
import { CRON_DAY_MODE, cronStateToExpression, defaultCronState } from '@aps/shared/constants';
import { describe, expect, it } from 'vitest';
import { nextFireTimes } from './scheduler.ts';

// Local wall-clock times (the scheduler runs in the process's time zone), written without a zone on purpose.
const at = (s: string) => new Date(s);
const fmt = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ` +
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
const next = (expr: string, n: number, from: string) => nextFireTimes(expr, n, at(from)).map(fmt);

describe('Quartz cron model (§3: 周一..周日 → 1..7)', () => {
  it('maps the week names to 1..7', () => {
    expect(CRON_WEEK_NAMES.map(cronWeekValue)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  // 2026-06-01 is a Monday.
  it.each([
    ['0 0 12 ? * 1', ['2026-06-01 12:00:00', '2026-06-08 12:00:00']], // 周一
    ['0 0 12 ? * 7', ['2026-06-07 12:00:00', '2026-06-14 12:00:00']], // 周日
    ['0 0 12 ? * 6', ['2026-06-06 12:00:00', '2026-06-13 12:00:00']], // 周六
    ['0 0 12 ? * 5-7', ['2026-06-05 12:00:00', '2026-06-06 12:00:00', '2026-06-07 12:00:00']], // 周五..周日
    ['0 0 12 ? * MON,SUN', ['2026-06-01 12:00:00', '2026-06-07 12:00:00']],
    ['0 0 12 ? * 1#2', ['2026-06-08 12:00:00', '2026-07-13 12:00:00']], // 2nd Monday
    ['0 0 12 ? * 5L', ['2026-06-26 12:00:00', '2026-07-31 12:00:00']], // last Friday
    ['0 0 12 L * ?', ['2026-06-30 12:00:00', '2026-07-31 12:00:00']],
    ['0 0 12 L-3 * ?', ['2026-06-27 12:00:00', '2026-07-28 12:00:00']], // 3 days before the month's end
    ['0 0 12 15W * ?', ['2026-06-15 12:00:00', '2026-07-15 12:00:00', '2026-08-14 12:00:00']], // 8-15 is a Saturday
    ['0/2 * * * * ?', ['2026-06-01 00:00:02', '2026-06-01 00:00:04']],
    ['0 0 12 1/10 * ? 2027', ['2027-01-01 12:00:00', '2027-01-11 12:00:00']],
    ['0 30 1 * * ?', ['2026-06-01 01:30:00', '2026-06-02 01:30:00']],
  ])('%s fires at the expected local times', (expr, expected) => {
    expect(next(expr, expected.length, '2026-06-01T00:00:00')).toEqual(expected);
  });

  // The editor's 周一..周日 ticks, run through croner: 2026-06-01 is a Monday, so 周n falls on June n.
  it.each(CRON_WEEK_NAMES.map((name, i) => [name, i + 1] as const))(
    "the editor's %s fires on weekday %i",
    (name, n) => {
      const s = defaultCronState();
      const expression = cronStateToExpression({
        ...s,
        second: { ...s.second, cronEvery: 3, specificSpecific: [0] },
        minute: { ...s.minute, cronEvery: 3, specificSpecific: [0] },
        hour: { ...s.hour, cronEvery: 3, specificSpecific: [12] },
        day: { ...s.day, cronEvery: CRON_DAY_MODE.weekSpecific },
        week: { ...s.week, specificSpecific: [cronWeekValue(name)] },
      });
      expect(expression).toBe(`0 0 12 ? * ${n} *`);
      expect(next(expression, 2, '2026-06-01T00:00:00')).toEqual([
        `2026-06-0${n} 12:00:00`,
        `2026-06-${String(n + 7).padStart(2, '0')} 12:00:00`,
      ]);
    },
  );

  it.each([
    ['', '请输入cron表达式'],
    ['* * * *', 'cron表达式应为6或7段（秒 分 时 日 月 周 [年]），以空格分隔'],
    ['60 * * * * ?', 'cron表达式的“秒”字段有误：60'],
    ['0 0 24 * * ?', 'cron表达式的“时”字段有误：24'],
    ['0 0 0 32 * ?', 'cron表达式的“日”字段有误：32'],
    ['0 0 0 ? * 0', 'cron表达式的“周”字段有误：0'],
    ['0 0 0 ? * 8', 'cron表达式的“周”字段有误：8'],
    ['0 0 0 ? * 1#6', 'cron表达式的“周”字段有误：1#6'],
    ['0 0 0 1 13 ?', 'cron表达式的“月”字段有误：13'],
    ['0 0 0 1 * 1', '“日”和“周”不能同时指定，其中一个须为“?”'],
    ['0 0 0 ? * ? *', null],
    ['0 0/0 * * * ?', 'cron表达式的“分”字段有误：0/0'],
  ])('validates %j', (expr, message) => {
    expect(validateQuartzCron(expr)).toBe(message);
  });

  it('normalises six fields to seven and hands croner numbers for names', () => {
    expect(parseQuartzCron('0 0 8 ? JAN-MAR MON-FRI').normalized).toBe('0 0 8 ? JAN-MAR MON-FRI *');
    expect(quartzToCroner('0 0 8 ? JAN-MAR MON-FRI')).toEqual({
      pattern: '0 0 8 ? 1-3 1-5 *',
      options: { mode: '7-part', sloppyRanges: true },
    });
    expect(quartzToCroner('0 0 8 L-2 * ?').options.dayOffset).toBe(-2);
  });
});
