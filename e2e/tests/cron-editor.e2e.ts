import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
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

/** The cron表达式 dialog. */
const cronDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: '最近10次执行时间' });
/** Opens a tab of the editor and answers its panel. */
async function openTab(editor: Locator, name: string): Promise<Locator> {
  await editor.getByRole('tab', { name, exact: true }).click();
  return editor.getByRole('tabpanel', { name, exact: true });
}
/** Types a number into a box of the editor (the box keeps its value until it is valid). */
async function setNumber(panel: Locator, label: string, value: number) {
  const box = panel.getByLabel(label, { exact: true });
  await box.fill(String(value));
  await box.blur();
}
const previewTimes = async (editor: Locator) =>
  (await editor.locator('.aps-cron-preview .ant-col').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, ''));
const field = (editor: Locator, name: string) => editor.locator(`[data-field="${name}"]`);

/** A picture of what the viewport shows (modals sit on the viewport). */
async function viewportShot(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  await page.screenshot({ path: new URL(`../screenshots/${name}.png`, import.meta.url).pathname });
}

describe('cron表达式 editor', () => {
  it('builds a cron in the jobs form through the tabs, previews it, and the saved job shows its next fire time', async () => {
    const page = await adminOn('/system/quartz');
    await page.locator('.ant-table-row').filter({ hasText: 'purchaseStatsRollup' }).first().waitFor();
    const description = `e2e cron ${Date.now().toString(36).slice(-5)}`;

    await page
      .getByRole('button')
      .filter({ hasText: /^新增$/ })
      .click();
    const form = page.getByRole('dialog').last();
    await form.getByLabel('任务类名').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '关闭过期通告' }).click();
    await form.getByRole('button', { name: /cron编辑器/ }).click();
    const editor = cronDialog(page);
    await editor.getByText('cron表达式', { exact: true }).waitFor();
    // An empty field opens at the §4 defaults.
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('* * * * * ? *');

    // 秒: every 5 seconds from second 0.
    const seconds = await openTab(editor, '秒');
    await seconds.getByRole('radio', { name: '循环' }).check();
    await setNumber(seconds, '秒循环间隔', 5);
    await expect.poll(() => field(editor, 'second').textContent()).toBe('0/5');
    // 分: minutes 10 to 20 (the second is set already, so it stays).
    const minutes = await openTab(editor, '分');
    await setNumber(minutes, '分区间开始', 10);
    await setNumber(minutes, '分区间结束', 20);
    expect(await minutes.getByRole('radio', { name: '区间' }).isChecked()).toBe(true);
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('0/5 10-20 * * * ? *');
    // 日: the last day of the month; a day set while the hour is "*" pins the hour to 0 (§4).
    const days = await openTab(editor, '日');
    await days.getByRole('radio', { name: '本月最后一天' }).check();
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('0/5 10-20 0 L * ? *');
    await expect.poll(() => previewTimes(editor).then((t) => t.length)).toBe(10);
    const times = await previewTimes(editor);
    expect(times[0]).toMatch(/^\d{4}-\d{2}-(28|29|30|31) 00:10:00$/);
    expect(Date.parse(times[1]!.replace(' ', 'T')) - Date.parse(times[0]!.replace(' ', 'T'))).toBe(5000);
    await viewportShot(page, 'cron-editor-jobs');

    // 本月第 2 个 周日 (7#2): the day field turns "?", the week takes the pick.
    await setNumber(days, '第几个星期', 2);
    await days.getByLabel('第几个星期的星期').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '周日' }).click();
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('0/5 10-20 0 ? * 7#2 *');
    await expect.poll(() => field(editor, 'week').textContent()).toBe('7#2');
    await expect.poll(() => previewTimes(editor).then((t) => t.length)).toBe(10);
    // The second Sunday of a month falls on the 8th to the 14th.
    expect((await previewTimes(editor))[0]).toMatch(/^\d{4}-\d{2}-(0[89]|1[0-4]) 00:10:00$/);

    // 年: a past year has no run; the year pins the month to 1 (§4).
    const years = await openTab(editor, '年');
    await years.getByRole('radio', { name: '指定' }).check();
    await years.getByRole('checkbox', { name: '2020', exact: true }).check();
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('0/5 10-20 0 ? 1 7#2 2020');
    await editor.getByText('无执行时间').waitFor();
    await viewportShot(page, 'cron-editor-no-run');
    await years.getByRole('radio', { name: '每年' }).check();
    const months = await openTab(editor, '月');
    await months.getByRole('radio', { name: '每月' }).check();
    // Back to the last day of the month, then to the form.
    await (await openTab(editor, '日')).getByRole('radio', { name: '本月最后一天' }).check();
    await expect.poll(() => editor.getByLabel('表达式').inputValue()).toBe('0/5 10-20 0 L * ? *');
    await expect.poll(() => previewTimes(editor).then((t) => t.length)).toBe(10);
    await editor.getByRole('button', { name: '确定' }).click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => form.getByLabel('cron表达式').inputValue()).toBe('0/5 10-20 0 L * ? *');
    await form.getByText('接下来执行：').waitFor();

    // Opening the editor again reads the expression back into its tabs.
    await form.getByRole('button', { name: /cron编辑器/ }).click();
    const again = cronDialog(page);
    expect(await (await openTab(again, '分')).getByRole('radio', { name: '区间' }).isChecked()).toBe(true);
    expect(await again.getByRole('tabpanel', { name: '分' }).getByLabel('分区间开始').inputValue()).toBe('10');
    expect(await (await openTab(again, '日')).getByRole('radio', { name: '本月最后一天' }).isChecked()).toBe(true);
    // Typing an expression reads it into the tabs too.
    await again.getByLabel('表达式').fill('0 0 12 ? * 1,3,5');
    await openTab(again, '日');
    expect(await again.getByRole('radio', { name: '指定星期' }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: '周三' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: '关闭', exact: true }).last().click();
    await again.waitFor({ state: 'hidden' });
    await expect.poll(() => form.getByLabel('cron表达式').inputValue()).toBe('0/5 10-20 0 L * ? *');

    await form.getByRole('radio', { name: '正常' }).check();
    await form.getByLabel('描述').fill(description);
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '创建定时任务成功');
    const row = page.locator('.ant-table-row:visible').filter({ hasText: description }).first();
    await row.getByText('0/5 10-20 0 L * ? *').waitFor();
    await expect.poll(() => row.textContent()).toMatch(/\d{4}-\d{2}-(28|29|30|31) 00:10:00/);

    // Clean up: a running job stays out of the other tests' way.
    await row.getByRole('button', { name: /更多/ }).click();
    const entry = page.getByRole('menuitem', { name: '删除' });
    const dropdown = page.locator('.ant-dropdown').filter({ has: entry });
    await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
    await entry.click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '删除成功!');
  });

  it('is on the demo page: a form field with its dialog, and the editor on the page', async () => {
    const page = await adminOn('/dashboard/analysis');
    await openSiderMenu(page, '示例页面', 'Cron表达式', '/demo/cron');

    const inline = page
      .locator('.ant-card')
      .filter({ hasText: '编辑器' })
      .filter({ has: page.getByRole('tablist') });
    // The starting expression is read into its tabs: the first 周一 of the month at 09:00.
    const days = await openTab(inline, '日');
    expect(await days.getByRole('radio', { name: '本月第' }).isChecked()).toBe(true);
    await expect.poll(() => previewTimes(inline).then((t) => t.length)).toBe(10);
    expect((await previewTimes(inline))[0]).toMatch(/^\d{4}-\d{2}-0[1-7] 09:00:00$/);
    // 指定 with nothing ticked is the minimum (§4).
    const hours = await openTab(inline, '时');
    await hours.getByRole('checkbox', { name: '9', exact: true }).uncheck();
    await expect.poll(() => inline.getByLabel('表达式').inputValue()).toBe('0 0 0 ? * 1#1 *');
    await hours.getByRole('checkbox', { name: '18', exact: true }).check();
    await hours.getByRole('checkbox', { name: '8', exact: true }).check();
    await expect.poll(() => inline.getByLabel('表达式').inputValue()).toBe('0 0 8,18 ? * 1#1 *');
    await screenshot(page, 'cron-demo');

    // Without the year: six fields and no 年 tab.
    await page.getByRole('switch', { name: '隐藏年' }).click();
    await expect.poll(() => inline.getByLabel('表达式').inputValue()).toBe('0 0 8,18 ? * 1#1');
    expect(await inline.getByRole('tab', { name: '年', exact: true }).count()).toBe(0);

    // The form field's dialog, set from the field's value.
    const fieldCard = page.locator('.ant-card').filter({ hasText: '表单字段' });
    await fieldCard.getByRole('button', { name: /cron编辑器/ }).click();
    const dialog = cronDialog(page);
    expect(await (await openTab(dialog, '分')).getByRole('radio', { name: '循环' }).isChecked()).toBe(true);
    await setNumber(dialog.getByRole('tabpanel', { name: '分' }), '分循环间隔', 15);
    await expect.poll(() => previewTimes(dialog).then((t) => t.length)).toBe(10);
    await viewportShot(page, 'cron-demo-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldCard.getByLabel('cron表达式').inputValue()).toBe('0 0/15 * * * ? *');
  });
});
