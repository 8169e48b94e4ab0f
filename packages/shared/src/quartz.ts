import { z } from 'zod';
import { validateQuartzCron } from './cron.ts';
import { QUARTZ_MESSAGES } from './quartz.constants.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export { QUARTZ_MESSAGES, QUARTZ_STATUS, QUARTZ_STATUS_LABELS } from './quartz.constants.ts';

export const QUARTZ_SORTABLE_COLUMNS = ['createTime', 'jobClassName', 'status'] as const;

const quartzFields = {
  /** The handler's registered name (apps/server/src/modules/platform/quartz/handlers). */
  jobClassName: z
    .string({ error: QUARTZ_MESSAGES.handlerRequired })
    .trim()
    .min(1, QUARTZ_MESSAGES.handlerRequired)
    .max(200, maxLengthMessage(200)),
  cronExpression: z
    .string({ error: QUARTZ_MESSAGES.cronRequired })
    .trim()
    .min(1, { error: QUARTZ_MESSAGES.cronRequired, abort: true })
    .superRefine((v, ctx) => {
      const problem = validateQuartzCron(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  parameter: z
    .string()
    .trim()
    .max(2000, maxLengthMessage(2000))
    .nullish()
    .transform((v) => v || null),
  description: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .nullish()
    .transform((v) => v || null),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === -1, '状态只能是0（正常）或-1（停止）')
    .default(0),
};
export const quartzJobAddSchema = z.object(quartzFields);
export type QuartzJobAddRequest = z.infer<typeof quartzJobAddSchema>;
export const quartzJobEditSchema = z.object({ id: uuidSchema, ...quartzFields });
export type QuartzJobEditRequest = z.infer<typeof quartzJobEditSchema>;

export const quartzJobListQuerySchema = pageQuerySchema.extend({
  column: z.enum(QUARTZ_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  jobClassName: containsTextSchema,
  status: z.coerce.number().int().min(-1).max(0).optional(),
});
export type QuartzJobListQuery = z.infer<typeof quartzJobListQuerySchema>;

export const quartzJobLogQuerySchema = pageQuerySchema.extend({
  jobId: uuidSchema.optional(),
  success: z.enum(['0', '1']).optional(),
});
export type QuartzJobLogQuery = z.infer<typeof quartzJobLogQuerySchema>;

export const quartzCronPreviewQuerySchema = z.object({
  cronExpression: z.string().max(200),
  count: z.coerce.number().int().min(1).max(20).default(10),
});

export interface QuartzJobDto {
  id: string;
  jobClassName: string;
  /** The handler's Chinese title. */
  jobTitle: string | null;
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  status: number;
  /** When the job fires next (running jobs only). */
  nextFireTime: string | null;
  lastFireTime: string | null;
  lastSuccess: boolean | null;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
}

export interface QuartzJobLogDto {
  id: number;
  jobId: string;
  jobClassName: string;
  trigger: 'cron' | 'manual';
  fireTime: string;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  success: boolean | null;
  message: string | null;
  instance: string | null;
}

export interface QuartzHandlerInfo {
  name: string;
  title: string;
  parameterHint: string;
}
