import { z } from 'zod';
import { hasIllegalText, momentSchema, PRIMITIVE_MESSAGES } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import {
  DEMO_REQUEST_LIMITS,
  DEMO_REQUEST_MESSAGES,
  INSTANCE_STATUS,
  WORKFLOW_BUSINESS_TYPE_CODES,
  WORKFLOW_LIMITS,
  WORKFLOW_MESSAGES,
} from './workflow.constants.ts';

export * from './workflow.constants.ts';
export * from './workflow-expression.ts';

/** Text a client sends (numbers accepted as their decimal text), without NUL or lone surrogates. */
const text = (max: number, tooLong = `最长${max}个字符`) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string()
      .trim()
      .max(max, tooLong)
      .refine((v) => !hasIllegalText(v), PRIMITIVE_MESSAGES.illegalCharacter),
  );

const requiredText = (max: number, required: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(max, `最长${max}个字符`)
      .refine((v) => !hasIllegalText(v), PRIMITIVE_MESSAGES.illegalCharacter),
  );

/** Any 8-4-4-4-12 hex id (PostgreSQL's uuid type takes every one, not only RFC 4122 versions). */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Workflow ids are uuids; a number or malformed text is "not found" (never a 500). */
export const workflowIdSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: WORKFLOW_MESSAGES.taskNotFound }).regex(UUID_SHAPE, WORKFLOW_MESSAGES.taskNotFound),
);
const instanceIdSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: WORKFLOW_MESSAGES.instanceNotFound }).regex(UUID_SHAPE, WORKFLOW_MESSAGES.instanceNotFound),
);
const definitionIdSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: WORKFLOW_MESSAGES.definitionNotFound }).regex(UUID_SHAPE, WORKFLOW_MESSAGES.definitionNotFound),
);

export const workflowBusinessTypeSchema = z.enum(WORKFLOW_BUSINESS_TYPE_CODES, {
  error: WORKFLOW_MESSAGES.invalidBusinessType,
});

export const workflowKeySchema = z
  .string({ error: WORKFLOW_MESSAGES.keyRequired })
  .trim()
  .min(1, WORKFLOW_MESSAGES.keyRequired)
  .max(WORKFLOW_LIMITS.key, `流程标识最长${WORKFLOW_LIMITS.key}个字符`)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, WORKFLOW_MESSAGES.keyPattern);

const xmlSchema = z
  .string({ error: WORKFLOW_MESSAGES.xmlRequired })
  .min(1, WORKFLOW_MESSAGES.xmlRequired)
  .max(WORKFLOW_LIMITS.xml, WORKFLOW_MESSAGES.xmlTooLong)
  .refine((v) => !hasIllegalText(v), PRIMITIVE_MESSAGES.illegalCharacter);

const optionalComment = text(WORKFLOW_LIMITS.comment).optional();
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Usernames: "a,b" or ["a","b"] → trimmed, unique, non-empty. */
const usernamesSchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(v)
        ? v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter(Boolean)
        : v,
  z
    .array(z.string().min(1).max(100), { error: WORKFLOW_MESSAGES.userRequired })
    .min(1, WORKFLOW_MESSAGES.userRequired)
    .max(50, '一次最多加签50人')
    .transform((a) => [...new Set(a)]),
);

// ---- Definitions ----
export const workflowDefinitionListQuerySchema = pageQuerySchema.extend({
  key: text(WORKFLOW_LIMITS.key).optional(),
  name: text(WORKFLOW_LIMITS.name).optional(),
  businessType: z.preprocess(emptyToUndefined, workflowBusinessTypeSchema.optional()),
});
export type WorkflowDefinitionListQuery = z.infer<typeof workflowDefinitionListQuerySchema>;

export const workflowDefinitionVersionsQuerySchema = z.object({ key: workflowKeySchema, _t: z.string().optional() });
export const workflowDefinitionIdQuerySchema = z.object({ id: definitionIdSchema, _t: z.string().optional() });
export const workflowDefinitionIdBodySchema = z.object({ id: definitionIdSchema });

export const workflowDeploySchema = z.object({
  key: workflowKeySchema,
  name: requiredText(WORKFLOW_LIMITS.name, WORKFLOW_MESSAGES.nameRequired),
  xml: xmlSchema,
  businessType: z.preprocess(emptyToUndefined, workflowBusinessTypeSchema.optional()),
});
export type WorkflowDeployRequest = z.infer<typeof workflowDeploySchema>;

export const workflowValidateSchema = z.object({ xml: xmlSchema });

export const workflowBindSchema = z.object({ businessType: workflowBusinessTypeSchema, key: workflowKeySchema });
export type WorkflowBindRequest = z.infer<typeof workflowBindSchema>;

// ---- Tasks ----
const taskFilters = {
  title: text(WORKFLOW_LIMITS.title).optional(),
  businessType: z.preprocess(emptyToUndefined, workflowBusinessTypeSchema.optional()),
  beginTime: z.preprocess(emptyToUndefined, momentSchema.optional()),
  endTime: z.preprocess(emptyToUndefined, momentSchema.optional()),
};
export const workflowTaskListQuerySchema = pageQuerySchema.extend(taskFilters);
export type WorkflowTaskListQuery = z.infer<typeof workflowTaskListQuerySchema>;

export const workflowTaskIdQuerySchema = z.object({ id: workflowIdSchema, _t: z.string().optional() });

export const workflowApproveSchema = z.object({ taskId: workflowIdSchema, comment: optionalComment });
export type WorkflowApproveRequest = z.infer<typeof workflowApproveSchema>;

export const workflowRejectSchema = z.object({
  taskId: workflowIdSchema,
  comment: requiredText(WORKFLOW_LIMITS.comment, WORKFLOW_MESSAGES.rejectCommentRequired),
});
export type WorkflowRejectRequest = z.infer<typeof workflowRejectSchema>;

export const workflowReturnSchema = z.object({
  taskId: workflowIdSchema,
  targetNodeId: requiredText(100, WORKFLOW_MESSAGES.returnTargetRequired),
  comment: requiredText(WORKFLOW_LIMITS.comment, WORKFLOW_MESSAGES.rejectCommentRequired),
});
export type WorkflowReturnRequest = z.infer<typeof workflowReturnSchema>;

export const workflowDelegateSchema = z.object({
  taskId: workflowIdSchema,
  username: requiredText(100, WORKFLOW_MESSAGES.userRequired),
  comment: optionalComment,
});
export type WorkflowDelegateRequest = z.infer<typeof workflowDelegateSchema>;
export const workflowTransferSchema = workflowDelegateSchema;
export type WorkflowTransferRequest = WorkflowDelegateRequest;

export const workflowAddSignerSchema = z.object({
  taskId: workflowIdSchema,
  usernames: usernamesSchema,
  comment: optionalComment,
});
export type WorkflowAddSignerRequest = z.infer<typeof workflowAddSignerSchema>;

// ---- Instances ----
const instanceStatusSchema = z.enum(
  Object.values(INSTANCE_STATUS) as [keyof typeof INSTANCE_STATUS, ...(keyof typeof INSTANCE_STATUS)[]],
  { error: '流程状态不存在' },
);
export const workflowInstanceMyQuerySchema = pageQuerySchema.extend({
  title: text(WORKFLOW_LIMITS.title).optional(),
  businessType: z.preprocess(emptyToUndefined, workflowBusinessTypeSchema.optional()),
  status: z.preprocess(emptyToUndefined, instanceStatusSchema.optional()),
});
export type WorkflowInstanceMyQuery = z.infer<typeof workflowInstanceMyQuerySchema>;
export const workflowInstanceListQuerySchema = workflowInstanceMyQuerySchema.extend({
  initiator: text(100).optional(),
});
export type WorkflowInstanceListQuery = z.infer<typeof workflowInstanceListQuerySchema>;

export const workflowInstanceIdQuerySchema = z.object({ id: instanceIdSchema, _t: z.string().optional() });
export const workflowWithdrawSchema = z.object({ instanceId: instanceIdSchema, comment: optionalComment });
export const workflowInstanceReasonSchema = z.object({
  instanceId: instanceIdSchema,
  reason: requiredText(WORKFLOW_LIMITS.reason, WORKFLOW_MESSAGES.reasonRequired),
});
/** resume: a reason is optional. */
export const workflowInstanceResumeSchema = z.object({
  instanceId: instanceIdSchema,
  reason: text(WORKFLOW_LIMITS.reason).optional(),
});

// ---- 申请示例 ----
const demoFields = {
  title: requiredText(DEMO_REQUEST_LIMITS.title, DEMO_REQUEST_MESSAGES.titleRequired),
  amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: DEMO_REQUEST_MESSAGES.amountRequired })
      .min(0, DEMO_REQUEST_MESSAGES.amountRange)
      .max(DEMO_REQUEST_LIMITS.amountMax, DEMO_REQUEST_MESSAGES.amountRange)
      .refine((n) => Number.isFinite(n) && Math.round(n * 100) === n * 100, DEMO_REQUEST_MESSAGES.amountRange),
  ),
  reason: text(DEMO_REQUEST_LIMITS.reason, DEMO_REQUEST_MESSAGES.reasonTooLong).optional(),
};
const demoIdSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: DEMO_REQUEST_MESSAGES.notFound }).regex(UUID_SHAPE, DEMO_REQUEST_MESSAGES.notFound),
);
export const demoRequestAddSchema = z.object(demoFields);
export type DemoRequestAddRequest = z.infer<typeof demoRequestAddSchema>;
export const demoRequestEditSchema = z.object({ id: demoIdSchema, ...demoFields });
export type DemoRequestEditRequest = z.infer<typeof demoRequestEditSchema>;
export const demoRequestIdSchema = z.object({ id: demoIdSchema });
export const demoRequestIdQuerySchema = z.object({ id: demoIdSchema, _t: z.string().optional() });
export const demoRequestListQuerySchema = pageQuerySchema.extend({
  title: text(DEMO_REQUEST_LIMITS.title).optional(),
  approvalStatus: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(6).optional(),
  ),
});
export type DemoRequestListQuery = z.infer<typeof demoRequestListQuerySchema>;
