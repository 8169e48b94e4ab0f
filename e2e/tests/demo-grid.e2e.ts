import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { pdfFile } from '../support/files.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { userPage } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

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

async function openDemo(username = 'admin') {
  ({ context, page } = await userPage(browser, baseUrl, username));
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
/**
 * Scrolls the grid sideways as a user would (a wheel over its rows) until the cell is out from under the fixed
 * columns and inside the view (clickCell: then clicks it).
 */
async function revealCell(target: Locator) {
  const holder = target.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-table-tbody-virtual-holder ")][1]',
  );
  const [box, view] = [await target.boundingBox(), await holder.boundingBox()];
  if (box && view) {
    const deltaX =
      box.x < view.x + 300 ? box.x - view.x - 300 : Math.max(0, box.x + box.width - (view.x + view.width) + 40);
    if (deltaX !== 0) {
      await holder.hover({ position: { x: view.width / 2, y: 5 } });
      await page.mouse.wheel(deltaX, 0);
    }
  }
}
async function clickCell(target: Locator) {
  await revealCell(target);
  await target.click();
}
const dropdownOption = (text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text });
/** A mouse-up outside the table and its popups ends edit mode (§4). */
const clickOutside = () => page.getByText('一对多：表单 + 子表').click();
const footerCells = async (gridName: string, label: string) =>
  grid(gridName).locator('.aps-grid-footer').filter({ hasText: label }).locator('td').allInnerTexts();
const names = () => grid('采购明细').locator('.aps-grid-cell[data-key="name"]').allInnerTexts();
const orderNums = () => grid('采购明细').locator('.aps-grid-cell[data-key="orderNum"]').allInnerTexts();
const shownIn = async (id: string, key: string) => (await cell('采购明细', id, key).textContent())?.trim();
const dialog = (title: string) => page.getByRole('dialog', { name: title });
const okButton = (title: string) => dialog(title).getByRole('button', { name: /确\s*定/ });
const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });
/** A stored value the demo lists in the expanded row. */
const stored = async (label: string) =>
  (
    await grid('采购明细')
      .locator('.ant-table-expanded-row .ant-descriptions-item')
      .filter({ hasText: label })
      .locator('.ant-descriptions-item-content')
      .textContent()
  )?.trim();

describe('可编辑表格 (editable grid demo)', () => {
  it('edits each core column type, validates form + tables, drag-sorts, reads the footer', async () => {
    await openDemo();
    await screenshot(page, 'grid-demo');

    // Footer statistics: 合计 and 平均 (columns: 序号, 选择, 展开, 排序, 物料名称, 数量, 单价).
    expect((await footerCells('采购明细', '合计')).slice(4, 7)).toEqual(['', '212', '8,325.50']);
    expect((await footerCells('采购明细', '平均')).slice(4, 6)).toEqual(['', '70.67']);

    // input
    await clickCell(cell('采购明细', 'd3', 'name'));
    await cell('采购明细', 'd3', 'name').getByRole('textbox').fill('会议桌椅');
    // inputNumber: only a signed decimal is accepted while typing (§5)
    await clickCell(cell('采购明细', 'd3', 'quantity'));
    const quantity = cell('采购明细', 'd3', 'quantity').getByRole('textbox');
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially('1a2-');
    expect(await quantity.inputValue()).toBe('12');
    // The cell stays in edit mode after a mouse-up inside the table.
    await clickCell(cell('采购明细', 'd3', 'createBy'));
    expect(await quantity.isVisible()).toBe(true);
    // select
    await clickCell(cell('采购明细', 'd3', 'unit'));
    await dropdownOption('套').click();
    // select-search over the dictionary purchase_category
    await clickCell(cell('采购明细', 'd3', 'category'));
    await page.keyboard.type('劳');
    await dropdownOption('劳务').click();
    // select-multiple over the dictionary priority
    await clickCell(cell('采购明细', 'd3', 'priority'));
    await dropdownOption('紧急').click();
    await dropdownOption('重要').click();
    // linked selects: the city follows the province and is cleared when it changes
    await clickCell(cell('采购明细', 'd3', 'province'));
    await dropdownOption('广东').click();
    await clickCell(cell('采购明细', 'd3', 'city'));
    expect(
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .allInnerTexts(),
    ).toEqual(['广州市', '深圳市']);
    await dropdownOption('深圳市').click();
    // date and datetime
    await clickCell(cell('采购明细', 'd3', 'deliveryDate'));
    await cell('采购明细', 'd3', 'deliveryDate').getByRole('textbox').fill('2026-12-20');
    await page.keyboard.press('Enter');
    await clickCell(cell('采购明细', 'd3', 'openingTime'));
    await cell('采购明细', 'd3', 'openingTime').getByRole('textbox').fill('2026-12-21 09:30:00');
    await page.keyboard.press('Enter');
    // checkbox and radio are edited in place
    await revealCell(cell('采购明细', 'd3', 'urgent'));
    await cell('采购明细', 'd3', 'urgent').getByRole('checkbox').check();
    await cell('采购明细', 'd3', 'payType').getByText('分期付款').click();
    // tags: a semicolon after every 2 characters (§5)
    await clickCell(cell('采购明细', 'd3', 'keywords'));
    await cell('采购明细', 'd3', 'keywords').getByRole('textbox').pressSequentially('紧急;重要材料');
    expect(await cell('采购明细', 'd3', 'keywords').getByRole('textbox').inputValue()).toBe('紧急;重要;材料');
    // textarea opens its 300 × 210 popup
    await clickCell(cell('采购明细', 'd3', 'memo'));
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
    await clickCell(cell('采购明细', 'd3', 'province'));
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
    await clickCell(added.locator('.aps-grid-cell[data-key="name"]'));
    await added.locator('.aps-grid-cell[data-key="name"]').getByRole('textbox').fill('投影仪');
    await expect.poll(() => added.getByText('物料名称不能为空').count()).toBe(0);

    // The second table: wrong phone and e-mail; submitting from the first tab activates the second.
    await page.getByRole('tab', { name: '联系人' }).click();
    await clickCell(cell('联系人', 'c1', 'mobile'));
    await cell('联系人', 'c1', 'mobile').getByRole('textbox').fill('12345');
    await clickCell(cell('联系人', 'c1', 'email'));
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
    // The message is whole inside its cell: its line is tall enough for CJK glyphs and it ends above the cell's border.
    const fit = await cell('联系人', 'c1', 'email').evaluate((el) => {
      const error = el.querySelector('.aps-grid-error') as HTMLElement;
      const style = getComputedStyle(error);
      return {
        lineRatio: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize),
        gap: el.getBoundingClientRect().bottom - error.getBoundingClientRect().bottom,
      };
    });
    expect(fit.lineRatio).toBeGreaterThanOrEqual(1.45);
    expect(fit.gap).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'grid-validation');
    await clickCell(cell('联系人', 'c1', 'mobile'));
    await cell('联系人', 'c1', 'mobile').getByRole('textbox').fill('13800138000');
    await clickCell(cell('联系人', 'c1', 'email'));
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
    // §9 scroll-end debounce: once scrolling stops the page learns the rows in view (the last ones).
    await expect
      .poll(() => page.getByTestId('grid-visible-range').textContent())
      .toMatch(/^当前显示第 99\d\d–10000 行，共 10,000 行$/);
    await screenshot(page, 'grid-performance', perf);
  });

  it('edits sel_user, sel_depart, popup and upload cells through the real pickers and uploads', async () => {
    await openDemo();
    // The form fields each upload sends (Chromium does not hand a multipart body with a file to the test).
    await page.evaluate(() => {
      const sent: string[][] = [];
      Object.assign(window, { uploadFields: sent });
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData)
          sent.push([...body.entries()].flatMap(([k, v]) => (typeof v === 'string' ? [`${k}=${v}`] : [])));
        return send.call(this, body);
      };
    });

    // sel_user: a click opens the 用户 picker; the cell shows the real name, the row keeps the username.
    await clickCell(cell('采购明细', 'd2', 'owner'));
    const users = dialog('用户');
    await users.getByLabel('账号或姓名').fill('buyer01');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => users.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    await users.locator('.ant-table-row').filter({ hasText: 'buyer01' }).locator('.ant-checkbox-input').check();
    await screenshot(page, 'grid-cell-user-picker', users);
    await okButton('用户').click();
    await expect.poll(() => shownIn('d2', 'owner')).toBe('张建国');
    // A stored username shows its real name too.
    await expect.poll(() => shownIn('d1', 'owner')).toBe('系统管理员');

    // sel_depart: the 部门选择 tree; the cell shows the department, the row keeps its id.
    await clickCell(cell('采购明细', 'd2', 'depart'));
    const departs = dialog('部门选择');
    await departs
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByTitle('华信物资贸易分公司', { exact: true }) })
      .locator('.ant-tree-checkbox')
      .click();
    await okButton('部门选择').click();
    await expect.poll(() => shownIn('d2', 'depart')).toBe('华信物资贸易分公司');

    // popup: the business-component select over purchase records; the cell shows the chosen record's name.
    await clickCell(cell('采购明细', 'd2', 'purchase'));
    const records = dialog('选择采购记录');
    const first = records.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const [code, name] = (await first.locator('td').allInnerTexts()).slice(1, 3).map((t) => t.trim());
    await first.locator('.ant-radio-input').check();
    await screenshot(page, 'grid-cell-popup', records);
    await okButton('选择采购记录').click();
    await expect.poll(() => shownIn('d2', 'purchase')).toBe(name);

    // upload: in the cell (§4: button, uploading, done): the short name (5 characters…) of the stored file.
    await cell('采购明细', 'd2', 'contract')
      .locator('input[type=file]')
      .setInputFiles({ name: '采购合同扫描件.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await toast('采购合同扫描件.pdf 上传成功!').waitFor();
    await expect.poll(() => shownIn('d2', 'contract')).toBe('采购合同扫…');
    // Its preview opens from the cell.
    await cell('采购明细', 'd2', 'contract')
      .getByRole('button', { name: /采购合同扫/ })
      .click();
    await expect.poll(() => dialog('采购合同扫描件.pdf').locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    await page.keyboard.press('Escape');
    await dialog('采购合同扫描件.pdf').waitFor({ state: 'hidden' });

    // file: through the 文件上传 popup (520).
    await cell('采购明细', 'd2', 'file')
      .getByRole('button', { name: /上传文件/ })
      .click();
    const filePopup = dialog('文件上传');
    await filePopup
      .locator('input[type=file]')
      .setInputFiles({ name: '报价单.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await toast('报价单.pdf 上传成功!').waitFor();
    await expect.poll(async () => (await filePopup.boundingBox())?.width).toBe(520);
    await okButton('文件上传').click();
    const quote = cell('采购明细', 'd2', 'file').getByTitle('报价单.pdf');
    await quote.waitFor();
    expect((await quote.textContent())?.trim()).toBe('报价单.p…');

    // image: through the 图片上传 popup; the cell shows the thumbnail.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } });
    await cell('采购明细', 'd2', 'photo')
      .getByRole('button', { name: /上传图片/ })
      .click();
    await dialog('图片上传')
      .locator('input[type=file]')
      .setInputFiles({ name: '样品.png', mimeType: 'image/png', buffer: png });
    await toast('样品.png 上传成功!').waitFor();
    await okButton('图片上传').click();
    await expect
      .poll(() => cell('采购明细', 'd2', 'photo').getByRole('img', { name: '样品.png' }).getAttribute('src'))
      .toMatch(/^blob:/);
    await clickOutside();
    // Reaching the off-screen cell scrolled the body sideways; the header moved with it (same left edge).
    const left = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;
    const photoHeader = grid('采购明细').locator('.ant-table-thead .ant-table-cell').filter({ hasText: '样品图片' });
    const photoCell = cell('采购明细', 'd2', 'photo').locator(
      'xpath=ancestor::*[contains(@class,"ant-table-cell")][1]',
    );
    await expect.poll(async () => Math.abs((await left(photoHeader)) - (await left(photoCell)))).toBeLessThan(2);
    await screenshot(page, 'grid-cells-picked', grid('采购明细'));
    // Back to the first columns as a user would: a sideways wheel over the rows.
    await grid('采购明细').locator('.ant-table-tbody-virtual-holder').hover();
    await page.mouse.wheel(-10_000, 0);
    const firstHeader = grid('采购明细').locator('.ant-table-thead .ant-table-cell').first();
    await expect.poll(async () => (await left(firstHeader)) - (await left(grid('采购明细')))).toBeGreaterThanOrEqual(0);

    // §7: every upload from the grid sent biz ftl and isup=1.
    expect(await page.evaluate(() => (window as unknown as { uploadFields: string[][] }).uploadFields)).toEqual([
      ['biz=ftl', 'isup=1'],
      ['biz=ftl', 'isup=1'],
      ['biz=ftl', 'isup=1'],
    ]);

    // What the row stores: usernames, department ids, the popup's value key, file paths.
    await row('采购明细', 'd2').getByRole('button', { name: '展开行' }).click();
    await expect.poll(() => stored('负责人（存储值）')).toBe('buyer01');
    expect(await stored('需求部门（存储值）')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored('关联采购（存储值）')).toBe(code);
    expect(await stored('合同（存储值）')).toMatch(/^ftl\/\d{8}\/[0-9a-f-]{36}\.pdf$/);
    expect(await stored('附件（存储值）')).toMatch(/^ftl\/\d{8}\/[0-9a-f-]{36}\.pdf$/);
    expect(await stored('样品图片（存储值）')).toMatch(/^ftl\/\d{8}\/[0-9a-f-]{36}\.png$/);
  });

  it('moves a row with the keyboard, highlights a pushed row for a moment, keeps the §9 row height', async () => {
    await openDemo();
    // §9: row height 61; 新增 adds one row.
    expect(Math.round((await row('采购明细', 'd1').boundingBox())?.height ?? 0)).toBe(61);
    expect(await orderNums()).toEqual(['1', '2', '3']);
    expect(await page.getByTestId('grid-dirty').count()).toBe(0);

    // The drag handle takes the focus; the arrows move the row and orderNum is resequenced.
    const handle = row('采购明细', 'd3').getByRole('button', { name: '拖动排序' });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(names).toEqual(['办公电脑', '会议桌', '打印纸']);
    // The page hears of the change (onValuesChange, debounced 100 ms, §9).
    await page.getByTestId('grid-dirty').waitFor();
    expect(await orderNums()).toEqual(['1', '2', '3']);
    await grid('采购明细').getByText('已移动到第 2 行，共 3 行').waitFor();
    // The focus follows the row, so the next key moves it again.
    await page.keyboard.press('ArrowUp');
    await expect.poll(names).toEqual(['会议桌', '办公电脑', '打印纸']);
    await page.keyboard.press('End');
    await expect.poll(names).toEqual(['办公电脑', '打印纸', '会议桌']);
    await row('采购明细', 'd3').getByRole('button', { name: '展开行' }).click();
    await grid('采购明细').locator('.ant-descriptions').getByText('3', { exact: true }).waitFor();

    // §9: a patched row is highlighted, then not (1400 ms).
    await grid('采购明细')
      .getByRole('button', { name: /模拟推送/ })
      .click();
    await expect.poll(() => row('采购明细', 'd2').getAttribute('class')).toContain('aps-grid-row-reloaded');
    await screenshot(page, 'grid-reload-highlight', grid('采购明细'));
    await expect
      .poll(() => row('采购明细', 'd2').getAttribute('class'), { timeout: 10_000 })
      .not.toContain('aps-grid-row-reloaded');

    // §9 insert guard 1500 ms: a double click on 新增 adds one row.
    await grid('采购明细').getByRole('button', { name: /新增/ }).dblclick();
    await expect.poll(() => grid('采购明细').locator('[data-row-key]').count()).toBe(4);
    await page.waitForTimeout(300);
    expect(await grid('采购明细').locator('[data-row-key]').count()).toBe(4);
  });

  it('hides the columns and buttons whose code under the grid prefix the user lacks (§6)', async () => {
    await openDemo();
    await grid('采购明细').getByRole('columnheader', { name: '单价' }).waitFor();
    expect(await grid('采购明细').getByRole('button', { name: /删除/ }).count()).toBe(1);
    await context.close();

    // demo01 (演示用户) lacks demo:grid:price and demo:grid:batch_delete.
    await openDemo('demo01');
    await grid('采购明细').getByRole('columnheader', { name: '数量' }).waitFor();
    expect(await grid('采购明细').getByRole('columnheader', { name: '单价' }).count()).toBe(0);
    expect(await grid('采购明细').getByRole('button', { name: /删除/ }).count()).toBe(0);
    expect(await grid('采购明细').getByRole('button', { name: /新增/ }).count()).toBe(1);
    await screenshot(page, 'grid-auth-hidden', grid('采购明细'));
  });
});
