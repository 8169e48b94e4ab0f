import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { superQueryKit } from '../support/super-query.ts';
import { serverUnderTest } from '../support/target.ts';
import { signInWithForm } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

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

const userRows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const usernames = async () => (await userRows().allInnerTexts()).map((t) => t.split(/\s+/).find(Boolean) ?? '').sort();

describe('高级查询 (advanced query builder)', () => {
  it('filters the user list, saves, overwrites and deletes a saved query, and refuses empty conditions', async () => {
    await signIn();
    const q = superQueryKit(page);
    await openSiderMenu(page, '系统管理', '用户管理', '/system/user');
    await userRows().first().waitFor();
    const allUsers = await userRows().count();
    expect(allUsers).toBeGreaterThan(2);

    await q.open();
    await expect.poll(q.modalWidth).toBe(1000);

    // §5: an empty line cannot be queried or saved.
    await q.search();
    await q.toast('不能查询空条件').waitFor();
    await q.startSave();
    await q.toast('空条件不能保存').waitFor();

    // 用户账号 在...中 buyer01, expert01; switching the rule away from in keeps the first value (§5).
    await q.setLine(1, '用户账号', '在...中', 'buyer01,expert01');
    const values = q.builder().getByLabel('查询值1');
    await q.choose('匹配规则1', '等于');
    await expect.poll(() => values.inputValue()).toBe('buyer01');
    await q.choose('匹配规则1', '在...中');
    await values.fill('buyer01, expert01');
    // A second line for OR: 用户姓名 包含 管理员 — with AND nothing matches both.
    await q.addLineAfter(1);
    await q.setLine(2, '用户姓名', '包含', '管理员');
    await q.matchAny();
    await screenshot(page, 'super-query-builder');

    await q.run();
    await expect.poll(usernames).toEqual(expect.arrayContaining(['admin', 'buyer01', 'expert01']));
    expect(await userRows().count()).toBeLessThan(allUsers);
    await screenshot(page, 'super-query-user-list');

    // AND instead: no user is both.
    await q.open();
    await q.matchAll();
    await q.builder().getByRole('button', { name: '删除第2行条件' }).click();
    await q.run();
    await expect.poll(usernames).toEqual(['buyer01', 'expert01']);

    // Save it by name: a blank name is refused, then 保存成功 and it is listed.
    await q.open();
    await q.saveAs('');
    await q.toast('保存名称不能为空').waitFor();
    const title = `采购与专家${Date.now().toString(36)}`;
    await q.nameDialog().getByLabel('保存名称').fill(title);
    await q
      .nameDialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await q.toast('保存成功').waitFor();
    await q.nameDialog().waitFor({ state: 'hidden' });
    await q.saved(title).waitFor();

    // The same name again asks "<name>已存在，是否覆盖？"; confirming overwrites.
    await q.saveAs(title);
    await q.confirmDialog(`${title}已存在，是否覆盖？`).waitFor();
    await screenshot(page, 'super-query-overwrite');
    await q.confirm(`${title}已存在，是否覆盖？`);
    await expect.poll(() => q.toast('保存成功').count()).toBeGreaterThan(0);
    expect(await q.saved(title).count()).toBe(1);

    // 重置 clears the lines and the active query.
    await q.reset();
    await expect.poll(() => q.lines().count()).toBe(1);
    await expect.poll(() => userRows().count()).toBe(allUsers);

    // Loading the saved query fills the builder again.
    await q.saved(title).click();
    await expect.poll(() => q.lines().first().textContent()).toMatch(/用户账号[\s\S]*在\.\.\.中/);
    expect(await q.builder().getByLabel('查询值1').inputValue()).toBe('buyer01, expert01');

    // Delete asks 是否删除当前查询？.
    await q.askDelete(title);
    await q.confirm('是否删除当前查询？');
    await q.saved(title).waitFor({ state: 'detached' });
    await q.close();
  });

  it('narrows the FAQ list', async () => {
    await signIn();
    const q = superQueryKit(page);
    // A top-level item: its icon's label is part of its accessible name.
    await page.locator('.aps-sider').getByRole('menuitem', { name: '常见问题' }).click();
    await page.waitForURL('**/qa/questionsAndAnswers');
    const panels = page.locator('.ant-collapse-item .ant-collapse-title');
    await panels.first().waitFor();
    const before = await panels.count();

    await q.open();
    await q.setLine(1, '问题描述', '包含', '注册');
    await q.run();
    // Only questions containing 注册 are left (other tests may have added copies of the seeded one).
    await expect.poll(async () => (await panels.count()) < before).toBe(true);
    const shown = await panels.allInnerTexts();
    expect(shown).toContain('供应商如何注册账号？');
    expect(shown.every((q) => q.includes('注册'))).toBe(true);
    await screenshot(page, 'super-query-faq');
  });

  it('narrows the 采购记录 list, together with its own filters', async () => {
    await signIn();
    const q = superQueryKit(page);
    await openSiderMenu(page, '采购管理', '采购记录', '/purchase/record');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const total = () => page.locator('.ant-pagination-total-text').textContent();
    const count = async () => Number((await total())?.match(/共 (\d+) 条/)?.[1]);
    await expect.poll(count).toBeGreaterThan(10);
    const all = await count();

    await q.open();
    await q.setLine(1, '采购编号', '以..开始', 'CG-2026');
    await q.addLineAfter(1);
    await q.setLine(2, '采购名称', '包含', '钢筋');
    await q.run();
    await expect.poll(count).toBeLessThan(all);
    const narrowed = await count();
    expect(narrowed).toBeGreaterThan(0);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/CG-2026[\s\S]*钢筋/);

    // The page's own 采购名称 filter applies on top (AND) of the advanced query.
    await page.getByLabel('采购名称').fill('不存在的采购名称');
    await q.button('查\\s*询').first().click();
    await page.locator('.ant-empty-description:visible').filter({ hasText: '暂无数据' }).waitFor();
    expect(await rows.count()).toBe(0);
    await screenshot(page, 'super-query-purchase-record');
  });
});
