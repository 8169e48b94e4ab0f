/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { api, headerReady, stored, tokenFor, userMenu } from './header-support.ts';
import {
  collectErrors,
  expectMessage,
  PASSWORD,
  pathOf,
  signInWithForm,
  userPage,
  waitForPath,
} from './shell-support.ts';

const { baseUrl, dataDir } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

async function signedIn(username: string) {
  ({ context, page } = await userPage(browser, baseUrl, username));
  errors = collectErrors(page);
  await page.goto('/dashboard/analysis');
  await headerReady(page);
}

/** A field's validation message in an antd form. */
const fieldError = (text: string) => page.locator('.ant-form-item-explain-error').filter({ hasText: text });

describe('修改密码', () => {
  const NEW_PASSWORD = 'Changed@2027';

  afterAll(async () => {
    // Whatever happened above, expert02 gets the demo password back (the other files sign in with it).
    const admin = await tokenFor(baseUrl, 'admin');
    const reset = await api(baseUrl, admin, 'PUT', '/sys/user/changePassword', {
      username: 'expert02',
      password: PASSWORD,
      confirmpassword: PASSWORD,
    });
    expect(reset.success).toBe(true);
  });

  it('validates with the §5 messages, changes the password, and the new one signs in', async () => {
    await signedIn('expert02');
    await userMenu(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await fieldError('请输入旧密码!').waitFor();
    await fieldError('请输入新密码!').waitFor();
    await fieldError('请确认新密码!').waitFor();

    await dialog.getByLabel('旧密码').fill('Wrong@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('确认新密码').fill('Other@2027');
    await fieldError('两次输入的密码不一样！').waitFor();
    await screenshot(page, 'header-change-password');

    // The server checks the old password: its answer shows as a warning, the dialog stays.
    await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '旧密码输入错误');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel('旧密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '密码修改成功！');
    await dialog.waitFor({ state: 'hidden' });

    // Sign out (with its confirmation) and back in with the new password.
    await userMenu(page, '退出登录');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await waitForPath(page, '/user/login');
    await signInWithForm(page, 'expert02', PASSWORD);
    await page.getByText('用户名或密码错误', { exact: false }).first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: '登录', exact: true }).isEnabled(), { timeout: 5000 })
      .toBe(true);
    await signInWithForm(page, 'expert02', NEW_PASSWORD);
    await headerReady(page);
    expect(pathOf(page)).not.toContain('/user/login');
  });

  it('warns 当前系统无登录用户! when no user name is known', async () => {
    await signedIn('supervisor01');
    await page.evaluate(() => localStorage.removeItem('pro__Login_Userinfo'));
    await page.reload();
    await headerReady(page);
    await userMenu(page, '修改密码');
    await expectMessage(page, '当前系统无登录用户!');
    expect(await page.getByRole('dialog', { name: '修改密码' }).count()).toBe(0);
  });
});

describe('部门选择 / 部门切换', () => {
  let originalOrgCode: string | null = null;

  beforeAll(async () => {
    const { rows } = await withDatabase(dataDir, (db) =>
      db.query<{ org_code: string | null }>("SELECT org_code FROM sys_user WHERE username = 'branch01'"),
    );
    originalOrgCode = rows[0]?.org_code ?? null;
  });
  // No current department: branch01 belongs to two, so the workspace makes them choose. Before each try, as the
  // test chooses one (a retry must find the choice to make again).
  beforeEach(async () => {
    await withDatabase(dataDir, (db) => db.query("UPDATE sys_user SET org_code = NULL WHERE username = 'branch01'"));
  });
  afterAll(async () => {
    await withDatabase(dataDir, (db) =>
      db.query("UPDATE sys_user SET org_code = $1 WHERE username = 'branch01'", [originalOrgCode]),
    );
  });

  it('makes a user with several departments choose one, then switches to the other', async () => {
    await signedIn('branch01');
    const chooser = page.getByRole('dialog', { name: '部门选择' });
    await chooser.waitFor();
    // It cannot be dismissed: no close button, no cancel.
    expect(await chooser.getByRole('button', { name: /取消|Close/ }).count()).toBe(0);
    await chooser.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '请选择部门' }).waitFor();
    await chooser.getByLabel('部门').click();
    const options = page.locator('.ant-select-item-option');
    await options.first().waitFor();
    const names = await options.allInnerTexts();
    expect(names).toHaveLength(2);
    await options.first().click();
    await screenshot(page, 'header-depart-choose');
    await chooser.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '切换部门成功');
    await chooser.waitFor({ state: 'hidden' });
    const first = (await stored<{ orgCode: string; orgCodeTxt: string }>(page, 'Login_Userinfo'))?.value;
    expect(first?.orgCodeTxt).toBe(names[0]);

    // The user menu's 切换部门 names the current department in the title.
    await userMenu(page, '切换部门');
    const switcher = page.getByRole('dialog', { name: `部门切换（当前部门 : ${names[0]}）` });
    await switcher.waitFor();
    await switcher.getByLabel('部门').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: names[1] as string })
      .click();
    await screenshot(page, 'header-depart-switch');
    await switcher.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '切换部门成功');
    await switcher.waitFor({ state: 'hidden' });
    const second = await stored<{ orgCode: string; orgCodeTxt: string }>(page, 'Login_Userinfo');
    expect(second?.value.orgCodeTxt).toBe(names[1]);
    expect(second?.value.orgCode).not.toBe(first?.orgCode);
    // Saved for 7 days (§4).
    expect((second?.expire ?? 0) - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
    // The server agrees, and a reload keeps it.
    await page.reload();
    await headerReady(page);
    await userMenu(page, '切换部门');
    await page.getByRole('dialog', { name: `部门切换（当前部门 : ${names[1]}）` }).waitFor();
  });

  it('says 您尚未设置部门信息! to a user without departments', async () => {
    const saved = await withDatabase(dataDir, async (db) => {
      const { rows } = await db.query<{ user_id: string; dep_id: string }>(
        "SELECT ud.user_id, ud.dep_id FROM sys_user_depart ud JOIN sys_user u ON u.id = ud.user_id WHERE u.username = 'supervisor01'",
      );
      await db.query('DELETE FROM sys_user_depart WHERE user_id = $1', [rows[0]?.user_id]);
      return rows;
    });
    try {
      await signedIn('supervisor01');
      await userMenu(page, '切换部门');
      await expectMessage(page, '您尚未设置部门信息!');
    } finally {
      await withDatabase(dataDir, async (db) => {
        for (const row of saved) {
          await db.query('INSERT INTO sys_user_depart (user_id, dep_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            row.user_id,
            row.dep_id,
          ]);
        }
      });
    }
  });
});

describe('刷新缓存', () => {
  it('reloads the dictionaries: 刷新缓存完成！, and 刷新缓存失败！ when the server cannot be reached', async () => {
    await signedIn('supervisor01');
    await page.evaluate(() =>
      localStorage.setItem('pro__UI_CACHE_DB_DICT_DATA', JSON.stringify({ value: {}, expire: Date.now() + 1000_000 })),
    );
    await userMenu(page, '刷新缓存');
    await expectMessage(page, '刷新缓存完成！');
    const dicts = await stored<Record<string, unknown[]>>(page, 'UI_CACHE_DB_DICT_DATA');
    expect(Object.keys(dicts?.value ?? {}).length).toBeGreaterThan(0);
    expect((dicts?.expire ?? 0) - Date.now()).toBeGreaterThan(604_800_000 - 60_000);

    await context?.setOffline(true);
    await userMenu(page, '刷新缓存');
    await expectMessage(page, '刷新缓存失败！');
    await context?.setOffline(false);
  });
});

describe('退出登录', () => {
  const SESSION_KEYS = [
    'pro__Access-Token',
    'pro__Login_Userinfo',
    'pro__Login_Username',
    'pro__UI_CACHE_DB_DICT_DATA',
    'pro__CACHE_INCLUDED_ROUTES',
    'pro__TENANT_ID',
  ];
  const keys = () => page.evaluate(() => Object.keys(localStorage).sort());

  it('asks first; cancelling stays, confirming clears exactly the §4 keys and opens login', async () => {
    await signedIn('supervisor01');
    await page.evaluate(() => {
      for (const key of ['pro__CACHE_INCLUDED_ROUTES', 'pro__TENANT_ID', 'pro__SOMETHING_ELSE']) {
        localStorage.setItem(key, JSON.stringify({ value: '1', expire: null }));
      }
    });
    await userMenu(page, '退出登录');
    const confirm = page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await keys()).toEqual(expect.arrayContaining(SESSION_KEYS));

    await userMenu(page, '退出登录');
    await confirm.getByRole('button', { name: '确定' }).click();
    await waitForPath(page, '/user/login');
    const left = await keys();
    for (const key of SESSION_KEYS) expect(left).not.toContain(key);
    expect(left).toContain('pro__SOMETHING_ELSE');
  });

  it('completes even when the server logout fails, and says so', async () => {
    await signedIn('supervisor01');
    await page.route('**/aps/sys/logout', (route) => route.abort('connectionrefused'));
    await userMenu(page, '退出登录');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '退出登录时服务器未响应，已清除本地登录信息');
    // The message stays 1.5 s on the workspace, then the login page loads.
    await page.waitForURL('**/user/login');
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    // A workspace path now asks for login again.
    await page.goto('/dashboard/analysis');
    await page.waitForURL('**/user/login?redirect=*');
  });
});
