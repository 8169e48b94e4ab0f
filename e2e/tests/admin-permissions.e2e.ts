import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, PASSWORD, signInWithForm, topMenuTitles } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const FAQ_PATH = '/qa/questionsAndAnswers';

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  for (const list of errors.splice(0)) expect(list).toEqual([]);
});

/** A new browser context on the login page, signed in through the form. */
async function signedIn(username: string): Promise<Page> {
  const { context, page } = await newUserPage(browser, baseUrl);
  contexts.push(context);
  errors.push(collectErrors(page));
  await page.goto('/user/login');
  await signInWithForm(page, username);
  await page.waitForURL('**/dashboard/analysis');
  return page;
}

/** Opens a menu entry from the side menu (its sub-menu first when it has one). */
async function openMenu(page: Page, group: string | null, title: string) {
  const sider = page.locator('.aps-sider');
  if (group) {
    const item = sider.getByRole('menuitem', { name: title });
    if (!(await item.isVisible())) await sider.getByText(group, { exact: true }).click();
  }
  // The icon adds a word to the accessible name.
  await sider.getByRole('menuitem', { name: title }).click();
}

/** The open modal or drawer. */
const dialog = (page: Page) => page.getByRole('dialog').last();
/** A toolbar button by its text (its icon adds a word to the accessible name); hidden kept pages do not count. */
const toolbarButton = (page: Page, text: string) =>
  page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });

/** Clicks the checkbox of a node of the visible grant tree. */
async function toggleNode(page: Page, title: string) {
  const node = dialog(page)
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) })
    .first();
  await node.locator('.ant-tree-checkbox').click();
}

async function nodeChecked(page: Page, title: string): Promise<boolean> {
  const node = dialog(page)
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) })
    .first();
  return (await node.locator('.ant-tree-checkbox-checked').count()) > 0;
}

/** Clicks an item of the open dropdown once its opening animation is over (a click during it can be lost). */
async function chooseMenuItem(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name });
  const dropdown = page.locator('.ant-dropdown').filter({ has: item });
  await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
  await item.click();
}

/** The row of a visible table that shows this text (kept-alive pages stay in the DOM, hidden). */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();

describe('系统管理: a role with a chosen menu subset and a button code', () => {
  it('grants exactly the chosen menus and button, and takes the button back', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const roleName = `问答编辑${stamp}`;
    const roleCode = `qa_editor_${stamp}`;
    const departName = `测试部${stamp}`;
    const username = `e2e_${stamp}`;
    const phone = `139${String(Date.now()).slice(-8)}`;

    const admin = await signedIn('admin');

    // 1. The role, then its grants: 首页, 常见问题 with 问答维护 (qa:edit), and 采购管理 › 采购记录.
    await openMenu(admin, '系统管理', '角色管理');
    await admin.waitForURL('**/system/role');
    await row(admin, 'admin').waitFor();
    await toolbarButton(admin, '新增').click();
    await dialog(admin).getByLabel('角色名称').fill(roleName);
    await dialog(admin).getByLabel('角色编码').fill(roleCode);
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '添加成功！');
    await row(admin, roleCode).waitFor();

    await row(admin, roleCode).getByRole('button', { name: '授权' }).click();
    await dialog(admin).locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
    await toggleNode(admin, '首页');
    await toggleNode(admin, '问答维护');
    // Checking a button checks its menu.
    expect(await nodeChecked(admin, '常见问题')).toBe(true);
    await toggleNode(admin, '采购记录');
    expect(await nodeChecked(admin, '采购管理')).toBe(true);
    expect(await nodeChecked(admin, '采购计划')).toBe(false);
    await viewportShot(admin, 'admin-role-grant');
    await dialog(admin).getByRole('button', { name: '保存并关闭' }).click();
    await expectMessage(admin, '保存成功！');

    // 2. A department, and a user in it with the role.
    await openMenu(admin, '系统管理', '部门管理');
    await admin.waitForURL('**/system/depart');
    await admin.getByRole('button', { name: '添加部门' }).click();
    await admin.getByLabel('机构名称').fill(departName);
    await admin.getByRole('button', { name: '保存' }).click();
    await expectMessage(admin, '添加成功！');
    await admin.locator('.ant-tree-node-selected').filter({ hasText: departName }).waitFor();

    await openMenu(admin, '系统管理', '用户管理');
    await admin.waitForURL('**/system/user');
    await row(admin, 'admin').waitFor();
    await toolbarButton(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('用户账号').fill(username);
    await form.getByLabel('用户姓名').fill(`测试${stamp}`);
    await form.getByLabel('登录密码').fill(PASSWORD);
    await form.getByLabel('确认密码').fill(PASSWORD);
    await form.getByLabel('手机号').fill(phone);
    await form.getByLabel('角色').click();
    await form.getByLabel('角色').fill(roleName);
    await admin.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
    await form.getByLabel('所属部门').click();
    await form.getByLabel('所属部门').fill(departName);
    await admin.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: departName }).click();
    await screenshot(admin, 'admin-user-form');
    await form.getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '添加成功！');
    const created = row(admin, username);
    await created.waitFor();
    // The list refreshes after the save; under load the first paint can be the page from before it.
    await expect.poll(() => created.textContent()).toContain(departName);
    await expect.poll(() => created.textContent()).toContain(roleName);

    // 3. The user sees exactly that subset, and the button.
    let user = await signedIn(username);
    expect(await topMenuTitles(user)).toEqual(['首页', '采购管理', '常见问题']);
    await user.locator('.aps-sider').getByText('采购管理', { exact: true }).click();
    const purchaseItems = user.locator('.aps-sider .ant-menu-sub .ant-menu-item');
    await purchaseItems.first().waitFor();
    expect(await purchaseItems.allInnerTexts()).toEqual(['采购记录']);
    await openMenu(user, null, '常见问题');
    await user.waitForURL(`**${FAQ_PATH}`);
    await toolbarButton(user, '新增').waitFor();
    await screenshot(user, 'admin-granted-user-faq');

    // 4. The code is taken back: after a new sign-in the button is gone and the server refuses the call.
    await openMenu(admin, '系统管理', '角色管理');
    await admin.waitForURL('**/system/role');
    await row(admin, roleCode).getByRole('button', { name: '授权' }).click();
    await dialog(admin).locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
    expect(await nodeChecked(admin, '问答维护')).toBe(true);
    await toggleNode(admin, '问答维护');
    expect(await nodeChecked(admin, '问答维护')).toBe(false);
    // Unchecking a button keeps its menu.
    expect(await nodeChecked(admin, '常见问题')).toBe(true);
    await dialog(admin).getByRole('button', { name: '保存并关闭' }).click();
    await expectMessage(admin, '保存成功！');

    await user.context().close();
    user = await signedIn(username);
    expect(await topMenuTitles(user)).toEqual(['首页', '采购管理', '常见问题']);
    await openMenu(user, null, '常见问题');
    await user.waitForURL(`**${FAQ_PATH}`);
    await user.locator('.ant-collapse-item').first().waitFor();
    expect(await toolbarButton(user, '新增').count()).toBe(0);

    const token = await user.evaluate(() => {
      const raw = localStorage.getItem('pro__Access-Token');
      return raw ? (JSON.parse(raw) as { value: string }).value : '';
    });
    const refused = await fetch(`${baseUrl}/aps/questionsandanswers/questionsAndAnswers/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
      body: JSON.stringify({ questionContent: '无权限新增', answerContent: '应被拒绝', useType: '0', displayOrder: 1 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('拒绝访问');
  });
});

/** A picture of what the viewport shows (drawers and modals sit on the viewport, not on the page). */
async function viewportShot(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(400);
  const dir = new URL('../screenshots/', import.meta.url);
  await page.screenshot({ path: new URL(`${name}.png`, dir).pathname });
}

describe('系统管理 pages', () => {
  it('lists, searches and edits users, roles, menus, departments and online users', async () => {
    const admin = await signedIn('admin');

    // Users: search by name, the add form validates with the §5 texts.
    await openMenu(admin, '系统管理', '用户管理');
    await row(admin, 'admin').waitFor();
    await screenshot(admin, 'admin-users');
    // Sorting on the server: 用户账号 ascending, then descending.
    const usernames = () => admin.locator('.ant-table-row td:nth-child(2)').allTextContents();
    const sorted = (names: string[], dir: 1 | -1) =>
      names.length > 1 && names.every((n, i) => i === 0 || dir * (names[i - 1] ?? '').localeCompare(n, 'en') <= 0);
    await admin.getByRole('columnheader', { name: '用户账号' }).click();
    await expect.poll(async () => sorted(await usernames(), 1)).toBe(true);
    await admin.getByRole('columnheader', { name: '用户账号' }).click();
    await expect.poll(async () => sorted(await usernames(), -1)).toBe(true);
    // Export: the list as .xlsx.
    const [download] = await Promise.all([admin.waitForEvent('download'), toolbarButton(admin, '导出').click()]);
    expect(download.suggestedFilename()).toBe('用户列表.xlsx');
    expect((await downloadedBytes(download)).length).toBeGreaterThan(1000);
    await admin.locator('.aps-search-bar').getByLabel('用户账号').fill('buyer');
    await admin
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect
      .poll(async () => (await admin.locator('.ant-table-row').allInnerTexts()).every((t) => t.includes('buyer')))
      .toBe(true);
    // 查询 again with the same filters still asks the server (fresh data, not the cached page).
    const again = admin.waitForRequest((r) => r.url().includes('/sys/user/list') && r.url().includes('username=buyer'));
    await admin
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await again;
    await toolbarButton(admin, '批量删除').click();
    await expectMessage(admin, '请选择一条记录！');
    await toolbarButton(admin, '新增').click();
    await dialog(admin).getByLabel('用户账号').fill('ab');
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await dialog(admin).getByText('用户名长度为6到18位').waitFor();
    await dialog(admin).getByText('请输入手机号').waitFor();
    await dialog(admin).getByText('请输入登录密码!').waitFor();
    await dialog(admin).getByLabel('用户账号').fill('admin');
    await dialog(admin).getByLabel('用户姓名').click();
    await dialog(admin).getByText('用户账号已存在').waitFor();
    await viewportShot(admin, 'admin-user-add');
    await dialog(admin).getByRole('button', { name: '关闭', exact: true }).last().click();

    // Freeze and unfreeze (frozenBatch), and an administrator's password reset (same password: other files sign in).
    await admin.getByRole('button', { name: /重\s*置/ }).click();
    const expert = row(admin, 'expert02');
    await expert.getByRole('button', { name: /更多/ }).click();
    await chooseMenuItem(admin, '冻结');
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '冻结成功!');
    await expert.getByText('冻结', { exact: true }).waitFor();
    await expert.getByRole('button', { name: /更多/ }).click();
    await chooseMenuItem(admin, '解冻');
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '解冻成功!');
    await expert.getByText('正常', { exact: true }).waitFor();
    await expert.getByRole('button', { name: /更多/ }).click();
    await chooseMenuItem(admin, '修改密码');
    await dialog(admin).getByLabel('新密码').fill(PASSWORD);
    await dialog(admin).getByLabel('确认密码').fill('Other@2026');
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await dialog(admin).getByText('两次输入的密码不一样！').waitFor();
    await dialog(admin).getByLabel('确认密码').fill(PASSWORD);
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '密码修改成功！');

    // Roles.
    await openMenu(admin, '系统管理', '角色管理');
    // Other files' roles may fill the first page (newest first): search for the seeded one.
    await admin.getByPlaceholder('请输入角色编码').fill('supervisor');
    await admin
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await row(admin, 'supervisor').waitFor();
    await screenshot(admin, 'admin-roles');
    await row(admin, 'supervisor').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog(admin).getByLabel('角色编码').inputValue()).toBe('supervisor');
    await viewportShot(admin, 'admin-role-edit');
    await dialog(admin).getByRole('button', { name: '关闭', exact: true }).last().click();

    // Menus: the tree, and the drawer of a menu with its flags.
    await openMenu(admin, '系统管理', '菜单管理');
    await row(admin, '系统管理').waitFor();
    await admin.getByPlaceholder('按菜单名称或授权标识筛选').fill('用户管理');
    await row(admin, 'system/UserList').waitFor();
    await screenshot(admin, 'admin-menus-search');
    await admin.getByPlaceholder('按菜单名称或授权标识筛选').fill('');
    await admin.getByRole('button', { name: '展开全部' }).click();
    await row(admin, 'system:user:add').waitFor();
    await screenshot(admin, 'admin-menus');
    await row(admin, 'system/UserList').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog(admin).getByLabel('前端组件').inputValue()).toBe('system/UserList');
    expect(await dialog(admin).getByRole('switch', { name: '缓存路由' }).isChecked()).toBe(true);
    await viewportShot(admin, 'admin-menu-edit');
    await dialog(admin).getByRole('button', { name: '关闭', exact: true }).last().click();

    // Data rules of a menu: a field the menu does not allow is refused with the server's reason.
    await row(admin, 'purchase/RecordList').getByRole('button', { name: /更多/ }).click();
    await chooseMenuItem(admin, '数据规则');
    const rules = admin.getByRole('dialog').filter({ hasText: '数据规则 - 采购记录' });
    await rules.waitFor();
    await rules
      .getByRole('button')
      .filter({ hasText: /^新增$/ })
      .click();
    const ruleName = `本人创建${Date.now().toString(36).slice(-4)}`;
    await dialog(admin).getByLabel('规则名称').fill(ruleName);
    await dialog(admin).getByLabel('规则字段').fill('password');
    await dialog(admin).getByLabel('规则值').fill('#{sys_user_code}');
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await admin
      .locator('.ant-message-notice')
      .filter({ hasText: '字段 password 不在该菜单允许的数据规则字段中' })
      .waitFor();
    await dialog(admin).getByLabel('规则字段').fill('createBy');
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '添加成功！');
    await rules.locator('.ant-table-row').filter({ hasText: ruleName }).waitFor();
    await viewportShot(admin, 'admin-menu-data-rules');
    await rules.locator('.ant-table-row').filter({ hasText: ruleName }).getByRole('button', { name: '删除' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '删除成功!');
    await rules
      .getByRole('button', { name: 'Close' })
      .or(rules.getByRole('button', { name: '关闭' }))
      .first()
      .click();

    // Departments: search, details, a refused delete, the permission tab.
    await openMenu(admin, '系统管理', '部门管理');
    const tree = admin.locator('.aps-depart-page .ant-tree');
    await tree.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
    const first = (await tree.locator('.ant-tree-title').first().textContent())?.trim();
    await tree.locator('.ant-tree-title').first().click();
    await expect.poll(() => admin.getByLabel('机构名称').inputValue()).toBe(first);
    await screenshot(admin, 'admin-departs');
    await admin.getByRole('button', { name: /删\s*除/ }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '该部门下存在子部门，请先删除子部门');
    await admin.getByRole('tab', { name: '部门用户' }).click();
    await admin.getByRole('tabpanel').getByRole('cell', { name: 'admin', exact: true }).waitFor();
    await admin.getByRole('tab', { name: '部门角色' }).click();
    const deptRole = `dept_role_${Date.now().toString(36).slice(-5)}`;
    await toolbarButton(admin, '新增部门角色').click();
    await dialog(admin).getByLabel('部门角色名称').fill('项目经理');
    await dialog(admin).getByLabel('部门角色编码').fill(deptRole);
    await dialog(admin).getByRole('button', { name: '确定' }).click();
    await expectMessage(admin, '添加成功！');
    await row(admin, deptRole).waitFor();
    await screenshot(admin, 'admin-depart-roles');
    await admin.getByRole('tab', { name: '部门权限' }).click();
    await admin.locator('.aps-grant-tree .ant-tree-treenode:not([aria-hidden])').first().waitFor();
    await screenshot(admin, 'admin-depart-permission');
    await admin.getByPlaceholder('请输入部门名称').fill('不存在的部门XYZ');
    await admin.getByPlaceholder('请输入部门名称').press('Enter');
    await expectMessage(admin, '没有查询到任何数据');

    // Online users: admin's own session is marked and cannot be forced out.
    await openMenu(admin, '系统管理', '在线用户');
    await row(admin, 'admin').waitFor();
    await screenshot(admin, 'admin-online');
  });

  it('scrolls list tables sideways below 500 px', async () => {
    const { context, page } = await newUserPage(browser, baseUrl);
    contexts.push(context);
    errors.push(collectErrors(page));
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto('/user/login');
    await signInWithForm(page, 'admin');
    await page.waitForURL('**/dashboard/analysis');
    await page.goto('/system/user');
    await row(page, 'admin').waitFor();
    const width = await page
      .locator('.ant-table-content table, .ant-table-body table')
      .first()
      .evaluate((t) => t.scrollWidth);
    expect(width).toBeGreaterThanOrEqual(800);
    await screenshot(page, 'admin-users-narrow');
  });
});
