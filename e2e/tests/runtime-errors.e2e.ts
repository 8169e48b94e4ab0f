/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { api, expectNotification, headerReady, stored, tokenFor, userMenu } from './header-support.ts';
import { collectErrors, expectMessage, PASSWORD, signInAs, signInWithForm } from './shell-support.ts';

const { baseUrl, dataDir } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[];
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  // The failures provoked here are logged by the browser as failed resources; script errors must not happen.
  expect(errors).toEqual([]);
});

/** A signed-in workspace whose client is reachable from the test (the e2e flag exposes it as __apsHttp). */
async function signedIn(username: string) {
  ({ context, page } = await newUserPage(browser, baseUrl));
  await context.addInitScript(() => localStorage.setItem('aps:e2e-http', '1'));
  token = await signInAs(context, baseUrl, username);
  errors = collectErrors(page);
  await page.goto('/dashboard/analysis');
  await headerReady(page);
  // The home page of staff loads 采购概览 and 结算台账 after the header (lazy chunks, then their requests): let them
  // settle (no skeleton left), so that a test going offline or counting down from here is not raced by them.
  await page.getByText('我的功能菜单').waitFor();
  await expect.poll(() => page.locator('.ant-skeleton').count(), { timeout: 30_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

/** Calls the app's HTTP client in the page, as a page of the product would; returns the error's message. */
function call(method: 'get' | 'post', path: string): Promise<string | null> {
  return page.evaluate(
    ([m, p]) =>
      (window as unknown as { __apsHttp: Record<string, (path: string) => Promise<unknown>> }).__apsHttp[m as string]?.(
        p as string,
      ).then(
        () => null,
        (e: Error) => e.message,
      ) ?? Promise.resolve('no client'),
    [method, path],
  );
}

describe('error catalogue (§8)', () => {
  it('shows 拒绝访问, 很抱歉，资源未找到!, 网络超时 and the server message of other statuses', async () => {
    await signedIn('supervisor01');
    await call('get', '/test/status/403');
    await expectNotification(page, '拒绝访问');
    await call('get', '/test/status/404');
    await expectNotification(page, '很抱歉，资源未找到!');
    await call('get', '/test/status/504');
    await expectNotification(page, '网络超时');
    await call('get', `/test/status/502?message=${encodeURIComponent('上游服务暂不可用')}`);
    await expectNotification(page, '上游服务暂不可用');
    await call('get', `/test/status/500?message=${encodeURIComponent('数据库连接失败')}`);
    await expectNotification(page, '数据库连接失败');
    // Still signed in.
    expect((await stored<string>(page, 'Access-Token'))?.value).toBe(token);
  });

  it('a 404 from a real action (an announcement revoked meanwhile) shows 很抱歉，资源未找到!', async () => {
    const id = '00000000-0000-4000-8000-00000000e404';
    await withDatabase(dataDir, (db) =>
      db.query(
        `INSERT INTO sys_announcement (id, tenant_id, title, msg_content, sender, priority, msg_category, msg_type, send_status, send_time)
         VALUES ($1, 1, '即将撤销的通知', '<p>内容</p>', '测试', 'L', '1', 'ALL', '1', now()) ON CONFLICT (id) DO NOTHING`,
        [id],
      ),
    );
    try {
      await signedIn('supervisor01');
      await page.goto('/isps/userAnnouncement');
      const row = page.locator('.ant-table-row').filter({ hasText: '即将撤销的通知' });
      await row.waitFor();
      // Revoked after the list was loaded: marking it read finds nothing.
      await withDatabase(dataDir, (db) =>
        db.query("UPDATE sys_announcement SET send_status = '2' WHERE id = $1", [id]),
      );
      await row.getByText('查看').click();
      await expectNotification(page, '很抱歉，资源未找到!');
    } finally {
      await withDatabase(dataDir, (db) => db.query('DELETE FROM sys_announcement WHERE id = $1', [id]));
    }
  });

  it('500 with Token失效: 很抱歉，登录已过期，请重新登录, then logout and reload', async () => {
    await signedIn('supervisor01');
    await call('get', `/test/status/500?message=${encodeURIComponent('Token失效，请重新登录!')}`);
    const dialog = page.getByRole('dialog').filter({ hasText: '很抱歉，登录已过期，请重新登录' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/user/login?redirect=*');
    expect(await stored(page, 'Access-Token')).toBeNull();
  });

  it('401 (the session was ended on the server): 未授权，请重新登录, then logout and reload to login', async () => {
    await signedIn('supervisor01');
    const admin = await tokenFor(baseUrl, 'admin');
    const forced = await api(baseUrl, admin, 'POST', '/sys/online/forceLogout', { token });
    expect(forced.success).toBe(true);
    // The next call of the page (the notice bell polls every 6 s) is refused.
    await expectNotification(page, '未授权，请重新登录');
    await page.waitForURL('**/user/login?redirect=*', { timeout: 20_000 });
    expect(await stored(page, 'Access-Token')).toBeNull();
  });

  it('no response: 网络繁忙，请稍候!', async () => {
    await signedIn('supervisor01');
    await context?.setOffline(true);
    await userMenu(page, '切换部门');
    await expectNotification(page, '网络繁忙，请稍候!');
    await context?.setOffline(false);
  });

  it('an identical submit while the first is in flight: 处理中, 请勿频繁重复提交！', async () => {
    await signedIn('supervisor01');
    const results = await page.evaluate(() => {
      const client = (window as unknown as { __apsHttp: { post: (p: string) => Promise<unknown> } }).__apsHttp;
      const settle = (p: Promise<unknown>) =>
        p.then(
          () => 'ok',
          (e: Error) => e.message,
        );
      return Promise.all([settle(client.post('/test/delay?ms=800')), settle(client.post('/test/delay?ms=800'))]);
    });
    expect(results).toEqual(['ok', '处理中, 请勿频繁重复提交！']);
    await expectMessage(page, '处理中, 请勿频繁重复提交！');
    // Answered: the same submit goes through again.
    expect(await call('post', '/test/delay?ms=10')).toBeNull();
  });
});

describe('chunk loading (§8, §9)', () => {
  /** Opens `path` with every asset matching `failing` refused, and reads the error page. */
  async function openWithFailingAsset(path: string, failing: RegExp) {
    await signedIn('admin');
    await page.route(failing, (route) => route.abort('failed'));
    await page.goto(path);
    await page.getByRole('alert').getByText('页面出错了').waitFor();
    const shown = await page.getByRole('alert').textContent();
    // The failure is logged for whoever investigates; it is the one error this page may have.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => /ChunkLoadError|Loading (CSS )?chunk failed/.test(e))).toBe(true);
    errors.length = 0;
    return shown;
  }

  it('a page whose code cannot be loaded fails as ChunkLoadError, with a reload button', async () => {
    const shown = await openWithFailingAsset('/system/user', /\/assets\/UserListPage-[^/]*\.js$/);
    expect(shown).toContain('ChunkLoadError');
    expect(shown).toContain('刷新页面');
  });

  it('a page whose stylesheet cannot be loaded fails as CSS_CHUNK_LOAD_FAILED', async () => {
    const shown = await openWithFailingAsset('/demo/grid', /\/assets\/[^/]*\.css$/);
    expect(shown).toContain('CSS_CHUNK_LOAD_FAILED');
  });
});

describe('client runtime', () => {
  it('warns 你点击的太快了，请慢点点击! for a second click within 300 ms', async () => {
    await signedIn('supervisor01');
    await page.goto('/isps/userAnnouncement');
    const button = page.getByRole('button', { name: '全部标注已读' });
    await button.waitFor();
    // Both clicks in one task: a double click whose second click the loaded CI box delivers after the first one's
    // request started finds the button 加载中, which swallows it (one request, but no warning to assert).
    await button.evaluate((element: HTMLElement) => {
      element.click();
      element.click();
    });
    await expectMessage(page, '你点击的太快了，请慢点点击!');
  });

  it('sends the token and tenant on every call, _t on GETs except dictionary items', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    errors = collectErrors(page);
    const seen: { url: URL; method: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/aps/')) seen.push({ url: new URL(r.url()), method: r.method(), headers: r.headers() });
    });
    await page.goto('/user/login');
    await signInWithForm(page, 'supervisor01', PASSWORD);
    await headerReady(page);
    await page.evaluate(() => fetch('/aps/sys/dict/getDictItems/yn').catch(() => null));
    await expect.poll(() => seen.filter((s) => s.url.pathname.endsWith('getCurrentUserDeparts')).length).toBe(1);
    const after = seen.filter((s) => !s.url.pathname.endsWith('/sys/login'));
    expect(after.length).toBeGreaterThan(2);
    for (const call of after.filter((s) => s.headers['x-access-token'])) {
      expect(call.headers['tenant-id']).toBe('1');
      if (call.method === 'GET') expect(call.url.searchParams.has('_t')).toBe(true);
    }
  });

  it('keeps the session under pro__ for 7 days; an expired entry is gone', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    errors = collectErrors(page);
    await page.goto('/user/login');
    const before = Date.now();
    await signInWithForm(page, 'supervisor01', PASSWORD);
    await headerReady(page);
    for (const key of ['Access-Token', 'Login_Userinfo', 'Login_Username', 'UI_CACHE_DB_DICT_DATA', 'TENANT_ID']) {
      const entry = await stored(page, key);
      expect(entry, key).not.toBeNull();
      expect(entry?.expire ?? 0).toBeGreaterThanOrEqual(before + 604_800_000);
      expect(entry?.expire ?? 0).toBeLessThanOrEqual(Date.now() + 604_800_000);
    }
    // Expired: the token is treated as absent (and removed), the workspace asks for login again.
    await page.evaluate(() => {
      const raw = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}');
      localStorage.setItem('pro__Access-Token', JSON.stringify({ ...raw, expire: Date.now() - 1 }));
    });
    await page.reload();
    await page.waitForURL('**/user/login?redirect=*');
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
  });

  it('counts down before the authorization expires for inactivity; 继续使用 renews it, zero signs out', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    errors = collectErrors(page);
    await page.goto('/user/login');
    await signInWithForm(page, 'supervisor01', PASSWORD);
    await headerReady(page);
    const idle = (await stored<number>(page, 'TOKEN_IDLE_SECONDS'))?.value ?? 0;
    expect(idle).toBeGreaterThan(0);
    // The last request was long ago: 20 s are left (the client reckons a minute of server slack).
    const setLeft = (seconds: number) =>
      page.evaluate(
        ({ idleSeconds, left }) =>
          localStorage.setItem(
            'pro__LAST_ACTIVE',
            JSON.stringify({ value: Date.now() - (idleSeconds * 1000 - 60_000 - left * 1000), expire: null }),
          ),
        { idleSeconds: idle, left: seconds },
      );
    await setLeft(20);
    const notice = page.getByRole('dialog', { name: '登录授权即将过期' });
    await notice.waitFor();
    const first = Number(await notice.locator('.aps-offline-seconds').textContent());
    expect(first).toBeLessThanOrEqual(20);
    await expect
      .poll(async () => Number(await notice.locator('.aps-offline-seconds').textContent()))
      .toBeLessThan(first);
    await notice.getByRole('button', { name: '继续使用' }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(Date.now() - ((await stored<number>(page, 'LAST_ACTIVE'))?.value ?? 0)).toBeLessThan(10_000);

    // Two seconds left: the notice is up for so short a time that a loaded box may not catch it (its showing is
    // asserted above); what matters here is the sign-out at zero.
    await setLeft(2);
    await page.waitForURL('**/user/login?redirect=*', { timeout: 10_000 });
    expect(await stored(page, 'Access-Token')).toBeNull();
  });
});
