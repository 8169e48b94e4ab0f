import { z } from 'zod';
import type { DictOption } from './dictionaries.ts';
import { codeSchema } from './primitives.ts';
import { mobileSchema, usernameSchema } from './validation.ts';

export * from './auth.constants.ts';

export const loginRequestSchema = z.object({
  username: usernameSchema,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  captcha: codeSchema.pipe(z.string().max(16)).optional(),
  /** JeecgBoot clients send Date.now() as a number. */
  checkKey: codeSchema.pipe(z.string().max(64)).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const phoneLoginRequestSchema = z.object({
  mobile: mobileSchema,
  captcha: z.string({ error: '请输入验证码' }).regex(/^\d{4,6}$/, '请输入正确的验证码'),
});
export type PhoneLoginRequest = z.infer<typeof phoneLoginRequestSchema>;

export const smsRequestSchema = z.object({
  mobile: mobileSchema,
  smsmode: z.enum(['0', '1', '2']).default('0'),
  /** The human proof (issue 12 §2), as on the login form: `checkKey` from the slider or the captcha's key. */
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
});

export const casValidateSchema = z.object({
  ticket: z.string().min(1, 'ticket不能为空').max(512),
  service: z.string().max(1024).optional(),
});

export const forceLogoutSchema = z.object({
  token: z.string().min(1, 'token不能为空').max(512),
});

export const selectDepartSchema = z.object({
  orgCode: z.string().min(1, '请选择部门').max(64),
  username: z.string().max(64).optional(),
});

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  sex: number | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  userType: string;
  /** A list of user-end values, e.g. ['1'] or ['1','3'] (§1). */
  userEnd: string[];
  status: number;
  relTenantIds: string;
  tenantId: string;
  createTime: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: Record<string, DictOption[]>;
  tenantList: { id: string; name: string }[];
  /** A token expires after this many seconds without a request (the offline-login countdown uses it). */
  tokenIdleSeconds: number;
}

/** One auth entry (§3, §6): type '1' menu, '2' button; status '0' disabled, '1' enabled. */
export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
  status: string;
}

export interface MenuMeta {
  title: string;
  icon?: string | null;
  url?: string | null;
  permissionList?: AuthEntry[];
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string | null;
}

export interface MenuNode {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  route: string;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface UserPermissionResult {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}

/** GET /sys/randomImage/{key}: the client's key (JeecgBoot clients use Date.now()). */
export const captchaKeyParamsSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, '验证码key不能为空')
    .max(64, '验证码key过长')
    .regex(/^[A-Za-z0-9_-]+$/, '验证码key只能包含字母、数字、下划线和短横线'),
});
