import type { ReportQueryItemDto } from '@aps/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { reportFilters } from './filters.ts';

const item = (field: string, view: ReportQueryItemDto['view'], mode: ReportQueryItemDto['mode'] = 'single') => ({
  field,
  label: field,
  view,
  mode,
  dictCode: null,
  hidden: '0' as const,
  param: field.startsWith('self_'),
  defaultValue: null,
});

const items = [
  item('name', 'text'),
  item('stage', 'list'),
  item('price', 'number', 'group'),
  item('day', 'date', 'group'),
  item('at', 'datetime', 'group'),
  item('self_beginDate', 'date'),
];

describe('reportFilters', () => {
  it.each([
    ['empty form', {}, {}],
    ['text trimmed, blanks left out', { name: '  管廊 ', stage: '' }, { name: '管廊' }],
    ['dictionary value', { stage: '3' }, { stage: '3' }],
    ['number range from its two inputs', { price_begin: 10, price_end: 0 }, { price_begin: 10, price_end: 0 }],
    [
      'date range split in two',
      { day: [dayjs('2026-01-01'), dayjs('2026-01-31')] },
      { day_begin: '2026-01-01', day_end: '2026-01-31' },
    ],
    [
      'datetime range keeps the time',
      { at: [dayjs('2026-01-01 08:30:00'), null] },
      { at_begin: '2026-01-01 08:30:00' },
    ],
    ['a date parameter', { self_beginDate: dayjs('2026-03-04') }, { self_beginDate: '2026-03-04' }],
    ['keys that are not items are dropped', { other: 'x' }, {}],
  ])('%s', (_, values, expected) => {
    expect(reportFilters(items, values)).toEqual(expected);
  });
});
