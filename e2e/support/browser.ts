import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { workerSlot } from '../workers.ts';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, the same build as /usr/bin/chromium, as
 * Playwright itself runs headless tests): Blink renders the app as in the full browser, without the browser UI that
 * the full one builds for every context (two omnibox WebUI renderers a window). On CI's 2 cores the e2e files took
 * 13–18 % less time. `E2E_CHROMIUM=/usr/bin/chromium` runs the full browser instead.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium, the browser people run: the web bench measures in it when it is installed. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
/**
 * Pictures are for a person at the machine to look at: CI (CI=true) skips them, which saves about half a second of
 * its 2 cores per picture. E2E_SCREENSHOTS=1 takes them anyway, E2E_SCREENSHOTS=0 skips them locally.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

const LAUNCH_OPTIONS = {
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
};

function requireChromium(executablePath: string): void {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `${executablePath} is missing: run bash scripts/test-setup.sh (it installs chromium-headless-shell and CJK fonts).`,
    );
  }
}

/** A Chromium that test files connect to (support/global-setup.ts starts one per worker). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  requireChromium(CHROMIUM_PATH);
  return chromium.launchServer(LAUNCH_OPTIONS);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Chromium per worker (support/global-setup.ts); a test file connects to its own in launchBrowser. */
    browserEndpoints: string[];
  }
}

/** The endpoint of this worker's shared Chromium, when the run started them (not in a bench or a probe). */
function sharedBrowserEndpoint(): string | undefined {
  if (!process.env.VITEST_POOL_ID) return undefined;
  const endpoints = inject('browserEndpoints');
  return endpoints?.[workerSlot(endpoints.length)];
}

/**
 * Debian's Chromium, headless. Under the e2e run a test file connects to its worker's Chromium instead of starting
 * its own (a start and stop cost about 0.9 s of CPU, 52 times a run); its contexts are as fresh as ever, and
 * close() disconnects, closing the contexts the file made. Elsewhere it launches `executablePath` with a temporary
 * profile.
 */
export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  const endpoint = sharedBrowserEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  requireChromium(executablePath);
  return chromium.launch({ ...LAUNCH_OPTIONS, executablePath });
}

/**
 * A download's bytes. A browser connected to (rather than launched) keeps the file on its side, so download.path()
 * is not available: the bytes come over the connection.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
    // With the system's "reduce motion" the app turns antd's animations off: a step does not wait for a drawer to
    // slide in, and CI's 2 cores do not paint animation frames nobody watches.
    reducedMotion: 'reduce',
    ...(userAgent ? { userAgent } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves e2e/screenshots/<name>.png (gitignored) for a human to look at: the whole page, what is on screen
 * ('viewport'), or only `part`. The last two keep what the pointer shows, such as a chart's tooltip or a context
 * menu: a full-page picture resizes the window, which closes popups.
 */
export async function screenshot(page: Page, name: string, part?: Locator | 'viewport'): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Wait for web fonts and for antd's enter animations to settle, so the picture shows the resting state.
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  if (part === 'viewport') await page.screenshot({ path: file });
  else if (part) await part.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}
