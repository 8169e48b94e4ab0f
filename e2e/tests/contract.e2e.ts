/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { confirmPop, preparePackage, row } from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';

/**
 * Issue 16, a contract in the real UI. Set-up writes an awarded package as the award flow leaves it (stage 12,
 * supplier01's 华东建设 ranked first with its opened bid at 480000.00 and its 中标通知书); from there everything is
 * clicked: buyer01 drafts the contract from the package on 合同管理 (winner and winning price from the award),
 * submits it; leader01 and manager01 approve in 我的待办; buyer01 signs; supplier01 confirms in 我的合同; the
 * contract is 履行中 on both sides.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PURCHASE = `厂区道路维修采购${STAMP}`;
const PACKAGE = `道路标包${STAMP}`;
const CONTRACT = `厂区道路维修合同${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'contract-failed' });
const as = (username: string, path: string) => users.as(username, path);

beforeAll(async () => {
  const packageId = await preparePackage(dataDir, {
    stamp: STAMP,
    code: 'HT',
    purchase: PURCHASE,
    packageName: PACKAGE,
  });
  await withDatabase(dataDir, async (db) => {
    const sup = await db.query<{ supplier_id: string; user_id: string }>(
      `SELECT su.supplier_id, su.user_id FROM supplier_user su JOIN sys_user u ON u.id = su.user_id
       WHERE u.username = 'supplier01' AND su.tenant_id = 1`,
    );
    const s = sup.rows[0];
    if (!s) throw new Error('supplier01 has no supplier');
    const signUp = await db.query<{ id: string }>(
      `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id) VALUES (1, $1, $2, $3) RETURNING id`,
      [packageId, s.supplier_id, s.user_id],
    );
    await db.query(
      `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by,
         price, evaluated_price, opened_time)
       VALUES (1, $1, $2, $3, 'price', 'opened', $4, 480000, 480000, now())`,
      [packageId, s.supplier_id, signUp.rows[0]?.id, s.user_id],
    );
    await db.query(
      `UPDATE purchase_package SET purchase_stage = 12, election_status = '1', award_time = now(),
         ranked_candidates = $2::jsonb, valid_bidder_ids = $2::jsonb, pay_type_memo = '验收合格后30日内付款',
         warranty_period = 12
       WHERE id = $1`,
      [packageId, JSON.stringify([s.supplier_id])],
    );
    await db.query(
      `INSERT INTO purchase_award_letter (tenant_id, package_id, supplier_id, kind) VALUES (1, $1, $2, 'win')`,
      [packageId, s.supplier_id],
    );
  });
});

const drawer = (page: Page) => page.getByRole('dialog').filter({ hasText: '新增合同' });

async function pickDate(page: Page, label: string, value: string) {
  const box = drawer(page).getByLabel(label);
  await box.click();
  await box.fill(value);
  // Tab commits the typed date on blur (Enter would submit the form).
  await box.press('Tab');
  await expect.poll(() => box.inputValue()).toBe(value);
}

async function approve(username: string) {
  const page = await as(username, '/workflow/todo');
  await row(page, CONTRACT).getByRole('button', { name: '办理' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '办理：' });
  await dialog.getByLabel('审批意见').fill('同意签订');
  await dialog.getByRole('button', { name: /^同\s*意$/ }).click();
  await expectMessage(page, '操作成功!');
  await dialog.waitFor({ state: 'hidden' });
}

async function findContract(page: Page) {
  await page.locator('#contractSearch_name').fill(STAMP);
  await page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await row(page, CONTRACT).waitFor();
}

describe('a contract from the award to 履行中', () => {
  it('buyer01 drafts the contract from the awarded package and submits it', async () => {
    const page = await as('buyer01', '/contract/list');
    await page
      .getByRole('button')
      .filter({ hasText: /^新增$/ })
      .click();
    await drawer(page).waitFor();
    const pkg = drawer(page).getByLabel('标包');
    await pkg.click();
    await pkg.fill(STAMP);
    await page.locator('.ant-select-item-option').filter({ hasText: PACKAGE }).click();
    await drawer(page).getByText('华东建设工程有限公司').waitFor();
    await drawer(page).getByText('480,000.00').first().waitFor();
    await expect.poll(() => drawer(page).getByLabel('付款条件').inputValue()).toBe('验收合格后30日内付款');
    await drawer(page).getByLabel('合同名称').fill(CONTRACT);
    await pickDate(page, '开始日期', '2026-12-01');
    await pickDate(page, '结束日期', '2027-11-30');
    await screenshot(page, 'contract-new');
    await drawer(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectMessage(page, '添加成功！');
    await findContract(page);
    expect(await row(page, CONTRACT).textContent()).toContain('草稿');
    await row(page, CONTRACT).getByRole('button', { name: '提交审批' }).click();
    await confirmPop(page);
    await expectMessage(page, '已提交审批');
    await expect.poll(() => row(page, CONTRACT).textContent()).toContain('审批中');
  });

  it('leader01 and manager01 approve in 我的待办: 待签订', async () => {
    await approve('leader01');
    await approve('manager01');
    const page = await as('buyer01', '/contract/list');
    await findContract(page);
    await expect.poll(() => row(page, CONTRACT).textContent()).toContain('待签订');
  });

  it('buyer01 signs, supplier01 confirms in 我的合同: 履行中', async () => {
    const buyer = await as('buyer01', '/contract/list');
    await row(buyer, CONTRACT).getByRole('button', { name: '签订' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '签订成功');

    const supplier = await as('supplier01', '/contract/my');
    await row(supplier, CONTRACT).waitFor();
    expect(await row(supplier, CONTRACT).textContent()).toContain('采购方已签');
    await screenshot(supplier, 'contract-my');
    await row(supplier, CONTRACT).getByRole('button', { name: '确认签订' }).click();
    await confirmPop(supplier);
    await expectMessage(supplier, '签订成功');
    await expect.poll(() => row(supplier, CONTRACT).textContent()).toContain('履行中');

    await findContract(await as('buyer01', '/contract/list'));
    await expect.poll(() => row(buyer, CONTRACT).textContent()).toContain('履行中');
    await screenshot(buyer, 'contract-list');
    await row(buyer, CONTRACT).getByRole('button', { name: '详情' }).click();
    const detail = buyer.getByRole('dialog').filter({ hasText: '合同详情' });
    await detail.getByText('480,000.00').first().waitFor();
    await screenshot(buyer, 'contract-detail');
  });
});
