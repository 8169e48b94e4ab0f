/** The zod half of 检查管理 and 整改管理 (issue 17 §2–3); scope, state and addressee checks are the server's. */
import { z } from 'zod';
import { dateSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import {
  keywordField as keyword,
  nullableDate,
  nullableText as optionalText,
  requiredText as text,
  uuidField as uuid,
} from './schema-fields.ts';
import {
  FINDING_SEVERITY_CODES,
  INSPECTION_SORT_COLUMNS,
  INSPECTION_STATE_CODES,
  INSPECTION_TARGET_CODES,
  SUPERVISION_LIMITS as L,
  SUPERVISION_MESSAGES as M,
  RECTIFICATION_SORT_COLUMNS,
  RECTIFICATION_STATE_CODES,
} from './supervision.constants.ts';
import { certificateFileSchema } from './supplier.ts';

export * from './supervision.constants.ts';

const files = z.array(certificateFileSchema).max(L.maxFiles, `最多上传${L.maxFiles}个附件`).default([]);
const targetType = z.enum(INSPECTION_TARGET_CODES as [string, ...string[]], { error: '请选择检查对象类型' });
const inspectionId = uuid(M.inspectionNotFound);
const rectificationId = uuid(M.rectificationNotFound);
const sortError = { error: '不支持按该字段排序' };

const inspectionFields = z.object({
  title: text('检查名称', L.titleMax),
  targetType,
  targetId: uuid(M.targetNotFound),
  /** The 监控中心 risk signal that opened the inspection (its code), if any. */
  signal: optionalText('风险信号', 64),
  scope: optionalText('检查范围', L.scopeMax),
  inspectorIds: z
    .array(uuid(M.inspectorUnknown))
    .min(1, M.inspectorsRequired)
    .max(L.maxInspectors, `检查人员最多${L.maxInspectors}人`),
  plannedStart: nullableDate,
  plannedEnd: nullableDate,
  actualStart: nullableDate,
  actualEnd: nullableDate,
  state: z.enum(INSPECTION_STATE_CODES as [string, ...string[]], { error: '请选择检查状态' }).default('planned'),
});
const plannedOrder = (v: { plannedStart: string | null; plannedEnd: string | null }) =>
  !v.plannedStart || !v.plannedEnd || v.plannedEnd >= v.plannedStart;

export const inspectionAddSchema = inspectionFields.refine(plannedOrder, {
  message: M.dateOrder,
  path: ['plannedEnd'],
});
export const inspectionEditSchema = inspectionFields
  .extend({ id: inspectionId })
  .refine(plannedOrder, { message: M.dateOrder, path: ['plannedEnd'] });
export type InspectionAddInput = z.infer<typeof inspectionAddSchema>;
export type InspectionEditInput = z.infer<typeof inspectionEditSchema>;
export const inspectionIdSchema = z.object({ id: inspectionId });

export const inspectionListQuerySchema = pageQuerySchema.extend({
  title: keyword,
  targetType: targetType.optional(),
  targetId: z.string().uuid(M.targetNotFound).optional(),
  state: z.enum(INSPECTION_STATE_CODES as [string, ...string[]], { error: '状态不正确' }).optional(),
  column: z.enum(INSPECTION_SORT_COLUMNS, sortError).optional(),
});
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;

/** The prefilled form's target: its name (and org) read by type and id. */
export const inspectionTargetQuerySchema = z.object({ targetType, targetId: uuid(M.targetNotFound) });

export const findingAddSchema = z.object({
  inspectionId,
  description: text('问题描述', L.textMax),
  severity: z.enum(FINDING_SEVERITY_CODES as [string, ...string[]], { error: '请选择严重程度' }),
  evidence: files,
});
export type FindingAddInput = z.infer<typeof findingAddSchema>;
export const findingIdSchema = z.object({ id: uuid(M.findingNotFound) });

export const rectificationAddSchema = z
  .object({
    findingId: uuid(M.findingNotFound),
    addresseeType: z.enum(['depart', 'supplier'], { error: M.addresseeRequired }),
    /** The department's org code (addresseeType depart). */
    addresseeOrgCode: optionalText('整改部门', 64),
    supplierId: z.string().uuid(M.supplierUnknown).nullable().optional(),
    deadline: dateSchema,
    requirement: text('整改要求', L.textMax),
  })
  .refine((v) => (v.addresseeType === 'depart' ? !!v.addresseeOrgCode : !!v.supplierId), {
    message: M.addresseeRequired,
    path: ['addresseeType'],
  });
export type RectificationAddInput = z.infer<typeof rectificationAddSchema>;
export const rectificationIdSchema = z.object({ id: rectificationId });
export const rectificationAnswerSchema = z.object({
  id: rectificationId,
  answer: text('整改说明', L.textMax),
  files,
});
export type RectificationAnswerInput = z.infer<typeof rectificationAnswerSchema>;
export const rectificationReviewSchema = z.object({
  id: rectificationId,
  comment: optionalText('复核意见', L.textMax),
});
export const rectificationReturnSchema = z.object({ id: rectificationId, reason: text('退回原因', L.textMax) });

export const rectificationListQuerySchema = pageQuerySchema.extend({
  rectNo: keyword,
  addresseeName: keyword,
  inspectionId: z.string().uuid(M.inspectionNotFound).optional(),
  state: z.enum(RECTIFICATION_STATE_CODES as [string, ...string[]], { error: '状态不正确' }).optional(),
  overdue: z.enum(['1', '0']).optional(),
  column: z.enum(RECTIFICATION_SORT_COLUMNS, sortError).optional(),
});
export type RectificationListQuery = z.infer<typeof rectificationListQuerySchema>;
