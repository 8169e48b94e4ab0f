import type { Page } from 'playwright-core';
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
  await page.locator('.ant-table-row:visible').first().waitFor();
  return page;
}

/** The open modal. */
const dialog = (page: Page) => page.getByRole('dialog').last();
/** A toolbar button by its text (its icon adds a word to the accessible name). */
const toolbarButton = (page: Page, text: string) =>
  page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
/** The row of the visible table that shows this text. */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();
const rowTexts = (page: Page) => page.locator('.ant-table-row:visible').allInnerTexts();
const searchField = (page: Page, label: string) => page.locator('.aps-search-bar:visible').getByLabel(label);

async function search(page: Page) {
  // Inside the search form: the toolbar's 高级查询 matches the name too.
  await page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

/** Clicks an item of the open dropdown once its opening animation is over (a click during it can be lost). */
async function chooseMenuItem(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name });
  const dropdown = page.locator('.ant-dropdown').filter({ has: item });
  await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
  await item.click();
}

/** A row's 更多 ▾ action, confirmed. */
async function moreAction(page: Page, rowText: string, action: string) {
  await row(page, rowText).getByRole('button', { name: /更多/ }).click();
  await chooseMenuItem(page, action);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
}

/** Picks an option of the select that is open now. */
async function pickOption(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .click();
}

/** What the viewport shows (modals sit on the viewport, not on the page). */
async function viewportShot(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  const dir = new URL('../screenshots/', import.meta.url);
  await page.screenshot({ path: new URL(`${name}.png`, dir).pathname });
}

/** Lets the toasts go and the pointer leave the buttons, so a picture shows the page at rest. */
async function atRest(page: Page) {
  await page.mouse.move(0, 0);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
}

const stamp = () => Date.now().toString(36).slice(-6);

describe('租户管理', () => {
  it('adds, finds, edits, freezes and deletes a tenant; a duplicate name is refused with the server message', async () => {
    const s = stamp();
    const name = `测试租户${s}`;
    const page = await adminOn('/system/tenant');

    // The list sorts on the server: 租户编号 ascending.
    await page.getByRole('columnheader', { name: '租户编号' }).click();
    await expect
      .poll(async () => {
        const ids = (await page.locator('.ant-table-row:visible td:nth-child(2)').allTextContents()).map(Number);
        return ids.length > 1 && ids.every((id, i) => i === 0 || (ids[i - 1] ?? 0) < id);
      })
      .toBe(true);

    await toolbarButton(page, '新增').click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await dialog(page).getByText('请输入租户名称!').waitFor();
    await dialog(page).getByLabel('租户名称').fill(name);
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');

    await toolbarButton(page, '新增').click();
    await dialog(page).getByLabel('租户名称').fill(name);
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '租户名称已存在');
    await dialog(page).getByRole('button', { name: '关闭', exact: true }).last().click();

    await searchField(page, '租户名称').fill(s);
    await search(page);
    await expect.poll(async () => (await rowTexts(page)).length).toBe(1);
    expect((await rowTexts(page))[0]).toContain(name);

    await row(page, name).getByRole('button', { name: '编辑' }).click();
    expect(await dialog(page).getByLabel('租户编号').isDisabled()).toBe(true);
    await atRest(page);
    await viewportShot(page, 'admin-tenant-form');
    await dialog(page).getByLabel('租户名称').fill(`${name}改`);
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(page, `${name}改`).waitFor();

    await moreAction(page, name, '冻结');
    await expectMessage(page, '冻结成功!');
    await row(page, name).getByText('冻结', { exact: true }).waitFor();

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await row(page, name).waitFor();
    await atRest(page);
    await screenshot(page, 'admin-tenant');

    await moreAction(page, name, '删除');
    await expectMessage(page, '删除成功!');
    await expect.poll(async () => (await rowTexts(page)).some((t) => t.includes(name))).toBe(false);
  });
});

describe('职务管理', () => {
  it('adds, finds, edits and deletes a position; the form shows the contract messages', async () => {
    const s = stamp();
    const code = `pos_${s}`;
    const name = `测试职务${s}`;
    const page = await adminOn('/system/position');

    await toolbarButton(page, '新增').click();
    await dialog(page).getByLabel('职务编码').fill('bad code!');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await dialog(page).getByText('职务编码只能由字母、数字、下划线、中划线组成').waitFor();
    await dialog(page).getByText('请输入职务名称!').waitFor();
    await dialog(page).getByText('请选择职级!').waitFor();
    await viewportShot(page, 'admin-position-form');
    await dialog(page).getByLabel('职务编码').fill(code);
    await dialog(page).getByLabel('职务名称').fill(name);
    await dialog(page).getByLabel('职级').click();
    await pickOption(page, '中级');
    // A double click on 确定 sends one request (§9 anti-repeat 1000 ms): no duplicate warning, no second save.
    const adds: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/position/add')) adds.push(r.method());
    });
    await dialog(page).getByRole('button', { name: '确定' }).dblclick();
    await expectMessage(page, '添加成功！');
    await row(page, code).waitFor();
    expect(adds).toEqual(['POST']);
    expect(
      await page
        .locator('.ant-message')
        .getByText(/处理中|已存在/)
        .count(),
    ).toBe(0);
    await atRest(page);
    await screenshot(page, 'admin-position');

    // The code is unique in the tenant: the server's message.
    await toolbarButton(page, '新增').click();
    await dialog(page).getByLabel('职务编码').fill(code);
    await dialog(page).getByLabel('职务名称').fill(name);
    await dialog(page).getByLabel('职级').click();
    await pickOption(page, '员级');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '职务编码已存在');
    await dialog(page).getByRole('button', { name: '关闭', exact: true }).last().click();

    await searchField(page, '职务编码').fill(code);
    await search(page);
    await expect.poll(async () => (await rowTexts(page)).length).toBe(1);

    await row(page, code).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog(page).getByLabel('职务编码').inputValue()).toBe(code);
    await dialog(page).getByLabel('职务名称').fill(`${name}改`);
    await dialog(page).getByLabel('职级').click();
    await pickOption(page, '副高级');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(page, `${name}改`).getByText('副高级').waitFor();

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '删除成功!');
    await expect.poll(async () => (await rowTexts(page)).some((t) => t.includes(code))).toBe(false);
  });
});

describe('网关路由', () => {
  it('adds, finds, edits, disables and batch-deletes a route; predicates are checked as the server does', async () => {
    const s = stamp();
    const routerId = `e2e-${s}`;
    const name = `测试路由${s}`;
    const page = await adminOn('/system/gateway');
    await row(page, 'aps-system').getByText('Path=/aps/sys/**').waitFor();

    await toolbarButton(page, '新增').click();
    const form = dialog(page);
    await form.getByLabel('路由ID').fill(routerId);
    await form.getByLabel('路由名称').fill(name);
    await form.getByLabel('路由URI').fill('ftp://files');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('路由URI须以http://、https://或lb://开头，且为合法地址').waitFor();
    await form.getByText('请至少配置一个断言（predicates）').waitFor();
    await form.getByLabel('断言').fill('[{"name":"Foo","args":{}}]');
    await form.getByText('断言“Foo”不受支持').waitFor();
    await form.getByLabel('过滤器').fill('not json');
    await form
      .getByText('过滤器须为JSON数组，每项形如{"name":"Path","args":{"_genkey_0":"/api/**"}}', { exact: true })
      .waitFor();
    await viewportShot(page, 'admin-gateway-form');
    await form.getByLabel('路由URI').fill('lb://e2e-service');
    await form.getByLabel('断言').fill('[{"name":"Path","args":{"_genkey_0":"/e2e/**"}}]');
    await form.getByLabel('过滤器').fill('[{"name":"StripPrefix","args":{"_genkey_0":"1"}}]');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '添加成功！');

    await searchField(page, '路由ID').fill(routerId);
    await search(page);
    await expect.poll(async () => (await rowTexts(page)).length).toBe(1);
    await row(page, routerId).getByText('Path=/e2e/**').waitFor();
    await row(page, routerId).getByText('StripPrefix=1').waitFor();

    await row(page, routerId).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog(page).getByLabel('断言').inputValue()).toContain('"_genkey_0":"/e2e/**"');
    await dialog(page).getByLabel('路由名称').fill(`${name}改`);
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '编辑成功!');
    await row(page, `${name}改`).waitFor();

    await moreAction(page, routerId, '停用');
    await expectMessage(page, '停用成功!');
    await row(page, routerId).getByText('停用', { exact: true }).waitFor();

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await row(page, 'aps-system').waitFor();
    await atRest(page);
    await screenshot(page, 'admin-gateway');

    await row(page, routerId).locator('.ant-checkbox-input').check();
    await toolbarButton(page, '批量删除').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '删除成功!');
    await expect.poll(async () => (await rowTexts(page)).some((t) => t.includes(routerId))).toBe(false);
  });
});
