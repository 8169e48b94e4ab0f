import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account.constants.ts';
import { maxLengthMessage } from './rules.ts';

export * from './account.constants.ts';

export const selectTenantSchema = z.object({
  tenantId: z.coerce
    .number({ error: ACCOUNT_MESSAGES.tenantRequired })
    .int(ACCOUNT_MESSAGES.tenantRequired)
    .positive(ACCOUNT_MESSAGES.tenantRequired),
});
export type SelectTenantRequest = z.infer<typeof selectTenantSchema>;

export const accountProfileSchema = z.object({
  realname: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50, maxLengthMessage(50)),
  /** A stored file path from /sys/common/upload, or empty to remove the avatar. */
  avatar: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .refine((v) => !/^[a-z]+:|^\/\/|\.\./i.test(v), '头像地址有误')
    .nullish()
    .transform((v) => v || null),
});
export type AccountProfileRequest = z.infer<typeof accountProfileSchema>;

export const revokeSessionSchema = z.object({
  id: z.string({ error: '请选择会话' }).min(1, '请选择会话').max(100),
});
export type RevokeSessionRequest = z.infer<typeof revokeSessionSchema>;
