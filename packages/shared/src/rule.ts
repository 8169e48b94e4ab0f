import { z } from 'zod';
import { pageQuerySchema } from './query.ts';
import {
  CHECK_RULE_MESSAGES,
  type CheckRuleItem,
  checkPatternProblem,
  FILL_RULE_MESSAGES,
  type FillRuleReset,
  parseFillPattern,
} from './rule.constants.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export {
  CHECK_RULE_MESSAGES,
  type CheckRuleItem,
  checkByRules,
  checkPatternProblem,
  FILL_RULE_MESSAGES,
  FILL_RULE_RESET,
  FILL_RULE_RESET_LABELS,
  type FillRuleReset,
  type FillToken,
  fillPeriodKey,
  formatFillDate,
  parseFillPattern,
  renderFillPattern,
} from './rule.constants.ts';

// ── Fill rules (填值规则): codes generated from a pattern such as CG-${yyyyMMdd}-${seq:4} ────────────────

const ruleCodeField = (messages: { codeRequired: string; codePattern: string }) =>
  z
    .string({ error: messages.codeRequired })
    .trim()
    .min(1, { error: messages.codeRequired, abort: true })
    .max(64, maxLengthMessage(64))
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, messages.codePattern);

const description = z
  .string()
  .trim()
  .max(500, maxLengthMessage(500))
  .nullish()
  .transform((v) => v || null);

const fillRuleFields = {
  ruleCode: ruleCodeField(FILL_RULE_MESSAGES),
  ruleName: z
    .string({ error: FILL_RULE_MESSAGES.nameRequired })
    .trim()
    .min(1, FILL_RULE_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  pattern: z
    .string({ error: FILL_RULE_MESSAGES.patternRequired })
    .trim()
    .min(1, { error: FILL_RULE_MESSAGES.patternRequired, abort: true })
    .refine((p) => parseFillPattern(p) !== null, FILL_RULE_MESSAGES.badPattern),
  resetPeriod: z
    .enum(['none', 'daily', 'monthly', 'yearly'], { error: '重置周期只能是none、daily、monthly或yearly' })
    .default('daily'),
  description,
};
export const fillRuleAddSchema = z.object(fillRuleFields);
export type FillRuleAddRequest = z.infer<typeof fillRuleAddSchema>;
export const fillRuleEditSchema = z.object({ id: uuidSchema, ...fillRuleFields });
export type FillRuleEditRequest = z.infer<typeof fillRuleEditSchema>;

export const RULE_SORTABLE_COLUMNS = ['createTime', 'ruleCode', 'ruleName'] as const;
export const ruleListQuerySchema = pageQuerySchema.extend({
  column: z.enum(RULE_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  ruleCode: containsTextSchema,
  ruleName: containsTextSchema,
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

export const ruleCodeParamSchema = z.object({
  ruleCode: z.string().trim().min(1, FILL_RULE_MESSAGES.codeRequired).max(64),
});

export interface FillRuleDto {
  id: string;
  ruleCode: string;
  ruleName: string;
  pattern: string;
  resetPeriod: FillRuleReset;
  description: string | null;
  /** What the next code would look like now (sequence 1). */
  example: string;
  createTime: string;
  updateTime: string | null;
}

// ── Check rules (校验规则): a value checked segment by segment against regular expressions ─────────────

const checkRuleItemSchema = z.object({
  digits: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim() || '*')
    .refine((v) => v === '*' || (/^\d{1,4}$/.test(v) && Number(v) > 0), CHECK_RULE_MESSAGES.badDigits),
  pattern: z.string({ error: CHECK_RULE_MESSAGES.patternRequired }).superRefine((p, ctx) => {
    const problem = checkPatternProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  message: z
    .string({ error: CHECK_RULE_MESSAGES.messageRequired })
    .trim()
    .min(1, CHECK_RULE_MESSAGES.messageRequired)
    .max(200, maxLengthMessage(200)),
});

/** ruleJson: a JSON array (text or parsed) of {digits, pattern, message}; "*" only last. */
export const checkRuleJsonSchema = z
  .union([z.string().max(20_000), z.array(z.unknown())])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: CHECK_RULE_MESSAGES.badRuleJson });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(checkRuleItemSchema, { error: CHECK_RULE_MESSAGES.badRuleJson })
      .min(1, CHECK_RULE_MESSAGES.rulesRequired)
      .max(20, '校验规则最多20条')
      .refine(
        (items) => items.every((r, i) => r.digits !== '*' || i === items.length - 1),
        CHECK_RULE_MESSAGES.starNotLast,
      ),
  );

const checkRuleFields = {
  ruleCode: ruleCodeField(CHECK_RULE_MESSAGES),
  ruleName: z
    .string({ error: CHECK_RULE_MESSAGES.nameRequired })
    .trim()
    .min(1, CHECK_RULE_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  ruleJson: checkRuleJsonSchema,
  description,
};
export const checkRuleAddSchema = z.object(checkRuleFields);
export type CheckRuleAddRequest = z.infer<typeof checkRuleAddSchema>;
export const checkRuleEditSchema = z.object({ id: uuidSchema, ...checkRuleFields });
export type CheckRuleEditRequest = z.infer<typeof checkRuleEditSchema>;

/** GET /sys/checkRule/checkByCode (§3 payload: ruleCode, value). */
export const checkByCodeQuerySchema = z.object({
  ruleCode: z
    .string({ error: CHECK_RULE_MESSAGES.codeRequired })
    .trim()
    .min(1, CHECK_RULE_MESSAGES.codeRequired)
    .max(64),
  value: z.string().max(1000, CHECK_RULE_MESSAGES.valueTooLong).default(''),
  _t: z.string().optional(),
});

export interface CheckRuleDto {
  id: string;
  ruleCode: string;
  ruleName: string;
  ruleJson: CheckRuleItem[];
  description: string | null;
  createTime: string;
  updateTime: string | null;
}
