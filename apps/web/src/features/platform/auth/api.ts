import type {
  CurrentUserDeparts,
  DictOption,
  LoginRequest,
  LoginResult,
  PhoneLoginRequest,
  SliderProofResult,
  UpdatePasswordRequest,
  UserInfo,
  UserPermissionResult,
} from '@aps/shared';
import { HUMAN_PROOF, THIRD_LOGIN_API, type ThirdLoginProviderDto } from '@aps/shared/constants';
import { API_BASE, http, request, tabId } from '../../../shared/http.ts';

export const login = (body: LoginRequest) =>
  http.post<LoginResult>('/sys/login', body, { headers: { tabID: tabId() } });

/** 手机号登录: the code from /sys/sms (smsmode 0) signs in once. */
export const phoneLogin = (body: PhoneLoginRequest) =>
  http.post<LoginResult>('/sys/phoneLogin', body, { headers: { tabID: tabId() } });

/** CAS: the ticket the CAS server sent the browser back with, and the service URL it was issued for. */
export const casValidateLogin = (ticket: string, service: string) =>
  http.post<LoginResult>('/sys/cas/client/validateLogin', { ticket, service });

/**
 * The third-party sign-ins this server has configured (public); the login page draws a button for each. Silent and
 * in the background: the page fires it by itself, and without the list the page simply shows no buttons.
 */
export const thirdLoginProviders = () =>
  request<ThirdLoginProviderDto[]>(THIRD_LOGIN_API.providers, { silent: true, background: true });

/** Where a browser goes to sign in with `type` (a navigation: the server sends it on to the provider). */
export function thirdLoginUrl(type: string, redirect: string | null): string {
  const query = redirect ? `?${new URLSearchParams({ redirect })}` : '';
  return `${API_BASE}${THIRD_LOGIN_API.render}/${encodeURIComponent(type)}${query}`;
}

/** The login result of the token the third-party callback sent the browser back with. */
export const thirdLoginUser = (token: string, type: string) =>
  http.get<LoginResult>(`${THIRD_LOGIN_API.loginUser}/${encodeURIComponent(token)}/${encodeURIComponent(type)}`);

/** Binds the identity of a bind key (the callback's `thirdBind`) to the signed-in user. */
export const bindThirdAccount = (bindKey: string) =>
  http.post<null>(THIRD_LOGIN_API.bind, { bindKey }, { silent: true });

/** Asks for a login code; `checkKey` is the slider's single-use proof. */
export const sendLoginSms = (mobile: string, checkKey: string) =>
  http.post<null>('/sys/sms', { mobile, smsmode: '0', captcha: HUMAN_PROOF.sliderCaptcha, checkKey });

/** After the slider was dragged to the end: a single-use proof the next login (or SMS request) sends as checkKey. */
export const issueSliderProof = () => http.post<SliderProofResult>('/sys/humanProof/slider');

/** Silent: the session ends on the client whatever the server answers (§4); the store reports a failure. */
export const logout = () => http.post<null>('/sys/logout', undefined, { silent: true });

export const getUserPermission = (signal?: AbortSignal) =>
  http.get<UserPermissionResult>('/sys/permission/getUserPermissionByToken', undefined, signal);

export const getUserInfo = () => http.get<UserInfo>('/sys/user/getUserInfo');

/** §7 POST sys/user/updatePassword. */
export const updatePassword = (body: UpdatePasswordRequest) => http.post<null>('/sys/user/updatePassword', body);

/** §7 GET /sys/user/getCurrentUserDeparts: result.list and result.orgCode. */
export const getCurrentUserDeparts = () => http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');

/** §7 POST /sys/selectDepart (orgCode, username); the answer carries result.userInfo. */
export const selectDepart = (orgCode: string, username: string) =>
  http.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });

/** §7: GET sys/dict/refleshCache, then sys/dict/queryAllDictItems (cached 7 days by the caller). */
export async function refreshDictCache(): Promise<Record<string, DictOption[]>> {
  await http.get<null>('/sys/dict/refleshCache');
  return http.get<Record<string, DictOption[]>>('/sys/dict/queryAllDictItems');
}
