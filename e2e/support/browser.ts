import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless; each launch() uses a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: run bash scripts/test-setup.sh (it installs chromium and CJK fonts).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A clean context (own localStorage) as a Chinese-speaking user on a laptop-sized screen would have it. */
export async function newUserPage(
  browser: Browser,
  baseUrl: string,
  /** Another browser's user agent (an OAuth2 app: WeCom, DingTalk); Chromium's own by default. */
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves e2e/screenshots/<name>.png (gitignored) for a human to look at: the whole page, or only `part` (which
 * keeps what the pointer shows, such as a chart's tooltip: a full-page picture resizes the window).
 */
export async function screenshot(page: Page, name: string, part?: Locator): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Wait for web fonts and for antd's enter animations to settle, so the picture shows the resting state.
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  if (part) await part.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}
