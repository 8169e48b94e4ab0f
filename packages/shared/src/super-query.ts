import { z } from 'zod';
import {
  SUPER_QUERY_MESSAGES as M,
  SUPER_QUERY_LIMITS,
  SUPER_QUERY_LISTS,
  SUPER_QUERY_MATCH_TYPES,
  SUPER_QUERY_RULES,
  type SuperQueryCondition,
} from './super-query.constants.ts';

export * from './super-query.constants.ts';

const valueText = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));

/**
 * One line (§3). `val` may come as text, a number or, for `in`, a list; a list is joined with commas as the
 * original client does. Unknown keys (options, dictCode, popup, …) are dropped; the field is checked against the
 * list's allow-list by the server's translator, not here.
 */
export const superQueryConditionSchema = z
  .object({
    field: z.string({ error: M.badParams }).trim().min(1, M.badParams).max(64, M.badParams),
    rule: z.enum(SUPER_QUERY_RULES, { error: M.badRule }),
    val: z
      .union([valueText, z.array(valueText).max(SUPER_QUERY_LIMITS.inValues, M.tooLong)])
      .optional()
      .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')))
      .pipe(z.string().max(SUPER_QUERY_LIMITS.value * 10, M.tooLong)),
    type: z.string().max(32).optional(),
    dbType: z.string().max(32).optional(),
  })
  .transform((c): SuperQueryCondition => c);

export const superQueryRecordsSchema = z
  .array(superQueryConditionSchema, { error: M.badParams })
  .max(SUPER_QUERY_LIMITS.lines, M.tooMany);

/**
 * `superQueryParams` as the spec's client sends it: `encodeURIComponent(JSON.stringify(lines))`, which the query
 * string decodes once more; both the once- and the twice-encoded form are read. Empty → no advanced query.
 */
export const superQueryParamsSchema = z
  .string()
  .max(SUPER_QUERY_LIMITS.params, M.tooLong)
  .transform((raw, ctx) => {
    const text = raw.trim();
    if (text === '') return [];
    for (const candidate of [text, safeDecode(text)]) {
      if (candidate === null) continue;
      try {
        return JSON.parse(candidate) as unknown;
      } catch {
        // try the next form
      }
    }
    ctx.addIssue({ code: 'custom', message: M.badParams });
    return z.NEVER;
  })
  .pipe(superQueryRecordsSchema);

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The two query parameters every list with an advanced query accepts (§7 generic list GET). */
export const superQueryFields = {
  superQueryParams: superQueryParamsSchema.optional(),
  superQueryMatchType: z.enum(SUPER_QUERY_MATCH_TYPES, { error: M.badMatchType }).optional(),
};

const listKeySchema = z.enum(Object.values(SUPER_QUERY_LISTS) as [string, ...string[]], { error: M.badList });

/** GET /sys/superQuery/list: the signed-in user's saved queries of one list. */
export const savedSuperQueryListSchema = z.object({ listKey: listKeySchema, _t: z.string().optional() });

/** POST /sys/superQuery/save: a name, the match type and at least one complete line. */
export const savedSuperQuerySaveSchema = z.object({
  listKey: listKeySchema,
  title: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired, abort: true })
    .max(SUPER_QUERY_LIMITS.title, `保存名称最长${SUPER_QUERY_LIMITS.title}个字符`),
  matchType: z.enum(SUPER_QUERY_MATCH_TYPES, { error: M.badMatchType }).default('and'),
  records: superQueryRecordsSchema
    .transform((lines) => lines.filter((l) => l.val.trim() !== ''))
    .refine((lines) => lines.length > 0, M.emptySave),
  /** Replace a saved query of the same name (the client asks "<name>已存在，是否覆盖？" first). */
  overwrite: z.boolean().optional(),
});
export type SavedSuperQuerySaveRequest = z.infer<typeof savedSuperQuerySaveSchema>;

export const savedSuperQueryIdSchema = z.object({ id: z.string().uuid(M.notFound) });
