import { z } from 'zod';
import { ACCOUNT_MESSAGES, NOTIFY_CATEGORIES, THIRD_LOGIN_MESSAGES } from './account.constants.ts';
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

/** 消息设置: the bell categories received (the others are muted) and whether e-mail copies are sent. */
export const notifySettingsSchema = z.object({
  categories: z
    .array(z.enum(NOTIFY_CATEGORIES, { error: ACCOUNT_MESSAGES.notifyCategoryInvalid }))
    .max(NOTIFY_CATEGORIES.length)
    .transform((list) => [...new Set(list)]),
  emailCopy: z.boolean({ error: '请选择是否接收邮件副本' }),
});
export type NotifySettingsRequest = z.infer<typeof notifySettingsSchema>;

// ── Third-party and OAuth2-app sign-in (issue 18 §2) ─────────────────────────────────────────────
export const thirdTypeParamsSchema = z.object({
  type: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, '第三方类型有误'),
});
/** Where the browser goes after signing in: a path of this site only (not `//host` nor a backslash after the slash). */
export const thirdRenderQuerySchema = z.object({
  redirect: z
    .string()
    .max(1024, THIRD_LOGIN_MESSAGES.badRedirect)
    .regex(/^\/(?![/\\])/, THIRD_LOGIN_MESSAGES.badRedirect)
    .optional(),
});
export const thirdCallbackQuerySchema = z.object({
  code: z.string({ error: '缺少授权码' }).min(1, '缺少授权码').max(2048),
  state: z.string({ error: '授权状态无效' }).min(1, '授权状态无效').max(1024),
});
/** The development provider's authorise step: who the external user is (development and test only). */
export const devGrantQuerySchema = z.object({
  state: z.string().min(1).max(1024),
  redirect_uri: z.string().min(1).max(1024),
  externalId: z.string().trim().min(1, '请输入第三方账号').max(64, maxLengthMessage(64)),
  name: z.string().trim().max(50, maxLengthMessage(50)).optional(),
});
export const devAuthorizeQuerySchema = devGrantQuerySchema.pick({ state: true, redirect_uri: true });
export const thirdBindSchema = z.object({
  bindKey: z.string({ error: '绑定凭证无效' }).min(1, '绑定凭证无效').max(2048),
});
