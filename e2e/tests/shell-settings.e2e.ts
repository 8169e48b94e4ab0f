/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, tabTitles, userPage, waitForPath } from './shell-support.ts';

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

async function open(settingDrawer: boolean, path = '/dashboard/analysis') {
  ({ context, page } = await userPage(browser, baseUrl, 'admin', { settingDrawer }));
  errors = collectErrors(page);
  await page.goto(path);
  await page.locator('.aps-header').waitFor();
}

function drawer() {
  return page.locator('.ant-drawer').filter({ hasText: '系统设置' });
}

function setting(label: string) {
  return drawer().getByRole('switch', { name: label, exact: true });
}

async function isOn(label: string): Promise<boolean> {
  return (await setting(label).getAttribute('aria-checked')) === 'true';
}

async function storedSettings(): Promise<Record<string, unknown>> {
  const raw = await page.evaluate(() => localStorage.getItem('pro__APP_SETTINGS'));
  return raw ? (JSON.parse(raw) as { value: Record<string, unknown> }).value : {};
}

describe('display settings drawer', () => {
  it('is a development preview: absent from the production build unless the preview flag is set', async () => {
    await open(false);
    await page.locator('.aps-sider').waitFor();
    expect(await page.getByRole('button', { name: '系统设置' }).count()).toBe(0);
  });

  it('starts from the §9 defaults', async () => {
    await open(true);
    await page.getByRole('button', { name: '系统设置' }).click();
    await drawer().getByText('整体风格设置').waitFor();
    expect(await drawer().getByRole('button', { name: '亮色菜单风格' }).getAttribute('aria-pressed')).toBe('true');
    expect(await drawer().getByRole('button', { name: '侧边栏导航' }).getAttribute('aria-pressed')).toBe('true');
    expect(await drawer().getByRole('button', { name: '主题色 天空蓝（默认）' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await drawer().locator('.ant-select').textContent()).toBe('固定');
    expect(await isOn('固定 Header')).toBe(true);
    expect(await isOn('下滑时隐藏 Header')).toBe(false);
    expect(await isOn('固定侧边菜单')).toBe(true);
    expect(await isOn('色弱模式')).toBe(false);
    expect(await isOn('多页签模式')).toBe(true);
    await screenshot(page, 'settings-drawer');
  });

  it('turning off the fixed header turns off hide-header', async () => {
    await open(true);
    await page.getByRole('button', { name: '系统设置' }).click();
    await setting('下滑时隐藏 Header').click();
    expect(await isOn('下滑时隐藏 Header')).toBe(true);
    await setting('固定 Header').click();
    expect(await isOn('固定 Header')).toBe(false);
    expect(await isOn('下滑时隐藏 Header')).toBe(false);
    expect(await setting('下滑时隐藏 Header').isDisabled()).toBe(true);
    expect(await storedSettings()).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    // The header scrolls away with the page now.
    expect(await page.locator('.aps-header').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
  });

  it('top-menu mode forces the fixed side menu off, and changing the layout resets it', async () => {
    await open(true);
    await page.getByRole('button', { name: '系统设置' }).click();
    await drawer().getByRole('button', { name: '顶部栏导航' }).click();
    expect(await isOn('固定侧边菜单')).toBe(false);
    expect(await setting('固定侧边菜单').isDisabled()).toBe(true);
    await page.locator('.aps-header .ant-menu-horizontal').waitFor();
    expect(await page.locator('.aps-sider').count()).toBe(0);
    // Fluid width is offered in top-menu mode.
    await drawer().locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '流式' }).click();
    expect(await storedSettings()).toMatchObject({ layout: 'topmenu', contentWidth: 'Fluid', fixSiderbar: false });
    await screenshot(page, 'settings-top-menu');

    await drawer().getByRole('button', { name: '侧边栏导航' }).click();
    await page.locator('.aps-sider').waitFor();
    expect(await isOn('固定侧边菜单')).toBe(false);
    await setting('固定侧边菜单').click();
    expect(await isOn('固定侧边菜单')).toBe(true);
    // Any layout change resets it.
    await drawer().getByRole('button', { name: '顶部栏导航' }).click();
    await drawer().getByRole('button', { name: '侧边栏导航' }).click();
    expect(await isOn('固定侧边菜单')).toBe(false);
  });

  it('applies the menu theme, theme colour and colour-weak mode, and keeps them after a reload', async () => {
    await open(true);
    await page.getByRole('button', { name: '系统设置' }).click();
    await drawer().getByRole('button', { name: '暗色菜单风格' }).click();
    await expect.poll(() => page.locator('.aps-sider').getAttribute('class')).toContain('ant-layout-sider-dark');
    await drawer().getByRole('button', { name: '主题色 极光绿' }).click();
    await setting('色弱模式').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.filter)).toContain('invert');
    await page.reload();
    await page.locator('.aps-sider.ant-layout-sider-dark').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.filter)).toContain('invert');
    // The primary colour reaches antd's components (the selected menu entry uses it).
    expect(await storedSettings()).toMatchObject({ navTheme: 'dark', primaryColor: '#52c41a', colorWeak: true });
  });

  it('says Failed to update theme when the colour cannot be kept, and keeps the current colour (§8)', async () => {
    await open(true);
    // Storage refuses to save the settings (a full quota or a locked-down browser).
    await page.evaluate(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'pro__APP_SETTINGS') throw new DOMException('quota', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    });
    await page.getByRole('button', { name: '系统设置' }).click();
    await drawer().getByRole('button', { name: '主题色 极光绿' }).click();
    await page.locator('.ant-message').getByText('Failed to update theme', { exact: true }).waitFor();
    expect(await drawer().getByRole('button', { name: '主题色 极光绿' }).getAttribute('aria-pressed')).toBe('false');
    expect(await drawer().getByRole('button', { name: '主题色 天空蓝（默认）' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('with multi-tab off keeps only the current page', async () => {
    await open(true, '/workflow/todo');
    await page.locator('.aps-sider').getByRole('menuitem', { name: '我的已办', exact: true }).click();
    await waitForPath(page, '/workflow/done');
    expect(await tabTitles(page)).toEqual(['首页', '我的待办', '我的已办']);
    await page.getByRole('button', { name: '系统设置' }).click();
    await setting('多页签模式').click();
    await expect.poll(() => page.locator('.aps-multi-tab').count()).toBe(0);
    await page.getByRole('button', { name: '系统设置' }).click();
    await page.locator('.aps-sider').getByRole('menuitem', { name: '我发起的', exact: true }).click();
    await waitForPath(page, '/workflow/apply');
    await page.getByRole('button', { name: '系统设置' }).click();
    await setting('多页签模式').click();
    await page.locator('.aps-multi-tab').waitFor();
    expect(await tabTitles(page)).toEqual(['首页', '我发起的']);
  });
});
