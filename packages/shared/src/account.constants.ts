import type { UserInfo } from './auth.ts';

/** 个人中心 (issue 18 §3) and the tenant choice (issue 18 §2): the signed-in user's own account. */
export const ACCOUNT_API = {
  tenants: '/sys/account/tenants',
  selectTenant: '/sys/account/selectTenant',
  profile: '/sys/account/profile',
  sessions: '/sys/account/sessions',
  revokeSession: '/sys/account/sessions/revoke',
  notifySettings: '/sys/account/notifySettings',
} as const;

export const ACCOUNT_MESSAGES = {
  notYourTenant: '您不属于该租户，无法切换',
  sessionNotFound: '该会话不存在或已下线',
  currentSession: '不能下线当前会话，请使用退出登录',
  tenantRequired: '请选择租户',
  notifyCategoryInvalid: '消息类别有误',
} as const;

/**
 * The bell categories a user may mute in 消息设置 (issue 18 §3): 通知公告 (msgCategory '1'), 系统消息 (msgCategory
 * '2' from the business modules) and 待办审批 (msgCategory '2' with busType workflow_task, the workflow's new tasks).
 */
export const NOTIFY_CATEGORIES = ['notice', 'system', 'task'] as const;
export type NotifyCategory = (typeof NOTIFY_CATEGORIES)[number];
export const NOTIFY_CATEGORY_LABELS: Record<NotifyCategory, string> = {
  notice: '通知公告',
  system: '系统消息',
  task: '待办审批',
};
export const NOTIFY_CATEGORY_HINTS: Record<NotifyCategory, string> = {
  notice: '管理员发布的通知公告',
  system: '业务办理结果、提醒等系统消息',
  task: '流程审批中分配给您的待办任务',
};

/** A user's notification preferences: the categories their bell receives, and e-mail copies of them. */
export interface NotifySettingsDto {
  categories: NotifyCategory[];
  emailCopy: boolean;
  /** The address copies go to (null: no e-mail bound, copies cannot be sent). */
  email: string | null;
}

/** The tenants the user may work in, the one of this session, and whether the user has ever chosen one. */
export interface AccountTenants {
  list: { id: number; name: string }[];
  current: number;
  /** false until the user picks one (a user of several tenants is asked after login). */
  chosen: boolean;
}

export interface AccountProfileResult {
  userInfo: UserInfo;
}

/** One of the user's live sessions (a signed-in browser or device). */
export interface AccountSessionDto {
  id: string;
  loginType: string;
  ip: string | null;
  userAgent: string | null;
  loginTime: string;
  lastSeenTime: string;
  current: boolean;
}

/** Third-party and OAuth2-app sign-in (issue 18 §2): the server's paths the login pages use. */
export const THIRD_LOGIN_API = {
  /** Public: the providers this server has configured, for the login page's buttons. */
  providers: '/sys/thirdLogin/providers',
  /** Public, a browser navigation (not a fetch): `${render}/<type>?redirect=<path>` goes on to the provider. */
  render: '/sys/thirdLogin/render',
  /** `${loginUser}/<thirdToken>/<thirdType>`: the login result of a token the callback issued. */
  loginUser: '/sys/thirdLogin/getLoginUser',
  bind: '/sys/thirdLogin/bind',
} as const;

/** What the login page calls each provider (JeecgBoot's titles); a type not listed shows as 第三方账号. */
export const THIRD_LOGIN_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  wechat_enterprise: '企业微信',
  dingtalk: '钉钉',
  github: 'GitHub',
  oauth2: '统一身份认证',
  dev: '开发测试',
};
export const thirdLoginProviderName = (type: string): string => THIRD_LOGIN_PROVIDER_NAMES[type] ?? '第三方账号';

/** The OAuth2-app provider of a user agent (§6: wxwork → 企业微信, dingtalk → 钉钉), or null outside both apps. */
export function oauth2AppType(userAgent: string): 'wechat_enterprise' | 'dingtalk' | null {
  if (/dingtalk/i.test(userAgent)) return 'dingtalk';
  if (/wxwork/i.test(userAgent)) return 'wechat_enterprise';
  return null;
}

/** One configured third-party sign-in, as the login page lists it. */
export interface ThirdLoginProviderDto {
  type: string;
  name: string;
}

export const THIRD_LOGIN_MESSAGES = {
  unknownProvider: '未配置该第三方登录',
  badState: '授权状态无效或已过期，请重新登录',
  badBindKey: '绑定凭证无效或已过期，请重新授权',
  boundToOther: '该第三方账号已绑定其他用户',
  badRedirect: '登录后跳转地址无效',
} as const;
