import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, userPage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const REPORT_PATH = '/online/cgreport/purchase_stage_report';

let browser: Browser;
let context: BrowserContext;
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
  expect(errors).toEqual([]);
});

/** "1-10 共 N 条" → N. */
async function totalOf(scope: Locator): Promise<number> {
  const text = (await scope.locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/共 (\d+) 条/.exec(text)?.[1] ?? Number.NaN);
}
/** A query form field by its label. */
const field = (scope: Locator, label: string) => scope.locator('form').getByLabel(label, { exact: true });
const rows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** The n-th cell (0 = the # column) of every row on the page. */
const columnTexts = (scope: Locator, n: number) =>
  rows(scope)
    .locator(`td:nth-child(${n + 1})`)
    .allInnerTexts();

describe('在线报表 (online report page and popup)', () => {
  it('opens the report from the menu, filters by stage, pages, and picks rows in the popup', async () => {
    ({ context, page } = await userPage(browser, baseUrl, 'admin'));
    errors = collectErrors(page);
    await page.goto('/dashboard/analysis');
    await page.locator('.aps-sider').getByText('采购管理', { exact: true }).click();
    await page.locator('.aps-sider').getByRole('menuitem', { name: '采购阶段报表' }).click();
    await waitForPath(page, REPORT_PATH);
    await expect.poll(() => page.title()).toBe('采购阶段报表 - 全流程数字化采购平台');

    const report = page.locator('.aps-list-page');
    await report.getByRole('columnheader', { name: '采购编号' }).waitFor();
    await rows(report).first().waitFor();
    const all = await totalOf(report);
    expect(all).toBeGreaterThan(10);
    expect(await rows(report).count()).toBe(10);
    // The query form: the shown items, the date parameters, and the hidden ones behind 展开.
    for (const label of ['采购编号', '采购名称', '采购阶段', '开始日期', '结束日期']) {
      await expect.poll(() => field(report, label).isVisible()).toBe(true);
    }
    expect(await field(report, '采购类别').isVisible()).toBe(false);
    await screenshot(page, 'report-page');

    // Filter by the stage dictionary: every row shows the stage's text.
    await field(report, '采购阶段').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^评分中$/ })
      .click();
    await report.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => totalOf(report)).toBeLessThan(all);
    const stageTotal = await totalOf(report);
    expect(stageTotal).toBeGreaterThan(0);
    expect(new Set(await columnTexts(report, 4))).toEqual(new Set(['评分中']));

    // Page 2 continues the numbering.
    await report.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => totalOf(report)).toBe(all);
    await report.locator('.ant-pagination-item-2').click();
    await expect.poll(async () => (await columnTexts(report, 0))[0]).toBe('11');

    // Sort by 限价(元) ascending from the header.
    await report.getByRole('columnheader', { name: '限价(元)' }).click();
    await expect.poll(async () => (await columnTexts(report, 0))[0]).toBe('1');
    // Page 1 may show its unsorted rows a moment before the sorted ones arrive.
    const prices = async () =>
      (await columnTexts(report, 6)).filter((p) => p !== '-').map((p) => Number(p.replace(/,/g, '')));
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length > 1 && shown.every((price, i) => i === 0 || (shown[i - 1] ?? 0) <= price);
      })
      .toBe(true);

    // 展开 shows the hidden query items.
    await report.getByRole('button', { name: /展开/ }).click();
    await field(report, '采购类别').waitFor();

    // The popup: same report, 1200 wide; 确定 with nothing picked is refused, a picked row comes back.
    await report.getByRole('button', { name: /弹窗选择/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '采购记录阶段报表' });
    await rows(dialog).first().waitFor();
    expect(await totalOf(dialog)).toBe(all);
    const modal = page.locator('.ant-modal').filter({ hasText: '采购记录阶段报表' });
    // Measured once the opening animation (a scale) has settled.
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(1200);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(page, '请选择一条记录');
    await field(dialog, '采购编号').fill('CG-');
    await dialog.getByRole('button', { name: /查\s*询/ }).click();
    await rows(dialog).nth(1).click();
    await rows(dialog).nth(2).click();
    await screenshot(page, 'report-popup');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(page, '已选择 2 条记录');
    await dialog.waitFor({ state: 'hidden' });
  });
});
