/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, userPage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

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

async function open(viewport: { width: number; height: number }, path: string) {
  ({ context, page } = await userPage(browser, baseUrl, 'admin', { viewport }));
  errors = collectErrors(page);
  await page.goto(path);
  await page.locator('.aps-header').waitFor();
}

/** The width antd gives the table element (scroll x sets it). */
function tableWidth() {
  return page.locator('.ant-table-content table').evaluate((el) => (el as HTMLElement).style.width);
}

describe('device breakpoints (1088 / 768 / 500)', () => {
  it('closes the sidebar below 1088 px and keeps the tabs', async () => {
    await open({ width: 1087, height: 800 }, '/dashboard/analysis');
    await expect.poll(() => page.locator('.aps-sider').getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await page.locator('.aps-multi-tab').waitFor();
    await page.setViewportSize({ width: 1088, height: 800 });
    await expect
      .poll(() => page.locator('.aps-sider').getAttribute('class'))
      .not.toContain('ant-layout-sider-collapsed');
    // The trigger still folds it by hand.
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(() => page.locator('.aps-sider').getAttribute('class')).toContain('ant-layout-sider-collapsed');
  });

  it('is mobile at 767.99 px and below: menu in a drawer, no tabs; tables scroll x 800 below 500 px', async () => {
    await open({ width: 768, height: 800 }, '/purchase/record');
    await page.locator('.aps-sider').waitFor();
    await page.locator('.aps-multi-tab').waitFor();
    await page.getByRole('columnheader', { name: '采购编号' }).waitFor();
    expect(await tableWidth()).toBe('');

    await page.setViewportSize({ width: 767, height: 800 });
    await expect.poll(() => page.locator('.aps-sider').count()).toBe(0);
    await expect.poll(() => page.locator('.aps-multi-tab').count()).toBe(0);
    expect(await tableWidth()).toBe('');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(tableWidth).toBe('800px');
    await screenshot(page, 'mobile');

    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.aps-menu-drawer');
    await drawer.getByRole('navigation', { name: '菜单' }).waitFor();
    await screenshot(page, 'mobile-menu');
    await drawer.getByText('流程中心', { exact: true }).click();
    await drawer.getByRole('menuitem', { name: '我的待办', exact: true }).click();
    await waitForPath(page, '/workflow/todo');
    // The drawer closes after a choice.
    await expect.poll(() => drawer.locator('.ant-drawer-content-wrapper').isVisible()).toBe(false);
    // 我的待办 is a real page now (issue 13): its search and list.
    await page.locator('.aps-search-bar').getByLabel('标题').waitFor();
  });

  it('stacks a form dialog to one column on a 390 px phone, each label above its field', async () => {
    await open({ width: 390, height: 844 }, '/system/user');
    await page
      .getByRole('button')
      .filter({ hasText: /^新增$/ })
      .click();
    const modal = page.getByRole('dialog').filter({ hasText: '用户账号' });
    const account = modal.getByLabel('用户账号');
    await account.waitFor();
    const modalBox = await modal.boundingBox();
    const inputBox = await account.boundingBox();
    const labelBox = await modal.locator('label', { hasText: '用户端' }).boundingBox();
    if (!modalBox || !inputBox || !labelBox) throw new Error('no boxes');
    // The field takes the dialog's width (it was about 50 px in two columns), and the label sits above it.
    expect(inputBox.width).toBeGreaterThan(modalBox.width * 0.75);
    expect(labelBox.width).toBeGreaterThan(36); // 管理端 on one line, not one character per line
    const nameLabel = await modal.locator('label', { hasText: '用户姓名' }).boundingBox();
    const nameInput = await modal.getByLabel('用户姓名').boundingBox();
    if (!nameLabel || !nameInput) throw new Error('no boxes');
    expect(nameLabel.y + nameLabel.height).toBeLessThanOrEqual(nameInput.y + 1);
    await screenshot(page, 'mobile-user-form');
  });
});

describe('the system setting "reduce motion"', () => {
  it('turns antd animations off while it is set, and back on when it is cleared', async () => {
    await open({ width: 1280, height: 800 }, '/system/user');
    const addButton = page.getByRole('button').filter({ hasText: /^新增$/ });
    await addButton.waitFor();
    const transition = () => addButton.evaluate((el) => getComputedStyle(el).transitionDuration);
    // The e2e browser runs with the setting on (support/browser.ts): no transition on a button.
    await expect.poll(transition).toBe('0s');
    // Cleared while the page is open: the theme follows without a reload.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(transition).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(transition).toBe('0s');
  });
});
