/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, pathOf, tab, tabTitles, userPage, waitForPath } from './shell-support.ts';

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

async function signedIn(username: string, start: string) {
  ({ context, page } = await userPage(browser, baseUrl, username));
  errors = collectErrors(page);
  await page.goto(start);
  await page.locator('.aps-multi-tab').waitFor();
}

/** Opens a page through the side menu (a client-side navigation: the tabs stay). */
async function openFromMenu(group: string, item: string) {
  const sider = page.locator('.aps-sider');
  // A top-level entry's name starts with its icon's label ("question-circle 常见问题").
  const entry = sider.getByRole('menuitem', { name: new RegExp(`(^| )${item}$`) });
  if (!(await entry.isVisible())) await sider.getByText(group, { exact: true }).click();
  await entry.click();
  await expect.poll(() => page.title()).toBe(`${item} - 全流程数字化采购平台`);
}

/** Right-clicks a tab once no earlier context menu is still on screen (they fade out). */
async function openContextMenu(title: string) {
  await expect.poll(() => page.locator('.ant-dropdown-menu-item').filter({ visible: true }).count()).toBe(0);
  // From the top of the page: the menu opens under the tab bar, in view (a scrolled page put it under the table).
  await page.evaluate(() => window.scrollTo(0, 0));
  await tab(page, title).click({ button: 'right' });
}

/** An entry of the open tab context menu. */
function contextItem(label: string) {
  return page.locator('.ant-dropdown-menu-item').filter({ hasText: label, visible: true }).last();
}

function recordSearchInput() {
  return page.getByPlaceholder('请输入采购名称');
}

async function activePageNumber(): Promise<string | null> {
  return page.locator('.ant-pagination-item-active').textContent();
}

describe('tabs', () => {
  it('keeps home first, with no close button (it cannot be closed), while other tabs have one', async () => {
    await signedIn('admin', '/dashboard/analysis');
    expect(await tabTitles(page)).toEqual(['首页']);
    await openFromMenu('流程中心', '我的待办');
    expect(await tabTitles(page)).toEqual(['首页', '我的待办']);
    expect(await tab(page, '首页').locator('.ant-tabs-tab-remove').count()).toBe(0);
    expect(await tab(page, '我的待办').locator('.ant-tabs-tab-remove').count()).toBe(1);
    // 关闭其他 on home keeps home alone.
    await tab(page, '首页').click({ button: 'right' });
    await page.locator('.ant-dropdown-menu').getByText('关闭其他', { exact: true }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await screenshot(page, 'shell-workspace');
  });

  it('keys tabs by full path (path + query)', async () => {
    await signedIn('admin', '/purchase/record?round=1');
    // Two client-side history entries of the same page with another query.
    await page.evaluate(() => {
      history.pushState(null, '', '/purchase/record?round=2');
      history.back();
    });
    await page.waitForTimeout(300);
    await page.evaluate(() => history.forward());
    await waitForPath(page, '/purchase/record?round=2');
    expect(await tabTitles(page)).toEqual(['首页', '采购记录', '采购记录']);
    await tab(page, '首页').click();
    await waitForPath(page, '/dashboard/analysis');
    await page.locator('.aps-multi-tab .ant-tabs-tab').nth(1).click();
    await waitForPath(page, '/purchase/record?round=1');
  });

  it('activates the neighbour when the active tab closes', async () => {
    await signedIn('admin', '/dashboard/analysis');
    await openFromMenu('流程中心', '我的待办');
    await openFromMenu('流程中心', '我的已办');
    await openFromMenu('流程中心', '我发起的');
    await tab(page, '我的已办').click();
    await waitForPath(page, '/workflow/done');
    await tab(page, '我的已办').locator('.ant-tabs-tab-remove').click();
    // The tab that takes its place (the right neighbour) becomes active.
    await waitForPath(page, '/workflow/apply');
    expect(await tabTitles(page)).toEqual(['首页', '我的待办', '我发起的']);
    // Closing the active last tab activates the new last one.
    await tab(page, '我发起的').locator('.ant-tabs-tab-remove').click();
    await waitForPath(page, '/workflow/todo');
    // Closing an inactive tab keeps the active one.
    await tab(page, '首页').click();
    await tab(page, '我的待办').locator('.ant-tabs-tab-remove').click();
    await waitForPath(page, '/dashboard/analysis');
    expect(await tabTitles(page)).toEqual(['首页']);
  });

  it('offers refresh, close left, close right and close others on right-click', async () => {
    await signedIn('admin', '/dashboard/analysis');
    for (const item of ['我的待办', '我的已办', '我发起的', '流程实例']) await openFromMenu('流程中心', item);
    expect(await tabTitles(page)).toEqual(['首页', '我的待办', '我的已办', '我发起的', '流程实例']);

    await openContextMenu('我发起的');
    for (const label of ['刷新', '关闭左侧', '关闭右侧', '关闭其他']) await contextItem(label).waitFor();
    await screenshot(page, 'shell-tab-context-menu', 'viewport');
    await contextItem('关闭右侧').click();
    expect(await tabTitles(page)).toEqual(['首页', '我的待办', '我的已办', '我发起的']);
    // The active tab (流程实例) was closed: the chosen one becomes active.
    await waitForPath(page, '/workflow/apply');

    await openContextMenu('我的已办');
    await contextItem('关闭左侧').click();
    // Home stays: it cannot be closed.
    expect(await tabTitles(page)).toEqual(['首页', '我的已办', '我发起的']);

    await openContextMenu('我发起的');
    await contextItem('关闭其他').click();
    expect(await tabTitles(page)).toEqual(['首页', '我发起的']);
    expect(pathOf(page)).toBe('/workflow/apply');
  });

  it('refuses to close the last tab of a user without a home tab (userEnd 3)', async () => {
    await signedIn('supplier01', '/purchaseannouncement/PurchaseAnnouncementTabs');
    expect(await tabTitles(page)).toEqual(['采购公告']);
    await tab(page, '采购公告').locator('.ant-tabs-tab-remove').click();
    await expectMessage(page, '这是最后一页，不能再关闭了');
    expect(await tabTitles(page)).toEqual(['采购公告']);
    await openFromMenu('常见问题', '常见问题');
    expect(await tabTitles(page)).toEqual(['采购公告', '常见问题']);
    // No pinned home: the first tab closes like any other.
    await tab(page, '采购公告').locator('.ant-tabs-tab-remove').click();
    expect(await tabTitles(page)).toEqual(['常见问题']);
  });
});

describe('keep-alive', () => {
  it('keeps a keepAlive page’s input, table page and scroll across tab switches; closing or refreshing drops them', async () => {
    await signedIn('admin', '/dashboard/analysis');
    await page.setViewportSize({ width: 1280, height: 600 });
    await openFromMenu('采购管理', '采购记录');
    await page.getByRole('columnheader', { name: '采购编号' }).waitFor();
    await recordSearchInput().fill('钢筋');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const firstRowPage1 = await firstRow.textContent();
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(activePageNumber).toBe('2');
    await expect.poll(() => firstRow.textContent()).not.toBe(firstRowPage1);
    const firstRowPage2 = await firstRow.textContent();
    await page.evaluate(() => window.scrollTo(0, 240));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(240);

    // Away and back: everything as it was.
    await tab(page, '首页').click();
    await waitForPath(page, '/dashboard/analysis');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await tab(page, '采购记录').click();
    await waitForPath(page, '/purchase/record');
    expect(await recordSearchInput().inputValue()).toBe('钢筋');
    expect(await activePageNumber()).toBe('2');
    expect(await firstRow.textContent()).toBe(firstRowPage2);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(240);

    // Closing the kept page's tab drops its state.
    await tab(page, '采购记录').locator('.ant-tabs-tab-remove').click();
    await waitForPath(page, '/dashboard/analysis');
    await openFromMenu('采购管理', '采购记录');
    expect(await recordSearchInput().inputValue()).toBe('');
    await expect.poll(activePageNumber).toBe('1');

    // Refresh (right-click → 刷新) drops it too.
    await recordSearchInput().fill('水泥');
    await openContextMenu('采购记录');
    await contextItem('刷新').click();
    await expect.poll(() => recordSearchInput().inputValue()).toBe('');
  });
});

describe('breadcrumb and title', () => {
  it('shows home, then the matched routes, the current one not linked; the title carries the platform name', async () => {
    await signedIn('admin', '/purchase/record');
    const crumbs = page.locator('.aps-page-header .ant-breadcrumb li:not(.ant-breadcrumb-separator)');
    const texts = async () => (await crumbs.allInnerTexts()).map((t) => t.trim());
    await expect.poll(texts).toEqual(['首页', '采购管理', '采购记录']);
    expect(await crumbs.nth(0).locator('a').count()).toBe(1);
    expect(await crumbs.nth(2).locator('a').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('采购记录 - 全流程数字化采购平台');

    await crumbs.nth(1).locator('a').click();
    await waitForPath(page, '/purchase/plan');
    await crumbs.nth(0).locator('a').click();
    await waitForPath(page, '/dashboard/analysis');
    await expect.poll(texts).toEqual(['首页']);
    await expect.poll(() => page.title()).toBe('首页 - 全流程数字化采购平台');
  });
});
