import { DATE_FORMAT, DATETIME_FORMAT, REPORT_RANGE_SUFFIX, type ReportQueryItemDto } from '@aps/shared/constants';
import type { FilterValue } from '../../../shared/list/query.ts';

/** Something with dayjs's `format` (a DatePicker value), without importing dayjs here. */
interface Formattable {
  format(template: string): string;
}
const isFormattable = (v: unknown): v is Formattable =>
  typeof v === 'object' && v !== null && typeof (v as Formattable).format === 'function';

/** Where a range item keeps its two ends in the form (number ranges: one InputNumber each). */
export const rangeField = (field: string, end: 'begin' | 'end') => field + REPORT_RANGE_SUFFIX[end];

/**
 * The getData query of a submitted report form: text trimmed, dates as YYYY-MM-DD (YYYY-MM-DD HH:mm:ss for
 * datetime), a date range split into `<field>_begin` / `<field>_end`, number ranges already in those two keys.
 * Empty values are left out.
 */
export function reportFilters(
  items: ReportQueryItemDto[],
  values: Record<string, unknown>,
): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  const put = (key: string, v: unknown, format: string) => {
    if (v === null || v === undefined || v === '') return;
    if (isFormattable(v)) out[key] = v.format(format);
    else if (typeof v === 'number') out[key] = v;
    else if (typeof v === 'string' && v.trim()) out[key] = v.trim();
  };
  for (const item of items) {
    const format = item.view === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
    if (item.mode === 'group') {
      const v = values[item.field];
      if (Array.isArray(v)) {
        put(rangeField(item.field, 'begin'), v[0], format);
        put(rangeField(item.field, 'end'), v[1], format);
      } else {
        put(rangeField(item.field, 'begin'), values[rangeField(item.field, 'begin')], format);
        put(rangeField(item.field, 'end'), values[rangeField(item.field, 'end')], format);
      }
    } else put(item.field, values[item.field], format);
  }
  return out;
}
