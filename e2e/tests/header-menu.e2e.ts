/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { hoverToOpen } from '../support/hover.ts';
import { serverUnderTest } from '../support/target.ts';
import { headerReady } from './header-support.ts';
import { collectErrors, expectMessage, userPage, waitForPath } from './shell-support.ts';

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

async function signedIn(username: string, viewport?: { width: number; height: number }) {
  ({ context, page } = await userPage(browser, baseUrl, username, viewport ? { viewport } : {}));
  errors = collectErrors(page);
  await page.goto('/dashboard/analysis');
  await headerReady(page);
}

describe('header', () => {
  it('menu search finds a page of the menu and goes there', async () => {
    await signedIn('buyer01');
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await box.fill('采购记录');
    const option = page.locator('.ant-select-item-option').filter({ hasText: '采购管理 / 采购记录' });
    await option.waitFor();
    await screenshot(page, 'header-menu-search');
    await option.click();
    await waitForPath(page, '/purchase/record');
  });

  it('menu search is a modal on mobile', async () => {
    await signedIn('buyer01', { width: 390, height: 844 });
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const modal = page.getByRole('dialog', { name: '搜索菜单' });
    await modal.waitFor();
    await modal.getByRole('combobox', { name: '搜索菜单' }).fill('采购记录');
    await page.locator('.ant-select-item-option').filter({ hasText: '采购记录' }).first().click();
    await waitForPath(page, '/purchase/record');
    await modal.waitFor({ state: 'hidden' });
  });

  it('problem feedback lists the common questions and links to more help', async () => {
    await signedIn('buyer01');
    await page.getByRole('button', { name: '问题反馈' }).click();
    const drawer = page.getByRole('dialog', { name: '问题反馈' });
    await drawer.waitFor();
    await drawer.getByText('常见问题').waitFor();
    await drawer.locator('.ant-collapse-item').first().waitFor();
    expect(await drawer.locator('.ant-collapse-item').count()).toBeGreaterThan(0);
    expect(await drawer.getByRole('link', { name: '更多帮助' }).getAttribute('href')).toBe('/moreHelp');
    await screenshot(page, 'header-feedback-drawer');
  });

  it('the report entry (userEnd 1) opens the report; other user ends have none; a refused link says 系统错误！', async () => {
    await signedIn('branch01');
    await page.getByRole('button', { name: '报表', exact: true }).click();
    await waitForPath(page, '/online/cgreport/purchase_stage_report');
    await page.getByRole('tab', { name: '采购阶段报表' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'header-report-entry');

    // The administrators made branch01 a branch-company user (userEnd 2) while they were signed in: the server
    // refuses the link, the entry says so.
    await withDatabase(dataDir, (db) => db.query("UPDATE sys_user SET user_end = '2' WHERE username = 'branch01'"));
    try {
      // A notification over the header (top right) stays open while the pointer hovers it, and the click below
      // would hover it for ever: let any open one time out first (CI-4 saw one, 系统繁忙, from a request not yet traced).
      await page.mouse.move(600, 600);
      await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 10_000 }).toBe(0);
      await page.getByRole('button', { name: '报表', exact: true }).click();
      await expectMessage(page, '系统错误！');
    } finally {
      await withDatabase(dataDir, (db) => db.query("UPDATE sys_user SET user_end = '1' WHERE username = 'branch01'"));
    }
    await context?.close();

    for (const username of ['expert01', 'supplier01']) {
      await signedIn(username);
      await page.getByRole('button', { name: '问题反馈' }).waitFor();
      expect(await page.getByRole('button', { name: '报表', exact: true }).count(), username).toBe(0);
      await context?.close();
    }
  });

  it('integrity supervision shows its image on hover', async () => {
    await signedIn('buyer01');
    const image = page.getByRole('img', { name: '廉洁监督：监督举报电话与举报邮箱' });
    await hoverToOpen(page.getByRole('button', { name: '廉洁监督' }), image);
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'header-integrity');
  });
});
