import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const formatDateTime = (d: Date | string | null | undefined): string | null =>
  d == null ? null : dayjs(d).format(DATETIME_FORMAT);
export const formatDate = (d: Date | string | null | undefined): string | null =>
  d == null ? null : dayjs(d).format(DATE_FORMAT);

/** One formatter for every call: `toLocaleString` with options builds a new one each time (slow in grids). */
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money format #,##0.00 (§9). */
export const formatMoney = (v: number | string | null | undefined): string => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? MONEY.format(n) : '';
};
