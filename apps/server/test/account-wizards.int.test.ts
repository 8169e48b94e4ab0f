import { ACCOUNT_WIZARD_API as API, WIZARD_MESSAGES as M } from '@aps/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysSmsCode } from '../src/modules/platform/auth/tables.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Issue 18 §1: the account wizards' API paths, with wrong, expired and reused codes and unknown accounts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const STAMP = Date.now().toString().slice(-6);
/** A fresh mobile number per call (13x: valid by §5). */
const newPhone = () => `137${STAMP}${String(++seq).padStart(2, '0')}`;
const NEW_PASSWORD = 'Wizard2026ok';

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/aps${url}`, payload });

async function proof() {
  const res = await t.app.inject({ method: 'POST', url: '/aps/sys/humanProof/slider' });
  return { captcha: 'slider', checkKey: res.json().result.checkKey as string };
}

async function codeOf(target: string, purpose: string) {
  const [row] = await t.db
    .select({ code: sysSmsCode.code })
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.phone, target), eq(sysSmsCode.purpose, purpose)))
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1);
  return row?.code ?? '';
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userWithPhone() {
  const user = await t.createUser({ roles: ['buyer'] });
  const phone = newPhone();
  await t.db.update(sysUser).set({ phone }).where(eq(sysUser.id, user.id));
  return { ...user, phone };
}

async function registerCode(phone: string) {
  const res = await post('/sys/sms', { mobile: phone, smsmode: '1', ...(await proof()) });
  expect(res.statusCode).toBe(200);
  return codeOf(phone, 'register');
}

describe('注册 (/sys/user/register)', () => {
  it('registers with the phone code, refuses a wrong and a reused code, and the account signs in', async () => {
    const phone = newPhone();
    const username = `reg_${STAMP}${seq}`;
    const code = await registerCode(phone);
    const body = { username, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD, phone };
    const bad = await post(API.register, { ...body, smsCode: wrong(code) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.codeWrong);

    const res = await post(API.register, { ...body, smsCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: M.registered, result: { username } });
    const token = await t.login(username, NEW_PASSWORD);
    const info = await t.app.inject({
      method: 'GET',
      url: '/aps/sys/user/getUserInfo',
      headers: { 'X-Access-Token': token },
    });
    expect(info.statusCode).toBe(200);

    // The same code again (another name): consumed.
    const reused = await post(API.register, { ...body, username: `${username}x`, smsCode: code });
    expect(reused.json().message).toBe(M.codeWrong);
  });

  it('says 该用户名已注册 only after a valid code, and validates with the §5 texts', async () => {
    const phone = newPhone();
    const code = await registerCode(phone);
    const res = await post(API.register, {
      username: 'admin',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
      phone,
      smsCode: code,
    });
    expect(res.json().message).toBe(M.usernameTaken);
    const invalid = await post(API.register, {
      username: 'abc_user',
      password: NEW_PASSWORD,
      confirmpassword: 'other1234',
      phone: '12345',
      smsCode: '123456',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/请输入正确手机号|两次输入的密码不一致/);
  });

  it('an expired code and an exhausted one are refused even when right', async () => {
    const phone = newPhone();
    const code = await registerCode(phone);
    await t.db
      .update(sysSmsCode)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sysSmsCode.phone, phone));
    const body = { username: `exp_${STAMP}${seq}`, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD, phone };
    expect((await post(API.register, { ...body, smsCode: code })).json().message).toBe(M.codeWrong);

    const phone2 = newPhone();
    const code2 = await registerCode(phone2);
    for (let i = 0; i < 5; i++) {
      expect((await post(API.register, { ...body, phone: phone2, smsCode: wrong(code2) })).statusCode).toBe(400);
    }
    const late = await post(API.register, { ...body, phone: phone2, smsCode: code2 });
    expect(late.json().message).toBe(M.codeWrong);
  });
});

describe('忘记密码 (/user/forget)', () => {
  it('answers an unknown account exactly as a known one, at every step', async () => {
    const known = await userWithPhone();
    const a = await post(API.forgetCode, { username: known.username, ...(await proof()) });
    const b = await post(API.forgetCode, { username: `nobody${STAMP}`, ...(await proof()) });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().message).toBe(a.json().message);
    expect(a.json().message).toBe(M.codeSentIfKnown);
    // Again within 60 s: the same refusal for both.
    const a2 = await post(API.forgetCode, { username: known.username, ...(await proof()) });
    const b2 = await post(API.forgetCode, { username: `nobody${STAMP}`, ...(await proof()) });
    expect([a2.statusCode, b2.statusCode]).toEqual([429, 429]);
    expect(a2.json().message).toBe(b2.json().message);

    const wrongKnown = await post(API.forgetVerify, { username: known.username, smsCode: '000000' });
    const wrongUnknown = await post(API.forgetVerify, { username: `nobody${STAMP}`, smsCode: '000000' });
    expect(wrongKnown.statusCode).toBe(400);
    expect(wrongUnknown.json()).toMatchObject({ message: wrongKnown.json().message, code: wrongKnown.json().code });
  });

  it('needs the human proof before sending', async () => {
    const res = await post(API.forgetCode, { username: 'admin' });
    expect(res.statusCode).toBe(428);
  });

  it('resets the password with the phone code and revokes every old session; the ticket is single-use', async () => {
    const user = await userWithPhone();
    const oldToken = await t.login(user.username, user.password);
    await post(API.forgetCode, { username: user.username, ...(await proof()) });
    const verified = await post(API.forgetVerify, {
      username: user.username,
      smsCode: await codeOf(user.phone, 'forget'),
    });
    expect(verified.statusCode).toBe(200);
    const { ticket, phone } = verified.json().result;
    expect(phone).toBe(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`);

    const mismatch = await post(API.forgetReset, { ticket, password: NEW_PASSWORD, confirmpassword: 'x' });
    expect(mismatch.json().message).toBe('两次输入的密码不一致');
    const reset = await post(API.forgetReset, { ticket, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(M.passwordReset);

    const old = await t.app.inject({
      method: 'GET',
      url: '/aps/sys/user/getUserInfo',
      headers: { 'X-Access-Token': oldToken },
    });
    expect(old.statusCode).toBe(401);
    await expect(t.login(user.username, user.password)).rejects.toThrow();
    expect(await t.login(user.username, NEW_PASSWORD)).toBeTruthy();

    const again = await post(API.forgetReset, { ticket, password: 'Another2026x', confirmpassword: 'Another2026x' });
    expect(again.json().message).toBe(M.ticketInvalid);
  });
});

describe('修改手机号/邮箱 (/user/alteration)', () => {
  it('changes the phone only after both verifications', async () => {
    const user = await userWithPhone();
    const wrongPw = await post(API.alterVerify, { method: 'password', username: user.username, password: 'nope' });
    const unknownPw = await post(API.alterVerify, { method: 'password', username: `nobody${STAMP}`, password: 'nope' });
    expect(wrongPw.json().message).toBe(M.badCredentials);
    expect(unknownPw.json().message).toBe(M.badCredentials);

    const verified = await post(API.alterVerify, {
      method: 'password',
      username: user.username,
      password: user.password,
    });
    expect(verified.statusCode).toBe(200);
    const { ticket } = verified.json().result;
    const target = newPhone();
    // Without a ticket nothing is sent; the current phone is not a change.
    expect(
      (await post(API.alterNewCode, { ticket: 'x'.repeat(43), channel: 'phone', target, ...(await proof()) })).json()
        .message,
    ).toBe(M.ticketInvalid);
    expect(
      (await post(API.alterNewCode, { ticket, channel: 'phone', target: user.phone, ...(await proof()) })).json()
        .message,
    ).toBe(M.sameAsCurrent);
    const sent = await post(API.alterNewCode, { ticket, channel: 'phone', target, ...(await proof()) });
    expect(sent.statusCode).toBe(200);
    const code = await codeOf(target, `alter-phone:${user.id}`);
    const bad = await post(API.alterConfirm, { ticket, channel: 'phone', target, code: wrong(code) });
    expect(bad.json().message).toBe(M.codeWrong);
    const [before] = await t.db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.id, user.id));
    expect(before?.phone).toBe(user.phone);

    const done = await post(API.alterConfirm, { ticket, channel: 'phone', target, code });
    expect(done.statusCode).toBe(200);
    const [after] = await t.db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.id, user.id));
    expect(after?.phone).toBe(target);
    // The ticket is spent with the change.
    const reuse = await post(API.alterNewCode, { ticket, channel: 'phone', target: newPhone(), ...(await proof()) });
    expect(reuse.json().message).toBe(M.ticketInvalid);
  });

  it('changes the e-mail after the current phone code; another user’s phone is refused', async () => {
    const user = await userWithPhone();
    const other = await userWithPhone();
    await post(API.alterCode, { username: user.username, ...(await proof()) });
    const verified = await post(API.alterVerify, {
      method: 'sms',
      username: user.username,
      smsCode: await codeOf(user.phone, 'alter'),
    });
    expect(verified.statusCode).toBe(200);
    const { ticket } = verified.json().result;
    const taken = await post(API.alterNewCode, { ticket, channel: 'phone', target: other.phone, ...(await proof()) });
    expect(taken.json().message).toBe(M.phoneBound);

    const email = `wizard${STAMP}${seq}@example.com`;
    expect(
      (await post(API.alterNewCode, { ticket, channel: 'email', target: email, ...(await proof()) })).statusCode,
    ).toBe(200);
    const code = await codeOf(email, `alter-email:${user.id}`);
    expect(code).toMatch(/^\d{6}$/);
    // Another user's ticket cannot use this user's code.
    expect((await post(API.alterConfirm, { ticket, channel: 'email', target: email, code })).statusCode).toBe(200);
    const [after] = await t.db.select({ email: sysUser.email }).from(sysUser).where(eq(sysUser.id, user.id));
    expect(after?.email).toBe(email);
  });
});
