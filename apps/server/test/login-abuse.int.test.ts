import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sysAuthCounter, sysSmsCode } from '../src/modules/platform/auth/tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Issue 12 §1–2, written as the attacks. No source is exempt here: the attacks come from addresses of their own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ throttleExempt: [] });
});
afterAll(() => t.close());

let lastOctet = 0;
/** A fresh documentation address (RFC 5737) per call: the attacker's botnet, or simply another office. */
const newSource = () => {
  lastOctet++;
  return `198.18.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
};

interface Attempt {
  username: string;
  password: string;
  from: string;
  checkKey?: string;
}
const login = ({ username, password, from, checkKey }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/aps/sys/login',
    remoteAddress: from,
    payload: checkKey ? { username, password, captcha: 'slider', checkKey } : { username, password },
  });

/** What the login page does once the slider is dragged to the end. */
async function sliderProof(from: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/aps/sys/humanProof/slider', remoteAddress: from });
  expect(res.statusCode).toBe(200);
  return res.json().result.checkKey;
}

describe('lockout as a weapon (issue 12 §1)', () => {
  it('an outsider’s wrong passwords do not keep the owner out: the owner passes the slider and signs in', async () => {
    const owner = await t.createUser({ roles: ['buyer'] });
    for (let i = 0; i < 8; i++) {
      const res = await login({ username: owner.username, password: `guess-${i}`, from: newSource() });
      expect([400, 428]).toContain(res.statusCode);
    }
    const home = newSource();
    const withoutProof = await login({ username: owner.username, password: owner.password, from: home });
    expect(withoutProof.statusCode).toBe(428);
    expect(withoutProof.json()).toMatchObject({ success: false, code: 428, message: '请拖动滑块完成验证后再登录' });

    const res = await login({
      username: owner.username,
      password: owner.password,
      from: home,
      checkKey: await sliderProof(home),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userInfo.username).toBe(owner.username);
    // Signing in starts the account's count again: the next sign-in needs no slider.
    expect((await login({ username: owner.username, password: owner.password, from: home })).statusCode).toBe(200);
  });

  it('40 concurrent wrong passwords get at most 5 passwords checked', async () => {
    const victim = await t.createUser({ roles: ['buyer'] });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login({ username: victim.username, password: `wrong-${i}`, from: newSource() }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    // 400 用户名或密码错误 is a checked password; 428 was refused before any check.
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 428)).toHaveLength(35);
  });

  it('a correct password in the burst does not get in once the free attempts are used, without the proof', async () => {
    const victim = await t.createUser({ roles: ['buyer'] });
    const attempts: Attempt[] = Array.from({ length: 40 }, (_, i) => ({
      username: victim.username,
      password: i % 4 === 0 ? victim.password : `wrong-${i}`,
      from: newSource(),
    }));
    const answers = await Promise.all(attempts.map(login));
    const checked = answers.filter((r) => r.statusCode === 400 || r.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 428).length).toBeGreaterThanOrEqual(35);

    // Now past the threshold: a burst of right passwords without proof all fail.
    for (let i = 0; i < 5; i++) await login({ username: victim.username, password: 'wrong', from: newSource() });
    const late = await Promise.all(
      Array.from({ length: 10 }, () =>
        login({ username: victim.username, password: victim.password, from: newSource() }),
      ),
    );
    expect(late.map((r) => r.statusCode)).toEqual(Array(10).fill(428));
  });

  it('one slider proof admits one attempt, however many are sent with it at once', async () => {
    const victim = await t.createUser({ roles: ['buyer'] });
    for (let i = 0; i < 5; i++) await login({ username: victim.username, password: `w${i}`, from: newSource() });
    const from = newSource();
    const checkKey = await sliderProof(from);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login({ username: victim.username, password: `again-${i}`, from, checkKey }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, ...Array(9).fill(428)]);
    // A proof passed at one address is worthless at another.
    const stolen = await sliderProof(newSource());
    const res = await login({
      username: victim.username,
      password: victim.password,
      from: newSource(),
      checkKey: stolen,
    });
    expect(res.statusCode).toBe(428);
  });

  it('unknown and known usernames answer alike: same message, same slider threshold, similar time', async () => {
    const known = await t.createUser({ roles: ['buyer'] });
    const unknown = `nobody${Date.now().toString(36)}`;
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies: Record<'known' | 'unknown', unknown[]> = { known: [], unknown: [] };
    for (let i = 0; i < 6; i++) {
      for (const [kind, username] of [
        ['known', known.username],
        ['unknown', unknown],
      ] as const) {
        const started = performance.now();
        const res = await login({ username, password: `wrong-${i}`, from: newSource() });
        timings[kind].push(performance.now() - started);
        const { timestamp: _, ...rest } = res.json();
        bodies[kind].push([res.statusCode, rest]);
      }
    }
    expect(bodies.unknown).toEqual(bodies.known);
    expect(bodies.known[0]).toEqual([400, { success: false, code: 400, message: '用户名或密码错误', result: null }]);
    expect(bodies.known[5]).toEqual([
      428,
      { success: false, code: 428, message: '请拖动滑块完成验证后再登录', result: null },
    ]);
    // Both hash a password: an unknown name no longer answers in a fraction of a known one's time.
    const median = (xs: number[]) => [...xs.slice(0, 5)].sort((a, b) => a - b)[2] ?? 0;
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.known) * 0.4);
  });

  it('a flood from one source gets 429 in the envelope; another source signs in unaffected', async () => {
    const flooder = newSource();
    // One after another: @fastify/rate-limit's in-memory store hands every request of one tick the same counter
    // object, so a same-tick burst beyond the limit is refused whole (safe, but not countable exactly).
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await login({ username: `flood${i}`, password: 'x', from: flooder }));
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]?.json()).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
    // Past its 10 free failures the flooding source needs the slider even for usernames it never tried.
    const notLimited = answers.filter((r) => r.statusCode !== 429).map((r) => r.statusCode);
    expect(notLimited.filter((s) => s === 400)).toHaveLength(10);
    expect(notLimited.filter((s) => s === 428)).toHaveLength(20);

    const colleague = await t.createUser({ roles: ['buyer'] });
    const res = await login({ username: colleague.username, password: colleague.password, from: newSource() });
    expect(res.statusCode).toBe(200);
  });

  it('a forged X-Forwarded-For does not buy a fresh source: the socket address is counted', async () => {
    const flooder = newSource();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/aps/sys/login',
        remoteAddress: flooder,
        headers: { 'x-forwarded-for': `10.${i}.0.1` },
        payload: { username: `forged${i}`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('SMS abuse (issue 12 §2)', () => {
  const sendSms = (mobile: string, from: string, checkKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/aps/sys/sms',
      remoteAddress: from,
      payload: checkKey ? { mobile, smsmode: '0', captcha: 'slider', checkKey } : { mobile, smsmode: '0' },
    });
  const codesFor = async (phone: string) => t.db.select().from(sysSmsCode).where(eq(sysSmsCode.phone, phone));
  let phoneSeq = 0;
  const newPhone = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++).padStart(2, '0')}`;

  it('refuses to send without the slider proof, and sends nothing', async () => {
    const phone = newPhone();
    const res = await sendSms(phone, newSource());
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ success: false, code: 428, message: '请拖动滑块完成验证后再获取验证码' });
    const forged = await sendSms(phone, newSource(), 'slider.forged-key-forged-key-forged-key');
    expect(forged.statusCode).toBe(428);
    expect(await codesFor(phone)).toHaveLength(0);
  });

  it('sends at most 10 codes a day to one number, whatever the number of sources', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const from = newSource();
      statuses.push((await sendSms(phone, from, await sliderProof(from))).statusCode);
      // The 60-second resend pause is its own rule; end it at once to reach the daily limit quickly.
      await t.db
        .update(sysAuthCounter)
        .set({ expiresAt: sql`now()` })
        .where(eq(sysAuthCounter.key, `sms:resend:${phone}`));
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await codesFor(phone)).toHaveLength(10);
    const from = newSource();
    const res = await sendSms(phone, from, await sliderProof(from));
    expect(res.json().message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('sends at most 20 codes a day from one source', async () => {
    const from = newSource();
    // 20 sends already counted today for this source (the minute limits make 20 real ones take minutes).
    await t.db
      .insert(sysAuthCounter)
      .values({ key: `sms:ip:${from}`, count: 20, expiresAt: sql`now() + interval '1 day'` });
    const phone = newPhone();
    const res = await sendSms(phone, from, await sliderProof(from));
    expect(res.statusCode).toBe(429);
    expect(await codesFor(phone)).toHaveLength(0);
  });

  it('never writes the code to the server log; the development outbox has it', async () => {
    const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
    const spies = levels.map((level) => vi.spyOn(t.app.log, level));
    const phone = newPhone();
    const from = newSource();
    let logged: string[] = [];
    try {
      expect((await sendSms(phone, from, await sliderProof(from))).statusCode).toBe(200);
      logged = spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call)));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const [row] = await codesFor(phone);
    if (!row) throw new Error('no code stored');
    expect(logged.join('\n')).toContain('[SMS]');
    expect(logged.join('\n')).not.toContain(row.code);
    expect(logged.join('\n')).not.toContain(phone);
    const outbox = fs.readFileSync(path.resolve(inject('dataDir'), 'sms-outbox.log'), 'utf8');
    expect(outbox).toContain(`${phone} 您的验证码是${row.code}`);
  });
});
