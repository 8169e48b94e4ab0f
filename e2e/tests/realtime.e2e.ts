/**
 * §4 push channels in Chromium: two browsers on the demo grid see each other's edits (grid socket), two users
 * editing one purchase plan see the lines the other saves (the server's push after the commit), and a user
 * forced offline by the administrator sees the countdown dialog in their own browser, then the login page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { apiLogin, expectMessage, userPage } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function open(username: string, path: string): Promise<Page> {
  const { context, page } = await userPage(browser, baseUrl, username);
  contexts.push(context);
  await page.goto(path);
  return page;
}

const cell = (page: Page, id: string, key: string) =>
  page
    .getByRole('region', { name: '采购明细', exact: true })
    .locator(`[data-row-key="${id}"] .aps-grid-cell[data-key="${key}"]`);

describe('realtime', () => {
  it('two browsers on one grid page see each other’s edits', async () => {
    const first = await open('admin', '/demo/grid');
    const second = await open('admin', '/demo/grid');
    for (const page of [first, second]) await cell(page, 'd1', 'name').getByText('办公电脑').waitFor();
    // Both grid sockets are open once the page has been up a moment; an edit in the first …
    await first.waitForTimeout(500);
    await cell(first, 'd3', 'name').click();
    await cell(first, 'd3', 'name').getByRole('textbox').fill('会议桌椅（甲）');
    await first.getByText('一对多：表单 + 子表').click();
    // … shows in the second, highlighted, and the other way round.
    await cell(second, 'd3', 'name').getByText('会议桌椅（甲）').waitFor({ timeout: 10_000 });
    await screenshot(second, 'realtime-grid-pushed');
    await cell(second, 'd1', 'name').click();
    await cell(second, 'd1', 'name').getByRole('textbox').fill('笔记本电脑（乙）');
    await second.getByText('一对多：表单 + 子表').click();
    await cell(first, 'd1', 'name').getByText('笔记本电脑（乙）').waitFor({ timeout: 10_000 });
    expect(await cell(first, 'd3', 'name').textContent()).toContain('会议桌椅（甲）');
  }, 90_000);

  it('two users editing one purchase plan: a saved line shows in the other’s grid at once', async () => {
    // branch01's draft plan with two lines, made through the API (this test owns it).
    const { token } = await apiLogin(baseUrl, 'branch01');
    const name = `推送计划${Date.now().toString(36)}`;
    const response = await fetch(`${baseUrl}/aps/purchase/plan/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Token': token, 'tenant-id': '1' },
      body: JSON.stringify({
        planName: name,
        category: '2',
        purchaseMethod: 'inquiry',
        budget: '80000',
        items: [
          { name: '激光打印机', unit: '台', quantity: '4', unitPrice: '1500' },
          { name: '碎纸机', unit: '台', quantity: '2', unitPrice: '800' },
        ],
      }),
    });
    const plan = ((await response.json()) as { result: { id: string; items: { id: string }[] } }).result;
    const printer = plan.items[0]?.id ?? '';

    const editor = async (username: string) => {
      const page = await open(username, '/purchase/plan');
      await page.setViewportSize({ width: 1500, height: 950 });
      const bar = page.locator('.aps-search-bar:visible');
      await bar.getByLabel('计划名称').fill(name);
      await bar.getByRole('button', { name: /查\s*询/ }).click();
      await page
        .locator('.ant-table-row:visible')
        .filter({ hasText: name })
        .getByRole('button', { name: '编辑' })
        .click();
      const drawer = page.getByRole('dialog').filter({ hasText: '编辑采购计划' });
      const grid = drawer.getByRole('region', { name: '采购明细', exact: true });
      await grid.getByText('激光打印机').waitFor();
      return { page, drawer, line: (id: string) => grid.locator(`[data-row-key="${id}"]`) };
    };
    const first = await editor('branch01');
    const second = await editor('admin');
    await second.page.waitForTimeout(500); // the grid sockets open once the drawer is up

    // The reload highlight lasts 1.4 s: admin's page notes it the moment it comes.
    await second.page.evaluate((id) => {
      const w = window as unknown as { highlighted?: boolean };
      new MutationObserver(() => {
        if (document.querySelector(`[data-row-key="${id}"].aps-grid-row-reloaded`)) w.highlighted = true;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    }, printer);

    // branch01 changes the printer line and saves …
    const quantity = first.line(printer).locator('.aps-grid-cell[data-key="quantity"]');
    await quantity.click();
    await quantity.getByRole('textbox').fill('6');
    await quantity.getByRole('textbox').press('Tab');
    await first.drawer.getByRole('button', { name: /^确\s*定$/ }).click();
    await expectMessage(first.page, '编辑成功!');

    // … and admin's open grid shows the saved line, field by field, highlighted; nothing else moved.
    const seen = second.line(printer);
    await seen.locator('.aps-grid-cell[data-key="amount"]').getByText('9,000.00').waitFor({ timeout: 10_000 });
    expect(await seen.locator('.aps-grid-cell[data-key="quantity"]').textContent()).toContain('6');
    expect(await second.page.evaluate(() => (window as unknown as { highlighted?: boolean }).highlighted)).toBe(true);
    expect(await second.drawer.locator('.aps-grid-footer').filter({ hasText: '合计' }).textContent()).toContain(
      '10,600.00',
    );
    await screenshot(second.page, 'realtime-plan-grid-pushed');
    // Both editors leave: their sessions and sockets do not linger into the next test.
    for (const page of [first.page, second.page]) {
      contexts.splice(contexts.indexOf(page.context()), 1);
      await page.context().close();
    }
  }, 90_000);

  it('a user forced offline sees the 30 s countdown, then the login page', async () => {
    const user = await open('buyer01', '/dashboard/analysis');
    await user.locator('.aps-header-actions').waitFor();
    await user.waitForTimeout(500); // the notice socket opens after the workspace
    const admin = await open('admin', '/system/online');
    const rowOf = () => admin.locator('.ant-table-tbody tr', { hasText: 'buyer01' }).first();
    await rowOf().waitFor();
    await screenshot(admin, 'realtime-online-users');
    await rowOf().getByText('强退').click();
    await admin.getByRole('button', { name: '确定' }).click();
    await admin.getByText('强制退出成功！').waitFor();

    const dialog = user.getByRole('dialog').filter({ hasText: '强制下线' });
    await dialog.getByText('您已被管理员强制下线').waitFor({ timeout: 10_000 });
    const seconds = Number(await dialog.locator('.aps-force-offline-seconds').textContent());
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThanOrEqual(30);
    await screenshot(user, 'realtime-force-offline');
    // The countdown runs; 重新登录 ends it at once: logout, then the login page.
    await user.waitForTimeout(1200);
    expect(Number(await dialog.locator('.aps-force-offline-seconds').textContent())).toBeLessThan(seconds);
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await user.waitForURL('**/user/login**', { timeout: 15_000 });
    expect(await user.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('Access-Token')))).toEqual([]);
  }, 90_000);
});
