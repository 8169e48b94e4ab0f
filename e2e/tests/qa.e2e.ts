import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { signInWithForm, userPage } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const FAQ_PATH = '/qa/questionsAndAnswers';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-qa-e2e-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

function watchErrors(p: Page) {
  pageErrors = [];
  p.on('pageerror', (error) => pageErrors.push(error.message));
  p.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
  });
}

/** Signs admin in through the login page and opens the FAQ page from the side menu. */
async function openFaqAsAdmin() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  watchErrors(page);
  await page.goto('/user/login');
  await signInWithForm(page, 'admin');
  await page.waitForURL('**/dashboard/analysis');
  await page.locator('.aps-sider').getByRole('menuitem', { name: '常见问题' }).click();
  await page.waitForURL(`**${FAQ_PATH}`);
  await panelHeaders().first().waitFor();
}

const panelHeaders = () => page.locator('.ant-collapse-item .ant-collapse-title');
const dialog = () => page.getByRole('dialog');
/** A toolbar button by its text (its icon adds a word to the accessible name). */
const toolbarButton = (text: string) => page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
const searchBox = () => page.getByLabel('搜索问题或答案');

describe('常见问题 (FAQ page)', () => {
  it('adds, edits, searches with highlight, confirms delete and shows the empty state', async () => {
    await openFaqAsAdmin();
    // Seeded entries, sorted by displayOrder ascending; the list panel is 960 wide.
    const headers = await panelHeaders().allInnerTexts();
    expect(headers.slice(0, 3)).toEqual(['供应商如何注册账号？', '忘记登录密码怎么办？', '如何查看采购公告并报名？']);
    const panel = await page.locator('.ant-card').filter({ has: searchBox() }).boundingBox();
    expect(panel?.width).toBe(960);
    await screenshot(page, 'qa-page');

    // Add: the modal is 800 wide, closes with 关闭, and validates with the §5 messages.
    await toolbarButton('新增').click();
    await dialog().getByText('新增', { exact: true }).waitFor();
    // Measured once the zoom-in animation has finished.
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(800);
    await expect.poll(() => dialog().getByRole('radio', { name: '否' }).isChecked()).toBe(true);
    expect(await dialog().getByRole('spinbutton').inputValue()).toBe('1');
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请输入问题描述!').waitFor();
    await dialog().getByText('请输入答案内容!').waitFor();
    await screenshot(page, 'qa-modal-add');

    const stamp = `E2E${Date.now().toString(36)}`;
    const question = `${stamp} 如何修改绑定手机号？`;
    await dialog().getByLabel('问题描述').fill(question);
    await dialog().getByLabel('答案内容').fill('进入个人设置，选择“修改手机号”，按四步向导完成验证。');
    await dialog().getByLabel('排序').fill('2');
    await dialog().getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await panelHeaders().filter({ hasText: question }).waitFor();

    // Edit: titled 编辑, prefilled; 关闭 closes without saving.
    await page.getByRole('button', { name: `编辑 ${question}`, exact: true }).click();
    await dialog().getByText('编辑', { exact: true }).waitFor();
    expect(await dialog().getByLabel('问题描述').inputValue()).toBe(question);
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `编辑 ${question}`, exact: true }).click();
    await dialog().getByLabel('答案内容').fill(`进入个人设置，选择“修改手机号”，输入 ${stamp} 验证码完成验证。`);
    await dialog().getByRole('radio', { name: '是' }).check();
    await screenshot(page, 'qa-modal-edit');
    await dialog().getByRole('button', { name: '确定' }).click();
    await page.getByText('编辑成功!').waitFor();
    await dialog().waitFor({ state: 'hidden' });

    // Search: only the matching entry stays, opened, with the match marked in question and answer.
    await searchBox().fill(stamp);
    await expect.poll(() => panelHeaders().count()).toBe(1);
    const marks = page.locator('mark.qa-highlight');
    await expect.poll(() => marks.count()).toBe(2);
    expect(await marks.allInnerTexts()).toEqual([stamp, stamp]);
    await page.locator('.ant-collapse').getByText('验证码完成验证。').waitFor();
    await screenshot(page, 'qa-search');

    await searchBox().fill('没有这个问题zzz');
    await page.getByText('没有查询到任何数据').waitFor();
    expect(await panelHeaders().count()).toBe(0);
    await screenshot(page, 'qa-empty');

    // Delete asks 确定删除吗? first.
    await searchBox().fill(stamp);
    await page.getByRole('button', { name: `删除 ${question}`, exact: true }).click();
    await page.getByText('确定删除吗?').waitFor();
    await screenshot(page, 'qa-delete-confirm');
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功!').waitFor();
    await page.getByText('没有查询到任何数据').waitFor();
  });

  it('exports the list to .xlsx and imports it back without duplicates; bad rows give 导入成功,但是有错误数据! with a download link', async () => {
    await openFaqAsAdmin();
    await searchBox().fill('供应商如何注册账号');
    await expect.poll(() => panelHeaders().count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton('导出').click()]);
    expect(download.suggestedFilename()).toBe('问题答疑.xlsx');
    const exported = path.join(tmp, '问题答疑.xlsx');
    await download.saveAs(exported);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(exported);
    expect(wb.worksheets[0]?.getRow(1).getCell(1).value).toBe('问题描述');
    expect(wb.worksheets[0]?.rowCount).toBe(2);

    // Import: upload is disabled until a file is chosen; .xls/.xlsx only.
    await toolbarButton('导入').click();
    const upload = dialog().getByRole('button', { name: '开始上传' });
    expect(await upload.isDisabled()).toBe(true);
    expect(await dialog().locator('input[type=file]').getAttribute('accept')).toBe('.xls,.xlsx');
    await dialog().locator('input[type=file]').setInputFiles(exported);
    await dialog().getByText('问题答疑.xlsx').waitFor();
    // The dialog says what happens to a question that is already there, before anything is sent.
    await dialog()
      .getByText('已存在的数据：问题描述与已有条目相同的行，更新该条目的答案、分类、可见范围和排序，不新增重复条目。')
      .waitFor();
    await screenshot(page, 'qa-import');
    await upload.click();
    // The exported entry comes back as an update of itself, not as a second entry (issue 11 §7).
    await page.getByText('共1行，成功1行（其中更新已有1行），失败0行', { exact: false }).waitFor();
    await searchBox().fill('');
    await searchBox().fill('供应商如何注册账号');
    await expect.poll(() => panelHeaders().count()).toBe(1);

    // A sheet with a bad row: the good one is imported, the warning offers the error report. The good question is
    // new on every run (a retry after a failure further on would otherwise find it there and update it).
    const goodQuestion = `E2E 导入的好问题 ${Date.now().toString(36)}`;
    const bad = new ExcelJS.Workbook();
    const ws = bad.addWorksheet('问答');
    ws.addRow(['问题描述', '答案内容', '是否供应商可见']);
    ws.addRow([goodQuestion, '好答案', '否']);
    ws.addRow(['', '缺少问题的答案', '否']);
    const badFile = path.join(tmp, 'bad.xlsx');
    await bad.xlsx.writeFile(badFile);
    await toolbarButton('导入').click();
    await dialog().locator('input[type=file]').setInputFiles(badFile);
    await dialog().getByRole('button', { name: '开始上传' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '导入成功,但是有错误数据!' }).waitFor();
    // A new row (the summary has no 其中更新已有 part) and the bad one.
    await page.getByText('共2行，成功1行，失败1行').waitFor();
    await screenshot(page, 'qa-import-errors');
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByText('点击下载').click()]);
    expect(report.suggestedFilename()).toMatch(/^问题答疑导入错误明细_\d+\.xlsx$/);
    await page.getByRole('button', { name: /知道了|确定|OK/ }).click();
    await searchBox().fill(goodQuestion);
    await expect.poll(() => panelHeaders().count()).toBe(1);
  });

  it('shows a user without qa:edit the entries but no add, edit, delete or import buttons', async () => {
    ({ context, page } = await userPage(browser, baseUrl, 'buyer01'));
    watchErrors(page);
    await page.goto(FAQ_PATH);
    await panelHeaders().first().waitFor();
    expect(await panelHeaders().count()).toBeGreaterThan(0);
    for (const name of ['新增', '导入', '编辑', '删除']) {
      expect(await toolbarButton(name).count(), name).toBe(0);
    }
    await screenshot(page, 'qa-page-readonly');
  });
});

describe('/moreHelp (public)', () => {
  it('lists only the entries visible to suppliers, without a login', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    watchErrors(page);
    await page.goto('/moreHelp');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    await panelHeaders().first().waitFor();
    const questions = await panelHeaders().allInnerTexts();
    expect(questions).toContain('供应商如何注册账号？');
    expect(questions).not.toContain('评审专家如何提交打分？');
    expect(questions).not.toContain('合同结算需要准备哪些材料？');
    await page.getByLabel('搜索常见问题').fill('密码');
    await expect.poll(() => panelHeaders().allInnerTexts()).toEqual(['忘记登录密码怎么办？']);
    expect(new URL(page.url()).pathname).toBe('/moreHelp');
    await screenshot(page, 'qa-more-help');
  });
});
