/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, pathOf, signInWithForm, tab, topMenuTitles, userPage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
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
  context = undefined;
  expect(errors).toEqual([]);
});

async function visitor() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  errors = collectErrors(page);
}

async function signedIn(username: string) {
  ({ context, page } = await userPage(browser, baseUrl, username));
  errors = collectErrors(page);
}

describe('public routes', () => {
  it('sends / to the portal home in the production build', async () => {
    await visitor();
    await page.goto('/');
    await waitForPath(page, '/home');
    await page.getByRole('heading', { name: '全流程数字化采购平台', level: 1 }).waitFor();
    await screenshot(page, 'shell-portal-home');
  });

  it('has a real page on every public path', async () => {
    await visitor();
    const pages: [path: string, landsOn: string, text: string][] = [
      ['/user', '/user/login', '登录'],
      ['/user/login', '/user/login', '登录'],
      [
        '/user/register-result?account=supplier99',
        '/user/register-result?account=supplier99',
        '你的账户：supplier99 注册成功',
      ],
      ['/user/alteration', '/user/alteration', '变更手机号或邮箱'],
      ['/user/forget', '/user/forget', '找回密码'],
      ['/oauth2-app', '/oauth2-app/login', '请在企业微信或钉钉中打开'],
      ['/register', '/register', '供应商注册'],
      ['/home', '/home', '登录平台'],
      ['/homeNav', '/homeNav', '平台导航'],
      ['/test', '/test/home', '平台运行状态'],
      ['/404', '/404', '很抱歉，资源未找到!'],
    ];
    for (const [path, landsOn, text] of pages) {
      await page.goto(path);
      await waitForPath(page, landsOn);
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.goto('/test/home');
    await page.getByText('运行正常').waitFor();
    // The logo of the login layout leads to /home.
    await page.goto('/user/forget');
    await page.getByRole('link', { name: '返回门户首页' }).click();
    await waitForPath(page, '/home');
  });

  it('keeps the first path and the busId/title query fields of the first entry in session storage', async () => {
    await visitor();
    await page.goto('/home?busId=B-1001&title=%E5%BE%85%E5%8A%9E');
    await page.goto('/homeNav?busId=other');
    const kept = await page.evaluate(() => ({
      firstPath: sessionStorage.getItem('firstPath'),
      busId: sessionStorage.getItem('busId'),
      title: sessionStorage.getItem('title'),
    }));
    expect(kept).toEqual({ firstPath: '/home', busId: 'B-1001', title: '待办' });
  });
});

describe('navigation guard', () => {
  it('without a token sends any workspace path, unknown ones included, to login with the full path', async () => {
    await visitor();
    await page.goto('/purchase/record?purchaseName=%E9%92%A2');
    await waitForPath(page, '/user/login?redirect=%2Fpurchase%2Frecord%3FpurchaseName%3D%25E9%2592%25A2');
    await page.goto('/no/such/page');
    await waitForPath(page, '/user/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  it('signs in and replays the redirect target: the deep page, with its query', async () => {
    await visitor();
    await page.goto('/purchase/record?from=mail');
    await page.waitForURL('**/user/login?redirect=*');
    await signInWithForm(page, 'buyer01');
    await waitForPath(page, '/purchase/record?from=mail');
    await page.getByRole('columnheader', { name: '采购编号' }).waitFor();
    await expect.poll(() => page.title()).toBe('采购记录 - 全流程数字化采购平台');
  });

  it('with a token sends login, register and the OAuth2 app login to the home page', async () => {
    await signedIn('buyer01');
    for (const path of ['/user/login', '/register', '/oauth2-app/login']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard/analysis');
    }
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
  });

  it('with a token but no permissions loads them, then replays ?redirect', async () => {
    await signedIn('buyer01');
    await page.goto('/dashboard/analysis?redirect=%2Fpurchase%2Frecord');
    await waitForPath(page, '/purchase/record');
    await page.getByRole('columnheader', { name: '采购编号' }).waitFor();
  });

  it('logs out and goes to /user/login when the permissions cannot be loaded', async () => {
    await visitor();
    await page.goto('/home');
    await page.evaluate(() =>
      localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'revoked.token', expire: null })),
    );
    await page.goto('/purchase/record');
    await page.waitForURL('**/user/login*');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
  });

  it('still guards a switch to an open tab once the session ended in another browser tab', async () => {
    await signedIn('admin');
    await page.goto('/purchase/record');
    await page.getByRole('columnheader', { name: '采购编号' }).waitFor();
    await tab(page, '首页').click();
    await waitForPath(page, '/dashboard/analysis');
    // Signed out elsewhere: the stored token is gone (what logout in another browser tab leaves behind).
    await page.evaluate(() => localStorage.removeItem('pro__Access-Token'));
    await tab(page, '采购记录').click();
    await waitForPath(page, '/user/login?redirect=%2Fpurchase%2Frecord');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
  });

  it('lands on the same deep page after a browser refresh', async () => {
    await signedIn('admin');
    await page.goto('/system/quartz?jobGroup=DEFAULT');
    await page.getByRole('columnheader', { name: '下次执行时间' }).waitFor();
    await page.reload();
    await waitForPath(page, '/system/quartz?jobGroup=DEFAULT');
    await page.getByRole('columnheader', { name: '下次执行时间' }).waitFor();
    await expect.poll(() => page.title()).toBe('定时任务 - 全流程数字化采购平台');
  });

  it('sends a signed-in user on an unknown path to /404', async () => {
    await signedIn('admin');
    await page.goto('/no/such/page');
    await waitForPath(page, '/404');
    await page.getByText('很抱歉，资源未找到!').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForPath(page, '/dashboard/analysis');
  });

  it('sends a path outside the user menu to /404 (a buyer opening system administration)', async () => {
    await signedIn('buyer01');
    await page.goto('/system/user');
    await waitForPath(page, '/404');
  });
});

describe('dynamic routes from the server menu', () => {
  it('gives every role its own menu', async () => {
    await signedIn('admin');
    await page.goto('/dashboard/analysis');
    const admin = await topMenuTitles(page);
    expect(admin).toEqual(
      expect.arrayContaining([
        '首页',
        '流程中心',
        '采购管理',
        '供应商管理',
        '专家评审',
        '常见问题',
        '系统管理',
        '接口文档',
      ]),
    );
    expect(admin).not.toContain('个人页');
    await context?.close();

    await signedIn('buyer01');
    await page.goto('/dashboard/analysis');
    const buyer = await topMenuTitles(page);
    // 示例页面 holds 申请示例, the workflow demo every business role may start (issue 13); 监督检查 holds 整改管理,
    // where a department answers its own orders, and 工单管理 the orders a buyer files (issue 17).
    expect(buyer).toEqual([
      '首页',
      '流程中心',
      '采购管理',
      '供应商管理',
      '合同结算',
      '监督检查',
      '工单管理',
      '常见问题',
      '示例页面',
    ]);
    await context?.close();

    await signedIn('expert01');
    await page.goto('/dashboard/analysis');
    expect(await topMenuTitles(page)).toEqual(['首页', '专家评审', '常见问题']);
    await context?.close();

    // userEnd 3: no home page; the first menu entry leads to the announcement tabs.
    await signedIn('supplier01');
    await page.goto('/');
    await waitForPath(page, '/home');
    await page.goto('/dashboard/analysis');
    await waitForPath(page, '/purchaseannouncement/PurchaseAnnouncementTabs');
    // 监督检查 holds the supplier's 我的整改 (issue 17).
    expect(await topMenuTitles(page)).toEqual(['采购管理', '供应商管理', '合同结算', '监督检查', '常见问题']);
    await page.goto('/purchase');
    await waitForPath(page, '/purchaseannouncement/PurchaseAnnouncementTabs');
    await expect.poll(() => page.title()).toBe('采购公告 - 全流程数字化采购平台');
  });

  it('opens a submenu item and follows layouts to their first child', async () => {
    await signedIn('admin');
    await page.goto('/dashboard/analysis');
    await page.locator('.aps-sider').getByText('系统管理', { exact: true }).click();
    await page.locator('.aps-sider').getByText('用户管理', { exact: true }).click();
    await waitForPath(page, '/system/user');
    await page.getByRole('columnheader', { name: '用户账号' }).waitFor();
    // A layout route (layouts/RouteView) leads to its first child (运维工单; no menu is 建设中 any more).
    await page.goto('/workorder');
    await waitForPath(page, '/workorder/operation');
    await page.getByRole('columnheader', { name: '工单编号' }).first().waitFor();
    // The views area: the exception pages of the demo menu.
    await page.goto('/exception/403');
    await page.getByText('抱歉，你无权访问该页面').waitFor();
  });

  it('opens an external menu item in a new browser tab', async () => {
    await signedIn('admin');
    await page.goto('/dashboard/analysis');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('.aps-sider').getByText('接口文档', { exact: true }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toMatch(/^\/aps\/docs/);
    expect(pathOf(page)).toBe('/dashboard/analysis');
  });
});
