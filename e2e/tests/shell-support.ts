import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newUserPage } from '../support/browser.ts';

export const PASSWORD = 'Aps@2026';
export const SETTING_DRAWER_FLAG = 'aps:setting-drawer';

interface LoginResult {
  token: string;
  userInfo: unknown;
  sysAllDictItems: unknown;
}

/** Signs in through the API, as the login page would; returns what the server answered. */
export async function apiLogin(baseUrl: string, username: string): Promise<LoginResult> {
  const response = await fetch(`${baseUrl}/aps/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: LoginResult };
  if (!body.success) throw new Error(`login ${username}: ${body.message}`);
  return body.result;
}

/** Stores a session the way the app does (pro__ namespace, vue-ls layout, 7 days), before any page script runs. */
export async function signInAs(context: BrowserContext, baseUrl: string, username: string): Promise<string> {
  const result = await apiLogin(baseUrl, username);
  const expire = Date.now() + 604_800_000;
  const entries = {
    'pro__Access-Token': result.token,
    pro__Login_Userinfo: result.userInfo,
    pro__Login_Username: username,
    pro__UI_CACHE_DB_DICT_DATA: result.sysAllDictItems,
  };
  await context.addInitScript(
    ({ entries, expire }) => {
      // Only once per browser context: a later sign-out must stay signed out across reloads.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify({ value, expire }));
    },
    { entries, expire },
  );
  return result.token;
}

/** A fresh browser context already signed in as `username`. */
export async function userPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  options: { viewport?: { width: number; height: number }; settingDrawer?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newUserPage(browser, baseUrl);
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.settingDrawer) {
    await context.addInitScript((flag) => localStorage.setItem(flag, '1'), SETTING_DRAWER_FLAG);
  }
  await signInAs(context, baseUrl, username);
  return { context, page };
}

/** Fills the login form and submits it. */
export async function signInWithForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Top-level entries of the side menu (its visible items and submenus). */
export async function topMenuTitles(page: Page): Promise<string[]> {
  const menu = page.locator('.aps-sider .ant-menu-root');
  await menu.waitFor();
  return menu
    .locator(':scope > li.ant-menu-item, :scope > li.ant-menu-submenu > .ant-menu-submenu-title')
    .allInnerTexts();
}

/** Titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return page.locator('.aps-multi-tab .ant-tabs-tab').allInnerTexts();
}

export function tab(page: Page, title: string) {
  return page.locator('.aps-multi-tab .ant-tabs-tab').filter({ hasText: new RegExp(`^${title}$`) });
}

/** Waits for a toast with exactly this text. */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

/** Collects script errors of a page (network errors of expected failures aside). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  return errors;
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => pathOf(page)).toBe(path);
}
