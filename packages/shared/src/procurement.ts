/**
 * The zod half of the procurement contract (issue 14): every request body and query of plans, projects, packages,
 * selection preparation, stage actions, the review seam, notices, sign-ups and bids.
 */
import { z } from 'zod';
import { dateTimeSchema, integerSchema, safeText } from './primitives.ts';
import {
  FILE_RECORD_KINDS,
  NOTICE_TYPES,
  PLAN_STATE_CODES,
  PRICE_METHOD_CODES,
  PROCUREMENT_LIMITS,
  PROCUREMENT_MESSAGES,
  PURCHASE_CATEGORY_CODES,
  PURCHASE_METHOD_CODES,
  REVIEW_ITEM_KINDS,
} from './procurement.constants.ts';
import { STAGE_ACTIONS } from './procurement-stage.ts';
import { pageQuerySchema } from './query.ts';

export * from './procurement.constants.ts';
export * from './procurement-stage.ts';

const uuid = (message: string) => z.string({ error: message }).uuid(message);
const text = (label: string, max: number) =>
  safeText.pipe(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .max(max, `${label}最长${max}个字符`),
  );
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    safeText.pipe(z.string().trim().max(max, `${label}最长${max}个字符`)).nullable(),
  );
const nullableDateTime = z.preprocess((v) => (v === '' || v === undefined ? null : v), dateTimeSchema.nullable());

/** A money amount as a number or its text: ≥ 0, at most 2 decimals. Kept as a string (numeric column). */
export const moneySchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `请输入${label}` })
      .regex(/^\d{1,12}(\.\d{1,2})?$/, `${label}须为不超过两位小数的非负金额`)
      .refine((v) => Number(v) <= PROCUREMENT_LIMITS.maxAmount, `${label}过大`),
  );
const quantitySchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: '请输入数量' })
    .regex(/^\d{1,12}(\.\d{1,3})?$/, '数量须为不超过三位小数的非负数')
    .refine((v) => Number(v) > 0, '数量须大于0'),
);

const categorySchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.enum(PURCHASE_CATEGORY_CODES as [string, ...string[]], { error: '请选择采购类别' }),
);
const methodSchema = z.enum(PURCHASE_METHOD_CODES as [string, ...string[]], { error: '请选择采购方式' });

// ---------- plans ----------

export const planItemSchema = z.object({
  /** An existing line of the plan being edited keeps its id (other viewers' grids match their rows by it). */
  id: uuid('采购明细ID格式不正确').optional(),
  name: text('物资名称', PROCUREMENT_LIMITS.name),
  specification: optionalText('规格型号', PROCUREMENT_LIMITS.name),
  unit: optionalText('单位', 20),
  quantity: quantitySchema,
  unitPrice: moneySchema('预估单价'),
});
export type PlanItemInput = z.infer<typeof planItemSchema>;

const planFields = {
  planName: text('计划名称', PROCUREMENT_LIMITS.name),
  category: categorySchema,
  purchaseMethod: methodSchema,
  departId: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
  budget: moneySchema('预算金额'),
  plannedTime: nullableDateTime.optional(),
  memo: optionalText('备注', PROCUREMENT_LIMITS.memo).optional(),
  items: z
    .array(planItemSchema, { error: PROCUREMENT_MESSAGES.planItemsRequired })
    .min(1, PROCUREMENT_MESSAGES.planItemsRequired)
    .max(PROCUREMENT_LIMITS.itemLines, `采购明细最多${PROCUREMENT_LIMITS.itemLines}行`),
};
export const planAddSchema = z.object(planFields);
export type PlanAddRequest = z.infer<typeof planAddSchema>;
export const planEditSchema = z.object({
  id: uuid(PROCUREMENT_MESSAGES.planNotFound),
  ...planFields,
  /** The saving grid's socket key (§4): its own update_vxe_table push comes back with it and is ignored. */
  socketKey: z.string().max(100, '表格标识过长').optional(),
});
export type PlanEditRequest = z.infer<typeof planEditSchema>;
export const planIdSchema = z.object({ id: uuid(PROCUREMENT_MESSAGES.planNotFound) });
/** 计划变更: the new budget and the whole new item list (pre-filled with the current lines), with a reason. */
export const planChangeSchema = z.object({
  id: uuid(PROCUREMENT_MESSAGES.planNotFound),
  budget: moneySchema('变更后预算'),
  items: planFields.items,
  reason: text('变更原因', PROCUREMENT_LIMITS.memo),
});
export type PlanChangeRequest = z.infer<typeof planChangeSchema>;

const keyword = z
  .string()
  .max(PROCUREMENT_LIMITS.keyword, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();

export const PLAN_SORTABLE_COLUMNS = ['createTime', 'planCode', 'budget', 'plannedTime'] as const;
export const planListQuerySchema = pageQuerySchema.extend({
  column: z.enum(PLAN_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  planName: keyword,
  planCode: keyword,
  category: categorySchema.optional(),
  purchaseMethod: methodSchema.optional(),
  state: z.enum(PLAN_STATE_CODES as [string, ...string[]]).optional(),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;
export const planExportQuerySchema = planListQuerySchema.omit({ pageNo: true, pageSize: true });

// ---------- projects and packages ----------

/** 采购项目 list: by name or code (contains) and by plan. */
export const projectListQuerySchema = pageQuerySchema.extend({
  purchaseName: keyword,
  purchaseCode: keyword,
  planId: z.string().uuid('采购计划不存在或已删除').optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

const packageFields = {
  packageName: text('标包名称', PROCUREMENT_LIMITS.name),
  number: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
      quantitySchema.nullable(),
    )
    .optional(),
  fixedPrice: moneySchema('最高限价'),
  lowerCoefficientType: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : v),
    integerSchema(0, 1, '下浮类型须为0或1'),
  ),
  lowerCoefficient: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
      z
        .string()
        .regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/, '下浮系数须在0到1之间，最多四位小数')
        .nullable(),
    )
    .optional(),
  warrantyPeriod: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      integerSchema(0, 600, '质保期须为0到600个月').nullable(),
    )
    .optional(),
  materialStartTime: nullableDateTime.optional(),
  materialEndTime: nullableDateTime.optional(),
  scoreType: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['1', '2', '3']).default('1')),
  quotationRoundCount: z
    .preprocess((v) => (v === '' || v === undefined ? 1 : v), integerSchema(1, 5, '报价轮次须为1到5'))
    .default(1),
  brandRequirements: optionalText('品牌要求', PROCUREMENT_LIMITS.memo).optional(),
  payTypeMemo: optionalText('付款方式', PROCUREMENT_LIMITS.memo).optional(),
};
export const packageInputSchema = z.object(packageFields);
export type PackageInput = z.infer<typeof packageInputSchema>;

export const projectFromPlanSchema = z.object({
  planId: uuid(PROCUREMENT_MESSAGES.planNotFound),
  purchaseName: text('项目名称', PROCUREMENT_LIMITS.name).optional(),
  purchaseCandidateCount: integerSchema(1, 10, '候选人数量须为1到10').default(3),
  packages: z
    .array(packageInputSchema, { error: '请至少添加一个标包' })
    .min(1, '请至少添加一个标包')
    .max(PROCUREMENT_LIMITS.packages, `标包最多${PROCUREMENT_LIMITS.packages}个`),
});
export type ProjectFromPlanRequest = z.infer<typeof projectFromPlanSchema>;

export const packageAddSchema = z.object({ projectId: uuid(PROCUREMENT_MESSAGES.projectNotFound), ...packageFields });
export type PackageAddRequest = z.infer<typeof packageAddSchema>;
export const packageEditSchema = z.object({ id: uuid(PROCUREMENT_MESSAGES.packageNotFound), ...packageFields });
export type PackageEditRequest = z.infer<typeof packageEditSchema>;
export const packageIdSchema = z.object({ id: uuid(PROCUREMENT_MESSAGES.packageNotFound) });

export const reviewItemSchema = z.object({
  kind: z.enum(Object.keys(REVIEW_ITEM_KINDS) as [string, ...string[]], { error: '请选择评审项类型' }),
  name: text('评审项名称', PROCUREMENT_LIMITS.name),
  maxScore: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number({ error: '最高分须为数字' }).min(0, '最高分不能为负').max(100, '最高分不能超过100').nullable(),
    )
    .optional(),
  guidance: optionalText('评审指引', PROCUREMENT_LIMITS.memo).optional(),
});
export type ReviewItemInput = z.infer<typeof reviewItemSchema>;

const ratio = (label: string) =>
  z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce
        .number({ error: `${label}须为数字` })
        .min(0, `${label}不能为负`)
        .max(100, `${label}过大`)
        .nullable(),
    )
    .optional();

/** 选商准备: review items, price method (+ K/α/β), rounds, candidates, minimum bidders, experts, timetable. */
export const selectionSchema = z
  .object({
    id: uuid(PROCUREMENT_MESSAGES.packageNotFound),
    reviewItems: z
      .array(reviewItemSchema)
      .min(1, PROCUREMENT_MESSAGES.reviewItemsRequired)
      .max(PROCUREMENT_LIMITS.reviewItems, `评审项最多${PROCUREMENT_LIMITS.reviewItems}个`),
    priceMethod: z.enum(PRICE_METHOD_CODES as [string, ...string[]], { error: '请选择价格分计算方法' }),
    priceK: ratio('K值'),
    priceAlpha: ratio('α'),
    priceBeta: ratio('β'),
    quotationRoundCount: integerSchema(1, 5, '报价轮次须为1到5').default(1),
    purchaseCandidateCount: integerSchema(1, 10, '候选人数量须为1到10').default(3),
    minBidders: integerSchema(1, 50, '最少投标人数须为1到50').default(3),
    expertCount: z
      .preprocess((v) => (v === '' || v === undefined ? null : v), integerSchema(1, 49, '专家人数须为1到49').nullable())
      .optional(),
    expertSpecialities: optionalText('专家专业', 500).optional(),
    twoEnvelope: z
      .preprocess(
        (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
        z.boolean({ error: '请选择是否双信封评审' }),
      )
      .default(false),
    publicityDays: integerSchema(
      1,
      PROCUREMENT_LIMITS.publicityDaysMax,
      `公示天数须为1到${PROCUREMENT_LIMITS.publicityDaysMax}`,
    ).default(3),
    signUpStartTime: dateTimeSchema,
    signUpEndTime: dateTimeSchema,
    bidDeadline: dateTimeSchema,
    openingTime: dateTimeSchema,
  })
  .superRefine((v, ctx) => {
    const t = [v.signUpStartTime, v.signUpEndTime, v.bidDeadline, v.openingTime].map((s) =>
      new Date(s.replace(' ', 'T')).getTime(),
    );
    const [a, b, c, d] = t as [number, number, number, number];
    if (!(a < b && b <= c && c <= d))
      ctx.addIssue({ code: 'custom', message: PROCUREMENT_MESSAGES.timetableInvalid, path: ['openingTime'] });
  });
export type SelectionRequest = z.infer<typeof selectionSchema>;

export const PACKAGE_SORTABLE_COLUMNS = ['createTime', 'purchaseStage', 'fixedPrice', 'openingStartTime'] as const;
export const packageListQuerySchema = pageQuerySchema.extend({
  column: z.enum(PACKAGE_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  /** Name search: matches packageName or purchaseName (contains). */
  name: keyword,
  purchaseStage: integerSchema(1, 12, '阶段须为1到12').optional(),
  /** Several stages, comma-joined (e.g. the 评审管理 list: 5,6,7,8). */
  stages: z
    .string()
    .max(40)
    .transform((v) =>
      [...new Set(v.split(',').map((s) => Number(s.trim())))].filter((n) => Number.isInteger(n) && n >= 1 && n <= 12),
    )
    .optional(),
  electionStatus: z.enum(['0', '1']).optional(),
  purchaseCategory: categorySchema.optional(),
  projectId: z.string().uuid().optional(),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

/** A buyer's stage action on a package (publish, openResponses, closeResponses, open, submitEndAudit, …). */
export const packageActionSchema = z.object({
  id: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  action: z.enum(STAGE_ACTIONS as [string, ...string[]], { error: PROCUREMENT_MESSAGES.unknownAction }),
  reason: optionalText('原因', 500).optional(),
});
export type PackageActionRequest = z.infer<typeof packageActionSchema>;

export const packageReasonSchema = z.object({
  id: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  reason: optionalText('原因', 500).optional(),
});
export const changeMethodSchema = z.object({
  id: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  purchaseMethod: methodSchema,
  reason: text('变更原因', 500),
});

/** Review seam: the review module hands the result back (→ stage 9). */
export const reviewStartSchema = z.object({ packageId: uuid(PROCUREMENT_MESSAGES.packageNotFound) });
export const reviewCompleteSchema = z.object({
  packageId: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  validBidderIds: z.array(z.string().min(1).max(64)).max(500),
  rankedCandidates: z.array(z.string().min(1).max(64)).max(10),
  electionStatus: z.enum(['0', '1']),
});
export type ReviewCompleteRequest = z.infer<typeof reviewCompleteSchema>;

// ---------- notices, sign-ups, bids (ps-server) ----------

/** A 变更公告's new timetable (all four, pre-filled with the current values; the server applies the differences). */
export const noticeTimetableSchema = z
  .object({
    signUpStartTime: dateTimeSchema,
    signUpEndTime: dateTimeSchema,
    bidDeadline: dateTimeSchema,
    openingTime: dateTimeSchema,
  })
  .superRefine((v, ctx) => {
    const [a, b, c, d] = [v.signUpStartTime, v.signUpEndTime, v.bidDeadline, v.openingTime].map((s) =>
      new Date(s.replace(' ', 'T')).getTime(),
    ) as [number, number, number, number];
    if (!(a < b && b <= c && c <= d))
      ctx.addIssue({ code: 'custom', message: PROCUREMENT_MESSAGES.timetableInvalid, path: ['openingTime'] });
  });

export const noticeSchema = z.object({
  packageId: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  noticeType: z.enum(Object.keys(NOTICE_TYPES) as [string, ...string[]], { error: '请选择公告类型' }),
  title: text('公告标题', PROCUREMENT_LIMITS.name),
  content: safeText.pipe(z.string().trim().min(1, '请输入公告内容').max(200_000, '公告内容过长')),
  attachments: z.array(z.string().max(500)).max(20).optional(),
  /** 变更公告 only: the new timetable, applied when the notice is published. */
  timetable: noticeTimetableSchema.nullable().optional(),
});
export type NoticeRequest = z.infer<typeof noticeSchema>;
export const noticeListQuerySchema = pageQuerySchema.extend({
  noticeType: z.enum(Object.keys(NOTICE_TYPES) as [string, ...string[]]).optional(),
  title: keyword,
  packageId: z.string().uuid().optional(),
});

export const signUpSchema = z.object({ packageId: uuid(PROCUREMENT_MESSAGES.packageNotFound) });
export const bidSchema = z.object({
  packageId: uuid(PROCUREMENT_MESSAGES.packageNotFound),
  /** A price, or for labour packages priced by rate (lowerCoefficientType 1) a 下浮率 in [0, 1]. */
  price: moneySchema('报价').optional(),
  rate: z
    .preprocess(
      (v) => (v === '' || v === undefined ? undefined : typeof v === 'number' ? String(v) : v),
      z.string().regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/, '下浮率须在0到1之间，最多四位小数'),
    )
    .optional(),
  fileIds: z.array(z.string().max(500)).max(20).optional(),
});
export type BidRequest = z.infer<typeof bidSchema>;

// ---------- the special lists of §7 (issue 14 §10) ----------

/** 采购文件记录: by package name (contains) and kind. */
export const fileRecordListQuerySchema = pageQuerySchema.extend({
  packageName: keyword,
  kind: z.enum(Object.keys(FILE_RECORD_KINDS) as [string, ...string[]], { error: '文件类型不正确' }).optional(),
  /** The generic list's projectId (§7): one project's rows. */
  projectId: z.string().uuid().optional(),
});
export type FileRecordListQuery = z.infer<typeof fileRecordListQuerySchema>;

/** 采购清单: by package or project name (contains). */
export const purchaseListQuerySchema = pageQuerySchema.extend({
  name: keyword,
  projectId: z.string().uuid().optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

/** 标包明细: by package or project name (contains); pageSize counts packages, not rows. */
export const packageDetailListQuerySchema = pageQuerySchema.extend({
  name: keyword,
  projectId: z.string().uuid().optional(),
});
export type PackageDetailListQuery = z.infer<typeof packageDetailListQuerySchema>;
