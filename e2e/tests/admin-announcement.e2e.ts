/// <reference lib="dom" />
import type { AnnouncementListByUser, VisitDay } from '@aps/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { hoverToOpen } from '../support/hover.ts';
import { serverUnderTest } from '../support/target.ts';
import { api, headerReady, tokenFor } from './header-support.ts';
import { collectErrors, expectMessage, userPage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const ANNOUNCEMENT_PATH = '/system/announcement';
const LOG_PATH = '/system/log';
/** The bell polls every 6 s (§9): a change made elsewhere shows within one poll. */
const BELL_POLL = { timeout: 15_000, interval: 500 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  for (const list of errors.splice(0)) expect(list).toEqual([]);
});

/** A new browser context signed in as `username`, on `path`. */
async function signedIn(username: string, path: string): Promise<Page> {
  const { context, page } = await userPage(browser, baseUrl, username);
  contexts.push(context);
  errors.push(collectErrors(page));
  await page.goto(path);
  await headerReady(page);
  return page;
}

/** The open modal. */
const dialog = (page: Page) => page.getByRole('dialog').last();
/** A toolbar button by its text (its icon adds a word to the accessible name). */
const toolbarButton = (page: Page, text: string) =>
  page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
/** The row of a visible table that shows this text (kept-alive pages stay in the DOM, hidden). */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();
/** Answers the open pop-confirm. */
const confirmPopup = (page: Page) => page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();

const bell = (page: Page) => page.getByRole('button', { name: /^消息通知/ });
const panel = (page: Page) => page.locator('.aps-notice-panel');
const unreadCount = async (page: Page) =>
  Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) 条未读/)?.[1]);

/** What the server counts as unread for a user (the bell's number), and whether `title` is among them. */
async function unreadByApi(token: string, title: string): Promise<{ count: number; listed: boolean }> {
  const { result } = await api<AnnouncementListByUser>(baseUrl, token, 'GET', '/sys/annountCement/listByUser');
  const all = [...result.anntMsgList, ...result.sysMsgList];
  return { count: result.anntMsgTotal + result.sysMsgTotal, listed: all.some((a) => a.titile === title) };
}

async function openBell(page: Page) {
  await hoverToOpen(bell(page), panel(page));
}

describe('系统通告: an announcement addressed to one user', () => {
  it('reaches that user’s bell when published, is read there, and leaves it when revoked', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const title = `系统升级维护通知${stamp}`;
    const [buyerToken, supervisorToken] = await Promise.all([
      tokenFor(baseUrl, 'buyer01'),
      tokenFor(baseUrl, 'supervisor01'),
    ]);

    // buyer01 is signed in and sees their unread count.
    const buyer = await signedIn('buyer01', '/dashboard/analysis');
    const before = (await unreadByApi(buyerToken, title)).count;
    await expect.poll(() => unreadCount(buyer)).toBe(before);

    // 1. The administrator drafts it: the form validates, then saves a draft for buyer01 only.
    const admin = await signedIn('admin', ANNOUNCEMENT_PATH);
    // The list has loaded (its first page holds the newest messages: workflow tasks and award letters of the
    // other tests and the procurement seed are system messages too, so no particular seeded row is assumed).
    await admin.locator('.ant-table-row:visible').first().waitFor();
    await toolbarButton(admin, '新增').click();
    const form = dialog(admin);
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请输入标题!').waitFor();
    await form.getByText('请输入内容!').waitFor();
    await form.getByLabel('标题').fill(title);
    await form.getByText('紧急', { exact: true }).click();
    await form.getByRole('radio', { name: '指定用户' }).check();
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请选择用户!').waitFor();
    await form.getByLabel('接收用户').click();
    await form.getByLabel('接收用户').fill('buyer01');
    await admin.locator('.ant-select-item-option').filter({ hasText: '张建国（buyer01）' }).click();
    // Closes the user picker's list.
    await form.getByLabel('摘要').click();
    // 正文: the rich-text editor (loaded when the form opened). Emptied again, it is required again.
    const body = form.getByRole('textbox', { name: '正文' });
    const tool = (name: string) => form.getByRole('toolbar', { name: '格式' }).getByRole('button', { name });
    await body.click();
    await body.pressSequentially('草稿');
    await form.getByText('请输入内容!').waitFor({ state: 'detached' });
    await body.press('ControlOrMeta+a');
    await body.press('Backspace');
    await form.getByText('请输入内容!').waitFor();
    // A bold lead-in, then a bullet list: the toolbar's buttons show what applies at the cursor.
    await tool('加粗').click();
    await expect.poll(() => tool('加粗').getAttribute('aria-pressed')).toBe('true');
    await body.pressSequentially('维护时间');
    await tool('加粗').click();
    await body.pressSequentially('：平台将于本周六 22:00 至 24:00 升级维护。');
    await body.press('Enter');
    await tool('无序列表').click();
    await body.pressSequentially('请提前保存正在办理的业务。');
    await body.press('Enter');
    await body.pressSequentially('维护期间无法登录。');
    await expect.poll(() => tool('无序列表').getAttribute('aria-pressed')).toBe('true');
    await body.locator('strong').filter({ hasText: '维护时间' }).waitFor();
    expect(await body.locator('ul > li').allInnerTexts()).toEqual(['请提前保存正在办理的业务。', '维护期间无法登录。']);
    await form.getByText('请输入内容!').waitFor({ state: 'detached' });
    // Out of the list (Enter on its empty item), then a link: javascript: is refused, a bare host gets https://.
    await body.press('Enter');
    await body.press('Enter');
    await body.pressSequentially('详情：');
    await tool('链接').click();
    const address = admin.getByLabel('链接地址');
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await admin.getByText('请输入 http、https 或 mailto 链接').waitFor();
    await address.fill('www.example.com/notice');
    await address.press('Enter');
    await body.locator('a[href="https://www.example.com/notice"]').waitFor();
    expect(await body.locator('ul > li').count()).toBe(2);
    await form.getByLabel('摘要').fill('本周六晚间平台升级维护');
    await admin.mouse.move(0, 0); // no toolbar tooltip in the picture
    await screenshot(admin, 'admin-announcement-editor');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '添加成功！');
    const created = row(admin, title);
    await created.getByText('未发布').waitFor();
    expect(await created.textContent()).toContain('指定用户(1)');

    // 2. 发布: buyer01's bell shows it within one poll, red (紧急); nobody else is told.
    await created.getByRole('button', { name: '发布' }).click();
    await confirmPopup(admin);
    await expectMessage(admin, '该系统通知发布成功');
    await created.getByText('已发布').waitFor();
    expect(await created.textContent()).toContain('0/1');
    // Clicking a button of the fixed 操作 column scrolled the table sideways: show it from its first column.
    await admin.locator('.ant-table-content:visible').evaluate((el) => el.scrollTo({ left: 0 }));
    await screenshot(admin, 'admin-announcement');

    await expect.poll(() => unreadCount(buyer), BELL_POLL).toBe(before + 1);
    expect((await unreadByApi(supervisorToken, title)).listed).toBe(false);
    await openBell(buyer);
    const item = panel(buyer).locator('.aps-notice-item').filter({ hasText: title });
    await item.locator('.ant-tag-red').filter({ hasText: '紧急' }).waitFor();

    // 3. 撤销 while unread: it leaves the bell; 发布 again brings it back.
    await created.getByRole('button', { name: '撤销' }).click();
    await confirmPopup(admin);
    await expectMessage(admin, '该系统通知撤销成功');
    await created.getByText('已撤销').waitFor();
    await expect.poll(() => unreadCount(buyer), BELL_POLL).toBe(before);
    await expect.poll(() => item.count()).toBe(0);

    await created.getByRole('button', { name: '发布' }).click();
    await confirmPopup(admin);
    await expectMessage(admin, '该系统通知发布成功');
    await expect.poll(() => unreadCount(buyer), BELL_POLL).toBe(before + 1);

    // 4. buyer01 opens it (通知消息): it is marked read and the count drops by one.
    await openBell(buyer);
    await item.click();
    const detail = buyer.getByRole('dialog', { name: '通知消息' });
    await detail.getByRole('heading', { name: title }).waitFor();
    // The formatting survived the server's sanitiser: bold lead-in and list items.
    const shown = detail.locator('.aps-announcement-body');
    await shown.locator('strong').filter({ hasText: '维护时间' }).waitFor();
    expect(await shown.locator('ul > li').allInnerTexts()).toEqual([
      '请提前保存正在办理的业务。',
      '维护期间无法登录。',
    ]);
    // The link opens in a new tab that cannot reach back into the platform.
    const link = shown.getByRole('link', { name: 'https://www.example.com/notice' });
    expect(await link.getAttribute('href')).toBe('https://www.example.com/notice');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(buyer, 'admin-announcement-detail');
    await detail.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => unreadCount(buyer)).toBe(before);

    // 5. 撤销: it is gone from buyer01's announcements altogether; then it is deleted.
    await created.getByRole('button', { name: '撤销' }).click();
    await confirmPopup(admin);
    await expectMessage(admin, '该系统通知撤销成功');
    await created.getByText('已撤销').waitFor();
    // Read by its one recipient.
    expect(await created.textContent()).toContain('1/1');
    await buyer.goto('/isps/userAnnouncement');
    await waitForPath(buyer, '/isps/userAnnouncement');
    await row(buyer, '全流程数字化采购平台正式上线运行').waitFor();
    expect(await row(buyer, title).count()).toBe(0);
    expect((await unreadByApi(buyerToken, title)).listed).toBe(false);

    await created.getByRole('button', { name: /更多/ }).click();
    const remove = admin.getByRole('menuitem', { name: '删除' });
    const dropdown = admin.locator('.ant-dropdown').filter({ has: remove });
    await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
    await remove.click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '删除成功!');
    await expect.poll(() => row(admin, title).count()).toBe(0);
  });
});

describe('系统日志', () => {
  it('lists the sign-ins just made and the announcement operations, searched and sorted on the server', async () => {
    await tokenFor(baseUrl, 'buyer01'); // a sign-in of buyer01 for the login log
    // The visit figures are the log list's (sys:log:list): read them as admin, signed in before the chart loads so
    // that the chart and the figures count the same sign-ins.
    const adminToken = await tokenFor(baseUrl, 'admin');
    const admin = await signedIn('admin', LOG_PATH);
    await admin.getByRole('tab', { name: '登录日志' }).waitFor();
    const loginRow = row(admin, '用户名: buyer01, 登录成功');
    await loginRow.waitFor();
    await row(admin, '用户名: admin, 登录成功').waitFor();
    await admin.getByText(/累计登录 \d+ 次/).waitFor();
    expect(await loginRow.textContent()).toContain('成功');

    // 访问统计: visits (sign-ins) and IPs per day of the last 7 days, drawn from /sys/visitInfo, today last.
    const chart = admin.locator('.aps-log-visits .aps-visit-chart');
    await chart.locator('svg').first().waitFor();
    await chart.getByText('访问量', { exact: true }).waitFor();
    await chart.getByText('IP数', { exact: true }).waitFor();
    const { result: week } = await api<VisitDay[]>(baseUrl, adminToken, 'GET', '/sys/visitInfo?days=7');
    const today = week.at(-1);
    expect(today?.visit).toBeGreaterThanOrEqual(2);
    for (const d of week) await chart.getByText(d.tian, { exact: true }).waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^近7天访问量合计 [1-9]\d* 次$/);
    await screenshot(admin, 'admin-log');
    // A day's tooltip: its date and both numbers.
    const hoverLastDay = async () => {
      const box = await chart.boundingBox();
      if (!box) throw new Error('the chart has no box');
      await admin.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
    };
    await hoverLastDay();
    const tooltip = chart
      .locator('div')
      .filter({ hasText: today?.date ?? '' })
      .last();
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(new RegExp(`访问量\\s*${today?.visit}[\\s\\S]*IP数\\s*${today?.ip}`));
    // 近30天: thirty days, the same today.
    await admin.locator('.aps-log-visits').getByText('近30天', { exact: true }).click();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^近30天访问量合计 [1-9]\d* 次$/);
    await hoverLastDay();
    await chart
      .locator('div')
      .filter({ hasText: today?.date ?? '' })
      .last()
      .waitFor();
    await screenshot(admin, 'admin-log-visits', admin.locator('.aps-log-visits'));
    await admin.mouse.move(0, 0);

    // Keyword search: only buyer01's entries.
    await admin.locator('.aps-search-bar:visible').getByLabel('关键字').fill('buyer01');
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    const texts = () => admin.locator('.ant-table-row:visible').allInnerTexts();
    await expect
      .poll(async () => (await texts()).length > 0 && (await texts()).every((t) => t.includes('buyer01')))
      .toBe(true);

    // Sorted by time on the server: ascending after one click on 时间, newest first again after another (the
    // default column is never "unsorted").
    const times = () => admin.locator('.ant-table-row:visible td:last-child').allTextContents();
    const inOrder = async (dir: 1 | -1) => {
      const t = await times();
      return t.length > 1 && t.every((v, i) => i === 0 || (dir === 1 ? (t[i - 1] ?? '') <= v : (t[i - 1] ?? '') >= v));
    };
    const timeHeader = admin.getByRole('columnheader', { name: '时间' });
    await timeHeader.click();
    await expect.poll(() => inOrder(1)).toBe(true);
    await expect.poll(() => timeHeader.getAttribute('aria-sort')).toBe('ascending');
    await timeHeader.click();
    await expect.poll(() => inOrder(-1)).toBe(true);
    await expect.poll(() => timeHeader.getAttribute('aria-sort')).toBe('descending');

    // 季度 (behind 展开): the picked quarter reads `{year} Q{1-4}` (§9) and fills the date range it searches.
    const now = new Date();
    const year = now.getFullYear();
    const q = Math.floor(now.getMonth() / 3) + 1;
    const bar = admin.locator('.aps-search-bar:visible');
    await bar.getByRole('button', { name: /展\s*开/ }).click();
    await bar.locator('#loginLogSearch_quarter').click();
    await admin
      .locator('.ant-picker-dropdown:visible .ant-picker-cell-inner')
      .getByText(`Q${q}`, { exact: true })
      .click();
    await expect.poll(() => bar.locator('#loginLogSearch_quarter').inputValue()).toBe(`${year} Q${q}`);
    const firstMonth = String((q - 1) * 3 + 1).padStart(2, '0');
    expect(await bar.locator('#loginLogSearch_begin').inputValue()).toBe(`${year}-${firstMonth}-01`);
    expect(await bar.locator('#loginLogSearch_end').inputValue()).toMatch(
      new RegExp(`^${year}-${String(q * 3).padStart(2, '0')}-3[01]$`),
    );
    await screenshot(admin, 'admin-log-quarter', bar);
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => (await texts()).length > 0 && (await texts()).every((t) => t.includes('buyer01')))
      .toBe(true);

    // 操作日志: the announcement operations of the other test, with who, request and result.
    await admin.getByRole('tab', { name: '操作日志' }).click();
    // The other workers' writes (workflow and procurement actions) fill the newest page: search for 通告 first.
    await admin.locator('.aps-search-bar:visible').getByLabel('关键字').fill('通告');
    await admin
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const released = row(admin, '发布通告');
    await released.waitFor();
    expect(await released.textContent()).toContain('admin');
    expect(await released.textContent()).toContain('/sys/annountCement/doReleaseData');
    await row(admin, '新增通告').waitFor();
    await row(admin, '撤销通告').waitFor();
    // A row opens to the whole request: the parameters of 新增通告 hold the title.
    await row(admin, '新增通告').getByRole('button', { name: '展开行' }).click();
    const detail = admin.locator('.ant-table-expanded-row:visible');
    await detail.getByText('请求参数').waitFor();
    expect(await detail.textContent()).toContain('系统升级维护通知');
    await screenshot(admin, 'admin-log-operation');
  });
});
