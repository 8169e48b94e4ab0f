/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { pdfFile } from '../support/files.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { expectMessage } from './shell-support.ts';

/**
 * Issue 17 §2–3: supervisor01 reaches 检查管理 through the 监控中心 link (prefilled form), records a finding with
 * evidence, raises a rectification to supplier01's company; supplier01 answers in 我的整改 with evidence;
 * supervisor01 submits 复核通过; leader01 and manager01 approve in 我的待办; the order reads 已关闭.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const TITLE = `供应商专项检查${STAMP}`;
const FINDING = `投标保证金逾期未退还${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'rectify-failed' });
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
const ok = (scope: Locator) => scope.getByRole('button', { name: /^确\s*定$/ }).click();
const upload = (scope: Locator, name: string) =>
  scope.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfFile() });

async function approve(username: string, rectNo: string) {
  const page = await users.as(username, '/dashboard/analysis');
  await openSiderMenu(page, '流程中心', '我的待办', '/workflow/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await row(page, rectNo).first().getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '办理：' });
  await drawer.waitFor();
  await drawer.getByLabel('审批意见').fill('整改到位，同意关闭');
  await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
  await expectMessage(page, '操作成功!');
  await drawer.waitFor({ state: 'hidden' });
}

describe('检查与整改 (inspection and rectification)', () => {
  it('inspection → finding → rectification → supplier answer → review approved → 已关闭', {
    timeout: 300_000,
  }, async () => {
    const supplierId = await withDatabase(dataDir, async (db) => {
      const r = await db.query<{ id: string }>(
        `SELECT s.id FROM supplier s JOIN supplier_user su ON su.supplier_id = s.id
         JOIN sys_user u ON u.id = su.user_id WHERE u.username = 'supplier01' AND s.tenant_id = 1`,
      );
      return r.rows[0]?.id as string;
    });

    // 1. The 监控中心 link opens the prefilled form.
    const sup = await users.as(
      'supervisor01',
      `/supervision/inspection?create=1&targetType=supplier&targetId=${supplierId}&signal=single_bidder`,
    );
    const form = sup.getByRole('dialog').filter({ hasText: '新增检查' });
    await form.waitFor({ timeout: 60_000 });
    await expect.poll(() => form.textContent(), { timeout: 30_000 }).toContain('华东建设工程有限公司');
    expect(await form.getByLabel('检查范围').inputValue()).toContain('single_bidder');
    await form.getByLabel('检查名称').fill(TITLE);
    await screenshot(sup, 'rectify-inspection-form');
    await ok(form);
    await expectMessage(sup, '添加成功！');
    await form.waitFor({ state: 'hidden' });

    // 2. A finding with evidence, then 发起整改 to the supplier.
    await sup.locator('.aps-search-bar:visible').getByLabel('检查名称').fill(TITLE);
    await sup.getByRole('button', { name: /查\s*询/ }).click();
    await row(sup, TITLE).getByText(TITLE).click();
    const drawer = sup.getByRole('dialog').filter({ hasText: '检查详情' });
    await drawer.waitFor();
    await drawer.getByLabel('问题描述').fill(FINDING);
    await drawer.getByLabel('严重程度').click();
    await sup.locator('.ant-select-dropdown:visible').getByText('较重', { exact: true }).click();
    await upload(drawer, '检查证据.pdf');
    await drawer.getByText('检查证据.pdf').waitFor();
    await drawer.getByRole('button', { name: '登记发现' }).click();
    await expectMessage(sup, '检查发现已登记');
    await drawer.getByText(FINDING).waitFor();
    await screenshot(sup, 'rectify-inspection-drawer');
    await drawer.getByText('发起整改', { exact: true }).click();
    const raise = sup.getByRole('dialog').filter({ hasText: '整改要求' });
    await raise.waitFor();
    await raise.getByLabel('整改要求').fill('十个工作日内退还保证金并提交银行回单');
    await screenshot(sup, 'rectify-raise-form');
    await ok(raise);
    await expectMessage(sup, '整改已发起');
    await drawer.getByText('已发起整改').waitFor();

    // 3. supplier01 answers in 我的整改 with evidence.
    const supplier = await users.as('supplier01', '/dashboard/analysis');
    await openSiderMenu(supplier, '监督检查', '我的整改', '/supervision/myRectification');
    await row(supplier, FINDING).waitFor();
    const rectNo = ((await row(supplier, FINDING).textContent()) ?? '').match(/ZG-\d{8}-\d{4}/)?.[0] ?? '';
    expect(rectNo).toMatch(/^ZG-\d{8}-\d{4}$/);
    await row(supplier, FINDING).getByText('提交整改').click();
    const answer = supplier.getByRole('dialog').filter({ hasText: '整改说明' });
    await answer.waitFor();
    await answer.getByLabel('整改说明').fill('保证金已全额退还，附银行回单');
    await upload(answer, '银行回单.pdf');
    await answer.getByText('银行回单.pdf').waitFor();
    await screenshot(supplier, 'rectify-supplier-answer');
    await answer.getByRole('button', { name: '提交整改' }).click();
    await expectMessage(supplier, '整改已提交');
    await expect.poll(() => row(supplier, FINDING).textContent()).toContain('已整改待复核');
    await screenshot(supplier, 'rectify-supplier-list');

    // 4. supervisor01 submits 复核通过 on 整改管理.
    await sup.bringToFront();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await openSiderMenu(sup, '监督检查', '整改管理', '/supervision/rectification');
    await row(sup, rectNo).getByText('复核通过').click();
    await sup
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectMessage(sup, '已提交审批');
    await expect.poll(() => row(sup, rectNo).textContent()).toContain('复核审批中');
    await screenshot(sup, 'rectify-list-reviewing');

    // 5. The rectification approval: 部门负责人 (leader01), then 集团采购部 (manager01), in 我的待办.
    await approve('leader01', rectNo);
    await approve('manager01', rectNo);

    await sup.bringToFront();
    await sup.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(sup, rectNo).textContent()).toContain('已关闭');
    await row(sup, rectNo).getByText(rectNo).click();
    const detail = sup.getByRole('dialog').filter({ hasText: '整改详情' });
    await detail.waitFor();
    await detail.getByText('复核通过', { exact: true }).waitFor();
    await screenshot(sup, 'rectify-closed-detail');
  });
});
