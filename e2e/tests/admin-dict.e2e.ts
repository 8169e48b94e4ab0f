import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, signInWithForm, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

/** Signs admin in through the login form. */
async function signedInAsAdmin() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  errors = collectErrors(page);
  await page.goto('/user/login');
  await signInWithForm(page, 'admin');
  await page.waitForURL('**/dashboard/analysis');
}

/** Opens a 系统管理 entry from the side menu. */
async function openSystemMenu(title: string) {
  const sider = page.locator('.aps-sider');
  const item = sider.getByRole('menuitem', { name: title });
  if (!(await item.isVisible())) await sider.getByText('系统管理', { exact: true }).click();
  await item.click();
}

/** The open modal or drawer on top. */
const dialog = () => page.getByRole('dialog').last();
/** A toolbar button by its exact text (its icon adds a word to the accessible name). */
const button = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
/** The visible table row that shows this text (kept-alive pages stay in the DOM, hidden). */
const row = (text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();

/** Confirms the popconfirm just opened (an earlier one may still be fading out). */
async function confirmPop() {
  const pop = page.locator('.ant-popconfirm:visible').last();
  await pop.getByRole('button', { name: '确定' }).click();
  await pop.waitFor({ state: 'hidden' });
}

/** Lets toasts and hover tooltips go, so a picture shows the page at rest. */
async function settle() {
  await page.mouse.move(0, 0);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
}

/** At 1280 px the list's columns fit: no sideways scroll, the 操作 column shows whole. */
async function expectFitsWidth() {
  const [scroll, client] = await page
    .locator('.ant-table-content:visible')
    .first()
    .evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client ?? 0);
}

/** A picture of the viewport (drawers and modals sit on it, not on the page). */
async function viewportShot(name: string) {
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  const dir = new URL('../screenshots/', import.meta.url);
  await page.screenshot({ path: new URL(`${name}.png`, dir).pathname });
}

describe('系统管理: 数据字典', () => {
  it('adds a dictionary with an item, finds, edits and deletes it', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const dictName = `采购方式${stamp}`;
    const dictCode = `e2e_dict_${stamp}`;

    await signedInAsAdmin();
    await openSystemMenu('数据字典');
    await waitForPath(page, '/system/dict');
    await row('sex').waitFor();
    await screenshot(page, 'admin-dict');
    await expectFitsWidth();

    // The form checks the §5 texts before the server is asked.
    await button(page, '新增').click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请输入字典名称!').waitFor();
    await dialog().getByText('字典Code不能为空!').waitFor();
    await dialog().getByLabel('字典编码').fill('bad code');
    await dialog().getByText('字典编码只能由字母、数字、下划线组成').waitFor();
    await dialog().getByLabel('字典编码').fill('sex');
    await dialog().getByLabel('字典名称').click();
    await dialog().getByText('该值不可用，系统中已存在！').waitFor();
    await viewportShot('admin-dict-add');
    await dialog().getByLabel('字典名称').fill(dictName);
    await dialog().getByLabel('字典编码').fill(dictCode);
    await dialog().getByLabel('描述').fill('端到端测试创建');
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    await row(dictCode).waitFor();

    // Search by 字典编码: only the new dictionary is left.
    await page.locator('.aps-search-bar').getByLabel('字典编码').fill(dictCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(1);
    expect(await row(dictCode).textContent()).toContain(dictName);

    // Its items: one added, a second with the same value is refused with the server's message, then edited.
    await row(dictCode).getByRole('button', { name: '字典配置' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `字典配置 - ${dictName}` });
    await drawer.waitFor();
    await drawer.locator('.ant-empty-description').waitFor();
    await button(drawer, '新增').click();
    await dialog().getByLabel('名称', { exact: true }).fill('公开招标');
    await dialog().getByLabel('数据值').fill('1');
    await dialog().getByLabel('颜色').fill('blue');
    await dialog().getByLabel('描述').fill('面向不特定供应商');
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    await drawer.locator('.ant-table-row').filter({ hasText: '公开招标' }).waitFor();

    await button(drawer, '新增').click();
    await expect.poll(() => dialog().getByLabel('排序').inputValue()).toBe('2');
    await dialog().getByLabel('名称', { exact: true }).fill('重复值');
    await dialog().getByLabel('数据值').fill('1');
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '该字典下已存在相同的数据值');
    await dialog().getByLabel('数据值').fill('2');
    await dialog().getByLabel('名称', { exact: true }).fill('邀请招标');
    await dialog().getByText('不启用', { exact: true }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    const invited = drawer.locator('.ant-table-row').filter({ hasText: '邀请招标' });
    await invited.waitFor();
    expect(await invited.textContent()).toContain('不启用');

    await invited.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog().getByLabel('数据值').inputValue()).toBe('2');
    await dialog().getByLabel('名称', { exact: true }).fill('邀请招标（限定）');
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await drawer.locator('.ant-table-row').filter({ hasText: '邀请招标（限定）' }).waitFor();
    await settle();
    await viewportShot('admin-dict-items');

    await drawer
      .locator('.ant-table-row')
      .filter({ hasText: '邀请招标（限定）' })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmPop();
    await expectMessage(page, '删除成功!');
    await expect.poll(() => drawer.locator('.ant-table-row').count()).toBe(1);
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.getByRole('button', { name: '关闭' }))
      .first()
      .click();
    await drawer.waitFor({ state: 'hidden' });
    // The list counts the items.
    await expect
      .poll(async () => (await row(dictCode).locator('td').allInnerTexts()).map((t) => t.trim()))
      .toContain('1');

    // Edit the dictionary.
    await row(dictCode).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog().getByLabel('字典编码').inputValue()).toBe(dictCode);
    await dialog().getByLabel('字典名称').fill(`${dictName}改`);
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(`${dictName}改`).waitFor();

    // Delete it, its items with it.
    await row(dictCode).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm:visible').getByText('确定删除该字典及其 1 个字典项吗?').waitFor();
    await confirmPop();
    await expectMessage(page, '删除成功!');
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(0);

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await row('sex').waitFor();
    await button(page, '刷新缓存').click();
    await expectMessage(page, '刷新缓存完成！');
  });
});

describe('系统管理: 分类字典', () => {
  it('opens a branch, adds a child under it and refuses to delete a parent', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const childName = `装配式构件${stamp}`;

    await signedInAsAdmin();
    await openSystemMenu('分类字典');
    await waitForPath(page, '/system/category');
    await row('物资').waitFor();

    // Children load when a row is opened.
    await row('物资')
      .getByRole('button', { name: /展开|Expand/ })
      .click();
    await row('A02A01').waitFor();

    await row('物资').getByRole('button', { name: '添加下级' }).click();
    await dialog().getByText('物资', { exact: true }).waitFor();
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请输入类型名称!').waitFor();
    await dialog().getByLabel('分类名称').fill(childName);
    await viewportShot('admin-category-add');
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');
    // The code is generated under the parent's (A02 → A02Axx).
    const child = row(childName);
    await child.waitFor();
    expect(await child.textContent()).toMatch(/A02A\d{2}/);
    await settle();
    await screenshot(page, 'admin-category');
    await expectFitsWidth();

    // Renamed in place; the parent picker shows its parent by name.
    await child.getByRole('button', { name: '编辑' }).click();
    await dialog().getByText('物资', { exact: true }).waitFor();
    await dialog().getByLabel('分类名称').fill(`${childName}改`);
    await dialog().getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(`${childName}改`).waitFor();
    expect(await row(`${childName}改`).textContent()).toMatch(/A02A\d{2}/);

    // A parent with children is not deleted: the server's reason shows.
    await row('物资').getByRole('button', { name: '删除' }).click();
    await confirmPop();
    await expectMessage(page, '该分类下还有子分类，不能删除');

    await child.getByRole('button', { name: '删除' }).click();
    await confirmPop();
    await expectMessage(page, '删除成功!');
    await expect.poll(() => page.locator('.ant-table-row:visible').filter({ hasText: childName }).count()).toBe(0);
  });
});
