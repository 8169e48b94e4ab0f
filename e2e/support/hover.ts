import type { Locator } from 'playwright-core';

/**
 * Hovers `trigger` until `popup` shows. A hover can land while the header is still re-rendering (the element
 * under the pointer is replaced, so no mouseenter reaches the new one); a user would move the pointer away and
 * back, and so do we (up to four times).
 */
export async function hoverToOpen(trigger: Locator, popup: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await trigger.hover();
    try {
      await popup.waitFor({ timeout: 4_000 });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await trigger.page().mouse.move(0, 0);
    }
  }
}
