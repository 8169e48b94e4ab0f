import type { DictOption } from '@aps/shared';

/** §1: the page is grey when today (YYYY-MM-DD) equals either of the first two texts of the dictionary "color". */
export function isMourningDay(items: readonly DictOption[] | null | undefined, today: string): boolean {
  if (!Array.isArray(items)) return false;
  return items.slice(0, 2).some((item) => item?.text?.trim() === today);
}

/** YYYY-MM-DD of a date in the browser's time zone (no dayjs: this runs on the first page load). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
