import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { signInWithForm } from './shell-support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

async function signIn() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
  });
  await page.goto('/user/login');
  await signInWithForm(page, 'admin');
  await page.waitForURL('**/dashboard/analysis');
}

async function openMenu(group: string | null, title: string) {
  const sider = page.locator('.aps-sider');
  const item = sider.getByRole('menuitem', { name: title });
  if (group && !(await item.isVisible())) await sider.getByText(group, { exact: true }).click();
  await item.click();
}

/** A toolbar button by its text (its icon adds a word to the accessible name). */
const button = (text: string) => page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
const builder = () => page.getByRole('dialog').filter({ hasText: '高级查询构造器' });
const confirmDialog = (text: string) => page.locator('.ant-modal-confirm').filter({ hasText: text });
const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const openDropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks `option` in the antd Select labelled `label` inside the builder: typed into its search, then Enter. */
async function choose(label: string, option: string) {
  const combobox = builder().getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.fill(option);
  await openDropdown().getByTitle(option, { exact: true }).waitFor();
  await combobox.press('Enter');
  // The chosen label shows in the select (its closest antd wrapper).
  const select = combobox.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  await expect.poll(() => select.textContent()).toContain(option);
}

const userRows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const usernames = async () => (await userRows().allInnerTexts()).map((t) => t.split(/\s+/).find(Boolean) ?? '').sort();

describe('高级查询 (advanced query builder)', () => {
  it('filters the user list, saves, overwrites and deletes a saved query, and refuses empty conditions', async () => {
    await signIn();
    await openMenu('系统管理', '用户管理');
    await page.waitForURL('**/system/user');
    await userRows().first().waitFor();
    const allUsers = await userRows().count();
    expect(allUsers).toBeGreaterThan(2);

    await button('高级查询').click();
    await builder().waitFor();
    await expect
      .poll(async () => (await page.locator('.ant-modal').filter({ hasText: '高级查询构造器' }).boundingBox())?.width)
      .toBe(1000);

    // §5: an empty line cannot be queried or saved.
    await builder()
      .getByRole('button', { name: /查\s*询$/ })
      .click();
    await toast('不能查询空条件').waitFor();
    await builder()
      .getByRole('button', { name: /保存查询条件/ })
      .click();
    await toast('空条件不能保存').waitFor();

    // 用户账号 在...中 buyer01, expert01; switching the rule away from in keeps the first value (§5).
    await choose('查询字段1', '用户账号');
    await choose('匹配规则1', '在...中');
    const values = builder().getByLabel('查询值1');
    await values.fill('buyer01,expert01');
    await choose('匹配规则1', '等于');
    await expect.poll(() => values.inputValue()).toBe('buyer01');
    await choose('匹配规则1', '在...中');
    await values.fill('buyer01, expert01');
    // A second line for OR: 用户姓名 包含 管理员 — with AND nothing matches both.
    await builder().getByRole('button', { name: '在第1行后添加条件' }).click();
    await choose('查询字段2', '用户姓名');
    await choose('匹配规则2', '包含');
    await builder().getByLabel('查询值2').fill('管理员');
    await builder().getByText('OR（条件中的任意一个匹配）').click();
    await screenshot(page, 'super-query-builder');

    await builder()
      .getByRole('button', { name: /查\s*询$/ })
      .click();
    await builder().waitFor({ state: 'hidden' });
    await expect.poll(usernames).toEqual(expect.arrayContaining(['admin', 'buyer01', 'expert01']));
    expect(await userRows().count()).toBeLessThan(allUsers);
    await screenshot(page, 'super-query-user-list');

    // AND instead: no user is both.
    await button('高级查询').click();
    await builder().getByText('AND（所有条件都要求匹配）').click();
    await builder().getByRole('button', { name: '删除第2行条件' }).click();
    await builder()
      .getByRole('button', { name: /查\s*询$/ })
      .click();
    await expect.poll(usernames).toEqual(['buyer01', 'expert01']);

    // Save it by name: a blank name is refused, then 保存成功 and it is listed.
    await button('高级查询').click();
    await builder()
      .getByRole('button', { name: /保存查询条件/ })
      .click();
    const nameDialog = page.getByRole('dialog').filter({ hasText: '请输入保存的名称' });
    await nameDialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('保存名称不能为空').waitFor();
    const title = `采购与专家${Date.now().toString(36)}`;
    await nameDialog.getByLabel('保存名称').fill(title);
    await nameDialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('保存成功').waitFor();
    await nameDialog.waitFor({ state: 'hidden' });
    const saved = builder().getByText(title, { exact: true });
    await saved.waitFor();

    // The same name again asks "<name>已存在，是否覆盖？"; confirming overwrites.
    await builder()
      .getByRole('button', { name: /保存查询条件/ })
      .click();
    await nameDialog.getByLabel('保存名称').fill(title);
    await nameDialog.getByRole('button', { name: /确\s*定/ }).click();
    const overwrite = confirmDialog(`${title}已存在，是否覆盖？`);
    await overwrite.waitFor();
    await screenshot(page, 'super-query-overwrite');
    await overwrite.getByRole('button', { name: /确\s*定/ }).click();
    await overwrite.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('.ant-message').getByText('保存成功', { exact: true }).count())
      .toBeGreaterThan(0);
    expect(await builder().getByText(title, { exact: true }).count()).toBe(1);

    // 重置 clears the lines and the active query.
    await builder()
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect.poll(() => builder().locator('[data-testid="super-query-line"]').count()).toBe(1);
    await expect.poll(() => userRows().count()).toBe(allUsers);

    // Loading the saved query fills the builder again.
    await saved.click();
    const line = builder().locator('[data-testid="super-query-line"]').first();
    await expect.poll(() => line.textContent()).toMatch(/用户账号[\s\S]*在\.\.\.中/);
    expect(await builder().getByLabel('查询值1').inputValue()).toBe('buyer01, expert01');

    // Delete asks 是否删除当前查询？.
    await builder()
      .getByRole('button', { name: `删除查询 ${title}` })
      .click();
    const remove = confirmDialog('是否删除当前查询？');
    await remove.waitFor();
    await remove.getByRole('button', { name: /确\s*定/ }).click();
    await saved.waitFor({ state: 'detached' });
    await builder()
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await builder().waitFor({ state: 'hidden' });
  });

  it('narrows the FAQ list', async () => {
    await signIn();
    await openMenu(null, '常见问题');
    await page.waitForURL('**/qa/questionsAndAnswers');
    const panels = page.locator('.ant-collapse-item .ant-collapse-title');
    await panels.first().waitFor();
    const before = await panels.count();

    await button('高级查询').click();
    await choose('查询字段1', '问题描述');
    await choose('匹配规则1', '包含');
    await builder().getByLabel('查询值1').fill('注册');
    await builder()
      .getByRole('button', { name: /查\s*询$/ })
      .click();
    await builder().waitFor({ state: 'hidden' });
    // Only questions containing 注册 are left (other tests may have added copies of the seeded one).
    await expect.poll(async () => (await panels.count()) < before).toBe(true);
    const shown = await panels.allInnerTexts();
    expect(shown).toContain('供应商如何注册账号？');
    expect(shown.every((q) => q.includes('注册'))).toBe(true);
    await screenshot(page, 'super-query-faq');
  });
});
