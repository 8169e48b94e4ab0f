import { ACCOUNT_WIZARD_API as API, type UserRegisterResult, type WizardTicketResult } from '@aps/shared/constants';
import { http } from '../../../../shared/http.ts';

/** The account wizards' calls (issue 18 §1); the proofs come from the slider (HUMAN_PROOF). */
type Proof = { captcha: string; checkKey: string };

export const registerUser = (body: {
  username: string;
  password: string;
  confirmpassword: string;
  phone: string;
  smsCode: string;
}) => http.post<UserRegisterResult>(API.register, body);

export const sendAccountCode = (wizard: 'forget' | 'alter', body: { username: string } & Proof) =>
  http.post<null>(wizard === 'forget' ? API.forgetCode : API.alterCode, body);

export const verifyForgetCode = (body: { username: string; smsCode: string }) =>
  http.post<WizardTicketResult>(API.forgetVerify, body);

export const resetForgottenPassword = (body: { ticket: string; password: string; confirmpassword: string }) =>
  http.post<null>(API.forgetReset, body);

export const verifyForAlteration = (
  body: { username: string } & ({ method: 'sms'; smsCode: string } | { method: 'password'; password: string }),
) => http.post<WizardTicketResult>(API.alterVerify, body);

export type AlterChannel = 'phone' | 'email';
export const sendNewTargetCode = (body: { ticket: string; channel: AlterChannel; target: string } & Proof) =>
  http.post<null>(API.alterNewCode, body);

export const confirmAlteration = (body: { ticket: string; channel: AlterChannel; target: string; code: string }) =>
  http.post<null>(API.alterConfirm, body);
