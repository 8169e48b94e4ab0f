import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { expectMessage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

const session = userSession(baseUrl, { perTest: true });

/** admin, signed in, on a page of the workspace (a fresh page each test). */
async function adminOn(path: string): Promise<Page> {
  const page = await session.as('admin', path);
  await waitForPath(page, path);
  return page;
}

/** The open modal or drawer. */
const dialog = (page: Page) => page.getByRole('dialog').last();
/** A toolbar button by its text (its icon adds a word to the accessible name). */
const toolbarButton = (page: Page, text: string) =>
  page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
/** The row of a visible table that shows this text. */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();
// Closed popconfirms stay in the DOM, hidden: only the open one counts.
const popconfirmOk = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button', { name: '确定' }).click();
const confirmOk = (page: Page) =>
  page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '确定' }).click();
/** Closes a drawer with its × button. */
const closeDrawer = (drawer: Locator) =>
  drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .first()
    .click();

/** Clicks an item of a row's 更多 dropdown once its opening animation is over. */
async function more(page: Page, rowText: string, item: string) {
  await row(page, rowText).getByRole('button', { name: /更多/ }).click();
  const entry = page.getByRole('menuitem', { name: item });
  const dropdown = page.locator('.ant-dropdown').filter({ has: entry });
  await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
  await entry.click();
}

/** A picture of what the viewport shows (modals and drawers sit on the viewport). */
async function viewportShot(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  await page.screenshot({ path: new URL(`../screenshots/${name}.png`, import.meta.url).pathname });
}

/** A full-page picture of the list with its table scrolled back to the first column (clicks in fixed columns scroll it). */
async function listShot(page: Page, name: string) {
  await page
    .locator('.ant-table-content:visible, .ant-table-body:visible')
    .first()
    .evaluate((el) => {
      el.scrollLeft = 0;
    });
  await screenshot(page, name);
}

const stamp = () => Date.now().toString(36).slice(-5);

describe('系统管理 › 填值规则', () => {
  it('adds a rule with a previewed pattern, generates a code, edits, searches and deletes it', async () => {
    const page = await adminOn('/system/fillRule');
    await row(page, 'purchase_code').waitFor();
    const s = stamp();
    const code = `e2e_fill_${s}`;

    await toolbarButton(page, '新增').click();
    const form = dialog(page);
    await form.getByLabel('规则名称').fill(`测试编号${s}`);
    await form.getByLabel('规则编码').fill(code);
    // The contract's own check: exactly one ${seq:N}.
    await form.getByLabel('规则表达式').fill(`E2E-\${yyyyMMdd}`);
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText(/^规则表达式有误/).waitFor();
    await form.getByLabel('规则表达式').fill(`E2E-\${yyyyMMdd}-\${seq:3}`);
    await form.getByText(/^示例：E2E-\d{8}-001$/).waitFor();
    await viewportShot(page, 'admin-fill-rule-form');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    await row(page, code).waitFor();
    expect(await row(page, code).textContent()).toMatch(/E2E-\d{8}-001/);

    // A taken code is refused with the server's message, on the field too.
    await toolbarButton(page, '新增').click();
    await form.getByLabel('规则名称').fill('重复编码');
    await form.getByLabel('规则编码').fill(code);
    await form.getByLabel('规则表达式').fill(`X\${seq:2}`);
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '规则编码已存在');
    await form.getByText('规则编码已存在').first().waitFor();
    await form.getByRole('button', { name: '关闭', exact: true }).last().click();

    // 生成 takes the next number of the sequence.
    await row(page, code).getByRole('button', { name: '生成' }).click();
    await popconfirmOk(page);
    await page
      .locator('.ant-modal-confirm')
      .getByText(/^E2E-\d{8}-001$/)
      .waitFor();
    await confirmOk(page);

    await row(page, code).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => form.getByLabel('规则编码').inputValue()).toBe(code);
    await form.getByLabel('规则名称').fill(`测试编号${s}改`);
    await form.getByLabel('重置周期').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '每月' }).click();
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(page, `测试编号${s}改`).getByText('每月').waitFor();

    await page.locator('.aps-search-bar').getByLabel('规则编码').fill('e2e_fill');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => (await page.locator('.ant-table-row').allInnerTexts()).every((t) => t.includes('e2e_fill')))
      .toBe(true);
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await row(page, 'purchase_code').waitFor();
    await listShot(page, 'admin-fill-rule');

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await popconfirmOk(page);
    await expectMessage(page, '删除成功!');
    await expect.poll(() => page.locator('.ant-table-row:visible').filter({ hasText: code }).count()).toBe(0);
  });
});

describe('系统管理 › 校验规则', () => {
  it('adds a rule of two segments, tries and tests values, edits and deletes it', async () => {
    const page = await adminOn('/system/checkRule');
    await row(page, 'purchase_no').waitFor();
    const s = stamp();
    const code = `e2e_check_${s}`;

    await toolbarButton(page, '新增').click();
    const form = dialog(page);
    await form.getByLabel('规则名称').fill(`测试校验${s}`);
    await form.getByLabel('规则编码').fill(code);
    // A pattern that could backtrack without end is refused before saving.
    await form.getByLabel('第1条正则表达式').fill('(a+)+');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('正则表达式可能导致回溯过多，不允许使用：(a+)+').waitFor();
    await form.getByText('请输入提示信息').waitFor();

    await form.getByLabel('第1条位数').fill('2');
    await form.getByLabel('第1条正则表达式').fill('[A-Z]{2}');
    await form.getByLabel('第1条提示信息').fill('前两位须为大写字母');
    await form.getByRole('button', { name: /添加规则/ }).click();
    await form.getByLabel('第2条位数').fill('*');
    await form.getByLabel('第2条正则表达式').fill('\\d{4}');
    await form.getByLabel('第2条提示信息').fill('后四位须为数字');
    // The unsaved segments, tried on the spot.
    const sample = form.getByPlaceholder('输入一个值，即时查看校验结果');
    await sample.fill('ab1234');
    await form.locator('.ant-alert').getByText('前两位须为大写字母').waitFor();
    await sample.fill('AB1234');
    await form.locator('.ant-alert').getByText('校验通过').waitFor();
    await viewportShot(page, 'admin-check-rule-form');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    await row(page, code).waitFor();
    expect(await row(page, code).textContent()).toContain('2位 [A-Z]{2}；其余 \\d{4}');

    // 测试 goes through /sys/checkRule/checkByCode.
    await row(page, code).getByRole('button', { name: '测试' }).click();
    const tester = dialog(page);
    await tester.getByLabel('校验值').fill('AB12x4');
    await tester.getByRole('button', { name: '校验' }).click();
    await tester.locator('.ant-alert').getByText('后四位须为数字').waitFor();
    await tester.getByLabel('校验值').fill('XY2026');
    await tester.getByRole('button', { name: '校验' }).click();
    await tester.locator('.ant-alert').getByText('校验通过').waitFor();
    await viewportShot(page, 'admin-check-rule-test');
    await tester.getByRole('button', { name: '关闭', exact: true }).last().click();

    await row(page, code).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => form.getByLabel('第2条正则表达式').inputValue()).toBe('\\d{4}');
    await form.getByLabel('规则名称').fill(`测试校验${s}改`);
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(page, `测试校验${s}改`).waitFor();
    await listShot(page, 'admin-check-rule');

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await popconfirmOk(page);
    await expectMessage(page, '删除成功!');
    await expect.poll(() => page.locator('.ant-table-row:visible').filter({ hasText: code }).count()).toBe(0);
  });
});

describe('系统管理 › 定时任务', () => {
  it('adds a job every 2 s, starts it, sees it run in its log, pauses, runs it once and deletes it', async () => {
    const page = await adminOn('/system/quartz');
    await row(page, 'purchaseStatsRollup').waitFor();
    const s = stamp();
    const description = `e2e任务${s}`;

    await toolbarButton(page, '新增').click();
    const form = dialog(page);
    await form.getByLabel('任务类名').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '关闭过期通告' }).click();
    // Five fields are refused with the shared cron model's message.
    await form.getByLabel('cron表达式').fill('0/2 * * * *');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('cron表达式应为6或7段（秒 分 时 日 月 周 [年]），以空格分隔').waitFor();
    await form.getByLabel('cron表达式').fill('0/2 * * * * ?');
    await form.getByText('接下来执行：').waitFor();
    await expect.poll(() => form.locator('.ant-form-item-extra .ant-tag').count()).toBe(3);

    // The cron表达式 editor reads the field's expression into its tabs; its preview lists 10 times, 2 s apart.
    await form.getByRole('button', { name: /cron编辑器/ }).click();
    const cron = page.getByRole('dialog').filter({ hasText: '最近10次执行时间' });
    await cron.getByText('cron表达式', { exact: true }).waitFor();
    await expect.poll(() => cron.locator('[data-field="second"]').textContent()).toBe('0/2');
    expect(await cron.getByRole('tabpanel', { name: '秒' }).getByLabel('秒循环间隔').inputValue()).toBe('2');
    await cron.getByLabel('表达式').fill('0/2 * * * * *');
    await cron.getByText('“日”和“周”不能同时指定，其中一个须为“?”').waitFor();
    await cron.getByLabel('表达式').fill('0/2 * * * * ?');
    await expect.poll(() => cron.locator('.aps-cron-preview .ant-col').count()).toBe(10);
    const times = (await cron.locator('.aps-cron-preview .ant-col').allInnerTexts()).map((t) =>
      Date.parse(t.replace(/^\d+\.\s*/, '').replace(' ', 'T')),
    );
    expect(times[1]! - times[0]!).toBe(2000);
    await viewportShot(page, 'admin-quartz-cron');
    await cron.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => form.getByLabel('cron表达式').inputValue()).toBe('0/2 * * * * ?');

    await form.getByLabel('描述').fill(description);
    expect(await form.getByRole('radio', { name: '停止' }).isChecked()).toBe(true);
    await viewportShot(page, 'admin-quartz-form');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '创建定时任务成功');
    await row(page, description).getByText('停止', { exact: true }).waitFor();
    // No parameter: the 参数 cell is empty, as empty cells are on every list (issue 11 §7), not "-".
    const headers = await page.locator('.ant-table-thead:visible th').allInnerTexts();
    const parameterCell = row(page, description).locator('td').nth(headers.indexOf('参数'));
    expect(headers).toContain('参数');
    expect(((await parameterCell.textContent()) ?? '').trim()).toBe('');

    await row(page, description).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => form.getByLabel('描述').inputValue()).toBe(description);
    await form.getByLabel('描述').fill(`${description}（每2秒）`);
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '更新定时任务成功');
    await row(page, '（每2秒）').waitFor();

    // 启动: the job runs, and its next fire time shows.
    await row(page, description).getByRole('button', { name: '启动' }).click();
    await popconfirmOk(page);
    await expectMessage(page, '启动定时任务成功');
    await row(page, description).getByText('正常', { exact: true }).waitFor();
    await expect.poll(() => row(page, description).textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await row(page, description).getByRole('button', { name: '日志' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '执行日志' });
    await drawer.getByText('运行中，自动刷新').waitFor();
    const run = drawer.locator('.ant-table-row').filter({ hasText: '定时' }).filter({ hasText: '成功' }).first();
    // The first fire is ≤ 2 s away and the drawer refreshes itself; a busy 2-core box stretches both.
    await run.waitFor({ timeout: 15_000 });
    expect(await run.textContent()).toMatch(/\d+ ms/);
    expect(await run.textContent()).toContain('关闭过期通告');
    await viewportShot(page, 'admin-quartz-log');
    await closeDrawer(drawer);
    await drawer.waitFor({ state: 'hidden' });

    await row(page, description).getByRole('button', { name: '暂停' }).click();
    await popconfirmOk(page);
    await expectMessage(page, '暂停定时任务成功');
    await row(page, description).getByText('停止', { exact: true }).waitFor();

    // 立即执行 runs a paused job once, logged as a manual run.
    await more(page, description, '立即执行');
    await confirmOk(page);
    await expectMessage(page, '执行成功!');
    await row(page, description).getByRole('button', { name: '日志' }).click();
    await drawer.getByText('已停止').waitFor();
    await drawer.locator('.ant-table-row').filter({ hasText: '手动' }).first().waitFor();
    await closeDrawer(drawer);
    await drawer.waitFor({ state: 'hidden' });
    await listShot(page, 'admin-quartz');

    await more(page, description, '删除');
    await confirmOk(page);
    await expectMessage(page, '删除成功!');
    await expect.poll(() => page.locator('.ant-table-row:visible').filter({ hasText: description }).count()).toBe(0);
  });
});
