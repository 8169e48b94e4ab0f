import { z } from 'zod';
import { pageQuerySchema } from './query.ts';

export * from './report.constants.ts';

/** GET /sys/reportSso/verify?ticket=: the ticket the report system received. */
export const reportSsoVerifyQuerySchema = z.object({
  ticket: z.string({ error: '报表票据不能为空' }).min(1, '报表票据不能为空').max(1000, '报表票据无效或已过期'),
});

/** The report's id (uuid) or code in getRpColumns/getQueryInfo/getData paths. */
export const reportCodeParamSchema = z.object({
  code: z
    .string()
    .min(1, '报表编码不能为空')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '报表编码不正确'),
});

/**
 * getData (§7): pageNo, pageSize, column, order, then any query fields and self_-prefixed parameters. Only the
 * report's declared query fields and parameters are read; other keys are ignored. Values are always bound.
 */
export const reportDataQuerySchema = pageQuerySchema.catchall(z.string().max(200, '查询条件过长'));
export type ReportDataQuery = z.infer<typeof reportDataQuerySchema>;
