import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The advanced query builder (shared/superQuery) as a user drives it: the 高级查询 toolbar button, the 高级查询构造器
 * dialog with its numbered lines (查询字段N, 匹配规则N, 查询值N), the name prompt and the confirmations. Shared by
 * every e2e test of a list with an advanced query.
 */
export function superQueryKit(page: Page) {
  /** A button by its text (its icon adds a word to the accessible name). */
  const button = (text: string) => page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
  const builder = () => page.getByRole('dialog').filter({ hasText: '高级查询构造器' });
  const nameDialog = () => page.getByRole('dialog').filter({ hasText: '请输入保存的名称' });
  const confirmDialog = (text: string) => page.locator('.ant-modal-confirm').filter({ hasText: text });
  const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });
  const openDropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const lines = () => builder().locator('[data-testid="super-query-line"]');
  /** antd spaces two-character labels (查 询), so footer buttons are matched loosely. */
  const footerButton = (name: RegExp) => builder().getByRole('button', { name });

  /** Picks `option` in the Select labelled `label` inside the builder: typed into its search, then Enter. */
  async function choose(label: string, option: string) {
    const combobox = builder().getByRole('combobox', { name: label });
    await combobox.click();
    await combobox.fill(option);
    await openDropdown().getByTitle(option, { exact: true }).waitFor();
    await combobox.press('Enter');
    // The chosen label shows in the select (its closest antd wrapper).
    const select = combobox.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
    await expect.poll(() => select.textContent()).toContain(option);
  }

  return {
    button,
    builder,
    nameDialog,
    confirmDialog,
    toast,
    lines,
    saved: (title: string) => builder().getByText(title, { exact: true }),

    async open() {
      await button('高级查询').click();
      await builder().waitFor();
    },

    /** The builder's outer width (§9: 1000). */
    modalWidth: async () =>
      (await page.locator('.ant-modal').filter({ hasText: '高级查询构造器' }).boundingBox())?.width,

    choose,

    /** Line `n` (from 1): field, rule and a typed value. */
    async setLine(n: number, field: string, rule: string, value: string) {
      await choose(`查询字段${n}`, field);
      await choose(`匹配规则${n}`, rule);
      await builder().getByLabel(`查询值${n}`).fill(value);
    },

    async addLineAfter(n: number) {
      const before = await lines().count();
      await builder()
        .getByRole('button', { name: `在第${n}行后添加条件` })
        .click();
      await expect.poll(() => lines().count()).toBe(before + 1);
    },

    matchAll: () => builder().getByText('AND（所有条件都要求匹配）').click(),
    matchAny: () => builder().getByText('OR（条件中的任意一个匹配）').click(),

    /** 查询; the builder stays open when the query is refused. */
    search: () => footerButton(/查\s*询$/).click(),
    /** 查询 with complete lines: the builder closes. */
    async run() {
      await footerButton(/查\s*询$/).click();
      await builder().waitFor({ state: 'hidden' });
    },
    reset: () => footerButton(/重\s*置/).click(),
    async close() {
      await builder()
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
      await builder().waitFor({ state: 'hidden' });
    },

    /** 保存查询条件 → the name prompt → 确定 (a blank `title` leaves the prompt open). */
    async saveAs(title: string) {
      await footerButton(/保存查询条件/).click();
      if (title) await nameDialog().getByLabel('保存名称').fill(title);
      await nameDialog()
        .getByRole('button', { name: /确\s*定/ })
        .click();
    },
    startSave: () => footerButton(/保存查询条件/).click(),

    /** Answers 确定 to the confirmation showing `text`, and waits until it is gone. */
    async confirm(text: string) {
      const dialog = confirmDialog(text);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
    },

    /** The bin of a saved query: asks 是否删除当前查询？ (answer with confirm). */
    askDelete: (title: string) =>
      builder()
        .getByRole('button', { name: `删除查询 ${title}` })
        .click(),
  };
}
