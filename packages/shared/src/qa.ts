import { z } from 'zod';
import { QA_DEFAULTS, QA_LIMITS, QA_MESSAGES, QA_SORTABLE_COLUMNS, QA_USE_TYPE } from './qa.constants.ts';
import { pageQuerySchema } from './query.ts';
import { superQueryFields } from './super-query.ts';

export * from './qa.constants.ts';

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLong);

/** The fields of the Q&A form (§2, §5): one schema for add, edit and every imported row. */
export const qaFields = {
  questionContent: requiredText(QA_MESSAGES.questionRequired, QA_LIMITS.question, QA_MESSAGES.questionTooLong),
  answerContent: requiredText(QA_MESSAGES.answerRequired, QA_LIMITS.answer, QA_MESSAGES.answerTooLong),
  useType: z.enum([QA_USE_TYPE.hidden, QA_USE_TYPE.supplier], { error: QA_MESSAGES.useTypeRequired }),
  displayOrder: z.coerce
    .number({ error: QA_MESSAGES.displayOrder })
    .int(QA_MESSAGES.displayOrder)
    .min(QA_LIMITS.displayOrderMin, QA_MESSAGES.displayOrder)
    .max(QA_LIMITS.displayOrderMax, QA_MESSAGES.displayOrder)
    .default(QA_DEFAULTS.displayOrder),
  /** Required (§5) but not on the form: absent means QA_DEFAULTS.qaType; a value must be a qa_type item. */
  qaType: z
    .string({ error: QA_MESSAGES.qaTypeRequired })
    .trim()
    .min(1, QA_MESSAGES.qaTypeRequired)
    .max(32, QA_MESSAGES.qaTypeRequired)
    .optional(),
};

const idSchema = z.string({ error: QA_MESSAGES.selectOne }).uuid(QA_MESSAGES.notFound);

export const qaAddSchema = z.object(qaFields);
export type QaAddRequest = z.infer<typeof qaAddSchema>;
export const qaEditSchema = z.object({ id: idSchema, ...qaFields });
export type QaEditRequest = z.infer<typeof qaEditSchema>;

/** One row of an imported sheet, after header mapping: the same rules as the form. */
export const qaImportRowSchema = qaAddSchema;

const keywordSchema = z
  .string()
  .max(QA_LIMITS.keyword, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();

const filters = {
  /** Matches question or answer (contains, case-insensitive). */
  keyword: keywordSchema,
  useType: z.enum([QA_USE_TYPE.hidden, QA_USE_TYPE.supplier]).optional(),
  qaType: z.string().max(32).optional(),
  ...superQueryFields,
};

/** GET list (§7 generic list): pageNo, pageSize, column (allow-list), order; default createTime desc. */
export const qaListQuerySchema = pageQuerySchema.extend({
  column: z.enum(QA_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  ...filters,
});
export type QaListQuery = z.infer<typeof qaListQuerySchema>;

/** Comma-joined ids (batch delete's `ids`, export's `selections`), at most 1000, each a uuid. */
const idListSchema = (required: boolean) =>
  z
    .string()
    .max(40_000)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().uuid(QA_MESSAGES.notFound))
        .min(required ? 1 : 0, QA_MESSAGES.selectOne)
        .max(1000, '一次最多选择1000条记录'),
    );

/** GET exportXls: the list's filters and sort, or only the selected rows (`selections`, comma-joined ids). */
export const qaExportQuerySchema = qaListQuerySchema.omit({ pageNo: true, pageSize: true }).extend({
  selections: idListSchema(false).optional(),
});
export type QaExportQuery = z.infer<typeof qaExportQuerySchema>;

export const qaIdQuerySchema = z.object({ id: idSchema });
export const qaIdsQuerySchema = z.object({ ids: z.string({ error: QA_MESSAGES.selectOne }).pipe(idListSchema(true)) });

/** GET the public /moreHelp list: only supplier-visible entries of one tenant. */
export const qaPublicQuerySchema = z.object({
  keyword: keywordSchema,
  tenantId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  _t: z.string().optional(),
});
export type QaPublicQuery = z.infer<typeof qaPublicQuerySchema>;
