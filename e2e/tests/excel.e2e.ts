import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { signInWithForm } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const HEADERS = ['问题描述', '答案内容', '问题分类', '是否供应商可见', '排序'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-excel-e2e-'));
/** Unique to this run: every row the test imports carries it, so filters find exactly those rows. */
const m = `XL${Date.now().toString(36)}`;

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

const dialog = () => page.getByRole('dialog').last();
/** A toolbar button by its text (its icon adds a word to the accessible name). */
const toolbarButton = (text: string) => page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
const tableRows = () => page.locator('.ant-table-tbody tr.ant-table-row');

async function writeSheet(name: string, rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('问题答疑');
  for (const r of rows) ws.addRow(r);
  const file = path.join(tmp, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function readSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Signs admin in through the login page and opens 示例页面 › Excel导入导出 from the side menu. */
async function openDemoAsAdmin() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  watchErrors(page);
  await page.goto('/user/login');
  await signInWithForm(page, 'admin');
  await page.waitForURL('**/dashboard/analysis');
  await openSiderMenu(page, '示例页面', 'Excel导入导出', '/demo/excel');
  await tableRows().first().waitFor();
}

describe('示例页面 › Excel导入导出', () => {
  it('imports several files at once; 2 bad rows give 导入成功,但是有错误数据! and an error workbook listing exactly them', async () => {
    await openDemoAsAdmin();
    await screenshot(page, 'excel-demo-page');

    const good = await writeSheet('good.xlsx', [
      HEADERS,
      [`${m} 好文件一`, '答案一', '其他', '是', 11],
      [`${m} 好文件二`, '答案二', '', '否', 12],
    ]);
    const bad = await writeSheet('bad.xlsx', [
      HEADERS,
      [`${m} 坏文件一`, '答案', '', '是', 21],
      ['', '缺少问题描述的答案', '', '否', 22],
      [`${m} 坏文件三`, '答案', '', '否', 23],
      [`${m} 坏文件四`, '', '', '是', 24],
      [`${m} 坏文件五`, '答案', '', '是', 25],
    ]);

    await toolbarButton('导入').click();
    const upload = dialog().getByRole('button', { name: '开始上传' });
    expect(await upload.isDisabled()).toBe(true);
    const input = dialog().locator('input[type=file]');
    expect(await input.getAttribute('accept')).toBe('.xls,.xlsx');
    expect(await input.getAttribute('multiple')).not.toBeNull();
    await input.setInputFiles([good, bad]);
    await dialog().getByText('good.xlsx').waitFor();
    await dialog().getByText('bad.xlsx').waitFor();
    await screenshot(page, 'excel-import-modal');

    // The progress bar shows while the files upload and the server processes them (held back a little here, so
    // that the picture catches it).
    await page.route('**/importExcel', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await upload.click();
    await dialog().locator('.ant-progress').waitFor();
    await screenshot(page, 'excel-import-progress');
    const warning = page.locator('.ant-modal-confirm');
    await warning.locator('.ant-modal-confirm-title', { hasText: '导入成功,但是有错误数据!' }).waitFor();
    await warning.getByText('共7行，成功5行，失败2行').waitFor();
    await warning.getByText('good.xlsx：成功2行，失败0行').waitFor();
    await warning.getByText('bad.xlsx：成功3行，失败2行').waitFor();
    await screenshot(page, 'excel-import-errors');

    const [report] = await Promise.all([page.waitForEvent('download'), warning.getByText('点击下载').click()]);
    expect(report.suggestedFilename()).toMatch(/^问题答疑导入错误明细_\d+\.xlsx$/);
    const reportFile = path.join(tmp, 'report.xlsx');
    await report.saveAs(reportFile);
    const lines = await readSheet(reportFile);
    expect(lines[0]).toEqual(['文件', '行号', ...HEADERS, '错误信息']);
    expect(lines.slice(1).map((l) => [l[0], l[1], l[2] ?? '', l[7]])).toEqual([
      ['bad.xlsx', 3, '', '请输入问题描述!'],
      ['bad.xlsx', 5, `${m} 坏文件四`, '请输入答案内容!'],
    ]);
    await warning.getByRole('button', { name: '知道了' }).click();

    // The good rows of both files are in the list.
    await page.getByLabel('关键字').fill(m);
    await toolbarButton('查询').click();
    await expect.poll(() => tableRows().count()).toBe(5);
  });

  it('exports the filtered list: the downloaded rows are exactly those the filter shows', async () => {
    await openDemoAsAdmin();
    await page.getByLabel('关键字').fill(m);
    await page.getByLabel('供应商可见').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('是', { exact: true }).click();
    await toolbarButton('查询').click();
    await expect.poll(() => tableRows().count()).toBe(3);
    const shown = await tableRows().locator('td:first-child').allInnerTexts();
    await screenshot(page, 'excel-demo-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton('导出').click()]);
    expect(download.suggestedFilename()).toBe('问题答疑.xlsx');
    const file = path.join(tmp, 'export.xlsx');
    await download.saveAs(file);
    const rows = await readSheet(file);
    expect(rows[0]?.slice(0, 5)).toEqual(HEADERS);
    const data = rows.slice(1);
    expect(data.map((r) => r[0])).toEqual([`${m} 好文件一`, `${m} 坏文件一`, `${m} 坏文件五`]);
    expect(data.map((r) => r[0])).toEqual(shown.map((s) => s.trim()));
    expect(new Set(data.map((r) => r[3]))).toEqual(new Set(['是']));
  });
});

describe('系统管理 › 用户管理: import and filtered export', () => {
  it('imports users through the shared modal and exports exactly the filtered users', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    watchErrors(page);
    await page.goto('/user/login');
    await signInWithForm(page, 'admin');
    await page.waitForURL('**/dashboard/analysis');
    const sider = page.locator('.aps-sider');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL('**/system/user');
    await tableRows().first().waitFor();

    const u = `xu${Date.now().toString(36)}`.slice(0, 14);
    const phone = (n: number) => `137${String(Date.now() % 1e7).padStart(7, '0')}${n}`;
    const file = await writeSheet('用户.xlsx', [
      ['用户账号', '用户姓名', '性别', '生日', '手机号', '邮箱', '职务'],
      [`${u}a`, '导入甲', '男', '1990-01-02', phone(1), '', '采购员'],
      [`${u}b`, '导入乙', '女', '', phone(2), '', ''],
      ['admin', '重名', '', '', phone(3), '', ''],
    ]);
    await toolbarButton('导入').click();
    await dialog().locator('input[type=file]').setInputFiles(file);
    await dialog().getByText('用户.xlsx').waitFor();
    await screenshot(page, 'excel-user-import');
    await dialog().getByRole('button', { name: '开始上传' }).click();
    const warning = page.locator('.ant-modal-confirm');
    await warning.locator('.ant-modal-confirm-title', { hasText: '导入成功,但是有错误数据!' }).waitFor();
    await warning.getByText('共3行，成功2行，失败1行').waitFor();
    await warning.getByRole('button', { name: '知道了' }).click();

    await page.getByPlaceholder('请输入用户账号').fill(u);
    await toolbarButton('查询').click();
    await expect.poll(() => tableRows().count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton('导出').click()]);
    expect(download.suggestedFilename()).toBe('用户列表.xlsx');
    const out = path.join(tmp, 'users.xlsx');
    await download.saveAs(out);
    const rows = await readSheet(out);
    expect(rows[0]?.slice(0, 6)).toEqual(['用户账号', '用户姓名', '性别', '生日', '手机号', '邮箱']);
    expect(rows[0]).toContain('职务');
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[1], r[2]])
        .sort(),
    ).toEqual([
      [`${u}a`, '导入甲', '男'],
      [`${u}b`, '导入乙', '女'],
    ]);
  });
});
