import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * YYYY-MM-DD HH:mm:ss in local time. A Date (what the server's rows hold, ten a row in a list page) is laid out
 * by hand: dayjs's parse and format took most of a list's mapping time. Strings and invalid dates go to dayjs.
 */
export const formatDateTime = (d: Date | string | null | undefined): string | null => {
  if (d == null) return null;
  if (!(d instanceof Date) || Number.isNaN(d.getTime()) || d.getFullYear() < 1000 || d.getFullYear() > 9999) {
    return dayjs(d).format(DATETIME_FORMAT);
  }
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
};
/** §9 multi-value separator: `a, b,,c` → ['a', 'b', 'c'] (trimmed, empties dropped); null and '' → []. */
export const splitValue = (v: string | null | undefined): string[] =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
export const joinValue = (list: readonly string[]): string => list.join(',');

export const formatDate = (d: Date | string | null | undefined): string | null =>
  d == null ? null : dayjs(d).format(DATE_FORMAT);

/** The quarter (1–4) of a month index 0–11. */
const quarterOf = (month: number) => Math.floor(month / 3) + 1;

/** §9 quarter label `{year} Q{1-4}`: 2026-11-25 → `2026 Q4`. A Date, a date text or a dayjs value; invalid → null. */
export const formatQuarter = (d: dayjs.ConfigType): string | null => {
  if (d == null || d === '') return null;
  const v = dayjs(d);
  return v.isValid() ? `${v.year()} Q${quarterOf(v.month())}` : null;
};

/** The first and last day (YYYY-MM-DD) of the quarter holding `d`; invalid → null. */
export const quarterBounds = (d: dayjs.ConfigType): { begin: string; end: string } | null => {
  if (d == null || d === '') return null;
  const v = dayjs(d);
  if (!v.isValid()) return null;
  const first = v.startOf('month').month((quarterOf(v.month()) - 1) * 3);
  return { begin: first.format(DATE_FORMAT), end: first.add(2, 'month').endOf('month').format(DATE_FORMAT) };
};

/**
 * One formatter for every call: `toLocaleString` with options builds a new one each time (slow in grids). Built on
 * the first call, not at import: the server imports this module but never formats money, and the first
 * `Intl.NumberFormat` loads ICU's number data (~6 MB resident).
 */
let money: Intl.NumberFormat | undefined;

/** Money format #,##0.00 (§9). */
export const formatMoney = (v: number | string | null | undefined): string => {
  const n = Number(v ?? 0);
  if (!Number.isFinite(n)) return '';
  money ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return money.format(n);
};

/**
 * Contact details shown to someone not allowed to read them (issue 12 §3): a phone keeps its first 3 and last 4
 * characters (138****1234), an e-mail the first character of its local part and the domain (a***@x.com). Values too
 * short to keep anything are fully starred; null stays null.
 */
export const maskPhone = (v: string | null | undefined): string | null => {
  if (v == null || v === '') return v ?? null;
  return v.length > 7 ? `${v.slice(0, 3)}****${v.slice(-4)}` : '****';
};

export const maskEmail = (v: string | null | undefined): string | null => {
  if (v == null || v === '') return v ?? null;
  const at = v.lastIndexOf('@');
  if (at < 1) return '***';
  return `${v.slice(0, 1)}***${v.slice(at)}`;
};
