/** Field builders shared by the issue-16 schemas (supplier.ts, contract.ts): Chinese messages, blanks as null. */
import { z } from 'zod';
import { dateSchema, safeText } from './primitives.ts';

export const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
/** A required trimmed text of at most `max` characters. */
export const requiredText = (label: string, max: number, required = `请输入${label}`) =>
  safeText.pipe(z.string({ error: required }).trim().min(1, required).max(max, `${label}最长${max}个字符`));
/** An optional text: '' / undefined / null → null. */
export const nullableText = (label: string, max: number) =>
  z
    .preprocess(blankToNull, safeText.pipe(z.string().trim().max(max, `${label}最长${max}个字符`)).nullable())
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
/** An optional YYYY-MM-DD: '' / undefined / null → null. */
export const nullableDate = z
  .preprocess(blankToNull, dateSchema.nullable())
  .optional()
  .transform((v) => v ?? null);
export const uuidField = (message: string) => z.string({ error: message }).uuid(message);
/** A list filter's keyword (the surrounding * of JeecgBoot's fuzzy match stripped). */
export const keywordField = z
  .string()
  .max(100, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();
