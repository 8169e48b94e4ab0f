import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { apiLogin, collectErrors, signInAs, signInWithForm } from './shell-support.ts';

const { baseUrl, dataDir, casUrl } = serverUnderTest();
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];
const pages: Page[] = [];

async function freshPage(userAgent?: string): Promise<Page> {
  const { context, page } = await newUserPage(browser, baseUrl, userAgent);
  // Each step waits on the whole workspace loading anew (sign-in, tenant switch): give a busy machine time.
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  pages.push(page);
  errors.push(collectErrors(page));
  return page;
}

/** Drags the drag-to-verify slider to its end, as a person would. */
async function dragSlider(page: Page) {
  const slider = page.getByRole('slider');
  const box = await slider.boundingBox();
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, y, { steps: 5 });
  await page.mouse.move(box.x + 400, y, { steps: 5 });
  const proof = page.waitForResponse((r) => r.url().endsWith('/aps/sys/humanProof/slider'));
  await page.mouse.up();
  expect((await proof).status()).toBe(200);
}

/** The latest code the development SMS sender wrote for `phone` (DATA_DIR/sms-outbox.log). */
function lastCode(phone: string): string {
  const lines = fs.readFileSync(path.join(dataDir, 'sms-outbox.log'), 'utf8').trim().split('\n');
  const line = lines.reverse().find((l) => l.includes(` ${phone} `));
  const code = /验证码是(\d{6})/.exec(line ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** A small CAS server (protocol 3): /login sends the browser back with a ticket for `casUser`. */
const tickets = new Map<string, { user: string; service: string }>();
let casUser = 'buyer01';
const cas = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', casUrl);
  const service = url.searchParams.get('service') ?? '';
  if (url.pathname.endsWith('/login')) {
    const ticket = `ST-${tickets.size + 1}-e2e`;
    tickets.set(ticket, { user: casUser, service });
    const back = new URL(service);
    back.searchParams.set('ticket', ticket);
    res.writeHead(302, { location: back.toString() }).end();
    return;
  }
  const issued = tickets.get(url.searchParams.get('ticket') ?? '');
  tickets.delete(url.searchParams.get('ticket') ?? '');
  res.setHeader('content-type', 'application/xml; charset=utf-8');
  res.end(
    issued && issued.service === service
      ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${issued.user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
      : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">票据无效</cas:authenticationFailure></cas:serviceResponse>',
  );
});

beforeAll(async () => {
  browser = await launchBrowser();
  const port = Number(new URL(casUrl).port);
  await new Promise<void>((resolve) => cas.listen(port, '127.0.0.1', resolve));
}, 60_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [i, p] of pages.entries()) await screenshot(p, `account-login-failed-${i}`).catch(() => undefined);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await new Promise((resolve) => cas.close(resolve));
  expect(errors.flat()).toEqual([]);
});

describe('login variants', () => {
  it('signs in by phone code: slider, 获取验证码, the code from the outbox, 登录', async () => {
    const page = await freshPage();
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill('13800000001');
    await dragSlider(page);
    await page.getByText('验证通过').waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(lastCode('13800000001'));
    await screenshot(page, 'login-phone');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/dashboard/analysis', { timeout: 45_000 });
    await page.getByRole('button', { name: '用户菜单' }).getByText('张建国').waitFor();
  });

  it('signs in through CAS: the CAS server sends the browser back with a ticket the server validates', async () => {
    casUser = 'branch01';
    const page = await freshPage();
    await page.goto(`${casUrl}/login?service=${encodeURIComponent(`${baseUrl}/user/login`)}`);
    await page.waitForURL('**/dashboard/analysis', { timeout: 45_000 });
    await page.getByRole('button', { name: '用户菜单' }).getByText('李秀英').waitFor();
    await screenshot(page, 'login-cas');

    // A ticket the CAS server does not know: the page says so and stays on the login form.
    const other = await freshPage();
    await other.goto('/user/login?ticket=ST-forged');
    await other.getByText('CAS票据校验失败').waitFor();
    await other.getByRole('button', { name: '登录', exact: true }).waitFor();
  });

  it('asks a user of two tenants to choose after login, and switches in the header', async () => {
    await withDatabase(dataDir, (c) => c.query("UPDATE sys_user SET login_tenant_id = NULL WHERE username = 'admin'"));
    const page = await freshPage();
    await page.goto('/user/login');
    await signInWithForm(page, 'admin');
    const chooser = page.getByRole('dialog', { name: '请选择登录租户' });
    await chooser.waitFor();
    await screenshot(page, 'tenant-choose');
    await chooser.getByRole('radio', { name: '远航能源集团' }).check();
    await chooser.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/dashboard/analysis', { timeout: 45_000 });

    const openSwitch = async () => {
      await page.getByRole('button', { name: '用户菜单' }).hover();
      await page.getByRole('menuitem', { name: '切换租户' }).click();
    };
    await openSwitch();
    const switcher = page.getByRole('dialog', { name: /切换租户/ });
    await switcher.getByText('当前租户 : 远航能源集团').waitFor();
    await screenshot(page, 'tenant-switch');
    await switcher.getByRole('radio', { name: '华信建设集团' }).check();
    await switcher.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/dashboard/analysis', { timeout: 45_000 });
    await openSwitch();
    await page
      .getByRole('dialog', { name: /切换租户/ })
      .getByText('当前租户 : 华信建设集团')
      .waitFor();
  });
});

/** The development provider's authorise page (it stands in for every provider in test): name the external user. */
async function authorizeAs(page: Page, externalId: string) {
  await page.getByRole('heading', { name: '开发用第三方授权' }).waitFor();
  await page.getByLabel('第三方账号').fill(externalId);
  await page.getByRole('button', { name: '授权' }).click();
}

describe('第三方登录', () => {
  it('binds a provider account to an existing account once, then signs in with it directly', async () => {
    const externalId = `e2e-dev-${Date.now()}`;
    const page = await freshPage();
    await page.goto('/user/login');
    const others = page.getByRole('navigation', { name: '其他登录方式' });
    await others.getByRole('link', { name: '企业微信登录' }).waitFor();
    await others.getByRole('link', { name: '钉钉登录' }).waitFor();
    await screenshot(page, 'login-third');
    await others.getByRole('link', { name: '开发测试登录' }).click();
    await authorizeAs(page, externalId);

    // Bound to nobody yet: the login page explains it, and signing in with a password binds it.
    const notice = page.getByRole('region', { name: '绑定第三方账号' });
    await notice.getByText('该开发测试账号尚未绑定平台账号').waitFor();
    expect(await others.count()).toBe(0);
    await screenshot(page, 'login-third-bind');
    await signInWithForm(page, 'buyer01');
    await page.getByText('开发测试账号绑定成功，下次可直接使用开发测试登录').waitFor();
    await page.waitForURL('**/dashboard/analysis', { timeout: 45_000 });

    // Another browser: the same provider account now signs in as buyer01 without a password.
    const next = await freshPage();
    await next.goto('/user/login');
    await next.getByRole('navigation', { name: '其他登录方式' }).getByRole('link', { name: '开发测试登录' }).click();
    await authorizeAs(next, externalId);
    await next.waitForURL('**/dashboard/analysis', { timeout: 45_000 });
    await next.getByRole('button', { name: '用户菜单' }).getByText('张建国').waitFor();
  });

  it('signs in inside WeCom (wxwork user agent) through /oauth2-app/login and returns to the page asked for', async () => {
    const externalId = `e2e-wx-${Date.now()}`;
    await withDatabase(dataDir, (c) =>
      c.query(
        `INSERT INTO sys_third_account (user_id, third_type, external_id, name)
         SELECT id, 'wechat_enterprise', $1, '李秀英' FROM sys_user WHERE username = 'branch01'`,
        [externalId],
      ),
    );
    // DingTalk when the server has no DingTalk provider: the page says so and offers the password form.
    const dingtalk = await freshPage('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/131.0 DingTalk/7.6.0');
    await dingtalk.route('**/aps/sys/thirdLogin/providers**', (route) =>
      route.fulfill({ json: { success: true, message: '', code: 200, result: [], timestamp: Date.now() } }),
    );
    await dingtalk.goto('/oauth2-app/login');
    await dingtalk.getByText('未配置钉钉登录').waitFor();
    await dingtalk.getByRole('button', { name: '使用账号密码登录' }).waitFor();
    await screenshot(dingtalk, 'oauth2-app-missing');

    // WeCom: a workspace page without a session goes to /oauth2-app/login, on to the provider, and back signed in.
    const page = await freshPage('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.50 wxwork/4.1.30');
    await page.goto('/account/settings');
    await authorizeAs(page, externalId);
    await page.waitForURL('**/account/settings', { timeout: 45_000 });
    await page.getByRole('button', { name: '用户菜单' }).getByText('李秀英').waitFor();
    await screenshot(page, 'oauth2-app-signed-in');
  });
});

describe('个人中心', () => {
  it('edits the name, uploads an avatar, lists the sessions and signs another one out', async () => {
    const page = await freshPage();
    await signInAs(page.context(), baseUrl, 'project01');
    const other = await apiLogin(baseUrl, 'project01');
    await page.goto('/account/settings');
    const name = page.getByLabel('姓名');
    await name.fill('王磊（项目）');
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 160 } });
    await page.getByRole('region', { name: '头像' }).locator('input[type=file]').setInputFiles({
      name: '头像.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByText('头像.png 上传成功!').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('button', { name: '用户菜单' }).getByText('王磊（项目）').waitFor();
    await screenshot(page, 'account-basic');

    await page.getByRole('tab', { name: '安全设置' }).click();
    const table = page.getByRole('table');
    await table.getByText('当前会话').waitFor();
    expect(await table.getByRole('button', { name: /^下线/ }).count()).toBe(1);
    await screenshot(page, 'account-security');
    await table.getByRole('button', { name: /^下线/ }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('已下线').waitFor();
    await expect.poll(() => table.getByRole('button', { name: /^下线/ }).count()).toBe(0);
    const refused = await fetch(`${baseUrl}/aps/sys/user/getUserInfo`, { headers: { 'X-Access-Token': other.token } });
    expect(refused.status).toBe(401);

    // 消息设置: muting 系统消息 is saved at once and still off after a reload; then back on for the later files.
    const savedSettings = () =>
      page.waitForResponse(
        (r) => r.url().endsWith('/aps/sys/account/notifySettings') && r.request().method() === 'PUT',
      );
    const notifyTab = () => page.getByRole('tab', { name: '消息设置' }).click();
    await notifyTab();
    const system = page.getByRole('switch', { name: '系统消息' });
    await expect.poll(() => system.getAttribute('aria-checked')).toBe('true');
    const saved = savedSettings();
    await system.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => system.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await notifyTab();
    await expect.poll(() => page.getByRole('switch', { name: '系统消息' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: '待办审批' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'account-notify');
    const restored = savedSettings();
    await page.getByRole('switch', { name: '系统消息' }).click();
    expect((await restored).status()).toBe(200);

    // Back to the seeded name, for the files that run after this one on the same server.
    await page.getByRole('tab', { name: '基本设置' }).click();
    await page.getByLabel('姓名').fill('王磊');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('button', { name: '用户菜单' }).getByText('王磊', { exact: true }).waitFor();
  });
});
