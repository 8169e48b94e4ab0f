/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { hoverToOpen } from '../support/hover.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import {
  confirmPop,
  NOTICE_TABS,
  openingDue,
  preparePackage,
  publishNotice,
  row,
  search as searchFor,
  signUpAndBid,
  stageTag,
} from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';

/**
 * Issue 14 §9–§10, a package all the way to award in the real UI. Set-up writes the plan, project and package
 * (stage 1, prepared: review items and timetable) as the project module would; from there on everything is
 * clicked: buyer01 publishes the 采购公告 (选商准备), supplier01 and supplier02 sign up and bid from the notice,
 * buyer01 starts and closes the responses and presses 开标 (refused before its time, accepted once due), passes
 * review through the seam on 评审管理 (开始评审, 完成评审 with supplier01 ranked first), submits 结束审核; leader01
 * (部门负责人) and manager01 (集团采购部) approve in 我的待办; buyer01 publishes the 结果公示 on 采购结果. The
 * publicity is 1..30 days by rule and staff cannot end it early, so set-up's SQL moves its end time into the past
 * (the one step no user can take) and admin runs the real job once in 定时任务 (立即执行): the package is 已定标,
 * supplier01 gets the 中标通知书 and supplier02 the 未中标通知书, in the bell and in 我的投标; the buyer reads both
 * on 采购结果.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PURCHASE = `会议室改造采购${STAMP}`;
const PACKAGE = `音视频标包${STAMP}`;
const WINNER = '华东建设工程有限公司';
const LOSER = '中泰物资贸易有限公司';
/** The letter's date line (the day in the server's time zone). */
const DATE_LINE = /^日期：\d{4}-\d{2}-\d{2}$/;
const NOTICE = '会议室音视频系统改造，欢迎报名。';

let packageId = '';
const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'award-failed' });
const as = (username: string, path: string) => users.as(username, path);
const search = (page: Page, list: string) => searchFor(page, list, STAMP);

beforeAll(async () => {
  // Two bidders are enough here (the default is three: procurement-failed.e2e.ts).
  packageId = await preparePackage(dataDir, {
    stamp: STAMP,
    code: 'AW',
    purchase: PURCHASE,
    packageName: PACKAGE,
    minBidders: 2,
  });
});

async function approve(username: string) {
  const page = await as(username, '/workflow/todo');
  await row(page, PACKAGE).getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '办理：' });
  await drawer.getByLabel('审批意见').fill('同意结束评审');
  await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
  await expectMessage(page, '操作成功!');
  await drawer.waitFor({ state: 'hidden' });
}

/** The letter modal: its title and text (supplier, package, price #,##0.00, date). */
async function readLetter(page: Page, title: string, lines: readonly (string | RegExp)[], shot: string) {
  const modal = page.getByRole('dialog', { name: title });
  const text = modal.getByRole('article', { name: '通知书正文' });
  await text.waitFor();
  for (const line of lines) await text.getByText(line, { exact: false }).first().waitFor();
  await screenshot(page, shot, modal);
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
}

/** The bell's 系统消息 tab lists the letter. */
async function bellHas(page: Page, title: string, shot: string) {
  const panel = page.locator('.aps-notice-panel');
  await hoverToOpen(page.getByRole('button', { name: /^消息通知/ }), panel);
  await panel.getByRole('tab', { name: /^系统消息\(\d+\)$/ }).click();
  await panel
    .locator('.aps-notice-item')
    .filter({ hasText: `${title}：${PURCHASE}` })
    .waitFor();
  await screenshot(page, shot);
}

describe('采购管理: a package to award, as users', () => {
  it('notice → sign-ups and bids → 开标 → review seam → 结束审核 → 结果公示 → 已定标 with the letters', async () => {
    // ── buyer01 publishes the 采购公告 on 选商准备 ──
    const buyer = await as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '采购管理', '选商准备', '/purchase/selectionPrepare');
    await publishNotice(buyer, STAMP, PACKAGE, NOTICE);

    // ── two suppliers sign up and bid from the notice ──
    await signUpAndBid(await as('supplier01', NOTICE_TABS), PURCHASE, NOTICE, '450000');
    await signUpAndBid(await as('supplier02', NOTICE_TABS), PURCHASE, NOTICE, '468000');

    // ── buyer01: 开始响应, 截止投标, 开标 (refused before its time, then once due) ──
    await openSiderMenu(buyer, '采购管理', '选商启动', '/purchase/selectionStart');
    await search(buyer, 'selectionStart');
    await row(buyer, PACKAGE).getByRole('button', { name: '详情' }).click();
    const drawer = buyer.getByRole('dialog').filter({ hasText: `标包：${PACKAGE}` });
    const step = async (label: string, done: string) => {
      await drawer.getByRole('button', { name: label }).click();
      await confirmPop(buyer);
      await expectMessage(buyer, done);
    };
    await step('开始响应', '开始响应成功');
    await stageTag(drawer, '响应中').waitFor();
    await step('截止投标', '截止投标成功');
    await stageTag(drawer, '待开标').waitFor();
    const due = openingDue();
    await withDatabase(dataDir, (db) =>
      db.query('UPDATE purchase_package SET opening_start_time = $2 WHERE id = $1', [packageId, due]),
    );
    await step('开标', '未到开标时间');
    await buyer.waitForTimeout(Math.max(0, due.getTime() - Date.now()) + 300);
    await step('开标', '开标成功');
    await stageTag(drawer, '已开标').waitFor();
    await drawer.getByRole('tab', { name: '报名与投标' }).click();
    await drawer.getByText('450,000.00').first().waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // ── 评审管理: the review seam (开始评审, 完成评审 with the ranking) ──
    await openSiderMenu(buyer, '采购管理', '评审管理', '/purchase/review');
    await search(buyer, 'review');
    await row(buyer, PACKAGE).getByRole('button', { name: '开始评审' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '操作成功!');
    await row(buyer, PACKAGE).getByRole('button', { name: '完成评审' }).click();
    const review = buyer.getByRole('dialog', { name: `完成评审：${PACKAGE}` });
    const pick = async (label: string, options: string[]) => {
      await review.getByLabel(label).click();
      for (const option of options)
        await buyer.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
      // A click beside the select closes its dropdown (Escape would close the modal).
      await review.getByText('选商结果', { exact: true }).click();
      await buyer.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    await pick('有效投标人', [WINNER, LOSER]);
    await pick('推荐候选人（按排名）', [WINNER, LOSER]);
    await screenshot(buyer, 'award-review-complete', review);
    await review.getByRole('button', { name: /^确\s*定$/ }).click();
    await expectMessage(buyer, '操作成功!');
    await stageTag(row(buyer, PACKAGE), '评审结束').waitFor();

    // ── 结束审核: submitted, approved by leader01 and manager01 in 我的待办 ──
    await openSiderMenu(buyer, '采购管理', '结束审核', '/purchase/endAudit');
    await search(buyer, 'endAudit');
    await row(buyer, PACKAGE).getByRole('button', { name: '提交结束审核' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '已提交审批');
    await approve('leader01');
    await approve('manager01');

    // ── 采购结果: 结果公示 published ──
    await openSiderMenu(buyer, '采购管理', '采购结果', '/purchase/result');
    await search(buyer, 'result');
    await stageTag(row(buyer, PACKAGE), '结果公示中').waitFor();
    await row(buyer, PACKAGE).getByRole('button', { name: '结果公示' }).click();
    const result = buyer.getByRole('dialog').filter({ hasText: '结果公示：' });
    await result.getByRole('textbox', { name: '公告内容' }).click();
    await buyer.keyboard.type(`第一中标候选人：${WINNER}。`);
    await result.getByRole('button', { name: /^发\s*布$/ }).click();
    await expectMessage(buyer, '发布成功!');
    await result.waitFor({ state: 'hidden' });

    // ── the publicity ends: its end time moved into the past, the job run once by admin in 定时任务 ──
    await withDatabase(dataDir, (db) =>
      db.query(`UPDATE purchase_package SET publicity_end_time = now() - interval '1 second' WHERE id = $1`, [
        packageId,
      ]),
    );
    const admin = await as('admin', '/system/quartz');
    const job = row(admin, '每分钟结束期满的结果公示并定标').first();
    await job.getByRole('button', { name: /更多/ }).click();
    await admin.getByRole('menuitem', { name: '立即执行' }).click();
    await admin.locator('.ant-modal-confirm:visible').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '执行成功!');

    // ── the buyer: 已定标, the 中标通知书 on the row and both letters in the drawer ──
    await openSiderMenu(buyer, '采购管理', '采购结果', '/purchase/result');
    await search(buyer, 'result');
    const awarded = row(buyer, PACKAGE);
    await stageTag(awarded, '已定标').waitFor();
    await awarded.getByRole('button', { name: `ZB-PC-AW-${STAMP}-1` }).waitFor();
    // The letter column sits right of the visible part: scrolled into view for the picture.
    await buyer
      .locator('.ant-table-content:visible, .ant-table-body:visible')
      .first()
      .evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
    await screenshot(buyer, 'award-result-list');
    await awarded.getByRole('button', { name: `ZB-PC-AW-${STAMP}-1` }).click();
    await readLetter(buyer, '中标通知书', [WINNER, PACKAGE, '450,000.00', DATE_LINE], 'award-letter-buyer');
    await awarded.getByRole('button', { name: '详情' }).click();
    await drawer.getByRole('tab', { name: '通知书' }).click();
    const letters = drawer.locator('.ant-table-row:visible');
    await expect.poll(() => letters.count()).toBe(2);
    await letters.filter({ hasText: WINNER }).getByText('中标', { exact: true }).waitFor();
    await letters.filter({ hasText: LOSER }).getByText('未中标', { exact: true }).waitFor();
    await screenshot(buyer, 'award-drawer-letters');
    await letters
      .filter({ hasText: LOSER })
      .getByRole('button', { name: `WZB-PC-AW-${STAMP}-1-01` })
      .click();
    await readLetter(buyer, '未中标通知书', [LOSER, '未中标'], 'award-letter-buyer-lose');

    // ── the suppliers: the bell and 我的投标 ──
    for (const [who, kind, title, lines] of [
      ['supplier01', '中标', '中标通知书', [WINNER, '450,000.00']],
      ['supplier02', '未中标', '未中标通知书', [LOSER, '经评审，贵单位未中标']],
    ] as const) {
      const page = await as(who, '/purchaseannouncement/MyBids');
      await bellHas(page, title, `award-bell-${who}`);
      const mine = row(page, PACKAGE);
      await mine.getByText(kind, { exact: true }).waitFor();
      await screenshot(page, `award-my-bids-${who}`);
      await mine.getByRole('button', { name: title }).click();
      await readLetter(page, title, [...lines, DATE_LINE], `award-letter-${who}`);
    }
  });
});
