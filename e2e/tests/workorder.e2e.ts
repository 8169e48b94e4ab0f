/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { preparePackage, row } from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';

/**
 * Issue 17 §4–5 in the real UI. Set-up writes a package with a published 采购公告 (as publishing leaves it); from
 * there everything is clicked: buyer01 files a 修改 work order on the notice's title on 变更工单; admin opens it and
 * approves it (审核通过并应用); the notice shows the corrected title and its 变更历史 shows before/after by admin.
 * buyer01 files a 运维 order; admin accepts it, comments and completes it.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const OLD_TITLE = `仓库货架采购公告${STAMP}`;
const NEW_TITLE = `2026年仓库货架采购公告${STAMP}`;
const MODIFY = `公告标题更正${STAMP}`;
const OPERATION = `导出无响应${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'workorder-failed' });
const as = (username: string, path: string) => users.as(username, path);

beforeAll(async () => {
  const packageId = await preparePackage(dataDir, {
    stamp: STAMP,
    code: 'GD',
    purchase: `仓库货架采购${STAMP}`,
    packageName: `货架标包${STAMP}`,
  });
  await withDatabase(dataDir, async (db) => {
    await db.query(`UPDATE purchase_package SET purchase_stage = 2 WHERE id = $1`, [packageId]);
    await db.query(
      `INSERT INTO purchase_notice (tenant_id, package_id, sys_org_code, notice_type, title, content, status,
         publish_time, publish_by, create_by)
       VALUES (1, $1, 'A01', 'purchase', $2, '<p>欢迎报名</p>', '1', now(), 'buyer01', 'buyer01')`,
      [packageId, OLD_TITLE],
    );
  });
});

/** 新增 of the visible list (the other work order tabs stay mounted, hidden, with their own). */
const addButton = (page: Page) => page.locator('button:visible').filter({ hasText: /^新增$/ });

/** Patient under a loaded CI machine: the list's first page may take a while. */
const SLOW = { timeout: 45_000 };

const openOrder = async (page: Page, title: string) => {
  await row(page, title).waitFor(SLOW);
  await row(page, title).getByText(title).click(SLOW);
  const drawer = page.getByRole('dialog').filter({ hasText: '工单详情' });
  await drawer.getByText(title).first().waitFor();
  return drawer;
};

describe('work orders', () => {
  it('buyer01 files a 修改 order on a published notice title; admin approves it; the history shows it', async () => {
    const buyer = await as('buyer01', '/workorder/modify');
    await addButton(buyer).click(SLOW);
    const form = buyer.getByRole('dialog').filter({ hasText: '提交修改工单' });
    await form.getByLabel('工单标题').fill(MODIFY);
    await form.getByLabel('问题描述').fill('公告标题缺少年份');
    await form.getByLabel('记录类型').click();
    await buyer.locator('.ant-select-item-option').filter({ hasText: '公告' }).click();
    await form.getByLabel('修改记录').click();
    await buyer.keyboard.type(STAMP);
    await buyer.locator('.ant-select-item-option').filter({ hasText: OLD_TITLE }).click();
    await form.getByLabel('修改字段').click();
    await buyer.locator('.ant-select-item-option').filter({ hasText: '公告标题' }).click();
    await form.getByLabel('修改后的值').fill(NEW_TITLE);
    await screenshot(buyer, 'workorder-modify-new');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(buyer, '提交成功！');
    await row(buyer, MODIFY).getByText('待处理').waitFor();
    await screenshot(buyer, 'workorder-modify-list');

    const admin = await as('admin', '/workorder/modify');
    const drawer = await openOrder(admin, MODIFY);
    await drawer.getByText(OLD_TITLE).first().waitFor();
    await drawer.getByLabel('办理意见').fill('已核实，更正标题');
    await screenshot(admin, 'workorder-modify-drawer');
    await drawer.getByRole('button', { name: '审核通过并应用' }).click();
    await expectMessage(admin, '审核通过，修改已应用');
    await drawer.getByText('已完成').first().waitFor();
    expect(await drawer.textContent()).toContain(NEW_TITLE);

    // The notice shows the corrected title, and its 变更历史 the before/after with the actor.
    await as('admin', '/purchaseannouncement/PurchaseAnnouncementTabs');
    await admin.getByText('公告管理').click();
    await admin.getByPlaceholder('请输入公告标题').fill(STAMP);
    await admin.getByPlaceholder('请输入公告标题').press('Enter');
    await row(admin, NEW_TITLE).getByRole('button', { name: '查看' }).click();
    const view = admin.getByRole('dialog', { name: '公告详情' });
    await view.getByRole('heading', { name: NEW_TITLE }).waitFor();
    await view.getByRole('button', { name: '变更历史' }).click();
    const history = admin.getByRole('dialog').filter({ hasText: '修改前' });
    const change = history.locator('.ant-table-row').filter({ hasText: '公告标题' });
    await change.waitFor();
    const text = (await change.textContent()) ?? '';
    expect(text).toContain(OLD_TITLE);
    expect(text).toContain(NEW_TITLE);
    expect(text).toContain('admin');
    await screenshot(admin, 'workorder-notice-history');
  });

  it('a 运维 order is accepted, commented and completed', async () => {
    const buyer = await as('buyer01', '/workorder/operation');
    await addButton(buyer).click(SLOW);
    const form = buyer.getByRole('dialog').filter({ hasText: '提交运维工单' });
    await form.getByLabel('工单标题').fill(OPERATION);
    await form.getByLabel('问题描述').fill('合同列表点击导出没有反应');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(buyer, '提交成功！');
    await row(buyer, OPERATION).waitFor();

    const admin = await as('admin', '/workorder/operation');
    const drawer = await openOrder(admin, OPERATION);
    await drawer.getByRole('button', { name: '受理' }).click();
    await expectMessage(admin, '受理成功！');
    await drawer.getByLabel('评论内容').fill('已定位，正在修复');
    await drawer.getByRole('button', { name: '发表评论' }).click();
    await expectMessage(admin, '评论成功！');
    await drawer.getByText('已定位，正在修复').waitFor();
    await drawer.getByLabel('办理意见').fill('已修复');
    await drawer.getByRole('button', { name: '办结' }).click();
    await expectMessage(admin, '办结成功！');
    await drawer.getByText('已完成').first().waitFor();
    await screenshot(admin, 'workorder-operation-done');
  });
});
