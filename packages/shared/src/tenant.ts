import { z } from 'zod';
import { INT4_MAX, integerSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { TENANT_ID_MAX, TENANT_MESSAGES } from './tenant.constants.ts';
import { containsTextSchema } from './user.ts';

export { TENANT_ID_MAX, TENANT_MESSAGES, TENANT_STATUS_LABELS } from './tenant.constants.ts';

export const TENANT_SORTABLE_COLUMNS = ['createTime', 'id', 'name'] as const;

const tenantFields = {
  name: z
    .string({ error: TENANT_MESSAGES.nameRequired })
    .trim()
    .min(1, TENANT_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, '状态只能是1（正常）或0（冻结）')
    .default(1),
};
export const tenantAddSchema = z.object({
  /** Left out, the next free number is used. */
  id: integerSchema(1, TENANT_ID_MAX, TENANT_MESSAGES.idPositive).optional(),
  ...tenantFields,
});
export type TenantAddRequest = z.infer<typeof tenantAddSchema>;
export const tenantEditSchema = z.object({
  id: integerSchema(1, INT4_MAX, TENANT_MESSAGES.idPositive),
  ...tenantFields,
});
export type TenantEditRequest = z.infer<typeof tenantEditSchema>;

export const tenantListQuerySchema = pageQuerySchema.extend({
  column: z.enum(TENANT_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  name: containsTextSchema,
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;

export const tenantIdQuerySchema = z.object({
  id: integerSchema(1, INT4_MAX, TENANT_MESSAGES.idPositive),
});
export const tenantIdsQuerySchema = z.object({
  ids: z
    .string({ error: '请选择一条记录！' })
    .transform((v) =>
      [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ].map(Number),
    )
    .pipe(
      z
        .array(z.number().int(TENANT_MESSAGES.idPositive).min(1).max(INT4_MAX, TENANT_MESSAGES.idPositive))
        .min(1, '请选择一条记录！')
        .max(1000),
    ),
});

export interface TenantDto {
  id: number;
  name: string;
  status: number;
  userCount: number;
  createTime: string;
}
