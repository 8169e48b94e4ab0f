/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { pdfFile } from '../support/files.ts';
import { serverUnderTest } from '../support/target.ts';
import { apiLogin, collectErrors, expectMessage, userPage } from './shell-support.ts';

/**
 * Issue 14 §4–§6 as people use it: a package prepared for selection (its rows put in place as the project module
 * would, timetable open now) gets its 采购公告 written and published by buyer01 in 公告管理; supplier01 and supplier02
 * sign up and bid from the notice with a PDF response file; a quote above the 最高限价 is refused with the server's
 * Chinese message; the buyer sees both bids 已密封 (no amount) until the opening, and the amounts after it;
 * the supplier's 我的投标 lists the bid.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PURCHASE = `食堂设备采购${STAMP}`;
const PACKAGE = `厨具标包${STAMP}`;
const TITLE = `${PURCHASE}采购公告`;
const TABS = '/purchaseannouncement/PurchaseAnnouncementTabs';

let browser: Browser;
let packageId = '';
const contexts: BrowserContext[] = [];
const errors: string[][] = [];
const pages = new Map<string, Page>();

/** Plan → project → package (stage 1 待发布, fixedPrice 500000, two bidders enough) with its review items. */
async function preparePackage(): Promise<string> {
  return withDatabase(dataDir, async (db) => {
    const plan = await db.query<{ id: string }>(
      `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
       VALUES (1, 'A01', $1, $2, '2', 'open_tender', 900000, 'executing', '4') RETURNING id`,
      [`CG-E2E-${STAMP}`, `食堂设备计划${STAMP}`],
    );
    const project = await db.query<{ id: string }>(
      `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender') RETURNING id`,
      [plan.rows[0]?.id, `NO-${STAMP}`, `PC-${STAMP}`, PURCHASE],
    );
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
         min_bidders, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 1, '1', $5, 500000, 0, 2,
         now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours', now() + interval '3 hours')
       RETURNING id`,
      [project.rows[0]?.id, `NO-${STAMP}`, `PC-${STAMP}`, PURCHASE, PACKAGE],
    );
    const id = pkg.rows[0]?.id ?? '';
    await db.query(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'qualification', '营业执照', NULL, 1), (1, $1, 'scoring', '技术方案', 60, 2)`,
      [id],
    );
    return id;
  });
}

async function api(token: string, path: string, body: object) {
  const response = await fetch(`${baseUrl}/aps${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; message: string };
  expect(json.success, `${path}: ${json.message}`).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  packageId = await preparePackage();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  expect(errors.flat()).toEqual([]);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [u, p] of pages) await screenshot(p, `procurement-supplier-failed-${u}`).catch(() => undefined);
});

async function as(username: string, path = TABS): Promise<Page> {
  const { context, page } = await userPage(browser, baseUrl, username);
  contexts.push(context);
  errors.push(collectErrors(page));
  pages.set(username, page);
  await page.goto(path);
  return page;
}

const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
const noticeDialog = (page: Page) => page.getByRole('dialog', { name: '公告详情' });

/** Signs up, bids `first` (after a refused over-limit quote when asked), then withdraws and bids again or revises, to `price`. */
async function signUpAndBid(
  username: string,
  first: string,
  price: string,
  then: 'withdraw' | 'revise',
  refusedFirst: boolean,
) {
  const page = await as(username);
  await row(page, TITLE).waitFor();
  await expect.poll(() => row(page, TITLE).textContent()).toContain('未报名');
  await screenshot(page, `procurement-supplier-tabs-${username}`);
  await row(page, TITLE).getByRole('button', { name: '查看' }).click();
  const view = noticeDialog(page);
  await view.getByText('本次采购食堂厨房设备').waitFor();
  await view.getByRole('button', { name: '报名' }).click();
  await expectMessage(page, '报名成功');
  await view.getByText('已报名').waitFor();
  await view.getByRole('button', { name: '投标' }).click();
  const form = page.getByRole('dialog', { name: '投标' });
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: `${username}响应文件.pdf`, mimeType: 'application/pdf', buffer: pdfFile() });
  await form.getByText(`${username}响应文件.pdf`).waitFor();
  if (refusedFirst) {
    await form.getByLabel('报价（元）').fill('600000');
    await form.getByRole('button', { name: '提交投标' }).click();
    // The server's refusal, as its Chinese message; the dialog stays open for a new quote.
    await expectMessage(page, '报价不能高于最高限价500000.00元');
    await screenshot(page, 'procurement-supplier-refused');
  }
  await form.getByLabel('报价（元）').fill(first);
  await form.getByRole('button', { name: '提交投标' }).click();
  await form.waitFor({ state: 'hidden' });
  await view.getByText(`我的报价：${Number(first).toLocaleString('en-US', { minimumFractionDigits: 2 })} 元`).waitFor();
  await view.getByText('已提交（第1版）').waitFor();
  if (then === 'withdraw') {
    // 撤回 before the deadline, then bid again: the same bid row, its next revision.
    await view.getByRole('button', { name: '撤回投标' }).click();
    await confirmPop(page);
    await expectMessage(page, '撤回成功');
    await view.getByText('已撤回').waitFor();
    await view.getByRole('button', { name: '投标', exact: true }).click();
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: '重新投标.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await form.getByText('重新投标.pdf').waitFor();
  } else {
    // 修改投标 before the deadline: the form holds the current quote and files.
    await view.getByRole('button', { name: '修改投标' }).click();
    await expect.poll(() => form.getByLabel('报价（元）').inputValue()).toBe(`${first}.00`);
  }
  await form.getByLabel('报价（元）').fill(price);
  await form.getByRole('button', { name: '提交投标' }).click();
  await form.waitFor({ state: 'hidden' });
  await view.getByText(`我的报价：${Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 })} 元`).waitFor();
  await view.getByText('已提交（第2版）').waitFor();
  await screenshot(page, `procurement-supplier-bid-${username}`, view);
  return page;
}

describe('procurement: notices, sign-up and sealed bids', () => {
  it('buyer01 writes and publishes the 采购公告 in 公告管理', async () => {
    const page = await as('buyer01');
    await page.getByText('公告管理').click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const start = page.getByRole('dialog', { name: '新增公告' });
    await start.getByLabel('标包').click();
    await page.keyboard.type(STAMP);
    await page.locator('.ant-select-item-option').filter({ hasText: PACKAGE }).click();
    await start.getByRole('button', { name: '下一步' }).click();
    // The package's notice editor (选商准备's NoticeEditorModal), reused here.
    const form = page.getByRole('dialog', { name: `采购公告：${PACKAGE}` });
    await form.getByLabel('公告标题').fill(TITLE);
    const editor = form.getByLabel('公告内容');
    await editor.click();
    await page.keyboard.type('本次采购食堂厨房设备，欢迎符合条件的供应商报名。');
    await screenshot(page, 'procurement-supplier-notice-form');
    await form.getByRole('button', { name: '保存草稿' }).click();
    await expectMessage(page, '保存成功');
    await form
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await form.waitFor({ state: 'hidden' });
    await row(page, TITLE).getByText('草稿').waitFor();
    await row(page, TITLE).getByRole('button', { name: '发布' }).click();
    await confirmPop(page);
    await expectMessage(page, '发布成功');
    await row(page, TITLE).getByText('已发布').waitFor();
    await expect.poll(() => row(page, TITLE).textContent()).toContain('公告中');
    await screenshot(page, 'procurement-supplier-manage');
  });

  it('supplier01 and supplier02 sign up, bid, withdraw or revise; a quote above the limit is refused', async () => {
    // A retry starts from 未报名 again: a first try that failed half-way has left sign-ups and bids behind.
    await withDatabase(dataDir, async (db) => {
      await db.query('DELETE FROM purchase_bid WHERE package_id = $1', [packageId]);
      await db.query('DELETE FROM purchase_sign_up WHERE package_id = $1', [packageId]);
    });
    await signUpAndBid('supplier01', '490000', '480000', 'withdraw', true);
    await signUpAndBid('supplier02', '460000', '450000', 'revise', false);
  });

  it('the buyer sees the bids sealed before the opening and the amounts after it', async () => {
    const page = await as('buyer01');
    await row(page, TITLE).getByRole('button', { name: '查看' }).click();
    const view = noticeDialog(page);
    await view.getByText('投标 2 家').waitFor();
    await expect.poll(() => view.getByText('已密封').count()).toBe(2);
    expect(await view.getByText('480000').count()).toBe(0);
    await screenshot(page, 'procurement-supplier-sealed', view.locator('.ant-table'));
    await page.keyboard.press('Escape');

    // The deadline passes and the buyer opens (through the API: the buyer's pages own the 开标 button).
    await withDatabase(dataDir, (db) =>
      db.query(
        `UPDATE purchase_package SET sign_up_end_time = now() - interval '2 seconds', bid_deadline = now() - interval '1 second',
           opening_start_time = now() - interval '1 second' WHERE id = $1`,
        [packageId],
      ),
    );
    const { token } = await apiLogin(baseUrl, 'buyer01');
    for (const action of ['openResponses', 'closeResponses'])
      await api(token, '/purchase/package/action', { id: packageId, action });
    await api(token, '/purchase/package/open', { id: packageId });

    await page.reload();
    await row(page, TITLE).getByRole('button', { name: '查看' }).click();
    await view.getByText('480,000.00 元').waitFor();
    await view.getByText('450,000.00 元').waitFor();
    expect(await view.getByText('已密封').count()).toBe(0);
    await view.getByText(/已于 .* 开标/).waitFor();
    await screenshot(page, 'procurement-supplier-opened', view.locator('.ant-table'));
  });

  it('我的投标 lists the supplier’s own bid with its state', async () => {
    const page = await as('supplier01', '/purchaseannouncement/MyBids');
    await row(page, PACKAGE).waitFor();
    await expect.poll(() => row(page, PACKAGE).textContent()).toContain('480,000.00 元');
    await expect.poll(() => row(page, PACKAGE).textContent()).toContain('已开标');
    expect(await row(page, PACKAGE).textContent()).not.toContain('450000');
    await screenshot(page, 'procurement-supplier-my-bids');
    await page.getByRole('tab', { name: '我的报名' }).click();
    await row(page, PACKAGE).waitFor();
  });
});
