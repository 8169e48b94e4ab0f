/**
 * The account wizards of §1 (issue 18 §1): 注册, 忘记密码, 修改手机号/邮箱. Paths, messages and the code rules that the
 * server enforces and the pages show.
 */
export const ACCOUNT_WIZARD_API = {
  register: '/sys/user/register',
  forgetCode: '/sys/wizard/forget/code',
  forgetVerify: '/sys/wizard/forget/verify',
  forgetReset: '/sys/wizard/forget/reset',
  alterCode: '/sys/wizard/alter/code',
  alterVerify: '/sys/wizard/alter/verify',
  alterNewCode: '/sys/wizard/alter/newCode',
  alterConfirm: '/sys/wizard/alter/confirm',
} as const;

/** Every verification code: 6 digits, 5 minutes, one per target per 60 s, 5 attempts (issue 12 §2, issue 18 §1). */
export const VERIFICATION_CODE_RULES = {
  digits: 6,
  ttlMs: 5 * 60_000,
  resendMs: 60_000,
  maxAttempts: 5,
} as const;

/** A wizard ticket (the first verification, bound to the user) lives this long. */
export const WIZARD_TICKET_TTL_MS = 10 * 60_000;

export const WIZARD_MESSAGES = {
  /** The same answer whether or not the account exists and has a phone: nothing is revealed. */
  codeSentIfKnown: '如账号存在且已绑定手机号，验证码已发送至该手机号',
  codeSent: '验证码已发送',
  codeWrong: '验证码错误或已过期',
  codeTooSoon: '验证码已发送，请60秒后再试',
  ticketInvalid: '验证已过期，请重新验证身份',
  badCredentials: '用户名或密码错误',
  tooManyTries: '尝试次数过多，请稍后再试',
  usernameTaken: '该用户名已注册',
  phoneTaken: '该手机号已注册',
  phoneBound: '该手机号已被其他账号绑定',
  emailBound: '该邮箱已被其他账号绑定',
  sameAsCurrent: '新的手机号或邮箱与当前绑定的相同',
  registered: '注册成功',
  passwordReset: '密码重置成功，请使用新密码登录',
  altered: '变更成功',
} as const;

/** The role a self-registered person gets in the registration tenant (seed/roles.ts). */
export const REGISTERED_ROLE_CODE = 'registered';

export interface WizardTicketResult {
  ticket: string;
  /** Seconds the ticket stays valid. */
  expiresIn: number;
  /** The account's bound phone and e-mail, masked (138****5678): shown on step 2 of 修改手机号/邮箱. */
  phone: string | null;
  email: string | null;
}
export interface UserRegisterResult {
  username: string;
}
