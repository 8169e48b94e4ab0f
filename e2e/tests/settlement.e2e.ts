/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject } from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';
import { addSettlement, pay } from './supplier-support.ts';

/**
 * Issue 16, slice p16-settle: buyer01 creates two settlements on a 履行中 contract (set up by SQL: the contract
 * slice builds drafting and signing in parallel), submits them, leader01 and manager01 approve them in 我的待办,
 * buyer01 records a payment on each, 结算台账 shows the exact figures and supplier01 sees both in 我的结算.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const CONTRACT_NO = `HT-E2E-${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'settle-failed' });
const as = (username: string, path: string) => users.as(username, path);
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });

async function performingContract(): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, { stamp: STAMP, code: 'ST', name: `结算测试采购${STAMP}` });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price,
         lower_coefficient_type, min_bidders)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 12, '1', $4, 500000, 0, 3) RETURNING id`,
      [projectId, `NO-ST-${STAMP}`, `PC-ST-${STAMP}`, `结算测试标包${STAMP}`],
    );
    await db.query(
      `INSERT INTO contract (tenant_id, sys_org_code, contract_no, name, package_id, supplier_id, amount, term_start,
         term_end, warranty_period, retention_rate, state, approval_status)
       VALUES (1, 'A01', $1, $2, $3, (SELECT id FROM supplier WHERE tenant_id = 1 AND name = '华东建设工程有限公司'),
         100000, '2026-01-01', '2026-12-31', 12, 5, 'performing', '4')`,
      [CONTRACT_NO, `结算测试合同${STAMP}`, pkg.rows[0]?.id],
    );
  });
}

async function approve(username: string) {
  const page = await as(username, '/dashboard/analysis');
  await openSiderMenu(page, '流程中心', '我的待办', '/workflow/todo');
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await row(page, CONTRACT_NO).first().getByRole('button', { name: '办理' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '办理：' });
    await drawer.waitFor();
    await drawer.getByLabel('审批意见').fill('同意结算');
    await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
    await expectMessage(page, '操作成功!');
    await drawer.waitFor({ state: 'hidden' });
  }
}

describe('结算 (settlement)', () => {
  it('two settlements → approved in 我的待办 → payments → 结算台账 figures', { timeout: 300_000 }, async () => {
    await performingContract();
    const buyer = await as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '合同结算', '结算管理', '/settlement/list');
    await buyer.getByRole('columnheader', { name: '结算单号' }).waitFor();
    await addSettlement(buyer, CONTRACT_NO, '30000', '1000', 'settle-form');
    await addSettlement(buyer, CONTRACT_NO, '20000.50', '0', 'settle-form');
    await buyer.getByLabel('合同编号').fill(CONTRACT_NO);
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(buyer, CONTRACT_NO).count()).toBe(2);
    for (const no of ['JS01', 'JS02']) {
      await row(buyer, `${CONTRACT_NO}-${no}`).getByRole('button', { name: /更多/ }).click();
      const entry = buyer.getByRole('menuitem', { name: '提交审批' });
      const dropdown = buyer.locator('.ant-dropdown').filter({ has: entry });
      await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
      await entry.click();
      const confirm = buyer.locator('.ant-modal-confirm').filter({ hasText: '确定提交审批吗?' });
      await confirm.getByRole('button', { name: /确\s*定/ }).click();
      await expectMessage(buyer, '已提交审批');
      await confirm.waitFor({ state: 'hidden' });
    }
    await screenshot(buyer, 'settle-list-approving');

    await approve('leader01');
    await approve('manager01');

    await buyer.bringToFront();
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS01`).textContent()).toContain('已审批');
    // JS01: 30,000 − 1,000 − retention 1,500 = 27,500 payable; JS02: 20,000.50 − 1,000.03 = 19,000.47.
    expect(await row(buyer, `${CONTRACT_NO}-JS01`).textContent()).toContain('¥27,500.00');
    await pay(buyer, `${CONTRACT_NO}-JS01`, '27500', `PZ-${STAMP}`, 'settle-payment');
    await pay(buyer, `${CONTRACT_NO}-JS02`, '10000', `PZ-${STAMP}`, 'settle-payment');
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS01`).textContent()).toContain('已付清');
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS02`).textContent()).toContain('部分付款');
    await screenshot(buyer, 'settle-list-paid');

    await openSiderMenu(buyer, '合同结算', '结算台账', '/settlement/ledger');
    await buyer.locator('.aps-search-bar:visible').getByLabel('合同编号').fill(CONTRACT_NO);
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(buyer, CONTRACT_NO).count()).toBe(1);
    const ledger = (await row(buyer, CONTRACT_NO).textContent()) ?? '';
    // total 100,000; settled 50,000.50; paid 37,500; unpaid 46,500.47 − 37,500 = 9,000.47; retention 2,500.03.
    for (const figure of ['¥100,000.00', '¥50,000.50', '¥37,500.00', '¥9,000.47', '¥2,500.03', '¥49,999.50']) {
      expect(ledger).toContain(figure);
    }
    await buyer.locator('[aria-label="月度结算与付款金额"]').first().waitFor();
    await screenshot(buyer, 'settle-ledger');

    // 我的结算: the supplier sees both settlements of its contract and what it received.
    const supplier = await as('supplier01', '/settlement/my');
    await supplier.locator('.aps-search-bar:visible').getByLabel('合同编号').fill(CONTRACT_NO);
    await supplier.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(supplier, CONTRACT_NO).count()).toBe(2);
    expect(await row(supplier, `${CONTRACT_NO}-JS02`).textContent()).toContain('¥10,000.00');
    await screenshot(supplier, 'settle-supplier');
  });
});
