import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userPage } from './shell-support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

async function openDemo() {
  ({ context, page } = await userPage(browser, baseUrl, 'admin'));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
  });
  await page.goto('/dashboard/analysis');
  await openSiderMenu(page, '示例页面', '可编辑表格', '/demo/grid');
  await grid('采购明细').getByText('办公电脑').waitFor();
}

const grid = (name: string) => page.getByRole('region', { name, exact: true });
const row = (gridName: string, id: string) => grid(gridName).locator(`[data-row-key="${id}"]`);
const cell = (gridName: string, id: string, key: string) =>
  row(gridName, id).locator(`.aps-grid-cell[data-key="${key}"]`);
const dropdownOption = (text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text });
/** A mouse-up outside the table and its popups ends edit mode (§4). */
const clickOutside = () => page.getByText('一对多：表单 + 子表').click();
const footerCells = async (gridName: string, label: string) =>
  grid(gridName).locator('.aps-grid-footer').filter({ hasText: label }).locator('td').allInnerTexts();
const names = () => grid('采购明细').locator('.aps-grid-cell[data-key="name"]').allInnerTexts();

describe('可编辑表格 (editable grid demo)', () => {
  it('edits each core column type, validates form + tables, drag-sorts, reads the footer', async () => {
    await openDemo();
    await screenshot(page, 'grid-demo');

    // Footer statistics: 合计 and 平均 (columns: 序号, 选择, 展开, 排序, 物料名称, 数量, 单价).
    expect((await footerCells('采购明细', '合计')).slice(4, 7)).toEqual(['', '212', '8,325.50']);
    expect((await footerCells('采购明细', '平均')).slice(4, 6)).toEqual(['', '70.67']);

    // input
    await cell('采购明细', 'd3', 'name').click();
    await cell('采购明细', 'd3', 'name').getByRole('textbox').fill('会议桌椅');
    // inputNumber: only a signed decimal is accepted while typing (§5)
    await cell('采购明细', 'd3', 'quantity').click();
    const quantity = cell('采购明细', 'd3', 'quantity').getByRole('textbox');
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially('1a2-');
    expect(await quantity.inputValue()).toBe('12');
    // The cell stays in edit mode after a mouse-up inside the table.
    await cell('采购明细', 'd3', 'createBy').click();
    expect(await quantity.isVisible()).toBe(true);
    // select
    await cell('采购明细', 'd3', 'unit').click();
    await dropdownOption('套').click();
    // select-search over the dictionary purchase_category
    await cell('采购明细', 'd3', 'category').click();
    await page.keyboard.type('劳');
    await dropdownOption('劳务').click();
    // select-multiple over the dictionary priority
    await cell('采购明细', 'd3', 'priority').click();
    await dropdownOption('紧急').click();
    await dropdownOption('重要').click();
    // linked selects: the city follows the province and is cleared when it changes
    await cell('采购明细', 'd3', 'province').click();
    await dropdownOption('广东').click();
    await cell('采购明细', 'd3', 'city').click();
    expect(
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .allInnerTexts(),
    ).toEqual(['广州市', '深圳市']);
    await dropdownOption('深圳市').click();
    // date and datetime
    await cell('采购明细', 'd3', 'deliveryDate').click();
    await cell('采购明细', 'd3', 'deliveryDate').getByRole('textbox').fill('2026-12-20');
    await page.keyboard.press('Enter');
    await cell('采购明细', 'd3', 'openingTime').click();
    await cell('采购明细', 'd3', 'openingTime').getByRole('textbox').fill('2026-12-21 09:30:00');
    await page.keyboard.press('Enter');
    // checkbox and radio are edited in place
    await cell('采购明细', 'd3', 'urgent').getByRole('checkbox').check();
    await cell('采购明细', 'd3', 'payType').getByText('分期付款').click();
    // tags: a semicolon after every 2 characters (§5)
    await cell('采购明细', 'd3', 'keywords').click();
    await cell('采购明细', 'd3', 'keywords').getByRole('textbox').pressSequentially('紧急;重要材料');
    expect(await cell('采购明细', 'd3', 'keywords').getByRole('textbox').inputValue()).toBe('紧急;重要;材料');
    // textarea opens its 300 × 210 popup
    await cell('采购明细', 'd3', 'memo').click();
    const textarea = page.locator('.ant-popover textarea');
    await textarea.fill('需要防火材质');
    // Measured once the popover has finished zooming in.
    await expect
      .poll(async () => {
        const box = await textarea.boundingBox();
        return box && { width: Math.round(box.width), height: Math.round(box.height) };
      })
      .toEqual({ width: 300, height: 210 });
    await screenshot(page, 'grid-editing');
    await clickOutside();
    await expect.poll(() => page.locator('.ant-popover textarea').count()).toBe(0);

    const shown = async (key: string) => (await cell('采购明细', 'd3', key).textContent())?.trim();
    expect(await shown('name')).toBe('会议桌椅');
    expect(await shown('quantity')).toBe('12');
    expect(await shown('unit')).toBe('套');
    expect(await shown('category')).toBe('劳务');
    expect(await shown('priority')).toBe('紧急，重要');
    expect(await shown('city')).toBe('深圳市');
    expect(await shown('deliveryDate')).toBe('2026-12-20');
    expect(await shown('openingTime')).toBe('2026-12-21 09:30:00');
    expect(await cell('采购明细', 'd3', 'urgent').getByRole('checkbox').isChecked()).toBe(true);
    expect(await cell('采购明细', 'd3', 'payType').getByRole('radio', { name: '分期付款' }).isChecked()).toBe(true);
    expect(await cell('采购明细', 'd3', 'keywords').locator('.ant-tag').allInnerTexts()).toEqual([
      '紧急',
      '重要',
      '材料',
    ]);
    expect(await shown('memo')).toBe('需要防火材质');
    // A new province clears the linked city.
    await cell('采购明细', 'd3', 'province').click();
    await dropdownOption('北京').click();
    await clickOutside();
    expect(await shown('city')).toBe('先选省份');
    // The footer follows the edits.
    expect((await footerCells('采购明细', '合计'))[5]).toBe('222');

    // Validation: a new row without a name fails the first table.
    await grid('采购明细').getByRole('button', { name: /新增/ }).click();
    const added = grid('采购明细').locator('[data-row-key]').nth(3);
    await page.getByRole('button', { name: /提交/ }).click();
    await added.getByText('物料名称不能为空').waitFor();
    expect(JSON.parse((await page.getByTestId('grid-report').textContent()) ?? 'null')).toMatchObject({
      index: 0,
      paneKey: 'detail',
    });
    await added.locator('.aps-grid-cell[data-key="name"]').click();
    await added.locator('.aps-grid-cell[data-key="name"]').getByRole('textbox').fill('投影仪');
    await expect.poll(() => added.getByText('物料名称不能为空').count()).toBe(0);

    // The second table: wrong phone and e-mail; submitting from the first tab activates the second.
    await page.getByRole('tab', { name: '联系人' }).click();
    await cell('联系人', 'c1', 'mobile').click();
    await cell('联系人', 'c1', 'mobile').getByRole('textbox').fill('12345');
    await cell('联系人', 'c1', 'email').click();
    await cell('联系人', 'c1', 'email').getByRole('textbox').fill('bad@');
    await page.getByRole('tab', { name: '采购明细' }).click();
    await page.getByRole('button', { name: /提交/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: '联系人' }).getAttribute('aria-selected')).toBe('true');
    await cell('联系人', 'c1', 'mobile').getByText('请输入正确的手机号码').waitFor();
    await cell('联系人', 'c1', 'email').getByText('请输入正确的电子邮件').waitFor();
    expect(JSON.parse((await page.getByTestId('grid-report').textContent()) ?? 'null')).toEqual({
      index: 1,
      paneKey: 'contact',
      errors: { c1: { mobile: '请输入正确的手机号码', email: '请输入正确的电子邮件' } },
    });
    await screenshot(page, 'grid-validation');
    await cell('联系人', 'c1', 'mobile').click();
    await cell('联系人', 'c1', 'mobile').getByRole('textbox').fill('13800138000');
    await cell('联系人', 'c1', 'email').click();
    await cell('联系人', 'c1', 'email').getByRole('textbox').fill('zhang@example.com');
    await clickOutside();
    await page.getByRole('button', { name: /提交/ }).click();
    await page.getByText('主表 1 条，子表 4 / 1 行').waitFor();

    // Drag sort: 会议桌椅 onto the first row resequences orderNum.
    await page.getByRole('tab', { name: '采购明细' }).click();
    const handle = await row('采购明细', 'd3').getByRole('button', { name: '拖动排序' }).boundingBox();
    const target = await row('采购明细', 'd1').boundingBox();
    if (!handle || !target) throw new Error('no drag handle or target');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(names).toEqual(['会议桌椅', '办公电脑', '打印纸', '投影仪']);
    await row('采购明细', 'd3').getByRole('button', { name: '展开行' }).click();
    await grid('采购明细').locator('.ant-descriptions').getByText('1', { exact: true }).waitFor();

    // A server push patches a row by id.
    await grid('采购明细')
      .getByRole('button', { name: /模拟推送/ })
      .click();
    await cell('采购明细', 'd2', 'memo').getByText('服务端推送更新 1 次').waitFor();
    expect(await cell('采购明细', 'd2', 'progress').textContent()).toBe('30%');

    // Asynchronous removal confirms first.
    await page.getByRole('tab', { name: '联系人' }).click();
    await row('联系人', 'c1').getByRole('checkbox').check();
    await grid('联系人').getByRole('button', { name: /删除/ }).click();
    await page.locator('.ant-modal-confirm-title').getByText('确定删除吗?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => row('联系人', 'c1').count()).toBe(0);
  });

  it('keeps 10,000 rows × 20 columns virtualised', async () => {
    await openDemo();
    await page.getByRole('tab', { name: '大数据量' }).click();
    const perf = grid('性能表格');
    await perf.getByText('CG-00001').waitFor();
    expect(await perf.locator('[data-row-key]').count()).toBeLessThan(60);
    expect((await footerCells('性能表格', '合计'))[3]).toBe('255000');
    await perf.locator('.ant-table-tbody-virtual-holder').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await perf.getByText('CG-10000').waitFor();
    await screenshot(page, 'grid-performance', perf);
  });
});
