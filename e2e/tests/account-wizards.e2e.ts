/// <reference lib="dom" />
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUserPage, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, signInWithForm } from './shell-support.ts';
import { dragSlider } from './supplier-support.ts';

/**
 * Issue 18 §1 as a person uses it: registers on /register?type=person (the code read from the dev sink's table),
 * signs in; recovers the password on /user/forget; changes the phone on /user/alteration.
 */
const { baseUrl, dataDir } = serverUnderTest();
const session = userSession(baseUrl, { failureShots: 'account-wizards-failed' });
const STAMP = Date.now().toString().slice(-7);
const USERNAME = `person_${STAMP}`;
const PHONE = `135${STAMP}${crypto.randomInt(0, 10)}`;
const NEW_PHONE = `138${STAMP}${crypto.randomInt(0, 10)}`;
const PASSWORD = 'Person2026ok';
const NEW_PASSWORD = 'Person2027ok';

const codeOf = (target: string, purpose: string) =>
  withDatabase(dataDir, async (db) => {
    const r = await db.query<{ code: string }>(
      `SELECT code FROM sys_sms_code WHERE phone = $1 AND purpose LIKE $2 ORDER BY created_at DESC LIMIT 1`,
      [target, purpose],
    );
    return r.rows[0]?.code ?? '';
  });
const phoneOf = (username: string) =>
  withDatabase(dataDir, async (db) => {
    const r = await db.query<{ phone: string }>(`SELECT phone FROM sys_user WHERE username = $1`, [username]);
    return r.rows[0]?.phone ?? '';
  });

const next = (page: Page) => page.getByRole('button', { name: /下\s*一\s*步/ }).click();
const shot = (page: Page, name: string) => screenshot(page, `account-wizards-${name}`);

async function sendCode(page: Page, path: string) {
  await page.getByRole('button', { name: '获取验证码' }).click();
  const sent = page.waitForResponse((r) => r.url().endsWith(path));
  await dragSlider(page);
  expect((await sent).status()).toBe(200);
  await expectMessage(page, '验证码已发送');
}

async function signIn(page: Page, password: string) {
  await page.goto('/user/login');
  await signInWithForm(page, USERNAME, password);
  await page.locator('.aps-sider').waitFor();
}

describe('账号向导', () => {
  it('registers a person, signs in, recovers the password and changes the phone', async () => {
    const { context, page } = await newUserPage(session.browser, baseUrl);
    const errors = collectErrors(page);
    try {
      // ── 注册 ──
      await page.goto('/register?type=person');
      await page.getByLabel('用户名').fill(USERNAME);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByLabel('确认密码').fill(PASSWORD);
      await page.getByLabel('手机号').fill(PHONE);
      await sendCode(page, '/aps/sys/sms');
      await page.getByPlaceholder('短信验证码').fill(await codeOf(PHONE, 'register'));
      await shot(page, 'register-account');
      await next(page);
      await page.getByText('请确认注册信息').waitFor();
      await shot(page, 'register-confirm');
      await page.getByRole('button', { name: /提交注册/ }).click();
      await page.waitForURL('**/user/register-result**');
      await page.getByText(`你的账户：${USERNAME} 注册成功`).waitFor();
      await shot(page, 'register-result');
      await signIn(page, PASSWORD);
      await shot(page, 'register-signed-in');
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());

      // ── 忘记密码 ──
      await page.goto('/user/forget');
      await page.getByLabel('登录账号').fill(USERNAME);
      await shot(page, 'forget-account');
      await next(page);
      await sendCode(page, '/aps/sys/wizard/forget/code');
      await expect.poll(() => codeOf(PHONE, 'forget')).toMatch(/^\d{6}$/);
      await page.getByPlaceholder('6位短信/邮件验证码').fill(await codeOf(PHONE, 'forget'));
      await shot(page, 'forget-code');
      await next(page);
      await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
      await shot(page, 'forget-password');
      await page.getByRole('button', { name: '重置密码' }).click();
      await page.getByText('密码重置成功', { exact: true }).waitFor();
      await shot(page, 'forget-done');
      await signIn(page, NEW_PASSWORD);
      await page.evaluate(() => localStorage.clear());

      // ── 修改手机号 ──
      await page.goto('/user/alteration');
      await page.getByLabel('登录账号').fill(USERNAME);
      await page.getByRole('textbox', { name: /登录密码/ }).fill(NEW_PASSWORD);
      await shot(page, 'alteration-verify');
      await next(page);
      await page.getByLabel('新手机号').fill(NEW_PHONE);
      await shot(page, 'alteration-target');
      await next(page);
      await sendCode(page, '/aps/sys/wizard/alter/newCode');
      await page.getByPlaceholder('6位短信/邮件验证码').fill(await codeOf(NEW_PHONE, 'alter-phone:%'));
      await shot(page, 'alteration-code');
      await page.getByRole('button', { name: '确认变更' }).click();
      await page.getByText('手机号变更成功').waitFor();
      await shot(page, 'alteration-done');
      expect(await phoneOf(USERNAME)).toBe(NEW_PHONE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
