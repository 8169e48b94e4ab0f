/**
 * The zod primitives every schema builds on (issue 11 §1, issue 12 §5, §7): text that PostgreSQL can store, dates
 * that exist, ids within their column's range, one paging rule, and JeecgBoot's tolerance for numbers sent as
 * strings (and strings sent as numbers) and for comma-joined multi-values. Tolerance stops at types and shapes:
 * ranges, patterns and allow-lists stay strict.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './api.ts';

dayjs.extend(customParseFormat);

export const MAX_PAGE_NO = 100_000_000;
/** PostgreSQL integer (int4) columns: serial ids, tenant ids. */
export const INT4_MAX = 2_147_483_647;

export const PRIMITIVE_MESSAGES = {
  illegalCharacter: '包含非法字符',
  pageNo: `页码必须是1到${MAX_PAGE_NO}之间的整数`,
  pageSize: `每页条数必须是1到${MAX_PAGE_SIZE}之间的整数`,
  date: '日期格式应为YYYY-MM-DD，且须是存在的日期',
  dateTime: '时间格式应为YYYY-MM-DD HH:mm:ss，且须是存在的时间',
  id: `编号必须是1到${INT4_MAX}之间的整数`,
} as const;

/** NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not encodable as UTF-8). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const ILLEGAL_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasIllegalText(value: string): boolean {
  return ILLEGAL_TEXT.test(value);
}

/** Any string a client sends; numbers are accepted as their decimal text (JeecgBoot clients send either). */
export const safeText = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string().refine((v) => !hasIllegalText(v), PRIMITIVE_MESSAGES.illegalCharacter),
);

/** An integer sent as a number or as its decimal text, within [min, max]; anything else is `message`. */
export function integerSchema(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** A serial (int4) id: 1..2^31−1, as a number or its text. */
export const serialIdSchema = integerSchema(1, INT4_MAX, PRIMITIVE_MESSAGES.id);

/** A code/flag/status the client may send as a number or a string; stored and compared as a string. */
export const codeSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string().refine((v) => !hasIllegalText(v), PRIMITIVE_MESSAGES.illegalCharacter),
);

/** pageNo: 1..1e8. Anything else (0, −1, NaN, 10^9) is a 400, never silently page 1. */
export const pageNoSchema = integerSchema(1, MAX_PAGE_NO, PRIMITIVE_MESSAGES.pageNo).default(1);
/** pageSize: 1..9999 (§9 lists 10/20/50, 10/30/50, 10/20/30, pickers 5/10/20/30, selected options 9999). */
export const pageSizeSchema = integerSchema(1, MAX_PAGE_SIZE, PRIMITIVE_MESSAGES.pageSize).default(10);

function existingMoment(formats: string[], message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => formats.some((format) => dayjs(v, format, true).isValid()), message);
}

/** YYYY-MM-DD that exists: 0000-00-00, 2026-13-45 and 2026-02-30 are refused (never stored as 03-02). */
export const dateSchema = existingMoment(['YYYY-MM-DD'], PRIMITIVE_MESSAGES.date);
/** YYYY-MM-DD HH:mm:ss that exists (also YYYY-MM-DD HH:mm). */
export const dateTimeSchema = existingMoment(['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm'], PRIMITIVE_MESSAGES.dateTime);
/** A date or a date-time (filters that take either). */
export const momentSchema = existingMoment(
  ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm'],
  '日期格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss，且须是存在的日期',
);

/** JeecgBoot's multi-value forms: "a,b,c" or ["a","b","c"] (also a single number) → trimmed non-empty strings. */
export const multiValueSchema = z.preprocess(
  (v) => {
    if (typeof v === 'number') return [String(v)];
    if (typeof v === 'string') return v.split(',');
    if (Array.isArray(v)) return v.map((item) => (typeof item === 'number' ? String(item) : item));
    return v;
  },
  z.array(z.string().trim()).transform((items) => items.filter(Boolean)),
);
