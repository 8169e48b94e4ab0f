/**
 * JeecgBoot's captcha pair (issue 11 §1): GET /sys/randomImage/{key} gives an image, and a login carrying
 * captcha + checkKey passes the human-proof step that follows failed attempts (issue 12 §1), once per image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

const answers = new Map<string, string>();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onCaptchaIssued: (key, answer) => answers.set(key, answer) });
});
afterAll(() => t.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/aps/sys/login', payload });

async function image(key: string) {
  const res = await t.app.inject({ url: `/aps/sys/randomImage/${key}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
}

/** A user whose next login needs a human proof: the free attempts used up with wrong passwords. */
async function userNeedingProof() {
  const user = await t.createUser();
  for (let i = 0; i < 10; i++) {
    const res = await login({ username: user.username, password: 'wrong-password' });
    if (res.statusCode === 428) return user;
  }
  throw new Error('the login never asked for a human proof');
}

describe('captcha pair', () => {
  it('GET /sys/randomImage/{key} answers an SVG image in the envelope, never the answer', async () => {
    const key = String(Date.now());
    const result = await image(key);
    expect(result).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(result.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toContain(answers.get(key));
  });

  it('refuses a malformed key', async () => {
    const res = await t.app.inject({ url: '/aps/sys/randomImage/a.b' });
    expect(res.statusCode).toBe(400);
  });

  it('a right captcha with a numeric checkKey passes the proof step; the image is used up', async () => {
    const user = await userNeedingProof();
    const checkKey = Date.now();
    await image(String(checkKey));
    const ok = await login({
      username: user.username,
      password: user.password,
      captcha: answers.get(String(checkKey)),
      checkKey,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.token).toBeTruthy();
  });

  it('a wrong captcha is refused and spends the image, so the right answer after it is refused too', async () => {
    const user = await userNeedingProof();
    const checkKey = `k${Date.now()}`;
    await image(checkKey);
    const wrong = await login({ username: user.username, password: user.password, captcha: 'zzzz', checkKey });
    expect(wrong.statusCode).toBe(428);
    const again = await login({
      username: user.username,
      password: user.password,
      captcha: answers.get(checkKey),
      checkKey,
    });
    expect(again.statusCode).toBe(428);
  });

  it('an expired image is refused', async () => {
    const user = await userNeedingProof();
    const checkKey = `e${Date.now()}`;
    await image(checkKey);
    await t.pool.query(`UPDATE sys_human_proof SET expires_at = now() - interval '1 second' WHERE key = $1`, [
      `captcha.${checkKey}`,
    ]);
    const res = await login({
      username: user.username,
      password: user.password,
      captcha: answers.get(checkKey),
      checkKey,
    });
    expect(res.statusCode).toBe(428);
  });
});
