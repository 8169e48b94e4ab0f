import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, userPage } from './shell-support.ts';

const { baseUrl } = serverUnderTest();

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(errors).toEqual([]);
});

/** Admin opens 示例页面 → 选择组件 from the side menu. */
async function openDemo() {
  ({ context, page } = await userPage(browser, baseUrl, 'admin'));
  errors = collectErrors(page);
  await page.goto('/dashboard/analysis');
  await openSiderMenu(page, '示例页面', '选择组件', '/demo/pickers');
  await section('选人组件').waitFor();
}

const section = (title: string) => page.getByRole('region', { name: title });
const shown = (label: string) => page.getByLabel(label, { exact: true });
const dialog = (title: string) => page.getByRole('dialog', { name: title });
const visibleRows = (scope: ReturnType<typeof dialog>) => scope.locator('.ant-table-tbody .ant-table-row');
const rowOf = (scope: ReturnType<typeof dialog>, text: string) => visibleRows(scope).filter({ hasText: text }).first();
const treeNode = (scope: ReturnType<typeof dialog>, title: string) =>
  scope.locator('.ant-tree-treenode').filter({ has: page.getByTitle(title, { exact: true }) });

describe('选择组件 demo page', () => {
  it('picks users: filter by unit, search, page, select, see the selected list and the value', async () => {
    await openDemo();
    await screenshot(page, 'pickers-demo');

    await section('选人组件').getByRole('button', { name: '选择' }).first().click();
    const modal = dialog('用户');
    await modal.waitFor();
    // 5 per page (§9), the total below.
    await expect.poll(() => visibleRows(modal).count()).toBe(5);
    await expect.poll(() => modal.locator('.ant-pagination-total-text').textContent()).toMatch(/共 \d+ 条/);

    // Unit filter: only the people of 华信物资贸易分公司.
    await treeNode(modal, '华信物资贸易分公司').locator('.ant-tree-node-content-wrapper').click();
    await expect.poll(() => visibleRows(modal).allInnerTexts()).toEqual([expect.stringContaining('branch01')]);
    await rowOf(modal, 'branch01').locator('.ant-checkbox-input').check();
    // Unselect the unit again: everyone.
    await treeNode(modal, '华信物资贸易分公司').locator('.ant-tree-node-content-wrapper').click();
    await expect.poll(() => visibleRows(modal).count()).toBe(5);

    // Query by account or name.
    // One account (the seed has expert01…07 since issue 15, more than a page of 5).
    await modal.getByLabel('账号或姓名').fill('expert01');
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => visibleRows(modal).count()).toBe(1);
    await rowOf(modal, 'expert01').locator('.ant-checkbox-input').check();

    // Clear the query and go to page 2; the selection stays.
    await modal.getByLabel('账号或姓名').fill('');
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => visibleRows(modal).count()).toBe(5);
    const firstAccount = async () =>
      ((await visibleRows(modal).first().locator('td').nth(1).textContent()) ?? '').trim();
    const pageOneFirst = await firstAccount();
    await modal.locator('.ant-pagination-item-2').click();
    await expect.poll(() => modal.locator('.ant-pagination-item-active').textContent()).toBe('2');
    // The pager turns at once, the rows when page 2 has loaded: read the row only then.
    await expect.poll(firstAccount).not.toBe(pageOneFirst);
    const third = await firstAccount();
    const pageTwoFirst = visibleRows(modal).filter({ hasText: third }).first();
    expect(['branch01', 'expert01']).not.toContain(third);
    await pageTwoFirst.locator('.ant-checkbox-input').check();

    const chosen = modal.locator('.aps-picker-selected');
    await expect.poll(() => chosen.locator('.ant-card-head-title').textContent()).toBe('已选 3 人');
    await expect
      .poll(() => chosen.locator('.ant-tag').allInnerTexts())
      .toEqual([
        expect.stringContaining('branch01'),
        expect.stringContaining('expert01'),
        expect.stringContaining(third),
      ]);
    await screenshot(page, 'pickers-user-modal', modal);
    // Removing a tag from the selected list unticks the row.
    await chosen.locator('.ant-tag').filter({ hasText: third }).locator('.ant-tag-close-icon').click();
    await expect.poll(() => chosen.locator('.ant-card-head-title').textContent()).toBe('已选 2 人');
    await pageTwoFirst.locator('.ant-checkbox-input').check();
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });

    await expect.poll(() => shown('用户值').textContent()).toBe(`branch01,expert01,${third}`);
    await expect.poll(() => shown('用户姓名').textContent()).toMatch(/^李秀英,赵明远,.+/);
    const box = section('选人组件').locator('input').first();
    await expect.poll(() => box.inputValue()).toMatch(/^李秀英,赵明远,/);

    // A saved value (buyer01) shows its real name; the single picker keeps one person (radio).
    const single = section('选人组件').locator('input').nth(1);
    await expect.poll(() => single.inputValue()).toBe('张建国');
    await section('选人组件').getByRole('button', { name: '选择' }).nth(1).click();
    await modal.waitFor();
    await modal.getByLabel('账号或姓名').fill('expert02');
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => visibleRows(modal).count()).toBe(1);
    await rowOf(modal, 'expert02').locator('.ant-radio-input').check();
    await expect
      .poll(() => modal.locator('.aps-picker-selected .ant-tag').allTextContents())
      .toEqual([expect.stringContaining('expert02')]);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => shown('单选用户值').textContent()).toBe('expert02');
    await expect.poll(() => single.inputValue()).toBe('钱丽华');
  });

  it('fills form fields from an online report popup; several rows are comma-joined; a wrong setup says so', async () => {
    await openDemo();
    const popup = section('弹窗选择');
    const pickers = popup.getByRole('button', { name: '选择', exact: true });

    await pickers.nth(0).click();
    const modal = dialog('选择采购记录');
    await modal.waitFor();
    await expect.poll(() => visibleRows(modal).count()).toBeGreaterThan(1);
    // Single mode: exactly one row (§5).
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(page, '请选择一条记录');
    const first = visibleRows(modal).first();
    const cells = (await first.locator('td').allInnerTexts()).map((t) => t.trim());
    await first.locator('.ant-radio-input').check();
    await screenshot(page, 'pickers-report-popup', modal);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });

    // One pick fills the three form fields from the row's purchase code, name and unit.
    const code = popup.getByLabel('采购编号', { exact: true });
    const name = popup.getByLabel('采购名称', { exact: true });
    const unit = popup.getByLabel('所属单位', { exact: true });
    await expect.poll(() => code.inputValue()).toMatch(/\S/);
    for (const input of [code, name, unit]) expect(cells).toContain(await input.inputValue());
    expect(await name.inputValue()).not.toBe(await code.inputValue());
    await screenshot(page, 'pickers-report-filled', popup);

    // Clearing the field empties every field it filled.
    await popup.getByRole('button', { name: '清除' }).click();
    for (const input of [code, name, unit]) await expect.poll(() => input.inputValue()).toBe('');

    // Several rows: their codes, comma-joined, in the order picked.
    await pickers.nth(1).click();
    const many = dialog('采购记录阶段报表');
    await many.waitFor();
    await expect.poll(() => visibleRows(many).count()).toBeGreaterThan(2);
    const codeOf = async (i: number) => {
      const texts = (await visibleRows(many).nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
      return texts.find((t) => t.startsWith('CG-')) ?? '';
    };
    const [a, b] = [await codeOf(0), await codeOf(2)];
    await visibleRows(many).nth(0).locator('.ant-checkbox-input').check();
    await visibleRows(many).nth(2).locator('.ant-checkbox-input').check();
    await many.getByRole('button', { name: /确\s*定/ }).click();
    await many.waitFor({ state: 'hidden' });
    await expect.poll(() => shown('多选采购编号').textContent()).toBe(`${a},${b}`);

    // Two original fields for one target field: refused before anything opens.
    await pickers.nth(2).click();
    await expectMessage(page, 'popup参数未正确配置,原始值和目标值数量不一致!');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('selects departments with unlinked and linked checking', async () => {
    await openDemo();
    const pickers = section('部门选择').getByRole('button', { name: '选择' });

    // Unlinked (default): ticking the group ticks only the group.
    await pickers.nth(0).click();
    let modal = dialog('部门选择');
    await modal.waitFor();
    await expect.poll(() => modal.getByRole('radio', { name: '父子不关联' }).isChecked()).toBe(true);
    await treeNode(modal, '华信建设集团有限公司').locator('.ant-tree-checkbox').click();
    await expect.poll(() => modal.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await treeNode(modal, '城南综合管廊项目部').locator('.ant-tree-checkbox').click();
    await expect.poll(() => modal.locator('.ant-tree-checkbox-checked').count()).toBe(2);
    await screenshot(page, 'pickers-depart-modal', modal);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => shown('不关联部门').textContent()).toBe('华信建设集团有限公司,城南综合管廊项目部');

    // Linked: ticking the group ticks every department under it.
    await pickers.nth(1).click();
    modal = dialog('部门选择');
    await modal.waitFor();
    await expect.poll(() => modal.getByRole('radio', { name: '父子关联' }).isChecked()).toBe(true);
    await treeNode(modal, '华信建设集团有限公司').locator('.ant-tree-checkbox').click();
    // Other test files may add departments elsewhere in the tree: check the group's own branch.
    for (const name of ['华信建设集团有限公司', '华信第一工程分公司', '华信物资贸易分公司', '城南综合管廊项目部']) {
      await expect.poll(() => treeNode(modal, name).locator('.ant-tree-checkbox-checked').count()).toBe(1);
    }
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    const linked = await shown('关联部门').textContent();
    for (const name of ['华信建设集团有限公司', '华信第一工程分公司', '华信物资贸易分公司', '城南综合管廊项目部']) {
      expect(linked).toContain(name);
    }
  });

  it('picks a region, verifies the slider, and shows the small controls', async () => {
    await openDemo();
    const region = section('省市区');
    // The three linked selects restore a saved district.
    await expect
      .poll(() => region.locator('.ant-select-content, .ant-select-selection-item').allInnerTexts())
      .toEqual(expect.arrayContaining(['浙江省', '杭州市', '西湖区']));
    await expect.poll(() => region.getByText('Bad type value').isVisible()).toBe(true);

    await region.locator('.ant-cascader').first().click();
    const dropdown = page.locator('.ant-cascader-dropdown:visible');
    // A click while the dropdown still slides in can land on the neighbouring province: wait for it to settle.
    await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
    for (const [level, name] of ['广东省', '深圳市', '南山区'].entries()) {
      const item = dropdown.locator('.ant-cascader-menu').nth(level).getByRole('menuitemcheckbox', { name });
      await item.click();
      if (level < 2) await expect.poll(() => item.getAttribute('class')).toContain('ant-cascader-menu-item-active');
    }
    await expect.poll(() => shown('地区编码').textContent()).toBe('440305');
    await expect.poll(() => shown('地区名称').textContent()).toBe('广东省 / 深圳市 / 南山区');

    // Slider: a short drag snaps back; a drag to the end passes and then cannot move.
    const slider = page.getByRole('slider');
    await slider.scrollIntoViewIfNeeded();
    const drag = async (dx: number) => {
      const box = await slider.boundingBox();
      if (!box) throw new Error('no slider');
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 5, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 5 + dx / 2, y, { steps: 5 });
      await page.mouse.move(box.x + 5 + dx, y, { steps: 5 });
      await page.mouse.up();
    };
    const home = (await slider.boundingBox())?.x;
    await drag(120);
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0');
    // Back at once, not sliding back, under the system's "reduce motion" (as the e2e browser runs).
    expect((await slider.boundingBox())?.x).toBe(home);
    await expect.poll(() => section('开关与滑块验证').getByText('拖动滑块验证').isVisible()).toBe(true);
    await expect.poll(() => shown('验证状态').textContent()).toBe('未通过');
    await drag(400);
    await expect.poll(() => section('开关与滑块验证').getByText('验证通过').isVisible()).toBe(true);
    await expect.poll(() => shown('验证状态').textContent()).toBe('已通过');
    const passedAt = await slider.getAttribute('aria-valuenow');
    await drag(-200);
    expect(await slider.getAttribute('aria-valuenow')).toBe(passedAt);

    // Y/N switch.
    await expect.poll(() => shown('开关值').textContent()).toBe('N');
    await page.getByRole('switch', { name: '是否启用' }).click();
    await expect.poll(() => shown('开关值').textContent()).toBe('Y');

    // Messages of §5 and §8, the money format and the elapsed time.
    await expect.poll(() => section('字典组件').getByText('字典Code不能为空!').isVisible()).toBe(true);
    // A checkbox group with at least one and at most two ticked (§5), checked as it changes.
    const ends = section('字典组件').locator('.ant-form-item').filter({ hasText: '用户端' });
    const endsBox = (index: number) => ends.getByRole('checkbox').nth(index);
    await endsBox(0).uncheck();
    await section('字典组件').getByText('最少选择1项').waitFor();
    for (const index of [0, 1, 2]) await endsBox(index).check();
    await section('字典组件').getByText('最多选择2项').waitFor();
    await endsBox(2).uncheck();
    await expect.poll(() => section('字典组件').locator('.ant-form-item-explain-error').count()).toBe(0);
    await expect.poll(() => shown('字典值').textContent()).toMatch(/\| 1,2$/);
    // JSearchSelectTag over a table dictionary: typing is debounced (§9 800 ms), so a word typed quickly is one
    // loadDict request; the matches are the server's, and the chosen department's id is the value.
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/dict/loadDict/')) searches.push(new URL(r.url()).searchParams.get('keyword') ?? '');
    });
    const search = section('字典组件').locator('#dict-search-depart');
    await search.click();
    await search.pressSequentially('项目部', { delay: 60 });
    await expect.poll(() => searches.filter((k) => k !== '')).toEqual(['项目部']);
    await expect
      .poll(() => page.locator('.ant-select-item-option').filter({ hasText: '华信建设集团有限公司' }).count())
      .toBe(0);
    await page.locator('.ant-select-item-option').filter({ hasText: '城南综合管廊项目部' }).waitFor();
    expect(searches.filter((k) => k !== '')).toEqual(['项目部']);
    await page.locator('.ant-select-item-option').filter({ hasText: '城南综合管廊项目部' }).click();
    await expect.poll(() => shown('搜索选择值').textContent()).toMatch(/^[0-9a-f-]{36}$/);
    // The box shows the department's name, not its id.
    await expect
      .poll(() => search.evaluate((input) => input.closest('.ant-select')?.textContent ?? ''))
      .toContain('城南综合管廊项目部');
    await expect
      .poll(() => section('分类字典').getByText('组件JTreeSelect-condition传值有误，需要一个json字符串!').isVisible())
      .toBe(true);
    const misc = section('计时、省略与金额');
    await expect.poll(() => misc.getByText('invalid target prop').isVisible()).toBe(true);
    await expect.poll(() => misc.getByText('1,234,567.89 元').isVisible()).toBe(true);
    await expect.poll(() => misc.getByText('2天 02小时 30分 15秒').isVisible()).toBe(true);
    await expect.poll(() => misc.getByText(/^2天 03小时 04分 \d\d秒$/).isVisible()).toBe(true);

    // The code editor loads lazily.
    await page.locator('.cm-editor').waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'pickers-demo-done');
  });

  it('remembers each 保存 of the code editor under its code and restores one from 历史记录 (§4 enhance list)', async () => {
    await openDemo();
    const editorCard = section('代码编辑器');
    await editorCard.scrollIntoViewIfNeeded();
    const content = editorCard.locator('.cm-content');
    await content.waitFor();
    const typeCode = async (text: string) => {
      await content.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
      await expect.poll(() => content.textContent()).toBe(text);
    };
    const save = () => editorCard.getByRole('button', { name: '保存', exact: true }).click();
    await typeCode('const v = 1;');
    await save();
    await typeCode('const v = 2;');
    await save();
    await save(); // the same text again is no new entry
    await editorCard.getByRole('button', { name: /历史记录/ }).click();
    const list = page.getByLabel('增强历史记录');
    await list.waitFor();
    await expect.poll(() => list.locator('.ant-list-item').count()).toBe(2);
    expect(await list.locator('.ant-list-item').first().textContent()).toContain('const v = 2;');
    await screenshot(page, 'code-editor-enhance-history', list);
    await list.locator('.ant-list-item').nth(1).getByRole('button', { name: '恢复' }).click();
    await expect.poll(() => content.textContent()).toBe('const v = 1;');

    // Another code has a list of its own; the first one's survives a reload (localStorage).
    await editorCard.getByLabel('增强编码').fill('other_form');
    await editorCard.getByRole('button', { name: /历史记录/ }).click();
    await page.locator('.ant-popover:visible').getByText('暂无历史记录').waitFor();
    await page.reload();
    await section('代码编辑器')
      .getByRole('button', { name: /历史记录/ })
      .click();
    await expect.poll(() => page.getByLabel('增强历史记录').locator('.ant-list-item').count()).toBe(2);
  });

  it('chooses with the business-component, company and category selects', async () => {
    await openDemo();
    const companies = section('公司选择');

    // Business-component select over sys_user: query by name, tick, confirm; the box shows the real name.
    await companies.getByRole('button', { name: '选择' }).click();
    const modal = dialog('选择用户');
    await modal.waitFor();
    await modal.getByLabel('姓名').fill('李秀英');
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => visibleRows(modal).count()).toBe(1);
    await rowOf(modal, 'branch01').locator('.ant-checkbox-input').check();
    await expect.poll(() => modal.locator('.ant-tag').allTextContents()).toEqual(['李秀英']);
    await screenshot(page, 'pickers-biz-modal', modal);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => shown('业务组件值').textContent()).toBe('branch01');
    await expect.poll(() => companies.getByText('李秀英').isVisible()).toBe(true);

    // Company select: the group and its branch companies only.
    await companies.locator('.ant-tree-select').first().click();
    const dropdown = page.locator('.ant-tree-select-dropdown:visible');
    await dropdown.getByTitle('华信第一工程分公司', { exact: true }).click();
    await expect.poll(() => dropdown.getByTitle('城南综合管廊项目部').count()).toBe(0);
    await expect.poll(() => shown('公司值').textContent()).toMatch(/^[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');

    // Category tree select: the roots, then a pick.
    const category = section('分类字典');
    await category.locator('.ant-tree-select').first().click();
    const catDropdown = page.locator('.ant-tree-select-dropdown:visible');
    await catDropdown.getByTitle('物资', { exact: true }).click();
    await expect.poll(() => shown('分类值').textContent()).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => category.getByTitle('物资').first().isVisible()).toBe(true);
  });
});
