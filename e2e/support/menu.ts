import type { Page } from 'playwright-core';

/**
 * Opens a page from the side menu as a user would: the group (unless its item already shows), then the item, then
 * waits for `path`. On a busy machine a click can land while the submenu is still opening; the user would click
 * again, and so do we (up to three times).
 */
export async function openSiderMenu(page: Page, group: string | null, title: string, path: string): Promise<void> {
  const sider = page.locator('.aps-sider');
  const item = sider.getByRole('menuitem', { name: title, exact: true });
  for (let attempt = 1; ; attempt++) {
    if (group && !(await item.isVisible())) await sider.getByText(group, { exact: true }).click();
    await item.click();
    try {
      await page.waitForURL(`**${path}`, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
