/// <reference lib="dom" />

import { drizzle } from 'drizzle-orm/node-postgres';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../apps/server/src/db/client.ts';
import { createPackageStages } from '../../apps/server/src/modules/procurement/project/stage.ts';
import { recomputeResult } from '../../apps/server/src/modules/procurement/review/result.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, userPage } from './shell-support.ts';

/**
 * 评审汇总, 竞选核查 and 确认评审结果 (issue 15 §9) as the leader expert01 uses them. The steps before 组长汇总 are
 * other slices', so set-up writes, as they leave it, a package at stage 8 (one candidate wanted) with three seeded
 * suppliers' opened bids, a committee of expert01..05 in 组长汇总 (expert01 leads) and every score submitted — the
 * issue's hand-computed case — and runs the result computation the 'summarizing' seam runs (recomputeResult).
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `汇总标包${STAMP}`;
const EXPERTS = ['expert01', 'expert02', 'expert03', 'expert04', 'expert05'];
// A, B, C: the first three seeded suppliers by name; C ranks first (92.67), A second (90.23), B third (87.33).
const CASE = [
  { price: '950000.00', tech: [35, 38, 30, 36, 33], biz: [18, 17, 19, 15, 18] },
  { price: '900000.00', tech: [30, 32, 31, 29, 33], biz: [16, 16, 17, 15, 18] },
  { price: '1000000.00', tech: [39, 37, 38, 40, 36], biz: [19, 20, 18, 19, 17] },
];

let browser: Browser;
let context: BrowserContext | undefined;
let errors: string[] = [];
let names: string[] = [];
let committeeId = '';

async function prepare(): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const plan = await db.query<{ id: string }>(
      `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
       VALUES (1, 'A01', $1, $2, '2', 'open_tender', 9000000, 'executing', '4') RETURNING id`,
      [`CG-RS-${STAMP}`, `汇总计划${STAMP}`],
    );
    const project = await db.query<{ id: string }>(
      `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender') RETURNING id`,
      [plan.rows[0]?.id, `NO-RS-${STAMP}`, `PC-RS-${STAMP}`, `汇总项目${STAMP}`],
    );
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price,
         purchase_candidate_count, opening_start_time, review_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 8, '01', $5, 2000000, 1, now() - interval '2 hours',
         now() - interval '1 hour', 'buyer01') RETURNING id`,
      [project.rows[0]?.id, `NO-RS-${STAMP}`, `PC-RS-${STAMP}`, `汇总项目${STAMP}`, PACKAGE],
    );
    const packageId = pkg.rows[0]?.id as string;
    const items = await db.query<{ id: string; name: string }>(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'scoring', '技术', 40, 1), (1, $1, 'scoring', '商务', 20, 2) RETURNING id, name`,
      [packageId],
    );
    const tech = items.rows.find((r) => r.name === '技术')?.id;
    const biz = items.rows.find((r) => r.name === '商务')?.id;
    const c = await db.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, 5, 'e2e', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01', 'summarizing')
       RETURNING id`,
      [packageId],
    );
    committeeId = c.rows[0]?.id as string;
    const members = await db.query<{ id: string; username: string }>(
      `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
         sign_in_time, submit_time)
       SELECT 1, $1, $2, u.id, e.id, 'expert', array_position($3::text[], u.username), 'summarizing', now(), now()
       FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ANY($3::text[])
       RETURNING id, (SELECT username FROM sys_user WHERE id = user_id) AS username`,
      [committeeId, packageId, EXPERTS],
    );
    const memberIds = EXPERTS.map((u) => members.rows.find((m) => m.username === u)?.id);
    await db.query('UPDATE review_committee SET leader_member_id = $1 WHERE id = $2', [memberIds[0], committeeId]);
    const suppliers = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM supplier WHERE tenant_id = 1 AND del_flag = 0 ORDER BY name LIMIT 3`,
    );
    names = suppliers.rows.map((s) => s.name);
    for (const [i, s] of suppliers.rows.entries()) {
      const x = CASE[i];
      if (!x) continue;
      const su = await db.query<{ id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         VALUES (1, $1, $2, gen_random_uuid()) RETURNING id`,
        [packageId, s.id],
      );
      const b = await db.query<{ id: string }>(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
           submit_by, price, evaluated_price, opened_time)
         VALUES (1, $1, $2, $3, 'price', 'opened', '[]'::jsonb, gen_random_uuid(), $4, $4, now()) RETURNING id`,
        [packageId, s.id, su.rows[0]?.id, x.price],
      );
      const bidId = b.rows[0]?.id;
      await db.query(
        `INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification, evaluated_price)
         VALUES (1, $1, $2, $3, $4, 'passed', $5)`,
        [committeeId, packageId, bidId, s.id, x.price],
      );
      for (const [k, memberId] of memberIds.entries()) {
        await db.query(
          `INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score, state, submit_time)
           VALUES (1, $1, $2, $3, $4, $5, 'submitted', now()), (1, $1, $2, $3, $6, $7, 'submitted', now())`,
          [committeeId, memberId, bidId, tech, x.tech[k], biz, x.biz[k]],
        );
      }
    }
    // What the last submission's 'summarizing' seam runs, through the same function.
    const tx = drizzle(db) as unknown as { transaction: <T>(f: (tx: DbOrTx) => Promise<T>) => Promise<T> };
    await tx.transaction((t) =>
      recomputeResult(t, createPackageStages(), {
        tenantId: 1,
        packageId,
        committeeId,
        actor: { tenantId: 1, userId: memberIds[0] ?? '', username: 'expert01' },
      }),
    );
  });
}

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  expect(errors).toEqual([]);
});

describe('评审汇总 (issue 15 §9)', () => {
  it('the leader reads the summary, records a failed credit check, and confirms the result', async () => {
    browser = await launchBrowser();
    await prepare();
    const [a, , c] = names;
    const signed = await userPage(browser, baseUrl, 'expert01', { viewport: { width: 1600, height: 1000 } });
    context = signed.context;
    const page = signed.page;
    errors = collectErrors(page);
    await page.goto('/review/task');
    await page.locator('.aps-sider').waitFor();
    await openSiderMenu(page, '专家评审', '评审任务', '/review/task');
    await page.locator('#reviewTaskSearch_name').fill(STAMP);
    await page
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await row.getByRole('button', { name: '进入评审' }).click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: '采购信息' }) });
    await drawer.getByRole('tab', { name: '评审汇总' }).click();
    const summary = drawer.locator('.ant-table-row').filter({ hasText: c ?? '' });
    await summary.getByText('92.67').waitFor();
    await summary.getByText('中标候选人').waitFor();
    await drawer
      .locator('.ant-table-row')
      .filter({ hasText: a ?? '' })
      .getByText('90.23')
      .waitFor();
    await drawer.getByText('34.667').waitFor();
    await drawer.getByText('价格分（40.00）').first().waitFor();
    await summary.locator('.ant-table-row-expand-icon').click();
    await drawer.getByText('38.000').first().waitFor();
    await screenshot(page, 'result-summary');
    await drawer
      .locator('.ant-drawer-close')
      .click()
      .catch(() => undefined);
    await page.keyboard.press('Escape');

    await openSiderMenu(page, '专家评审', '竞选核查', '/review/campaignCheck');
    const pkgRow = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await pkgRow.click();
    const panel = page.locator('.ant-card').filter({ hasText: `竞选核查：${PACKAGE}` });
    const cand = panel.locator('.ant-table-row').filter({ hasText: c ?? '' });
    await cand.waitFor();
    await screenshot(page, 'result-campaign-check');
    // 信用核查 is the fourth check column.
    await cand.locator('td').nth(6).getByRole('button', { name: '核查' }).click();
    const modal = page.getByRole('dialog').filter({ hasText: `信用核查：${c}` });
    await modal.getByText('不通过').click();
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await modal.getByText('核查不通过须填写核查情况').waitFor();
    await modal.getByPlaceholder('核查情况').fill('信用中国查询存在严重失信记录');
    await screenshot(page, 'result-campaign-check-fail');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已记录核查不通过，候选人已依次递补').waitFor();
    await cand.getByText('已取消资格').waitFor();
    await panel
      .locator('.ant-table-row')
      .filter({ hasText: a ?? '' })
      .getByRole('button', { name: '核查' })
      .first()
      .waitFor();
    await screenshot(page, 'result-campaign-check-promoted');

    await openSiderMenu(page, '专家评审', '评审任务', '/review/task');
    await row.getByRole('button', { name: '进入评审' }).click();
    await drawer.getByRole('tab', { name: '评审汇总' }).click();
    await drawer
      .locator('.ant-table-row')
      .filter({ hasText: a ?? '' })
      .getByText('中标候选人')
      .waitFor();
    await drawer.getByRole('button', { name: '确认评审结果' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('评审结果已确认，请评审成员签字').waitFor();
    await drawer.getByRole('button', { name: '确认评审结果' }).waitFor({ state: 'detached' });
    await drawer.getByText('评审结果已由组长确认，评审成员签字中').waitFor();
    await screenshot(page, 'result-confirmed');
    const state = await withDatabase(dataDir, (db) =>
      db.query<{ state: string }>('SELECT state FROM review_committee WHERE id = $1', [committeeId]),
    );
    expect(state.rows[0]?.state).toBe('signing');
  });
});
