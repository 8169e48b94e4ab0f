/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, userPage } from './shell-support.ts';

/**
 * Issue 15 §2 in the real UI: buyer01 opens 专家抽取 on 评审管理 for a package in stage 5 (已开标) with bids of
 * supplier01 and supplier02 (written by set-up's SQL, as the bid module would have), draws a committee of five and
 * reads the members, the seed and the experts left out (expert03's declared avoidance of 中泰物资贸易有限公司, the
 * suspended expert06). expert01… are then the drawn; one of them finds the message in the bell.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `评审抽取标包${STAMP}`;

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[] = [];

async function preparePackage(): Promise<string> {
  return withDatabase(dataDir, async (db) => {
    const plan = await db.query<{ id: string }>(
      `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
       VALUES (1, 'A01', $1, $2, '2', 'open_tender', 900000, 'executing', '4') RETURNING id`,
      [`CG-DR-${STAMP}`, `抽取计划${STAMP}`],
    );
    const project = await db.query<{ id: string }>(
      `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender') RETURNING id`,
      [plan.rows[0]?.id, `NO-DR-${STAMP}`, `PC-DR-${STAMP}`, `抽取采购${STAMP}`],
    );
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, expert_count,
         sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 5, '1', $5, 500000, 5,
         now() - interval '3 hours', now() - interval '2 hours', now() - interval '90 minutes',
         now() - interval '1 hour', 'buyer01')
       RETURNING id`,
      [project.rows[0]?.id, `NO-DR-${STAMP}`, `PC-DR-${STAMP}`, `抽取采购${STAMP}`, PACKAGE],
    );
    const id = pkg.rows[0]?.id ?? '';
    const suppliers = await db.query<{ id: string; user_id: string }>(
      `SELECT s.id, (SELECT su.user_id FROM supplier_user su WHERE su.supplier_id = s.id LIMIT 1) AS user_id
         FROM supplier s WHERE s.tenant_id = 1 AND s.name IN ('华东建设工程有限公司', '中泰物资贸易有限公司')`,
    );
    for (const s of suppliers.rows) {
      const signUp = await db.query<{ id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id) VALUES (1, $1, $2, $3) RETURNING id`,
        [id, s.id, s.user_id],
      );
      await db.query(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by)
         VALUES (1, $1, $2, $3, 'price', 'sealed', $4)`,
        [id, s.id, signUp.rows[0]?.id, s.user_id],
      );
    }
    return id;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await preparePackage();
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  expect(errors).toEqual([]);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) await screenshot(page, 'review-draw-failed').catch(() => undefined);
});

describe('专家抽取 on 评审管理', () => {
  it('draws a committee of five and shows members, seed and the excluded experts with reasons', async () => {
    const opened = await userPage(browser, baseUrl, 'buyer01', { viewport: { width: 1600, height: 1000 } });
    context = opened.context;
    page = opened.page;
    errors = collectErrors(page);
    await page.goto('/dashboard/analysis');
    await openSiderMenu(page, '采购管理', '评审管理', '/purchase/review');
    await page.locator('#reviewSearch_name').fill(STAMP);
    await page
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await row.getByRole('button', { name: '专家抽取' }).click();

    const dialog = page.getByRole('dialog', { name: `专家抽取：${PACKAGE}` });
    // The size comes from the package's 专家人数.
    await expect.poll(() => dialog.getByLabel('评审委员会人数').inputValue()).toBe('5');
    await dialog.getByRole('button', { name: '抽取专家' }).click();
    await expectMessage(page, '抽取成功!');

    await dialog.getByText('抽取种子').waitFor();
    expect(await dialog.locator('code').first().textContent()).toMatch(/^[0-9a-f]{32}$/);
    const members = dialog.locator('.ant-table').first().locator('.ant-table-row');
    await expect.poll(() => members.count()).toBe(5);
    expect(await members.filter({ hasText: '已抽取' }).count()).toBe(5);
    const excluded = dialog.locator('.ant-table').nth(1);
    await excluded.getByText('已声明回避投标人中泰物资贸易有限公司').waitFor();
    await excluded.getByText('专家状态为暂停').waitFor();
    await screenshot(page, 'review-draw-committee', dialog);
  });
});
