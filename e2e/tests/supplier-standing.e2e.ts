/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { pdfFile } from '../support/files.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { NOTICE_TABS, row } from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';
import { blacklistAssignee, publishedLabourNotice, releaseBlacklist } from './supplier-support.ts';

/**
 * Issue 16 slice p16-standing as people use it: admin proposes to blacklist 鑫源劳务 (supplier03) on 黑名单, the
 * approvers approve in 我的待办, and supplier03 is then refused at sign-up with the reason and end date on screen;
 * supplier03 keeps its certificates in 资质证书; admin releases the blacklisting (解除). 合格供应商 and 企业信息 are
 * opened and photographed.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const REASON = `E2E串标${STAMP}`;
const PURCHASE = `劳务分包采购${STAMP}`;
const SUPPLIER = '鑫源';

const users = userSession(baseUrl, {
  viewport: { width: 1500, height: 950 },
  failureShots: 'supplier-standing-failed',
});
const as = (username: string, path: string) => users.as(username, path);

beforeAll(() => publishedLabourNotice(baseUrl, dataDir, { stamp: STAMP, code: 'SS', purchase: PURCHASE }));

// Whatever happened, supplier03 leaves this file as it came (other files of the worker use it).
afterAll(() => releaseBlacklist(dataDir, REASON));

/** The open task's assignee of the blacklisting, approved in 我的待办. */
async function approveNext(): Promise<boolean> {
  const assignee = await blacklistAssignee(dataDir, REASON);
  if (!assignee) return false;
  const page = await as(assignee, '/workflow/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const task = row(page, REASON);
  await task.getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '办理：' });
  await drawer.waitFor();
  await screenshot(page, `supplier-standing-todo-${assignee}`);
  await drawer.getByLabel('审批意见').fill('同意列入黑名单');
  await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
  await expectMessage(page, '操作成功!');
  await drawer.waitFor({ state: 'hidden' });
  return true;
}

const search = (page: Page) =>
  page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();

describe('供应商黑名单 and the supplier portal', () => {
  it('admin blacklists supplier03, the approvers approve, supplier03 cannot sign up', {
    timeout: 240_000,
  }, async () => {
    const admin = await as('admin', '/supplier/blacklist');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = admin.getByRole('dialog').filter({ hasText: '列入黑名单' });
    await form.waitFor();
    await form.getByLabel('供应商').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: SUPPLIER }).click();
    await form.getByLabel('列入原因').fill(REASON);
    await screenshot(admin, 'supplier-standing-blacklist-form');
    await form.getByRole('button', { name: '提交审批' }).click();
    await expectMessage(admin, '已提交黑名单审批');
    await form.waitFor({ state: 'hidden' });
    await row(admin, REASON).getByText('待审批').waitFor();

    for (let i = 0; i < 5 && (await approveNext()); i++);

    await as('admin', '/supplier/blacklist');
    await row(admin, REASON).getByText('生效中').waitFor();
    await screenshot(admin, 'supplier-standing-blacklist');
    const endDate = (await row(admin, REASON).locator('td').nth(5).textContent())?.trim() ?? '';
    expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const supplier = await as('supplier03', NOTICE_TABS);
    await row(supplier, PURCHASE).getByRole('button', { name: '查看' }).click();
    const view = supplier.getByRole('dialog', { name: '公告详情' });
    await view.getByText('劳务分包报名').waitFor();
    await view.getByRole('button', { name: '报名' }).click();
    await expectMessage(supplier, `供应商已被列入黑名单（原因：${REASON}，至${endDate}）`);
    await screenshot(supplier, 'supplier-standing-refused');
    await supplier.keyboard.press('Escape');
  });

  it('supplier03 adds and renews a certificate in 资质证书; 企业信息 shows its company', async () => {
    const page = await as('supplier03', '/supplier/portal/certificate');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增资质证书' });
    await form.waitFor();
    const name = `安全生产许可证${STAMP}`;
    await form.getByLabel('证书类型').fill('安全生产许可');
    await form.getByLabel('证书名称').fill(name);
    await form.getByLabel('证书编号').fill(`AQ-${STAMP}`);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('有效期止').fill(soon);
    await form.getByLabel('有效期止').press('Tab');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: '许可证.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await form.getByText('许可证.pdf').waitFor();
    await form.getByRole('button', { name: /^确\s*定$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await row(page, name).getByText('即将到期').waitFor();
    await screenshot(page, 'supplier-standing-certificates');

    await row(page, name).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: '编辑资质证书' });
    const later = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await edit.getByLabel('有效期止').fill(later);
    await edit.getByLabel('有效期止').press('Tab');
    await edit.getByRole('button', { name: /^确\s*定$/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await row(page, name).getByText('有效').waitFor();

    const profile = await as('supplier03', '/supplier/portal/profile');
    await profile.getByText('鑫源', { exact: false }).first().waitFor();
    await screenshot(profile, 'supplier-standing-profile');
  });

  it('admin releases the blacklisting; 合格供应商 lists the qualified suppliers', async () => {
    const admin = await as('admin', '/supplier/blacklist');
    await admin.locator('.aps-search-bar:visible').getByLabel('供应商').fill(SUPPLIER);
    await search(admin);
    await row(admin, REASON).getByRole('button', { name: '解除' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '解除黑名单' });
    await dialog.getByPlaceholder('请输入原因').fill('整改完成');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expectMessage(admin, '已解除');
    await row(admin, REASON).getByText('已解除').waitFor();

    const qualified = await as('admin', '/supplier/qualified');
    await qualified.getByText('华东建设工程有限公司').first().waitFor();
    await screenshot(qualified, 'supplier-standing-qualified');
  });
});
