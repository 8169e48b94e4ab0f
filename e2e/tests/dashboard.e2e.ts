/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, signInWithForm, tab, userPage, waitForPath } from './shell-support.ts';

/**
 * 采购概览 on the home page (issue 14 §10) as people see it: buyer01 signs in and finds the stage chart, the pending
 * work (a link opens its page as a tab) and this week's openings; neither a supplier nor a user without the package
 * list sees the overview, and neither loads its code or echarts. A package of A01 opening in half an hour is put in
 * place as the project module leaves it at stage 4 (待开标), so the week table and the 24-hour item have a known row
 * whatever the seed's dates.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `概览开标标包${STAMP}`;
const PURCHASE = `概览项目${STAMP}`;

let browser: Browser;
let opening = '';
const contexts: BrowserContext[] = [];
const errors: string[][] = [];
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  opening = await withDatabase(dataDir, async (db) => {
    const plan = await db.query<{ id: string }>(
      `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
       VALUES (1, 'A01', $1, $2, '2', 'inquiry', 90000, 'executing', '4') RETURNING id`,
      [`CG-DASH-${STAMP}`, `概览计划${STAMP}`],
    );
    const project = await db.query<{ id: string }>(
      `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry') RETURNING id`,
      [plan.rows[0]?.id, `NO-${STAMP}`, `PC-${STAMP}`, PURCHASE],
    );
    const pkg = await db.query<{ opening: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price,
         sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry', 4, '1', $5, 80000,
         now() - interval '3 days', now() - interval '2 days', now() - interval '1 hour', now() + interval '30 minutes')
       RETURNING to_char(opening_start_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS opening`,
      [project.rows[0]?.id, `NO-${STAMP}`, `PC-${STAMP}`, PURCHASE, PACKAGE],
    );
    return pkg.rows[0]?.opening ?? '';
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  expect(errors.flat()).toEqual([]);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [i, p] of pages.entries()) await screenshot(p, `dashboard-failed-${i}`).catch(() => undefined);
});

/** The overview's lazily loaded code: its own chunk and the echarts chunk it shares with 访问统计. */
const OVERVIEW_CHUNKS = /BuyerOverview|installSVGRenderer|echarts/;

describe('采购概览 on the home page', () => {
  it('buyer01 signs in and sees the stage chart, pending work that opens its tab, and this week’s openings', async () => {
    const { context, page } = await newUserPage(browser, baseUrl);
    contexts.push(context);
    pages.push(page);
    errors.push(collectErrors(page));
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto('/user/login');
    await signInWithForm(page, 'buyer01');
    await page.waitForURL('**/dashboard/analysis');

    const overview = page.locator('.ant-card').filter({ has: page.getByText('采购概览', { exact: true }) });
    await overview.getByText('各阶段标包数', { exact: true }).waitFor();
    // The bar chart is SVG: its axis labels are the shared stage table's names, and 流标.
    const stageChart = overview.getByRole('img', { name: /^各阶段标包数/ });
    await stageChart.locator('svg text', { hasText: /^待发布$/ }).waitFor();
    await stageChart.locator('svg text', { hasText: /^结果公示中$/ }).waitFor();
    await stageChart.locator('svg text', { hasText: /^流标$/ }).waitFor();
    // The demo seed has one 流标 package in buyer01's scope.
    await expect.poll(() => stageChart.getAttribute('aria-label')).toMatch(/流标 [1-9]\d* 个$/);

    // 本周开标: the package opening in half an hour, its time to the minute and its stage.
    const week = overview.locator('.ant-card').filter({ has: page.getByText('本周开标', { exact: true }) });
    const row = week.locator('.ant-table-row').filter({ hasText: PACKAGE });
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual([PACKAGE, PURCHASE, opening, '待开标']);
    await expect.poll(() => week.locator('thead th').allInnerTexts()).toEqual(['标包名称', '项目', '开标时间', '阶段']);

    // 各品类金额: a ring with the category names, or 暂无数据 in a year with no approved plan.
    const amounts = overview.locator('.ant-card').filter({ has: page.getByText('各品类金额', { exact: true }) });
    await amounts.locator('svg text, .ant-empty-description').first().waitFor();
    await screenshot(page, 'dashboard-buyer');
    if ((await amounts.locator('.ant-empty-description').count()) === 0) {
      // The tooltip names the category and its amount in the money format #,##0.00.
      const ring = amounts.getByRole('img', { name: /^各品类金额/ });
      await ring.scrollIntoViewIfNeeded();
      const box = await ring.boundingBox();
      if (!box) throw new Error('no ring');
      // Just right of the ring's top: the first sector (劳务) starts at twelve o'clock and runs clockwise.
      await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height * 0.45 - box.height * 0.27);
      const tip = ring.locator('div').filter({ hasText: /元（/ }).last();
      await expect.poll(() => tip.textContent()).toMatch(/^劳务\d{1,3}(,\d{3})*\.\d{2} 元（[\d.]+%）$/);
      await screenshot(page, 'dashboard-buyer-amount-tooltip', amounts);
    }
    // What the supplier's test checks is absent is what the buyer's home loads (so that check means something).
    expect(loaded.some((url) => /BuyerOverview/.test(url))).toBe(true);

    // 我的待办事项: the package opening within 24 hours is one; its link opens 选商启动 as a tab.
    const pending = overview.getByRole('list', { name: '我的待办事项' });
    const item = pending.getByRole('listitem').filter({ hasText: '24小时内开标的标包' });
    await expect.poll(async () => Number(await item.locator('.ant-badge').textContent())).toBeGreaterThanOrEqual(1);
    await item.getByRole('link', { name: '24小时内开标的标包' }).click();
    await waitForPath(page, '/purchase/selectionStart');
    await tab(page, '选商启动').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: PACKAGE }).first().waitFor();
    await screenshot(page, 'dashboard-buyer-pending-tab');
  });

  it('if the overview cannot be loaded, the home page stays usable and says so in its place', async () => {
    const { context, page } = await userPage(browser, baseUrl, 'buyer01');
    contexts.push(context);
    pages.push(page);
    // The refused chunk is logged (that is expected here), so this page's errors are not collected.
    await page.route(/\/assets\/BuyerOverview-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/dashboard/analysis');
    await page.getByText('采购概览加载失败，请刷新页面重试').waitFor();
    await page.getByText(/^欢迎，/).waitFor();
    await page.getByText('我的功能菜单', { exact: true }).waitFor();
  });

  async function homeOf(username: string) {
    const { context, page } = await userPage(browser, baseUrl, username);
    contexts.push(context);
    pages.push(page);
    errors.push(collectErrors(page));
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto('/dashboard/analysis');
    return {
      page,
      overviewRequests: () => loaded.filter((u) => OVERVIEW_CHUNKS.test(u) || u.includes('/purchase/dashboard/')),
    };
  }

  it('supplier01 sees no 采购概览 (their menu has no home page: they land on 采购公告) and loads none of its code', async () => {
    const { page, overviewRequests } = await homeOf('supplier01');
    await tab(page, '采购公告').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByText('采购概览', { exact: true }).count()).toBe(0);
    expect(overviewRequests()).toEqual([]);
    await screenshot(page, 'dashboard-supplier');
  });

  it('a user with the home page but without purchase:package:list (expert01) sees no 采购概览 and loads none of its code', async () => {
    const { page, overviewRequests } = await homeOf('expert01');
    await page.getByText('我的功能菜单', { exact: true }).waitFor();
    await page.getByText(/^欢迎，/).waitFor();
    expect(await page.getByText('采购概览', { exact: true }).count()).toBe(0);
    expect(overviewRequests()).toEqual([]);
    await screenshot(page, 'dashboard-expert');
  });
});
