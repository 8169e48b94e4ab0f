import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { userMenu } from './header-support.ts';

const { baseUrl, dataDir } = serverUnderTest();
const PASSWORD = 'Aps@2026';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
let pageErrors: string[];

/** The user dropdown's 退出登录, confirmed. */
async function signOut() {
  await userMenu(page, '退出登录');
  await page
    .getByRole('dialog')
    .filter({ hasText: '真的要注销登录吗 ?' })
    .getByRole('button', { name: '确定' })
    .click();
}
// Every test starts as a new visitor (empty localStorage, no token) and must not raise script errors.
beforeEach(async () => {
  ({ context, page } = await newUserPage(browser, baseUrl));
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (msg) => {
    // The browser logs every non-2xx response (a wrong password's 400); those are expected, script errors are not.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
  });
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

async function signIn(username: string, password: string) {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The titles of the menu tiles on the signed-in home, once they have loaded. */
async function menuTitles(): Promise<string[]> {
  const menu = page.getByRole('list', { name: '我的功能菜单' });
  await menu.getByRole('listitem').first().waitFor();
  return menu.getByRole('heading').allInnerTexts();
}

/** The token the app keeps in localStorage (vue-ls layout: {"value": …, "expire": …}). */
async function storedToken(): Promise<string | null> {
  const raw = await page.evaluate(() => localStorage.getItem('pro__Access-Token'));
  return raw === null ? null : (JSON.parse(raw) as { value: string }).value;
}

/**
 * Watches the document as the browser parses it, before any of the page's scripts run (document.readyState turns
 * 'interactive' then; module scripts run after): whether the login form is already there, and its user-name input.
 * `typeAhead` puts text into the inputs at that moment, as someone typing faster than the script loads would.
 */
async function watchParsedLoginForm(typeAhead?: { username: string; password: string; submit?: boolean }) {
  await page.addInitScript((typed) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const form = document.querySelector('form#login');
      const username = document.querySelector<HTMLInputElement>('#login_username');
      const password = document.querySelector<HTMLInputElement>('#login_password');
      Object.assign(window, { __parsedLoginForm: form !== null, __parsedUsernameInput: username });
      if (typed && username && password) {
        username.value = typed.username;
        password.value = typed.password;
        // 登录 pressed at once, as the HTML's submit guard sees it before the script has taken the form over.
        if (typed.submit) (form as HTMLFormElement | null)?.requestSubmit();
      }
    });
  }, typeAhead);
}

const parsedLoginForm = () => page.evaluate(() => (window as { __parsedLoginForm?: boolean }).__parsedLoginForm);

describe('登录', () => {
  it('draws the login page from the HTML before any script runs, then takes it over in place', async () => {
    // Without JavaScript at all, the page is already there (the build pre-renders it).
    const noScript = await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN', javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto('/user/login');
    await staticPage.getByRole('heading', { name: '全流程数字化采购平台' }).waitFor();
    await staticPage.getByLabel('用户名', { exact: true }).waitFor();
    await staticPage.getByRole('button', { name: '登录', exact: true }).waitFor();
    await screenshot(staticPage, 'login-prerendered');
    await noScript.close();

    // With it, the script adopts the parsed form: same input element, and what was typed before it ran is kept.
    await watchParsedLoginForm({ username: 'buyer01', password: PASSWORD });
    await page.goto('/user/login');
    expect(await parsedLoginForm()).toBe(true);
    // React marks the elements it owns; the parsed input becomes one of them (it is not replaced by a new one).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const parsed = (window as { __parsedUsernameInput?: HTMLInputElement }).__parsedUsernameInput;
          return parsed?.isConnected === true && Object.keys(parsed).some((key) => key.startsWith('__reactFiber'));
        }),
      )
      .toBe(true);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/dashboard/analysis');
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();

    // A signed-in visitor opening the login page goes home without the form ever being drawn (§2 guard).
    await page.goto('/user/login');
    await page.waitForURL('**/dashboard/analysis');
    expect(await parsedLoginForm()).toBe(false);
  });

  it('holds a press on 登录 made before the script runs and signs in once the script has taken the form over', async () => {
    const signIns: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/aps/sys/login')) signIns.push(r.method());
    });
    await watchParsedLoginForm({ username: 'buyer01', password: PASSWORD, submit: true });
    await page.goto('/user/login');
    expect(await parsedLoginForm()).toBe(true);
    // Nobody clicks again: the held press is made once, with what was typed, and the page did not reload.
    await page.waitForURL('**/dashboard/analysis');
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
    expect(signIns).toEqual(['POST']);
  });

  it('asks for the missing fields, then shows the server message for a wrong password', async () => {
    await page.goto('/user/login');
    await expect.poll(() => page.title()).toBe('全流程数字化采购平台');
    await page.getByRole('heading', { name: '全流程数字化采购平台' }).waitFor();
    await screenshot(page, 'login');

    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();

    await signIn('buyer01', 'wrong-password');
    // No remaining-attempts hint: the same answer whether or not the username exists (issue 12 §1).
    await page.getByText('用户名或密码错误').waitFor();
    await screenshot(page, 'login-error');
    // The form is usable again at once, not only after the toast has gone (it stays three seconds).
    await expect
      .poll(() => page.getByRole('button', { name: '登录', exact: true }).isEnabled(), { timeout: 2500 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(await storedToken()).toBeNull();
  });

  it('after 5 wrong passwords asks for the slider, and the owner signs in with it (no lock)', async () => {
    // A user of this test's own (a copy of buyer01), so its failure count disturbs no other test.
    const username = `e2elock${Date.now().toString(36)}`;
    await withDatabase(dataDir, async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO sys_user (username, realname, password_hash, org_code)
         SELECT $1, '锁定测试', password_hash, org_code FROM sys_user WHERE username = 'buyer01' RETURNING id`,
        [username],
      );
      const id = rows[0]?.id;
      for (const table of ['sys_user_tenant', 'sys_user_role', 'sys_user_depart']) {
        const column = { sys_user_tenant: 'tenant_id', sys_user_role: 'role_id', sys_user_depart: 'dep_id' }[table];
        await db.query(
          `INSERT INTO ${table} (user_id, ${column}) SELECT $1, t.${column} FROM ${table} t
           JOIN sys_user u ON u.id = t.user_id WHERE u.username = 'buyer01'`,
          [id],
        );
      }
    });
    await page.goto('/user/login');
    const slider = page.getByRole('slider');
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/aps/sys/login'));
      await signIn(username, `wrong-${i}`);
      // The next fill waits for the form to be enabled again.
      expect((await answered).status()).toBe(400);
    }
    expect(await slider.count()).toBe(0);

    // The right password now needs the slider: the server says so and the form shows it.
    await signIn(username, PASSWORD);
    await page.getByText('请拖动滑块完成验证后再登录').first().waitFor();
    await slider.waitFor();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请拖动滑块完成验证', { exact: true }).waitFor();
    await screenshot(page, 'login-slider');

    const box = await slider.boundingBox();
    if (!box) throw new Error('no slider');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, y, { steps: 5 });
    await page.mouse.move(box.x + 400, y, { steps: 5 });
    const proof = page.waitForResponse((r) => r.url().endsWith('/aps/sys/humanProof/slider'));
    await page.mouse.up();
    await page.getByText('验证通过').waitFor();
    expect((await proof).status()).toBe(200);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/dashboard/analysis');
    expect(await storedToken()).not.toBeNull();
  });

  it('signs admin in to a home with a welcome and the full menu; a supplier sees a smaller one', async () => {
    // In the production build / is the portal (/home); the login page is one click away.
    await page.goto('/');
    await page.waitForURL('**/home');
    await page.goto('/user/login');
    await signIn('admin', PASSWORD);
    await page.waitForURL('**/dashboard/analysis');
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();

    const adminMenu = await menuTitles();
    expect(adminMenu).toEqual(expect.arrayContaining(['采购管理', '系统管理', '供应商管理']));
    // Hidden menu entries (个人页, 我的消息) are routes, not things to show.
    expect(adminMenu).not.toContain('个人页');
    const stored = await page.evaluate(() => localStorage.getItem('pro__Login_Userinfo'));
    expect(JSON.parse(stored ?? '{}').value?.username).toBe('admin');
    await screenshot(page, 'dashboard-admin');

    // Same browser tab, another user: the menu must be theirs, not the cached admin menu.
    await signOut();
    await page.waitForURL('**/user/login');
    await signIn('supplier01', PASSWORD);
    // A supplier (userEnd 3) has no home page: the first menu entry leads to the announcement tabs (§1).
    await page.waitForURL('**/purchaseannouncement/PurchaseAnnouncementTabs');
    const sideMenu = page.locator('.aps-sider .ant-menu-root');
    await sideMenu.getByText('采购管理', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('系统管理', { exact: true }).count()).toBe(0);
    await screenshot(page, 'dashboard-supplier');
  });

  it('sends a visitor without a token to the login page and back to the page they asked for', async () => {
    await page.goto('/dashboard/analysis');
    await page.waitForURL('**/user/login?redirect=*');
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');

    await signIn('buyer01', PASSWORD);
    await page.waitForURL('**/dashboard/analysis');
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
  });

  it('sends a user whose token the server no longer accepts back to the login page', async () => {
    await page.goto('/user/login');
    await page.evaluate(() =>
      localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'revoked.token', expire: null })),
    );
    await page.goto('/dashboard/analysis');
    // §2: the permission load fails, so the guard logs out and goes to /user/login.
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(await storedToken()).toBeNull();
  });

  it('shows the 404 page for an unknown path', async () => {
    // Signed out, any non-public path goes to the login page first (§2 guard); /404 itself is public.
    await page.goto('/no/such/page');
    await page.waitForURL('**/user/login?redirect=%2Fno%2Fsuch%2Fpage');
    await page.goto('/404');
    await page.getByText('很抱歉，资源未找到!').waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/home');
  });

  it('signs out: back to the login page, and the old token is refused by the server', async () => {
    await page.goto('/user/login');
    await signIn('admin', PASSWORD);
    await page.waitForURL('**/dashboard/analysis');
    const token = await storedToken();
    expect(token).toBeTruthy();

    await signOut();
    await page.waitForURL('**/user/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await storedToken()).toBeNull();

    const response = await fetch(`${baseUrl}/aps/sys/user/getUserInfo`, { headers: { 'X-Access-Token': token ?? '' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);

    // And the signed-in page is closed again.
    await page.goto('/dashboard/analysis');
    await page.waitForURL('**/user/login?redirect=*');
  });
});
