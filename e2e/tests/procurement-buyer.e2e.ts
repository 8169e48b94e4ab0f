/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { expectMessage } from './shell-support.ts';

/**
 * Issue 14, the buyer's side as people use it: buyer01 writes a plan with three item lines in the editable grid
 * (合计 in the footer) and submits it; leader01 (部门负责人), manager01 (集团采购部, the plan is over 100万) and
 * leader01 (分管领导) approve it in 我的待办; buyer01 立项, prepares the package (评审项, timetable) and publishes
 * the 采购公告, which moves the package to 公告中; a 变更公告 then moves the closed bid deadline (待开标 → 响应中),
 * and a 计划变更 raises the plan's budget through the same approvals. Every buyer page is opened and photographed.
 */
const { baseUrl } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PLAN = `E2E采购计划${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'buyer-failed' });
const as = (username: string, path: string) => users.as(username, path);

const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** 查询 of the visible page's search bar (other pages stay open, hidden, in their tabs). */
const search = (page: Page) =>
  page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();
const ok = (scope: Locator) => scope.getByRole('button', { name: /^确\s*定$/ }).click();

/** Types a value into a grid cell (click to edit, then fill). */
async function fillCell(line: Locator, key: string, value: string) {
  const cell = line.locator(`.aps-grid-cell[data-key="${key}"]`);
  await cell.click();
  const box = cell.getByRole('textbox');
  await box.fill(value);
  await box.press('Tab');
}

/** A date-time picker: type the value, the panel's 确定 takes it. */
async function pickTime(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  // The panel's 确定 takes the typed value (Enter would also submit the form).
  await scope.page().locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  // The panel closes with an animation: the next picker's panel must not open beside it (two 确定 buttons).
  await expect.poll(() => scope.page().locator('.ant-picker-dropdown:visible').count()).toBe(0);
}

const day = (offset: number, hour: string) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${hour}`;
};

async function approve(username: string) {
  const page = await as(username, '/dashboard/analysis');
  await openSiderMenu(page, '流程中心', '我的待办', '/workflow/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await row(page, PLAN).getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `办理：` });
  await drawer.waitFor();
  await drawer.getByLabel('审批意见').fill('同意采购');
  await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
  await expectMessage(page, '操作成功!');
  await drawer.waitFor({ state: 'hidden' });
}

describe('采购管理 (buyer)', () => {
  it('plan with three lines → approved by three approvers → 立项 → 选商准备 → 采购公告 published', {
    timeout: 300_000,
  }, async () => {
    // ── 采购计划: the form with the item grid ──
    const buyer = await as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '采购管理', '采购计划', '/purchase/plan');
    await buyer.getByRole('columnheader', { name: '计划编号' }).waitFor();
    await buyer
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const form = buyer.getByRole('dialog').filter({ hasText: '新增采购计划' });
    await form.waitFor();
    await form.getByLabel('计划名称').fill(PLAN);
    await form.getByLabel('预算金额').fill('1200000');
    const grid = form.getByRole('region', { name: '采购明细', exact: true });
    const add = grid.getByRole('button', { name: /新增/ });
    await add.click();
    await expect.poll(() => grid.locator('[data-row-key]').count()).toBe(2);
    await buyer.waitForTimeout(1600); // the grid's insert guard (§9) treats quick clicks as one
    await add.click();
    await expect.poll(() => grid.locator('[data-row-key]').count()).toBe(3);
    const lines = [
      ['办公电脑', 'i7/16G', '台', '10', '6000'],
      ['激光打印机', 'A4黑白', '台', '4', '1500'],
      ['会议桌椅', '2.4米', '套', '2', '3200.5'],
    ];
    for (const [i, [name, spec, unit, quantity, price]] of lines.entries()) {
      const line = grid.locator('[data-row-key]').nth(i);
      await fillCell(line, 'name', name as string);
      await fillCell(line, 'specification', spec as string);
      await fillCell(line, 'unit', unit as string);
      await fillCell(line, 'quantity', quantity as string);
      await fillCell(line, 'unitPrice', price as string);
    }
    await form.getByText('采购明细', { exact: true }).first().click();
    // 合计: 10×6000 + 4×1500 + 2×3200.5 = 72,401.00; quantities 16.
    const footer = grid.locator('.aps-grid-footer').filter({ hasText: '合计' });
    await expect.poll(() => footer.textContent()).toContain('72,401.00');
    expect(await footer.textContent()).toContain('16');
    await screenshot(buyer, 'buyer-plan-form');
    await ok(form);
    await expectMessage(buyer, '添加成功！');
    await row(buyer, PLAN).getByText('草稿').waitFor();

    // 编辑 loads the saved lines back into the grid.
    await row(buyer, PLAN).getByRole('button', { name: '编辑' }).click();
    const edit = buyer.getByRole('dialog').filter({ hasText: '编辑采购计划' });
    const editGrid = edit.getByRole('region', { name: '采购明细', exact: true });
    await editGrid.getByText('激光打印机').waitFor();
    expect(await editGrid.locator('[data-row-key]').count()).toBe(3);
    expect(await editGrid.locator('.aps-grid-footer').filter({ hasText: '合计' }).textContent()).toContain('72,401.00');
    await edit.locator('.ant-drawer-close').click();
    await edit.waitFor({ state: 'hidden' });

    // 详情: the three lines and their total.
    await row(buyer, PLAN).getByRole('button', { name: '详情' }).click();
    const detail = buyer.getByRole('dialog').filter({ hasText: '采购计划详情' });
    await detail.getByText('会议桌椅').waitFor();
    expect(await detail.locator('.ant-table-row').count()).toBe(3);
    await detail.getByText('72,401.00').waitFor();
    await detail.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });

    await row(buyer, PLAN).getByRole('button', { name: '提交审批' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '已提交审批');
    await row(buyer, PLAN).getByText('审批中').waitFor();
    await screenshot(buyer, 'buyer-plan-list');

    // ── the approvers in 我的待办: 部门负责人, 集团采购部 (≥ 100万), 分管领导 ──
    await approve('leader01');
    await approve('manager01');
    await approve('leader01');

    // ── 立项 ──
    await as('buyer01', '/purchase/plan');
    await row(buyer, PLAN).getByText('已通过').waitFor();
    await row(buyer, PLAN).getByRole('button', { name: '立项' }).click();
    const project = buyer.getByRole('dialog').filter({ hasText: `立项：${PLAN}` });
    await project.waitFor();
    await project.getByLabel('标包1最高限价').fill('80000');
    await screenshot(buyer, 'buyer-project-from-plan');
    await ok(project);
    await expectMessage(buyer, '已立项');
    await row(buyer, PLAN).getByText('执行中').waitFor();

    // ── 选商准备: settings and the 采购公告 ──
    await openSiderMenu(buyer, '采购管理', '选商准备', '/purchase/selectionPrepare');
    await buyer.locator('#selectionPrepareSearch_name').fill(PLAN);
    await search(buyer);
    const pkgRow = row(buyer, `${PLAN}标包一`);
    await pkgRow.getByText('待发布').waitFor();
    await pkgRow.getByText('未准备').waitFor();
    await screenshot(buyer, 'buyer-selection-prepare');
    await pkgRow.getByRole('button', { name: '选商设置' }).click();
    const prep = buyer.getByRole('dialog').filter({ hasText: '选商准备：' });
    await prep.getByLabel('评审项1名称').waitFor();
    expect(await prep.getByLabel('评审项1名称').inputValue()).toBe('营业执照有效');
    await pickTime(prep, '报名开始', day(1, '09:00:00'));
    await pickTime(prep, '报名截止', day(3, '17:00:00'));
    await pickTime(prep, '投标截止', day(5, '17:00:00'));
    await pickTime(prep, '开标时间', day(6, '09:30:00'));
    await screenshot(buyer, 'buyer-selection-form');
    await ok(prep);
    await expectMessage(buyer, '保存成功!');
    await prep.waitFor({ state: 'hidden' });
    await pkgRow.getByText('已准备').waitFor();

    await pkgRow.getByRole('button', { name: '采购公告' }).click();
    const notice = buyer.getByRole('dialog').filter({ hasText: '采购公告：' });
    const body = notice.getByRole('textbox', { name: '公告内容' });
    await body.waitFor();
    expect(await notice.getByLabel('公告标题').inputValue()).toContain(PLAN);
    await body.click();
    await buyer.keyboard.type('现就办公设备采购进行公开询比，欢迎符合条件的供应商报名。');
    await screenshot(buyer, 'buyer-notice-editor');
    await notice.getByRole('button', { name: /^发\s*布$/ }).click();
    await expectMessage(buyer, '发布成功!');
    await notice.waitFor({ state: 'hidden' });
    await pkgRow.getByText('公告中').waitFor();
    // Locked from stage 2: no 选商设置, the notice is read-only.
    expect(await pkgRow.getByRole('button', { name: '选商设置' }).count()).toBe(0);

    // ── 选商启动: the package drawer (采购信息, 阶段历史) ──
    await openSiderMenu(buyer, '采购管理', '选商启动', '/purchase/selectionStart');
    await buyer.locator('#selectionStartSearch_name').fill(PLAN);
    await search(buyer);
    await row(buyer, `${PLAN}标包一`).getByText('公告中').waitFor();
    await screenshot(buyer, 'buyer-selection-start');
    await row(buyer, `${PLAN}标包一`).getByRole('button', { name: '详情' }).click();
    const drawer = buyer.getByRole('dialog').filter({ hasText: `标包：${PLAN}标包一` });
    await drawer.getByText('采购信息').waitFor();
    await drawer.getByText('营业执照有效').waitFor();
    await drawer.getByRole('tab', { name: '阶段历史' }).click();
    await drawer.getByText('发布公告', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: '开始响应' }).waitFor();
    await screenshot(buyer, 'buyer-package-drawer');
    // The buyer's stage buttons come from the transition table: 开始响应 → 截止投标 → 开标 (refused before its time).
    const step = async (label: string, done: string) => {
      await drawer.getByRole('button', { name: label }).click();
      await confirmPop(buyer);
      await expectMessage(buyer, done);
    };
    await step('开始响应', '开始响应成功');
    await drawer.getByRole('button', { name: '截止投标' }).waitFor();
    await drawer.locator('.ant-tag').filter({ hasText: '响应中' }).waitFor();
    await step('截止投标', '截止投标成功');
    await drawer.locator('.ant-tag').filter({ hasText: '待开标' }).waitFor();
    await step('开标', '未到开标时间');
    await drawer.getByRole('button', { name: '开标' }).waitFor();
    await drawer.getByRole('tab', { name: '报名与投标' }).click();
    await drawer.getByText('报名（0家）').waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // ── 变更公告 in 公告管理: the bid deadline moves, 待开标 → 响应中, the view shows 原时间 → 新时间 ──
    const oldDeadline = day(5, '17:00:00');
    const newDeadline = day(7, '17:00:00');
    await as('buyer01', '/purchaseannouncement/PurchaseAnnouncementTabs');
    await buyer.getByRole('tab', { name: '变更公告' }).click();
    await buyer.getByText('公告管理').click();
    await buyer.getByRole('button', { name: /新\s*增/ }).click();
    const start = buyer.getByRole('dialog', { name: '新增公告' });
    await start.getByLabel('标包').click();
    await buyer.keyboard.type(PLAN);
    await buyer.locator('.ant-select-item-option').filter({ hasText: PLAN }).click();
    await start.getByRole('button', { name: '下一步' }).click();
    const change = buyer.getByRole('dialog', { name: /^变更公告：/ });
    const deadlineInput = change.getByLabel('投标截止时间', { exact: true });
    await deadlineInput.waitFor();
    await expect.poll(() => deadlineInput.inputValue()).toBe(oldDeadline);
    await pickTime(change, '投标截止时间', newDeadline);
    await pickTime(change, '开标时间', day(8, '09:30:00'));
    const changeBody = change.getByRole('textbox', { name: '公告内容' });
    await changeBody.click();
    await buyer.keyboard.type('因采购需求调整，投标截止时间和开标时间延期。');
    await screenshot(buyer, 'buyer-change-notice-editor');
    await change.getByRole('button', { name: /^发\s*布$/ }).click();
    await expectMessage(buyer, '发布成功!');
    await change.waitFor({ state: 'hidden' });
    await row(buyer, PLAN).getByText('已发布').waitFor();
    await row(buyer, PLAN).getByRole('button', { name: '查看' }).click();
    const view = buyer.getByRole('dialog', { name: '公告详情' });
    const changeTable = view.locator('.ant-table').filter({ hasText: '时间变更' });
    await changeTable.getByText(newDeadline).waitFor();
    expect(await changeTable.locator('.ant-table-row').filter({ hasText: '投标截止时间' }).textContent()).toContain(
      oldDeadline,
    );
    await screenshot(buyer, 'buyer-change-notice-view');
    await buyer.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    await openSiderMenu(buyer, '采购管理', '选商启动', '/purchase/selectionStart');
    await buyer.locator('#selectionStartSearch_name').fill(PLAN);
    await search(buyer);
    await row(buyer, `${PLAN}标包一`).getByText('响应中').waitFor();
    await row(buyer, `${PLAN}标包一`).getByRole('button', { name: '详情' }).click();
    const changed = buyer.getByRole('dialog').filter({ hasText: `标包：${PLAN}标包一` });
    await changed.getByRole('tab', { name: '选商设置' }).click();
    // 选商设置 reads 投标截止 from the package: the new time, the old one gone.
    await changed.getByText(newDeadline, { exact: true }).waitFor();
    expect(await changed.getByText(oldDeadline, { exact: true }).count()).toBe(0);
    await changed.getByRole('tab', { name: '阶段历史' }).click();
    await changed.getByText('变更公告：延期投标').waitFor();
    await screenshot(buyer, 'buyer-package-after-change');
    await changed.locator('.ant-drawer-close').click();
    await changed.waitFor({ state: 'hidden' });

    // ── 计划变更: 1,200,000 → 1,300,000 through the three approvals; the detail shows the history and the package ──
    await openSiderMenu(buyer, '采购管理', '采购计划', '/purchase/plan');
    await row(buyer, PLAN).getByRole('button', { name: '计划变更' }).click();
    const planChange = buyer.getByRole('dialog').filter({ hasText: `计划变更：${PLAN}` });
    await planChange.getByRole('region', { name: '变更后采购明细' }).getByText('会议桌椅').waitFor();
    await planChange.getByLabel('变更后预算').fill('1300000');
    await planChange.getByLabel('变更原因').fill('增加备用设备');
    await screenshot(buyer, 'buyer-plan-change');
    await ok(planChange);
    await expectMessage(buyer, '计划变更已提交审批');
    await row(buyer, PLAN).getByText('变更中').waitFor();
    await approve('leader01');
    await approve('manager01');
    await approve('leader01');
    await as('buyer01', '/purchase/plan');
    await row(buyer, PLAN).getByText('1,300,000.00').waitFor();
    expect(await row(buyer, PLAN).getByText('变更中').count()).toBe(0);
    await row(buyer, PLAN).getByRole('button', { name: '详情' }).click();
    const planDetail = buyer.getByRole('dialog').filter({ hasText: '采购计划详情' });
    await planDetail.getByText('已变更').waitFor();
    await planDetail.getByText('增加备用设备').waitFor();
    const projects = planDetail.locator('.ant-table').filter({ hasText: '标包一' });
    await projects.getByText('响应中').waitFor();
    await planDetail.getByText('标包 1 个').waitFor();
    await screenshot(buyer, 'buyer-plan-detail-history');
    await planDetail.locator('.ant-drawer-close').click();
    await planDetail.waitFor({ state: 'hidden' });

    // ── the other buyer pages open with their lists (seeded packages in those stages) ──
    for (const [title, path, header] of [
      ['评审管理', '/purchase/review', '评审用时'],
      ['结束审核', '/purchase/endAudit', '审批状态'],
      ['采购结果', '/purchase/result', '定标时间'],
    ] as const) {
      await openSiderMenu(buyer, '采购管理', title, path);
      await buyer.getByRole('columnheader', { name: header }).waitFor();
      await buyer.locator('.ant-table-row:visible').first().waitFor();
      await screenshot(buyer, `buyer-${path.split('/').pop()}`);
    }
  });
});
