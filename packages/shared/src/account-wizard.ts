import { z } from 'zod';
import { PASSWORD_POLICY, RULES } from './rules.ts';
import { mobileSchema, usernameSchema } from './validation.ts';

export * from './account-wizard.constants.ts';

const codeSchema = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入正确的验证码');
const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(1, { error: '请输入密码', abort: true })
  .regex(PASSWORD_POLICY.pattern, PASSWORD_POLICY.message);
const proof = {
  /** The human proof (slider or captcha), as on /sys/sms. */
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
};
const ticketSchema = z.string({ error: '验证已过期，请重新验证身份' }).min(16).max(128);
export const emailSchema = z
  .string({ error: '请输入邮箱' })
  .trim()
  .min(1, { error: '请输入邮箱', abort: true })
  .max(100, '邮箱过长')
  .regex(RULES.email.pattern, RULES.email.message);

const passwordPair = { password: passwordSchema, confirmpassword: z.string({ error: '请再次输入密码' }) };
/** Two passwords that must agree (两次输入的密码不一致). */
const samePasswords: [
  (v: { password: string; confirmpassword: string }) => boolean,
  { path: string[]; message: string },
] = [(v) => v.password === v.confirmpassword, { path: ['confirmpassword'], message: '两次输入的密码不一致' }];

/** 注册: account, password twice, phone and its SMS code (smsmode 1). */
export const userRegisterSchema = z
  .object({ username: usernameSchema, ...passwordPair, phone: mobileSchema, smsCode: codeSchema })
  .refine(...samePasswords);
export type UserRegisterInput = z.infer<typeof userRegisterSchema>;

/** 忘记密码 / 修改手机号 step 1 by SMS: a code to the account's bound phone. */
export const accountCodeSchema = z.object({ username: usernameSchema, ...proof });
export type AccountCodeInput = z.infer<typeof accountCodeSchema>;

export const accountVerifySchema = z.object({ username: usernameSchema, smsCode: codeSchema });
export type AccountVerifyInput = z.infer<typeof accountVerifySchema>;

export const forgetResetSchema = z.object({ ticket: ticketSchema, ...passwordPair }).refine(...samePasswords);
export type ForgetResetInput = z.infer<typeof forgetResetSchema>;

/** 修改手机号/邮箱 step 1: the account's current phone code, or its password. */
export const alterVerifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('sms'), username: usernameSchema, smsCode: codeSchema }),
  z.object({
    method: z.literal('password'),
    username: usernameSchema,
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  }),
]);
export type AlterVerifyInput = z.infer<typeof alterVerifySchema>;

const alterTarget = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('phone'), target: mobileSchema }),
  z.object({ channel: z.literal('email'), target: emailSchema }),
]);

export const alterNewCodeSchema = z.intersection(alterTarget, z.object({ ticket: ticketSchema, ...proof }));
export type AlterNewCodeInput = z.infer<typeof alterNewCodeSchema>;

export const alterConfirmSchema = z.intersection(alterTarget, z.object({ ticket: ticketSchema, code: codeSchema }));
export type AlterConfirmInput = z.infer<typeof alterConfirmSchema>;
