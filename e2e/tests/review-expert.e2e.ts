import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { apiLogin, collectErrors, expectMessage, PASSWORD, signInWithForm } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const POOL_PATH = '/review/expertPool';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(errors).toEqual([]);
});

/** A new expert-end user (userEnd 2) without a profile, added by the admin through the user API. */
async function newExpertUser(): Promise<{ username: string; realname: string }> {
  const { token } = await apiLogin(baseUrl, 'admin');
  const suffix = Date.now().toString().slice(-8);
  const user = { username: `pool${suffix}`, realname: `池专家${suffix.slice(-4)}` };
  const res = await fetch(`${baseUrl}/aps/sys/user/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({
      ...user,
      phone: `139${suffix}`,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      userEnd: ['2'],
    }),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`add user: ${body.message}`);
  return user;
}

const drawer = () => page.getByRole('dialog');
const rowOf = (text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('专家库 (expert pool)', () => {
  it('adds an expert profile, finds it by search and suspends it', async () => {
    const user = await newExpertUser();
    ({ context, page } = await newUserPage(browser, baseUrl));
    errors = collectErrors(page);
    await page.goto('/user/login');
    await signInWithForm(page, 'admin');
    await page.waitForURL('**/dashboard/analysis');
    await openSiderMenu(page, '专家评审', '专家库', POOL_PATH);
    await rowOf('expert01').waitFor();

    await page
      .getByRole('button')
      .filter({ hasText: /^新增$/ })
      .click();
    await drawer().waitFor();
    const userBox = drawer().getByLabel('专家用户');
    await userBox.click();
    await userBox.fill(user.username);
    await page.locator('.ant-select-item-option').filter({ hasText: user.username }).click();
    const speciality = drawer().getByLabel('专业');
    await speciality.click();
    await speciality.fill('A01A01');
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'A01A01' }).click();
    // The multiple tree select stays open after a pick: close it so that it covers no field.
    await speciality.press('Escape');
    await drawer().getByLabel('地区').fill('上海市');
    await drawer().getByLabel('职称').fill('高级工程师');
    await drawer().getByLabel('工作单位').fill('界面测试咨询有限公司');
    await screenshot(page, 'p15-pool-drawer');
    await drawer()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectMessage(page, '添加成功！');

    await page.getByLabel('姓名/账号').fill(user.username);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await expect.poll(() => rowOf(user.username).textContent()).toContain('正常');
    expect(await rowOf(user.username).textContent()).toContain('界面测试咨询有限公司');

    await rowOf(user.username).getByText('编辑').click();
    await drawer().waitFor();
    await drawer().getByLabel('状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '暂停' }).click();
    await drawer()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectMessage(page, '编辑成功!');
    await expect.poll(() => rowOf(user.username).textContent()).toContain('暂停');
    await screenshot(page, 'p15-pool-list');
  });
});
