import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { collectErrors, userPage } from '../tests/shell-support.ts';
import { launchBrowser, screenshot } from './browser.ts';

export interface SessionOptions {
  /** The window of every user's page (the default is the laptop size of newUserPage). */
  viewport?: { width: number; height: number };
  /**
   * Close every user's context after each test and check its runtime errors then (tests that must not share a
   * page); otherwise the pages live for the whole file and their errors are checked at its end.
   */
  perTest?: boolean;
  /** On a failed test, a screenshot of every open page as `<prefix>-<username>.png`. */
  failureShots?: string;
}

export interface UserSession {
  /** The user's signed-in page (created once, or once per test with perTest) at `path`. */
  as(username: string, path: string): Promise<Page>;
  /** Every open page by username. */
  readonly pages: ReadonlyMap<string, Page>;
  readonly browser: Browser;
}

/**
 * The browser and the signed-in users of one e2e file: launches Chromium before the file, gives each user one
 * signed-in page, collects every page's runtime errors and expects none, and closes everything after. Registers its
 * own vitest hooks, so a file calls it once at the top.
 */
export function userSession(baseUrl: string, options: SessionOptions = {}): UserSession {
  let browser: Browser | undefined;
  const pages = new Map<string, Page>();
  let contexts: BrowserContext[] = [];
  let errors: string[][] = [];

  async function closeAll() {
    for (const c of contexts) await c.close().catch(() => undefined);
    contexts = [];
    pages.clear();
    const seen = errors.flat();
    errors = [];
    expect(seen).toEqual([]);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    if (options.failureShots && ctx.task.result?.state === 'fail') {
      for (const [u, p] of pages) await screenshot(p, `${options.failureShots}-${u}`).catch(() => undefined);
    }
    if (options.perTest) await closeAll();
  });
  afterAll(async () => {
    try {
      await closeAll();
    } finally {
      await browser?.close();
    }
  });

  return {
    pages,
    get browser() {
      if (!browser) throw new Error('userSession: the browser starts in beforeAll');
      return browser;
    },
    async as(username, path) {
      const existing = pages.get(username);
      if (existing) {
        await existing.goto(path);
        return existing;
      }
      if (!browser) throw new Error('userSession: the browser starts in beforeAll');
      const { context, page } = await userPage(
        browser,
        baseUrl,
        username,
        options.viewport ? { viewport: options.viewport } : {},
      );
      contexts.push(context);
      errors.push(collectErrors(page));
      pages.set(username, page);
      await page.goto(path);
      return page;
    },
  };
}
