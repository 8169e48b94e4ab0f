/** The zod half of record history and work orders (issue 17 §4–5). */
import { z } from 'zod';
import { CONTRACT_LIMITS } from './contract.constants.ts';
import { noticeSchema } from './procurement.ts';
import { pageQuerySchema } from './query.ts';
import { keywordField, nullableText, requiredText, uuidField } from './schema-fields.ts';
import { certificateFileSchema } from './supplier.ts';
import {
  WORK_ORDER_LIMITS as L,
  WORK_ORDER_MESSAGES as M,
  MODIFY_TARGET_CODES,
  type ModifyTargetType,
  RECORD_HISTORY_KEYS,
  WORK_ORDER_STATE_CODES,
  WORK_ORDER_TYPE_CODES,
} from './workorder.constants.ts';

export * from './workorder.constants.ts';

export const recordHistoryQuerySchema = pageQuerySchema.pick({ pageNo: true, pageSize: true, _t: true }).extend({
  table: z.enum(RECORD_HISTORY_KEYS as [string, ...string[]], { error: '不支持查询该类记录的变更历史' }),
  id: uuidField('记录不存在'),
});
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuerySchema>;

const workOrderId = uuidField(M.notFound);
const files = z.array(certificateFileSchema).max(L.maxFiles, `最多上传${L.maxFiles}个附件`).default([]);

export const workOrderAddSchema = z
  .object({
    type: z.enum(WORK_ORDER_TYPE_CODES, { error: '请选择工单类型' }),
    title: requiredText('工单标题', L.titleMax),
    content: requiredText('问题描述', L.contentMax),
    handlerId: z.string().max(64).nullish(),
    /** YYYY-MM-DD HH:mm:ss or YYYY-MM-DD; empty = no time limit. */
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '办理时限格式不正确')
      .nullish()
      .or(z.literal('').transform(() => null)),
    targetType: z.enum(MODIFY_TARGET_CODES, { error: '请选择要修改的记录类型' }).nullish(),
    targetId: z.string().uuid(M.targetMissing).nullish(),
    field: z.string().max(64).nullish(),
    newValue: nullableText('修改后的值', L.valueMax),
    attachments: files,
  })
  .refine((v) => v.type !== 'modify' || (v.targetType && v.targetId && v.field && v.newValue), {
    message: '修改工单须填写记录、字段和修改后的值',
    path: ['newValue'],
  });
export type WorkOrderAddInput = z.infer<typeof workOrderAddSchema>;

export const workOrderListQuerySchema = pageQuerySchema.extend({
  type: z.enum(WORK_ORDER_TYPE_CODES, { error: '工单类型不正确' }),
  state: z
    .enum(WORK_ORDER_STATE_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  title: keywordField,
  /** '1': only overdue orders. */
  overdue: z
    .enum(['0', '1'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  column: z.enum(['createTime', 'deadline']).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

export const workOrderIdSchema = z.object({ id: workOrderId });
export const workOrderResultSchema = z.object({
  id: workOrderId,
  result: nullableText('办理意见', L.commentMax),
});
export type WorkOrderResultInput = z.infer<typeof workOrderResultSchema>;
export const workOrderAcceptSchema = z.object({ id: workOrderId, handlerId: z.string().max(64).nullish() });
export const workOrderCommentSchema = z.object({
  id: workOrderId,
  content: requiredText('评论内容', L.commentMax),
  attachments: files,
});
export type WorkOrderCommentInput = z.infer<typeof workOrderCommentSchema>;

/**
 * The value rule of each field a 修改 order may correct (the record's own form rule): checked when the order is
 * filed and again when it is applied.
 */
export const MODIFY_VALUE_SCHEMAS: Record<ModifyTargetType, Record<string, z.ZodType<string | null>>> = {
  notice: { title: noticeSchema.shape.title },
  contract: {
    name: requiredText('合同名称', CONTRACT_LIMITS.nameMax),
    payTerms: nullableText('付款条件', CONTRACT_LIMITS.payTermsMax),
  },
};
