import type { PageResult, PurchaseRecordDto } from '@aps/shared';
import { formatMoney } from '@aps/shared/constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { api, tokenFor } from './header-support.ts';
import { collectErrors, userPage, waitForPath } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[];
let records: PurchaseRecordDto[];

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await tokenFor(baseUrl, 'buyer01');
  const list = await api<PageResult<PurchaseRecordDto>>(
    baseUrl,
    token,
    'GET',
    '/purchase/purchaseRecord/list?pageSize=200',
  );
  records = list.result.records;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(errors).toEqual([]);
});

/** The first record the buyer can see that matches. */
function recordWhere(test: (r: PurchaseRecordDto) => boolean): PurchaseRecordDto {
  const found = records.find(test);
  if (!found) throw new Error('no seeded purchase record of that kind');
  return found;
}

/** 采购记录 filtered to one record by its code, then its 详情. */
async function openDetail(record: PurchaseRecordDto) {
  await page.getByLabel('采购编号').fill(record.purchaseCode);
  await page
    .locator('button[type=submit]')
    .filter({ hasText: /查\s*询/ })
    .click();
  const row = page.locator('.ant-table-row').filter({ hasText: record.purchaseCode });
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  await row.getByRole('button', { name: '详情' }).click();
  const modal = page.getByRole('dialog', { name: '采购详情' });
  await modal.waitFor();
  return modal;
}

/** The value cell next to a label of the details. */
const field = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]');

const time = (s: string) => new Date(s.replace(' ', 'T')).getTime();
const pad = (n: number) => String(n).padStart(2, '0');
function elapsedText(from: string, to: string): string {
  const seconds = Math.floor((time(to) - time(from)) / 1000);
  const d = Math.floor(seconds / 86_400);
  return `${d}天 ${pad(Math.floor((seconds % 86_400) / 3600))}小时 ${pad(Math.floor((seconds % 3600) / 60))}分 ${pad(seconds % 60)}秒`;
}

describe('采购记录 details (§2 procurement information panel, §4 review timing)', () => {
  it('an ended review shows the opening → review-stop span, the price limit in 万元 and the package state', async () => {
    const ended = recordWhere(
      (r) => ['9', '10', '11', '12'].includes(r.purchaseStage) && !!r.openingStartTime && !!r.reviewStopTime,
    );
    ({ context, page } = await userPage(browser, baseUrl, 'buyer01'));
    errors = collectErrors(page);
    await page.goto('/purchase/record');
    await waitForPath(page, '/purchase/record');
    const modal = await openDetail(ended);

    const info = modal.locator('.ant-descriptions').filter({ hasText: '采购信息' });
    expect(await field(info, '采购编号').textContent()).toBe(ended.purchaseCode);
    expect(await field(info, '评审用时').textContent()).toBe(
      elapsedText(ended.openingStartTime ?? '', ended.reviewStopTime ?? ''),
    );
    expect(await field(info, '限价（万元）').textContent()).toBe(formatMoney(Number(ended.fixedPrice) / 10000));
    expect(await field(info, '质保期（月）').textContent()).toBe(String(ended.warrantyPeriod));
    expect(await field(info, '计划数量').textContent()).toBe(String(Number(ended.number)));
    expect(await field(info, '供货周期').textContent()).toBe(
      `${ended.materialStartTime?.slice(0, 10)} ~ ${ended.materialEndTime?.slice(0, 10)}`,
    );
    expect(await info.getByText('报价轮次').count()).toBe(ended.scoreType === '3' ? 0 : 1);

    const state = modal.locator('.ant-descriptions').filter({ hasText: '标段状态' });
    expect(await field(state, '选商状态').textContent()).toBe(ended.electionStatus === '1' ? '正常' : '流标');
    expect(await state.getByText('下浮系数').count()).toBe(ended.lowerCoefficientType === 1 ? 1 : 0);
    await screenshot(page, 'purchase-detail-ended', modal);
  });

  it('a review under way counts up live; scoreType 3 hides the rounds', async () => {
    // Started at least a day ago (the seed also plans reviews ahead; the API's times are Beijing time).
    const running = recordWhere(
      (r) =>
        ['6', '7', '8'].includes(r.purchaseStage) &&
        !!r.reviewStartTime &&
        time(r.reviewStartTime) < Date.now() - 86_400_000,
    );
    ({ context, page } = await userPage(browser, baseUrl, 'buyer01'));
    errors = collectErrors(page);
    await page.goto('/purchase/record');
    await waitForPath(page, '/purchase/record');
    let modal = await openDetail(running);
    const review = field(modal.locator('.ant-descriptions').filter({ hasText: '采购信息' }), '评审用时');
    const first = await review.textContent();
    expect(first).toMatch(/^\d+天 \d\d小时 \d\d分 \d\d秒$/);
    await expect.poll(() => review.textContent(), { timeout: 3000 }).not.toBe(first);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    const noRounds = recordWhere((r) => r.scoreType === '3');
    modal = await openDetail(noRounds);
    await modal.getByText('采购信息').waitFor();
    expect(await modal.getByText('报价轮次').count()).toBe(0);
    expect(await modal.getByText('当前选商轮次').count()).toBe(0);
  });
});

describe('采购记录 paging (issue 11 §2)', () => {
  it('下一页 goes on after the last row shown (keyset cursor) and shows the same rows as the offset page', async () => {
    ({ context, page } = await userPage(browser, baseUrl, 'buyer01'));
    errors = collectErrors(page);
    const asked: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/purchase/purchaseRecord/list')) asked.push(new URL(request.url()));
    });
    await page.goto('/purchase/record');
    await waitForPath(page, '/purchase/record');
    const codes = () => page.locator('.ant-table-row td:first-child').allTextContents();
    await expect.poll(async () => (await codes()).length).toBe(10);
    const total = records.length < 200 ? records.length : null;
    if (total !== null) await page.getByText(`1-10 共 ${total} 条`).waitFor();

    // The buyer's own list by offset, as the API answers it: the second page, newest first.
    const token = await tokenFor(baseUrl, 'buyer01');
    const second = await api<PageResult<PurchaseRecordDto>>(
      baseUrl,
      token,
      'GET',
      '/purchase/purchaseRecord/list?pageNo=2&pageSize=10',
    );
    const firstPageLastId = (
      await api<PageResult<PurchaseRecordDto>>(
        baseUrl,
        token,
        'GET',
        '/purchase/purchaseRecord/list?pageNo=1&pageSize=10',
      )
    ).result.records.at(-1)?.id;

    await page.locator('.ant-pagination').getByTitle('下一页').click();
    await expect.poll(async () => (await codes()).join()).toBe(second.result.records.map((r) => r.purchaseCode).join());
    const toSecond = asked.find((u) => u.searchParams.get('pageNo') === '2');
    expect(toSecond?.searchParams.get('cursor')).toBe(firstPageLastId);

    // A jump (page 1 again) pages by offset.
    // In the pager: the bell's badge can read 1 too (a workflow or award message).
    await page.locator('.ant-pagination').getByTitle('1', { exact: true }).click();
    await expect
      .poll(() => asked.some((u) => u.searchParams.get('pageNo') === '1' && !u.searchParams.has('cursor')))
      .toBe(true);
  });
});
