import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { superQueryKit } from '../support/super-query.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, userPage } from './shell-support.ts';

const { baseUrl, dataDir } = serverUnderTest();

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

const PAGE_SIZE = 10;

/**
 * The oracle: what the admin (data scope all, tenant 1) should see for a condition, read straight from the
 * database in the list's order (createTime desc, id desc) — not through the endpoint under test.
 */
async function expected(where: string, params: unknown[], pageNo = 1) {
  return withDatabase(dataDir, async (db) => {
    const base = `FROM purchase_record WHERE tenant_id = 1 AND (${where})`;
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${base}`, params);
    const rows = await db.query<{ purchase_code: string }>(
      `SELECT purchase_code ${base} ORDER BY create_time DESC, id DESC OFFSET ${(pageNo - 1) * PAGE_SIZE} LIMIT ${PAGE_SIZE}`,
      params,
    );
    return { total: count.rows[0]?.n ?? 0, codes: rows.rows.map((r) => r.purchase_code) };
  });
}

const list = () => page.getByRole('region', { name: '采购记录列表' });
/** What the list shows: the purchase codes of the page (first column) and the server's total. */
async function shown() {
  const codes = await list().locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();
  const totalText = (await list().locator('.ant-pagination-total-text').textContent()) ?? '';
  return { total: Number(/共 (\d+) 条/.exec(totalText)?.[1] ?? -1), codes };
}

const NAME = '钢筋';
const PRICE = 5_000_000;
const NAME_OR_PRICE = 'purchase_name ILIKE $1 OR fixed_price > $2';
const NAME_AND_PRICE = 'purchase_name ILIKE $1 AND fixed_price > $2';
const PARAMS = [`%${NAME}%`, PRICE];

describe('示例页面 › 高级查询 (demo page on the purchase records)', () => {
  it('builds, runs, saves, overwrites, reloads and deletes a query against the server-paged list', async () => {
    ({ context, page } = await userPage(browser, baseUrl, 'admin'));
    pageErrors = collectErrors(page);
    const q = superQueryKit(page);
    await page.goto('/dashboard/analysis');
    await openSiderMenu(page, '示例页面', '高级查询', '/demo/superQuery');

    // The whole list, paged by the server; the rules are explained on the page.
    const all = await expected('true', []);
    await expect.poll(shown).toEqual(all);
    expect(all.total).toBeGreaterThan(PAGE_SIZE);
    const rules = page.getByRole('region', { name: '规则说明' });
    for (const rule of ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']) {
      await rules.getByRole('cell', { name: rule, exact: true }).waitFor();
    }
    await page.getByText('AND（所有条件都要求匹配）').first().waitFor();
    await page.getByText('未设置高级查询条件，显示全部采购记录').waitFor();
    await screenshot(page, 'demo-super-query');

    // §5: nothing to query or save yet.
    await q.open();
    await expect.poll(q.modalWidth).toBe(1000);
    await q.search();
    await q.toast('不能查询空条件').waitFor();
    await q.startSave();
    await q.toast('空条件不能保存').waitFor();

    // Two lines, OR: 采购名称 包含 钢筋, 限价（元） 大于 5000000.
    await q.setLine(1, '采购名称', '包含', NAME);
    await q.addLineAfter(1);
    await q.setLine(2, '限价（元）', '大于', String(PRICE));
    await q.matchAny();
    await screenshot(
      page,
      'demo-super-query-builder',
      page.locator('.ant-modal').filter({ hasText: '高级查询构造器' }),
    );
    await q.run();
    const anyOf = await expected(NAME_OR_PRICE, PARAMS);
    expect(anyOf.total).toBeLessThan(all.total);
    await expect.poll(shown).toEqual(anyOf);
    await page.getByText(`采购名称 包含 ${NAME} 或者 限价（元） 大于 ${PRICE}`).waitFor();
    // The next page comes from the server too.
    await list().locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect.poll(shown).toEqual({ total: anyOf.total, codes: (await expected(NAME_OR_PRICE, PARAMS, 2)).codes });
    await screenshot(page, 'demo-super-query-filtered');

    // The same lines with AND: only rows matching both (back on page 1).
    await q.open();
    await q.matchAll();
    await q.run();
    const both = await expected(NAME_AND_PRICE, PARAMS);
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(anyOf.total);
    await expect.poll(shown).toEqual(both);

    // Save by name: a blank name is refused, then 保存成功; the page lists it too.
    const title = `钢筋或高限价${Date.now().toString(36)}`;
    await q.open();
    await q.saveAs('');
    await q.toast('保存名称不能为空').waitFor();
    await q.nameDialog().getByLabel('保存名称').fill(title);
    await q
      .nameDialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await q.toast('保存成功').waitFor();
    await q.saved(title).waitFor();

    // Saved again under the same name, now as OR: "<name>已存在，是否覆盖？" → 确定 overwrites it.
    await q.matchAny();
    await q.saveAs(title);
    await screenshot(page, 'demo-super-query-overwrite');
    await q.confirm(`${title}已存在，是否覆盖？`);
    await expect.poll(() => q.toast('保存成功').count()).toBeGreaterThan(0);
    expect(await q.saved(title).count()).toBe(1);

    // 重置 clears the lines and the list's query.
    await q.reset();
    await expect.poll(() => q.lines().count()).toBe(1);
    await q.close();
    await expect.poll(shown).toEqual(all);

    // Reload the saved query: from the page (applied at once) …
    const savedOnPage = page.getByRole('region', { name: '我保存的查询' });
    await savedOnPage.getByText(title, { exact: true }).waitFor();
    await savedOnPage.getByRole('button', { name: `应用查询 ${title}` }).click();
    await expect.poll(shown).toEqual(anyOf);
    // … and in the builder, where it fills the lines again (after 重置 there clears the list's query).
    await q.open();
    await q.reset();
    await q.close();
    await expect.poll(shown).toEqual(all);
    await q.open();
    await q.saved(title).click();
    await expect.poll(() => q.lines().count()).toBe(2);
    await expect.poll(() => q.lines().nth(0).textContent()).toMatch(/采购名称[\s\S]*包含/);
    expect(await q.builder().getByLabel('查询值1').inputValue()).toBe(NAME);
    expect(await q.builder().getByLabel('查询值2').inputValue()).toBe(String(PRICE));
    expect(await q.builder().getByRole('radio', { name: 'OR（条件中的任意一个匹配）' }).isChecked()).toBe(true);
    await q.run();
    await expect.poll(shown).toEqual(anyOf);

    // Delete it: 是否删除当前查询？ → 确定; gone from the builder and from the page.
    await q.open();
    await q.askDelete(title);
    await q.confirm('是否删除当前查询？');
    await q.saved(title).waitFor({ state: 'detached' });
    await q.close();
    await savedOnPage.getByText(title, { exact: true }).waitFor({ state: 'detached' });
  });
});
