/// <reference lib="dom" />
import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newUserPage, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { confirmPop, NOTICE_TABS, preparePackage, publishNotice, row, signUpAndBid } from './procurement-support.ts';
import { collectErrors, expectMessage, signInWithForm } from './shell-support.ts';
import {
  addSettlement,
  approveIn,
  blacklistAssignee,
  type Company,
  fastForwardAward,
  pay,
  publishedLabourNotice,
  registerCompany,
  releaseBlacklist,
} from './supplier-support.ts';

/**
 * Issue 16 as one story of users: a new company registers through /register, manager01 and leader01 admit it in
 * 我的待办, admin qualifies it on 供应商名录; it signs up and bids on a fresh package from the notice; the review and
 * the award are fast-forwarded by SQL (as contract.e2e.ts's set-up leaves an awarded package); buyer01 drafts the
 * contract from the award, leader01 and manager01 approve, buyer01 signs and the company confirms in 我的合同
 * (履行中); buyer01 settles twice, both approved, a payment on each, and 结算台账 shows the exact figures; admin
 * blacklists supplier03's 鑫源劳务 (approved), and supplier03's sign-up on a notice is refused on screen.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = Date.now().toString().slice(-7);
const company: Company = {
  name: `远航智造科技有限公司${STAMP}`,
  username: `yh_${STAMP}`,
  phone: `137${STAMP}${crypto.randomInt(0, 10)}`,
  password: 'Yuanhang2026ok',
  stamp: STAMP,
};
const PURCHASE = `智能仓储设备采购${STAMP}`;
const PACKAGE = `仓储标包${STAMP}`;
const NOTICE = `智能仓储设备公开招标${STAMP}`;
const CONTRACT = `智能仓储设备合同${STAMP}`;
const CONTRACT_NO = `HT-SF-${STAMP}`;
const REASON = `E2E围标${STAMP}`;
const LABOUR = `劳务外包采购${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'supplier-flow-failed' });
const as = (username: string, path: string) => users.as(username, path);
const ok = (scope: Locator) => scope.getByRole('button', { name: /^确\s*定$/ }).click();
const searchBar = (page: Page) =>
  page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();

afterAll(() => releaseBlacklist(dataDir, REASON));

async function pickDate(scope: Locator, label: string, value: string) {
  const box = scope.getByLabel(label);
  await box.click();
  await box.fill(value);
  await box.press('Tab');
  await expect.poll(() => box.inputValue()).toBe(value);
}

describe('供应商全流程: register → admitted → qualified → bid → contract → settlement → blacklist', () => {
  it('a new company goes from /register to paid settlements; a blacklisted supplier is refused', {
    timeout: 1_200_000,
  }, async () => {
    // ── 1. the company registers on /register ──
    const reg = await newUserPage(users.browser, baseUrl);
    const regErrors = collectErrors(reg.page);
    try {
      await registerCompany(reg.page, dataDir, company);
      expect(regErrors).toEqual([]);
    } finally {
      await reg.context.close();
    }

    // ── 2. manager01 and leader01 admit it in 我的待办 ──
    const admission = `供应商准入「${company.name}」`;
    await approveIn(await as('manager01', '/workflow/todo'), admission, '资料齐全', 'supplier-flow-05-admission');
    await approveIn(await as('leader01', '/workflow/todo'), admission, '同意准入', 'supplier-flow-06-admission');

    // ── 3. admin qualifies it on 供应商名录 ──
    const admin = await as('admin', '/dashboard/analysis');
    await openSiderMenu(admin, '供应商管理', '供应商名录', '/supplier/directory');
    await admin.locator('#supplierSearch_name').fill(company.name);
    await searchBar(admin);
    await row(admin, company.name).getByText('准入', { exact: true }).waitFor();
    await row(admin, company.name).getByRole('button', { name: /更多/ }).click();
    const entry = admin.getByRole('menuitem', { name: '评为合格' });
    const dropdown = admin.locator('.ant-dropdown').filter({ has: entry });
    await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
    await entry.click();
    const qualify = admin.getByRole('dialog').filter({ hasText: `评为合格：${company.name}` });
    await qualify.getByLabel('原因').fill('资质审核合格');
    await qualify.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(admin, '评为合格成功');
    await row(admin, company.name).getByText('合格', { exact: true }).waitFor();
    await screenshot(admin, 'supplier-flow-07-qualified');

    // ── 4. buyer01 publishes a fresh package's notice; the company signs up and bids ──
    const packageId = await preparePackage(dataDir, {
      stamp: STAMP,
      code: 'SF',
      purchase: PURCHASE,
      packageName: PACKAGE,
    });
    const buyer = await as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '采购管理', '选商准备', '/purchase/selectionPrepare');
    await publishNotice(buyer, STAMP, PACKAGE, NOTICE);
    await screenshot(buyer, 'supplier-flow-08-notice');
    const own = await newUserPage(users.browser, baseUrl);
    const ownErrors = collectErrors(own.page);
    const supplier = own.page;
    try {
      await supplier.goto('/user/login');
      await signInWithForm(supplier, company.username, company.password);
      await supplier.waitForURL((u) => !u.pathname.startsWith('/user/login'));
      await supplier.goto(NOTICE_TABS);
      await signUpAndBid(supplier, PURCHASE, NOTICE, '450000');
      await screenshot(supplier, 'supplier-flow-09-bid');

      // ── 5. review and award fast-forwarded by SQL: 已定标, the company first (as contract.e2e.ts sets up) ──
      await fastForwardAward(dataDir, packageId, company.name, '450000');

      // ── 6. buyer01 drafts the contract from the award and submits it ──
      await buyer.goto('/contract/list');
      await buyer
        .getByRole('button')
        .filter({ hasText: /^新增$/ })
        .click();
      const draft = buyer.getByRole('dialog').filter({ hasText: '新增合同' });
      await draft.waitFor();
      const pkg = draft.getByLabel('标包');
      await pkg.click();
      await pkg.fill(STAMP);
      await buyer.locator('.ant-select-item-option').filter({ hasText: PACKAGE }).click();
      await draft.getByText(company.name).waitFor();
      await draft.getByText('450,000.00').first().waitFor();
      await draft.getByLabel('合同名称').fill(CONTRACT);
      await draft.getByLabel('合同编号').fill(CONTRACT_NO);
      await pickDate(draft, '开始日期', '2026-01-01');
      await pickDate(draft, '结束日期', '2026-12-31');
      await screenshot(buyer, 'supplier-flow-10-contract-new');
      await ok(draft);
      await expectMessage(buyer, '添加成功！');
      await buyer.locator('#contractSearch_name').fill(STAMP);
      await searchBar(buyer);
      await row(buyer, CONTRACT).getByText('草稿').waitFor();
      await row(buyer, CONTRACT).getByRole('button', { name: '提交审批' }).click();
      await confirmPop(buyer);
      await expectMessage(buyer, '已提交审批');

      // ── 7. leader01 and manager01 approve; buyer01 signs; the company confirms in 我的合同 → 履行中 ──
      await approveIn(await as('leader01', '/workflow/todo'), CONTRACT, '同意签订', 'supplier-flow-11-contract-todo');
      await approveIn(await as('manager01', '/workflow/todo'), CONTRACT, '同意签订', 'supplier-flow-12-contract-todo');
      await buyer.goto('/contract/list');
      await buyer.locator('#contractSearch_name').fill(STAMP);
      await searchBar(buyer);
      await row(buyer, CONTRACT).getByText('待签订').waitFor();
      await row(buyer, CONTRACT).getByRole('button', { name: '签订' }).click();
      await confirmPop(buyer);
      await expectMessage(buyer, '签订成功');

      await supplier.goto('/contract/my');
      await expect.poll(() => row(supplier, CONTRACT).textContent()).toContain('采购方已签');
      await row(supplier, CONTRACT).getByRole('button', { name: '确认签订' }).click();
      await confirmPop(supplier);
      await expectMessage(supplier, '签订成功');
      await expect.poll(() => row(supplier, CONTRACT).textContent()).toContain('履行中');
      await screenshot(supplier, 'supplier-flow-13-contract-performing');
      expect(ownErrors).toEqual([]);
    } finally {
      await own.context.close();
    }

    // ── 8. buyer01 settles twice; both approved; a payment on each; 结算台账 figures ──
    await openSiderMenu(buyer, '合同结算', '结算管理', '/settlement/list');
    await buyer.getByRole('columnheader', { name: '结算单号' }).waitFor();
    await addSettlement(buyer, CONTRACT_NO, '30000', '1000');
    await addSettlement(buyer, CONTRACT_NO, '20000.50', '0');
    await buyer.locator('.aps-search-bar:visible').getByLabel('合同编号').fill(CONTRACT_NO);
    await searchBar(buyer);
    await expect.poll(() => row(buyer, CONTRACT_NO).count()).toBe(2);
    for (const no of ['JS01', 'JS02']) {
      await row(buyer, `${CONTRACT_NO}-${no}`).getByRole('button', { name: /更多/ }).click();
      const submit = buyer.getByRole('menuitem', { name: '提交审批' });
      const menu = buyer.locator('.ant-dropdown').filter({ has: submit });
      await expect.poll(() => menu.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
      await submit.click();
      const confirm = buyer.locator('.ant-modal-confirm').filter({ hasText: '确定提交审批吗?' });
      await confirm.getByRole('button', { name: /确\s*定/ }).click();
      await expectMessage(buyer, '已提交审批');
      await confirm.waitFor({ state: 'hidden' });
    }
    await screenshot(buyer, 'supplier-flow-14-settlements');
    await approveIn(await as('leader01', '/workflow/todo'), CONTRACT_NO, '同意结算', 'supplier-flow-15-settle-todo', 2);
    await approveIn(
      await as('manager01', '/workflow/todo'),
      CONTRACT_NO,
      '同意结算',
      'supplier-flow-16-settle-todo',
      2,
    );

    await buyer.bringToFront();
    await searchBar(buyer);
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS02`).textContent()).toContain('已审批');
    // JS01: 30,000 − 1,000 − retention 5% 1,500 = 27,500 payable; JS02: 20,000.50 − 1,000.03 = 19,000.47.
    expect(await row(buyer, `${CONTRACT_NO}-JS01`).textContent()).toContain('¥27,500.00');
    await pay(buyer, `${CONTRACT_NO}-JS01`, '27500', `PZ-${STAMP}-1`);
    await pay(buyer, `${CONTRACT_NO}-JS02`, '10000', `PZ-${STAMP}-2`);
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS01`).textContent()).toContain('已付清');
    await expect.poll(() => row(buyer, `${CONTRACT_NO}-JS02`).textContent()).toContain('部分付款');
    await screenshot(buyer, 'supplier-flow-17-paid');

    await openSiderMenu(buyer, '合同结算', '结算台账', '/settlement/ledger');
    await buyer.locator('.aps-search-bar:visible').getByLabel('合同编号').fill(CONTRACT_NO);
    await searchBar(buyer);
    await expect.poll(() => row(buyer, CONTRACT_NO).count()).toBe(1);
    const ledger = (await row(buyer, CONTRACT_NO).textContent()) ?? '';
    // total 450,000; settled 50,000.50; paid 37,500; unpaid 46,500.47 − 37,500 = 9,000.47; retention 2,500.03;
    // not yet settled 450,000 − 50,000.50 = 399,999.50.
    for (const figure of ['¥450,000.00', '¥50,000.50', '¥37,500.00', '¥9,000.47', '¥2,500.03', '¥399,999.50']) {
      expect(ledger).toContain(figure);
    }
    expect(ledger).toContain(company.name);
    await screenshot(buyer, 'supplier-flow-18-ledger');

    // ── 9. admin blacklists supplier03's 鑫源劳务, approved; supplier03's sign-up is refused ──
    await publishedLabourNotice(baseUrl, dataDir, { stamp: STAMP, code: 'SFB', purchase: LABOUR });
    await admin.goto('/supplier/blacklist');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = admin.getByRole('dialog').filter({ hasText: '列入黑名单' });
    await form.waitFor();
    await form.getByLabel('供应商').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '鑫源' }).click();
    await form.getByLabel('列入原因').fill(REASON);
    await screenshot(admin, 'supplier-flow-19-blacklist-form');
    await form.getByRole('button', { name: '提交审批' }).click();
    await expectMessage(admin, '已提交黑名单审批');
    await form.waitFor({ state: 'hidden' });
    for (let i = 0; i < 5; i++) {
      const assignee = await blacklistAssignee(dataDir, REASON);
      if (!assignee) break;
      await approveIn(await as(assignee, '/workflow/todo'), REASON, '同意列入黑名单', `supplier-flow-20-bl-${i}`);
    }
    await admin.goto('/supplier/blacklist');
    await row(admin, REASON).getByText('生效中').waitFor();
    const endDate = (await row(admin, REASON).locator('td').nth(5).textContent())?.trim() ?? '';
    expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await screenshot(admin, 'supplier-flow-21-blacklisted');

    const banned = await as('supplier03', NOTICE_TABS);
    await row(banned, LABOUR).getByRole('button', { name: '查看' }).click();
    const view = banned.getByRole('dialog', { name: '公告详情' });
    await view.getByText('劳务分包报名').waitFor();
    await view.getByRole('button', { name: '报名' }).click();
    await expectMessage(banned, `供应商已被列入黑名单（原因：${REASON}，至${endDate}）`);
    await screenshot(banned, 'supplier-flow-22-refused');
    await banned.keyboard.press('Escape');
  });
});
