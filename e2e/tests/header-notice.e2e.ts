/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { hoverToOpen } from '../support/hover.ts';
import { serverUnderTest } from '../support/target.ts';
import { headerReady } from './header-support.ts';
import { collectErrors, userPage, waitForPath } from './shell-support.ts';

const { baseUrl, dataDir } = serverUnderTest();

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

async function signedIn(username: string) {
  ({ context, page } = await userPage(browser, baseUrl, username));
  errors = collectErrors(page);
  await page.goto('/dashboard/analysis');
  await headerReady(page);
}

const bell = () => page.getByRole('button', { name: /^消息通知/ });
const panel = () => page.locator('.aps-notice-panel');
const unreadCount = async () => Number((await bell().getAttribute('aria-label'))?.match(/(\d+) 条未读/)?.[1]);

/** Hovers the bell until its popover shows. */
async function openBell() {
  await hoverToOpen(bell(), panel());
  // Clicks land only once the popup has stopped sliding in (a busy machine stretches the animation).
  await expect
    .poll(() =>
      panel().evaluate(
        (el) => (el.closest('.ant-popover, .ant-dropdown') ?? el).getAnimations({ subtree: true }).length,
      ),
    )
    .toBe(0);
}

describe('notice bell', () => {
  it('shows the seeded notices and system messages with priority colours; opening one marks it read', async () => {
    await signedIn('buyer01');
    await expect.poll(unreadCount).toBeGreaterThanOrEqual(4);
    const before = await unreadCount();
    await openBell();
    const noticesTab = panel().getByRole('tab', { name: /^通知\(\d+\)$/ });
    await noticesTab.waitFor();
    const launch = panel().locator('.aps-notice-item').filter({ hasText: '全流程数字化采购平台正式上线运行' });
    await launch.waitFor();
    // H red, M orange (§2 priority colours).
    await launch.locator('.ant-tag-red').filter({ hasText: '紧急' }).waitFor();
    await panel()
      .locator('.aps-notice-item')
      .filter({ hasText: '关于开展2026年度评审专家线上培训的通知' })
      .locator('.ant-tag-orange')
      .waitFor();
    await screenshot(page, 'header-notice-bell');

    await panel()
      .getByRole('tab', { name: /^系统消息\(\d+\)$/ })
      .click();
    const review = panel().locator('.aps-notice-item').filter({ hasText: '采购记录待核对' });
    await review.waitFor();
    await review.locator('.ant-tag-blue').filter({ hasText: '一般' }).waitFor();

    // Open the H notice: the detail modal, 60 % wide, body 60 % of the window high.
    await panel()
      .getByRole('tab', { name: /^通知\(\d+\)$/ })
      .click();
    await launch.click();
    const modal = page.getByRole('dialog', { name: '通知消息' });
    await modal.waitFor();
    await modal.getByRole('heading', { name: '全流程数字化采购平台正式上线运行' }).waitFor();
    await modal.getByText('集团采购管理部', { exact: true }).waitFor();
    await modal.getByText('2026-11-01 09:00:00').waitFor();
    await modal.getByText('2026年11月1日').waitFor();
    expect(await modal.getByRole('button', { name: '去处理' }).count()).toBe(0);
    // Layout sizes (offsetWidth/offsetHeight are not affected by the opening animation's scale).
    const frame = page.locator('.ant-modal').filter({ hasText: '通知消息' });
    const width = await frame.evaluate((el) => (el as HTMLElement).offsetWidth);
    const bodyHeight = await frame.locator('.ant-modal-body').evaluate((el) => (el as HTMLElement).offsetHeight);
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    expect(Math.abs(width - viewport.width * 0.6)).toBeLessThan(2);
    expect(Math.abs(bodyHeight - viewport.height * 0.6)).toBeLessThan(2);
    await screenshot(page, 'header-announcement-modal');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Read: the bell no longer lists it and counts one fewer.
    await expect.poll(unreadCount).toBe(before - 1);
    await openBell();
    await panel().locator('.aps-notice-item').first().waitFor();
    expect(await launch.count()).toBe(0);
  });

  it('去处理 goes to the announcement open page; 查看更多 goes to the user announcement list', async () => {
    await signedIn('buyer01');
    await openBell();
    await panel()
      .getByRole('tab', { name: /^系统消息\(\d+\)$/ })
      .click();
    await panel().locator('.aps-notice-item').filter({ hasText: '采购记录待核对' }).click();
    const modal = page.getByRole('dialog', { name: '通知消息' });
    await modal.getByRole('button', { name: '去处理' }).click();
    await waitForPath(page, '/purchase/record');
    await modal.waitFor({ state: 'hidden' });

    await openBell();
    await panel().getByRole('button', { name: '查看更多' }).click();
    await waitForPath(page, '/isps/userAnnouncement');
    // The list holds read and unread announcements alike, with their state.
    const row = page.locator('.ant-table-row').filter({ hasText: '采购记录待核对' });
    await row.waitFor();
    await row.getByText('已读').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '系统维护通知' }).getByText('未读').waitFor();
    await screenshot(page, 'header-user-announcements');

    // 标题 searches the server by part of the title (the 采购记录 page stays open in its hidden tab).
    await page.getByLabel('标题').fill('系统维护');
    await page.getByLabel('标题').press('Enter');
    await expect
      .poll(async () => {
        const rows = await page.locator('.ant-table-row:visible').allInnerTexts();
        return rows.length > 0 && rows.every((t) => t.includes('系统维护'));
      })
      .toBe(true);

    // Opening one from the list marks it read there too.
    await page.getByLabel('查看 系统维护通知').click();
    await page
      .getByRole('dialog', { name: '通知消息' })
      .locator('.ant-modal-footer')
      .getByRole('button', { name: '关闭' })
      .click();
    await page.locator('.ant-table-row').filter({ hasText: '系统维护通知' }).getByText('已读').waitFor();
  });

  it('sanitises the announcement body', async () => {
    const id = '00000000-0000-4000-8000-00000000e2e1';
    await withDatabase(dataDir, (db) =>
      db.query(
        `INSERT INTO sys_announcement (id, tenant_id, title, msg_content, sender, priority, msg_category, msg_type, send_status, send_time)
         VALUES ($1, 1, '含脚本的通知', $2, '测试', 'L', '1', 'ALL', '1', now()) ON CONFLICT (id) DO NOTHING`,
        [id, '<p><b>正文内容</b></p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>'],
      ),
    );
    try {
      await signedIn('supervisor01');
      await openBell();
      await panel().locator('.aps-notice-item').filter({ hasText: '含脚本的通知' }).click();
      const modal = page.getByRole('dialog', { name: '通知消息' });
      await modal.getByText('正文内容').waitFor();
      expect(await modal.locator('script, [onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    } finally {
      await withDatabase(dataDir, (db) => db.query('DELETE FROM sys_announcement WHERE id = $1', [id]));
    }
  });
});
