/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { serverUnderTest } from '../support/target.ts';
import { apiLogin, collectErrors, signInAs, waitForPath } from './shell-support.ts';

const { baseUrl, dataDir } = serverUnderTest();

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[];

/** Today in the users' time zone (the browser context runs in Asia/Shanghai), as the dictionary writes dates. */
function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
}

/** Sets the text of the dictionary "color" item with this value, and drops the server's dictionary cache. */
async function setColorDate(itemValue: string, text: string): Promise<string> {
  const previous = await withDatabase(dataDir, async (db) => {
    const found = await db.query<{ item_text: string }>(
      `SELECT i.item_text FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id
        WHERE d.dict_code = 'color' AND i.item_value = $1`,
      [itemValue],
    );
    await db.query(
      `UPDATE sys_dict_item SET item_text = $2
        WHERE item_value = $1 AND dict_id = (SELECT id FROM sys_dict WHERE dict_code = 'color')`,
      [itemValue, text],
    );
    return found.rows[0]?.item_text ?? '';
  });
  const { token } = await apiLogin(baseUrl, 'admin');
  const refresh = await fetch(`${baseUrl}/aps/sys/dict/refleshCache`, { headers: { 'X-Access-Token': token } });
  expect(refresh.ok).toBe(true);
  return previous;
}

function rootFilter(): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).filter);
}

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

describe('grey mode', () => {
  it('greys the whole page when today is one of the first two dates of the dictionary "color"', async () => {
    ({ context, page } = await newUserPage(browser, baseUrl));
    errors = collectErrors(page);

    // Not a mourning day: normal colours.
    await signInAs(context, baseUrl, 'buyer01');
    await page.goto('/dashboard/analysis');
    await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
    expect(await rootFilter()).toBe('none');
    await context.close();

    // The second date is today: after signing in (the dictionaries come with the login), the page is grey.
    const previous = await setColorDate('2', today());
    try {
      ({ context, page } = await newUserPage(browser, baseUrl));
      errors = collectErrors(page);
      // Signed in as the login page does: the login answer's dictionaries stored under pro__UI_CACHE_DB_DICT_DATA.
      await signInAs(context, baseUrl, 'buyer01');
      await page.goto('/dashboard/analysis');
      await waitForPath(page, '/dashboard/analysis');
      await expect.poll(rootFilter).toBe('grayscale(1)');
      await screenshot(page, 'shell-grey-mode');
      // It stays grey across a reload (dictionaries are stored for 7 days).
      await page.reload();
      await page.getByRole('heading', { name: /^欢迎，/ }).waitFor();
      await expect.poll(rootFilter).toBe('grayscale(1)');
    } finally {
      await setColorDate('2', previous);
    }
  });
});
