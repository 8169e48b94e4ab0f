/**
 * The zod half of the expert-review contract (issue 15): every request body and query of the pool, the draw, the
 * expert's task (sign-in, vote, qualification, scoring), the leader's steps, clarifications and quotation rounds,
 * campaign checks, signatures and the end of the review, and the supplier's clarification answer.
 * Per-item maxima, the caller's identity and the stage are the server's checks; these refuse malformed input.
 */
import { z } from 'zod';
import { dateTimeSchema, integerSchema, multiValueSchema, safeText } from './primitives.ts';
import { moneySchema } from './procurement.ts';
import { pageQuerySchema } from './query.ts';
import {
  CAMPAIGN_CHECK_KIND_CODES,
  CLARIFICATION_DECISIONS,
  COMMITTEE_STATE_CODES,
  REVIEW_LIMITS as L,
  REVIEW_MESSAGES as M,
  MEMBER_STATE_CODES,
} from './review.constants.ts';

export * from './review.constants.ts';

const PACKAGE_NOT_FOUND = '标包不存在或已删除';
const uuid = (message: string) => z.string({ error: message }).uuid(message);
const packageId = uuid(PACKAGE_NOT_FOUND);
const bidId = uuid(M.bidNotReviewed);
const text = (label: string, max: number, required = `请输入${label}`) =>
  safeText.pipe(z.string({ error: required }).trim().min(1, required).max(max, `${label}最长${max}个字符`));
const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      safeText.pipe(z.string().trim().max(max, `${label}最长${max}个字符`)).nullable(),
    )
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
const keyword = z
  .string()
  .max(100, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();
const fileIds = z.array(z.string().max(500)).max(L.files, `附件最多${L.files}个`).optional();
/** JeecgBoot clients send booleans as true/false, 1/0 or their text. */
const flag = (message: string) =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: message }),
  );

/**
 * A score as a number or its text: ≥ 0, at most 3 decimals, ≤ 100 (the item's own maximum is the server's check,
 * with REVIEW_MESSAGES.scoreOutOfRange). Kept as a string for the numeric column and the decimal engine.
 */
export const scoreValueSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: M.scoreFormat })
    .regex(/^\d{1,3}(\.\d{1,3})?$/, M.scoreFormat)
    .refine((v) => Number(v) <= L.maxScore, M.scoreFormat),
);

// ---------- the pool (专家库) ----------

const specialityCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, '专业分类编码不正确');
const expertFields = {
  /** A user of userEnd 2 (the server checks it). */
  userId: uuid('请选择专家用户'),
  specialities: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(specialityCode))
    .pipe(
      z
        .array(z.string())
        .min(1, '请选择至少一个专业')
        .max(L.specialities, `专业最多${L.specialities}个`)
        .transform((a) => [...new Set(a)]),
    ),
  region: optionalText('地区', L.name),
  title: optionalText('职称', L.name),
  employer: optionalText('工作单位', 200),
  avoidSupplierIds: z
    .array(uuid('回避的供应商不存在'))
    .max(L.avoidances, `回避单位最多${L.avoidances}个`)
    .default([])
    .transform((a) => [...new Set(a)]),
  avoidCompanies: z
    .array(text('回避单位名称', 200))
    .max(L.avoidances, `回避单位最多${L.avoidances}个`)
    .default([])
    .transform((a) => [...new Set(a)]),
  status: z.enum(['normal', 'suspended'], { error: '专家状态须为正常或暂停' }).default('normal'),
  remarks: optionalText('备注', L.remarks),
};
export const expertAddSchema = z.object(expertFields);
export type ExpertAddRequest = z.infer<typeof expertAddSchema>;
export const expertEditSchema = z.object({ id: uuid(M.expertNotFound), ...expertFields });
export type ExpertEditRequest = z.infer<typeof expertEditSchema>;
export const expertIdSchema = z.object({ id: uuid(M.expertNotFound) });
export const EXPERT_SORTABLE_COLUMNS = ['createTime', 'realname', 'employer'] as const;
export const expertListQuerySchema = pageQuerySchema.extend({
  column: z.enum(EXPERT_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  /** Matches the expert's name or username. */
  realname: keyword,
  employer: keyword,
  region: keyword,
  speciality: specialityCode.optional(),
  status: z.enum(['normal', 'suspended']).optional(),
});
export type ExpertListQuery = z.infer<typeof expertListQuerySchema>;
export const expertUsersQuerySchema = z.object({ keyword });
/** An imported row: the form's fields with the user named by username (用户账号); avoidances as company names. */
export const expertImportRowSchema = z
  .object(expertFields)
  .omit({ userId: true })
  .extend({ username: text('用户账号', 100) });

// ---------- the draw (抽取) ----------

/** Draw a committee for a package: size experts (odd); the optional purchaser representative is one more member. */
export const drawSchema = z.object({
  packageId,
  /** Defaults to the package's expertCount (选商准备); neither → REVIEW_MESSAGES.drawSizeRequired. */
  size: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    integerSchema(1, L.committeeMax, `评审委员会人数须为1到${L.committeeMax}`).optional(),
  ),
  specialities: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : (v ?? [])), z.array(specialityCode))
    .pipe(z.array(z.string()).max(L.specialities, `专业最多${L.specialities}个`))
    .optional()
    .transform((a) => [...new Set(a ?? [])]),
  purchaserRepUserId: z.preprocess((v) => (v === '' ? undefined : v), uuid(M.repNotStaff).optional()),
});
export type DrawRequest = z.infer<typeof drawSchema>;
/** A replacement draw for a member who avoided or declined. */
export const drawReplaceSchema = z.object({ memberId: uuid(M.taskNotFound) });

// ---------- the expert's task ----------

export const taskListQuerySchema = pageQuerySchema.extend({
  state: z.enum(MEMBER_STATE_CODES as [string, ...string[]]).optional(),
  /** Open tasks only (default) or every task. */
  scope: z.enum(['open', 'all']).default('open'),
  name: keyword,
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
/** queryTaskById (id = the task = the member id); the goods/assets variant also carries packageId. Reads by package
 * (determineIdentityByPackageId, queryReviewItems, …) use procurement-bid's packageIdQuerySchema. */
export const taskIdQuerySchema = z.object({ id: uuid(M.taskNotFound), packageId: packageId.optional() });

/** Sign-in with the avoidance declaration; a declared conflict makes the member 回避 (a replacement is drawn). */
export const signInSchema = z
  .object({
    id: uuid(M.taskNotFound),
    agree: flag(M.declarationRequired),
    conflict: flag('请选择是否存在回避情形').default(false),
    conflictNote: optionalText('回避事由', L.reason),
  })
  .superRefine((v, ctx) => {
    if (v.conflict && !v.conflictNote)
      ctx.addIssue({ code: 'custom', message: M.conflictNoteRequired, path: ['conflictNote'] });
    if (!v.conflict && v.agree !== true)
      ctx.addIssue({ code: 'custom', message: M.declarationRequired, path: ['agree'] });
  });
export type SignInRequest = z.infer<typeof signInSchema>;
export const declineSchema = z.object({ id: uuid(M.taskNotFound), reason: text('拒绝原因', L.reason) });

/** recommendTeamLeader/editData: one vote in the current round. */
export const leaderVoteSchema = z.object({ packageId, candidateMemberId: uuid(M.notCandidate) });

/** eligibleReviewEdit: the caller's verdicts, a reason required for every 不通过. */
export const qualificationSaveSchema = z.object({
  packageId,
  verdicts: z
    .array(
      z
        .object({
          bidId,
          itemId: uuid(M.itemNotQualification),
          pass: flag('请选择通过或不通过'),
          reason: optionalText('理由', L.reason),
        })
        .superRefine((v, ctx) => {
          if (!v.pass && !v.reason) ctx.addIssue({ code: 'custom', message: M.reasonRequired, path: ['reason'] });
        }),
    )
    .min(1, '请填写审查结果')
    .max(L.verdicts, `一次最多提交${L.verdicts}项审查结果`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      for (const [i, r] of rows.entries()) {
        const key = `${r.bidId}|${r.itemId}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: '审查结果重复', path: [i] });
        seen.add(key);
      }
    }),
});
export type QualificationSaveRequest = z.infer<typeof qualificationSaveSchema>;

/** startScoreEdit, putReviewScoreEnd, resultConfirm: the leader's moves of a package. */
export const packageMoveSchema = z.object({ packageId });

export const scoringItemsQuerySchema = z.object({
  packageId,
  bidId: bidId.optional(),
  envelope: integerSchema(1, 2, '信封须为1或2').default(2),
});

/** packageOperationScore/saveData (envelope 2) and the first envelope's saveData (envelope 1). */
export const scoreSaveSchema = z
  .object({
    packageId,
    bidId,
    /** false: save a draft; true: submit (every item scored; read-only afterwards). */
    submit: flag('请选择保存或提交').default(false),
    scores: z
      .array(
        z.object({
          itemId: uuid(M.itemNotScoring),
          score: z.preprocess((v) => (v === '' || v === undefined ? null : v), scoreValueSchema.nullable()),
          comment: optionalText('评分说明', L.note),
        }),
      )
      .min(1, '请填写评分')
      .max(L.sheetItems, `评分项最多${L.sheetItems}个`),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const [i, s] of v.scores.entries()) {
      if (seen.has(s.itemId)) ctx.addIssue({ code: 'custom', message: '评分项重复', path: ['scores', i] });
      seen.add(s.itemId);
      if (v.submit && s.score === null)
        ctx.addIssue({ code: 'custom', message: M.scoreMissing('该评分项'), path: ['scores', i, 'score'] });
    }
  });
export type ScoreSaveRequest = z.infer<typeof scoreSaveSchema>;

/** leaderReview (POST): return items of members' sheets for re-scoring, each with the leader's note. */
export const leaderReturnSchema = z.object({
  packageId,
  returns: z
    .array(
      z.object({
        memberId: uuid(M.notOnCommittee),
        bidId,
        itemId: uuid(M.itemNotScoring),
        note: text('退回说明', L.note, M.returnNoteRequired),
      }),
    )
    .min(1, '请选择要退回的评分项')
    .max(L.returns, `一次最多退回${L.returns}项`),
});
export type LeaderReturnRequest = z.infer<typeof leaderReturnSchema>;
export const subclassQuerySchema = z.object({ packageId, itemId: uuid(M.itemNotScoring) });

// ---------- clarifications and quotation rounds ----------

/** packageQuotationClarify/addData: a 报价澄清, or a quotation round (roundNo 2..quotationRoundCount). */
export const clarifyAddSchema = z
  .object({
    packageId,
    bidId,
    kind: z.enum(['clarify', 'round'], { error: '请选择澄清类型' }),
    roundNo: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      integerSchema(2, 5, M.roundOutOfRange(5)).optional(),
    ),
    question: text('澄清内容', L.question),
    deadline: dateTimeSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'round' && v.roundNo === undefined)
      ctx.addIssue({ code: 'custom', message: M.roundOutOfRange(5), path: ['roundNo'] });
    if (v.kind === 'clarify' && v.roundNo !== undefined)
      ctx.addIssue({ code: 'custom', message: '报价澄清不设轮次', path: ['roundNo'] });
  });
export type ClarifyAddRequest = z.infer<typeof clarifyAddSchema>;
/** packageQuotationClarify/editData: the committee's decision on an answered clarification. */
export const clarifyDecideSchema = z.object({
  id: uuid(M.clarificationNotFound),
  decision: z.enum(CLARIFICATION_DECISIONS, { error: '请选择接受或拒绝' }),
  note: optionalText('决定说明', L.note),
});
export type ClarifyDecideRequest = z.infer<typeof clarifyDecideSchema>;
/** The supplier's answer; a quotation round also carries the new quote (a price, or a 下浮率 for rate packages). */
export const clarifyAnswerSchema = z
  .object({
    id: uuid(M.clarificationNotFound),
    answer: text('答复内容', L.answer),
    fileIds,
    price: moneySchema('报价').optional(),
    rate: z
      .preprocess(
        (v) => (v === '' || v === undefined ? undefined : typeof v === 'number' ? String(v) : v),
        z.string().regex(/^0(\.\d{1,4})?$/, '下浮率须大于等于0且小于1，最多四位小数'),
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.price !== undefined && v.rate !== undefined)
      ctx.addIssue({ code: 'custom', message: '报价与下浮率只能填写一项', path: ['rate'] });
  });
export type ClarifyAnswerRequest = z.infer<typeof clarifyAnswerSchema>;
export const supplierClarifyQuerySchema = pageQuerySchema.extend({
  state: z.enum(['open', 'answered', 'accepted', 'rejected', 'unanswered']).optional(),
});

// ---------- campaign checks, signatures, the end ----------

/** The four addOrUpadte paths: the kind comes from the path, not the body. */
export const campaignCheckSchema = z
  .object({
    packageId,
    bidId,
    result: z.enum(['pass', 'fail'], { error: '请选择核查结果' }),
    findings: optionalText('核查情况', L.findings),
    fileIds,
  })
  .superRefine((v, ctx) => {
    if (v.result === 'fail' && !v.findings)
      ctx.addIssue({ code: 'custom', message: M.findingsRequired, path: ['findings'] });
  });
export type CampaignCheckRequest = z.infer<typeof campaignCheckSchema>;
export const campaignCheckKindSchema = z.enum(CAMPAIGN_CHECK_KIND_CODES as [string, ...string[]]);

/** editSign (and purchaseExpertAssets/editSign): sign the report; dissent needs a written reason. */
export const signSchema = z
  .object({
    packageId,
    opinion: z.enum(['agree', 'dissent'], { error: '请选择同意或不同意' }),
    dissentReason: optionalText('不同意理由', L.reason),
  })
  .superRefine((v, ctx) => {
    if (v.opinion === 'dissent' && !v.dissentReason)
      ctx.addIssue({ code: 'custom', message: M.dissentReason, path: ['dissentReason'] });
  });
export type SignRequest = z.infer<typeof signSchema>;

/** findFileByLaborId: the bid files of one bidder of the package. */
export const bidFilesQuerySchema = z.object({ packageId, bidId });
/** selectCategoryByCode: the category roots whose code starts a given code. */
export const laborCategoryQuerySchema = z.object({ itemValue: z.string().trim().min(1).max(64) });

export const monitorListQuerySchema = pageQuerySchema.extend({
  name: keyword,
  committeeState: z.enum(COMMITTEE_STATE_CODES as [string, ...string[]]).optional(),
  stages: multiValueSchema.optional(),
});
export type MonitorListQuery = z.infer<typeof monitorListQuerySchema>;
