/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { hoverToOpen } from '../support/hover.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { collectErrors, expectMessage, userPage } from './shell-support.ts';

/**
 * Issue 13 as people use it: the administrator draws a two-step process in the modeller (palette-free: the context
 * pad appends and the replace menu turns tasks into user tasks), deploys and binds it to 申请示例; buyer01 asks,
 * leader01 and manager01 approve or reject from their bell and 我的待办; the diagram shows where the request went.
 */
const { baseUrl } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const KEY = `e2e_wf_${STAMP}`;
const FIRST = '部门审批';
const SECOND = '采购部审批';

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  // No script error on any page of the run.
  expect(errors.flat()).toEqual([]);
});

const pages = new Map<string, Page>();

// A failed step leaves a picture of every user's screen (e2e/screenshots/workflow-failed-<user>.png).
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [username, page] of pages) await screenshot(page, `workflow-failed-${username}`).catch(() => undefined);
});

async function as(username: string, path: string): Promise<Page> {
  const { context, page } = await userPage(browser, baseUrl, username);
  contexts.push(context);
  errors.push(collectErrors(page));
  pages.set(username, page);
  await page.goto(path);
  return page;
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();

/** Picks one user in the 用户 modal of a UserPicker. */
async function pickUser(page: Page, trigger: ReturnType<Page['locator']>, username: string) {
  await trigger.click();
  const users = dialog(page, '用户');
  await users.getByLabel('账号或姓名').fill(username);
  await users.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => users.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
  await users
    .locator('.ant-table-row')
    .filter({ hasText: username })
    .locator('.ant-checkbox-input, .ant-radio-input')
    .check();
  await users.getByRole('button', { name: /确\s*定/ }).click();
  await users.waitFor({ state: 'hidden' });
}

/** Appends an element to the selected shape from its context pad; the new one is selected. */
async function append(page: Page, action: 'append.append-task' | 'append.end-event') {
  await page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
}

/** Turns the selected task into a user task (the replace menu) and sets its name and assignee in our panel. */
async function makeUserTask(page: Page, name: string, username: string) {
  await page.keyboard.press('Escape'); // leave the label editing bpmn-js starts on a new task
  await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  const panel = page.getByRole('form', { name: '属性面板' });
  await panel.getByText(/^用户任务 · /).waitFor();
  await panel.getByLabel('名称').fill(name);
  // 指定用户 is the first kind: open the select and take the active option (a busy machine may swallow the first
  // open while bpmn-js re-renders, as a person would, try again).
  const assignees = panel.locator('#aps-prop-assignees');
  for (let attempt = 1; !(await assignees.isVisible()); attempt++) {
    await panel.getByLabel('处理人类型').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '指定用户' });
    await option.waitFor();
    await option.click();
    await assignees.waitFor({ timeout: attempt >= 3 ? 15_000 : 3_000 }).catch((e) => {
      if (attempt >= 3) throw e;
    });
  }
  await pickUser(page, assignees, username);
}

describe('workflow (流程中心, 流程设计, 申请示例)', () => {
  let admin: Page;
  let buyer: Page;
  let leader: Page;
  let manager: Page;

  /** 申请示例 as buyer01: adds a request and submits it; returns its title. */
  async function submitRequest(title: string) {
    await buyer.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(buyer, '新增申请');
    await form.getByLabel('标题').fill(title);
    await form.getByLabel('金额（元）').fill('12345.6');
    await form.getByLabel('申请理由').fill('办公设备更新，旧设备已使用八年');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await row(buyer, title).getByText('待提交').waitFor();
    await row(buyer, title).getByRole('button', { name: '提交审批' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '已提交审批');
    await row(buyer, title).getByText('审批中').waitFor();
  }

  /** 我的待办 → 办理 of the row with `title`: the task drawer with the approval panel. */
  async function openTodo(page: Page, title: string) {
    await openSiderMenu(page, '流程中心', '我的待办', '/workflow/todo');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await row(page, title).getByRole('button', { name: '办理' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `办理：${title}` });
    await drawer.waitFor();
    return drawer;
  }

  async function act(page: Page, title: string, button: '同意' | '驳回', comment: string) {
    const drawer = await openTodo(page, title);
    await drawer.getByLabel('审批意见').fill(comment);
    await drawer.getByRole('button', { name: new RegExp(`^${button.split('').join('\\s*')}$`) }).click();
    await expectMessage(page, '操作成功!');
    await drawer.waitFor({ state: 'hidden' });
  }

  it('draws, deploys and binds a two-step process; a request is approved, rejected, resubmitted and approved', {
    timeout: 240_000,
  }, async () => {
    // ── 流程设计: draw start → 部门审批 (leader01) → 采购部审批 (manager01) → end in the modeller ──
    admin = await as('admin', '/dashboard/analysis');
    // bpmn-js is not part of the workspace's first load.
    const bpmnChunks: string[] = [];
    admin.on('request', (r) => {
      if (/ProcessModelerImpl|ProcessViewerImpl|apsModdle/.test(r.url())) bpmnChunks.push(r.url());
    });
    await openSiderMenu(admin, '流程中心', '流程设计', '/workflow/definition');
    await row(admin, '采购计划审批').waitFor();
    expect(bpmnChunks).toEqual([]);
    await screenshot(admin, 'workflow-definition-list');

    await admin.getByRole('button', { name: /新\s*建/ }).click();
    const editor = dialog(admin, '新建流程');
    await editor.getByLabel('流程标识').fill(KEY);
    await editor.getByLabel('流程名称').fill(`E2E审批${STAMP}`);
    const start = admin.locator('.djs-element[data-element-id="StartEvent_1"]');
    await start.waitFor();
    expect(bpmnChunks.length).toBeGreaterThan(0);
    await start.click();
    await append(admin, 'append.append-task');
    await makeUserTask(admin, FIRST, 'leader01');
    await append(admin, 'append.append-task');
    await makeUserTask(admin, SECOND, 'manager01');
    await append(admin, 'append.end-event');
    // A flow's condition is checked by the shared parser as it is typed (an unfinished one is not kept).
    await admin.locator('.djs-connection[data-element-id^="Flow_"]').first().click({ force: true });
    const condition = admin.getByLabel('条件表达式');
    await condition.fill('amount >=');
    await admin.locator('.aps-bpmn-properties .ant-form-item-explain-error').waitFor();
    await condition.fill('');
    await expect.poll(() => admin.locator('.djs-shape[data-element-id^="Activity_"]').count()).toBe(2);
    await screenshot(admin, 'workflow-modeller', editor);
    await editor.getByRole('button', { name: /部\s*署/ }).click();
    await expectMessage(admin, '部署成功，版本 v1');
    await editor.waitFor({ state: 'hidden' });

    // 绑定业务类型 → 申请示例.
    await admin.getByLabel('流程标识').fill(KEY);
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    await row(admin, KEY).getByRole('button', { name: '绑定业务类型' }).click();
    const bind = dialog(admin, /^绑定业务类型/);
    await bind.getByLabel('业务类型').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '申请示例' }).click();
    await bind.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(admin, '绑定成功');
    await row(admin, KEY).getByText('申请示例').waitFor();
    await row(admin, KEY).getByRole('button', { name: '流程图' }).click();
    await dialog(admin, /^流程图/)
      .locator(`.djs-shape[data-element-id^="Activity_"]`)
      .first()
      .waitFor();
    await dialog(admin, /^流程图/)
      .getByLabel('Close')
      .click();

    // ── buyer01 asks ──
    const title = `E2E采购申请${STAMP}`;
    buyer = await as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '示例页面', '申请示例', '/demo/request');
    await submitRequest(title);
    await screenshot(buyer, 'workflow-request-demo');

    // ── leader01: the bell has the task; its message opens it in 我的待办 ──
    leader = await as('leader01', '/dashboard/analysis');
    const bell = leader.getByRole('button', { name: /^消息通知/ });
    await expect
      .poll(async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) 条未读/)?.[1] ?? 0))
      .toBeGreaterThanOrEqual(1);
    const bellPanel = leader.locator('.aps-notice-panel');
    await hoverToOpen(bell, bellPanel);
    await bellPanel.getByRole('tab', { name: /^系统消息\(\d+\)$/ }).click();
    const message = bellPanel.locator('.aps-notice-item').filter({ hasText: `待办：${title}（${FIRST}）` });
    await screenshot(leader, 'workflow-bell');
    await message.click();
    await expect.poll(() => new URL(leader.url()).pathname).toBe('/workflow/todo');
    const drawer = leader.getByRole('dialog').filter({ hasText: `办理：${title}` });
    await drawer.waitFor();
    // The business object, read-only: the approver sees what the request asks for.
    await drawer
      .getByText(/12,?345\.60?/)
      .first()
      .waitFor();
    await drawer.locator(`.djs-shape.aps-node-active`).waitFor();
    await screenshot(leader, 'workflow-task-drawer');
    await drawer.getByLabel('审批意见').fill('同意，请采购部审核');
    await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
    await expectMessage(leader, '操作成功!');

    // ── manager01 rejects (an opinion is required) ──
    manager = await as('manager01', '/dashboard/analysis');
    const managerDrawer = await openTodo(manager, title);
    await managerDrawer.getByRole('button', { name: /^驳\s*回$/ }).click();
    await managerDrawer.getByText('请填写驳回意见').waitFor();
    await managerDrawer.getByLabel('审批意见').fill('预算不足，请调整金额');
    await managerDrawer.getByRole('button', { name: /^驳\s*回$/ }).click();
    await expectMessage(manager, '操作成功!');

    // ── buyer01 sees 已驳回 and resubmits: 重新审批中 ──
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await row(buyer, title).getByText('已驳回').waitFor();
    await row(buyer, title).getByRole('button', { name: '重新提交' }).click();
    await confirmPop(buyer);
    await row(buyer, title).getByText('重新审批中').waitFor();

    // ── both approve ──
    await act(leader, title, '同意', '已调整，同意');
    await act(manager, title, '同意', '同意');
    await manager.locator('.aps-sider').getByRole('menuitem', { name: '我的已办', exact: true }).click();
    await row(manager, title).first().waitFor();
    await screenshot(manager, 'workflow-done-list');

    // ── 已通过, and the diagram shows the way it went ──
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await row(buyer, title).getByText('已通过').waitFor();
    await row(buyer, title).getByRole('button', { name: '查看进度' }).click();
    const progress = buyer.getByRole('dialog').filter({ hasText: `流程详情：${title}` });
    await progress.waitFor();
    const tasks = progress.locator('.djs-shape[data-element-id^="Activity_"]');
    await expect.poll(() => tasks.count()).toBe(2);
    for (const task of await tasks.all()) {
      await expect.poll(() => task.getAttribute('class')).toContain('aps-node-finished');
    }
    await expect.poll(() => progress.locator('.djs-connection.aps-flow-finished').count()).toBeGreaterThanOrEqual(3);
    await progress.locator('.djs-shape.aps-node-finished[data-element-id="StartEvent_1"]').waitFor();
    await expect.poll(() => progress.locator('.djs-shape.aps-node-active').count()).toBe(0);
    // The history: start, approve, reject, resubmit, approve, approve.
    await progress.getByText('预算不足，请调整金额').waitFor();
    await progress.getByText('已调整，同意').waitFor();
    await screenshot(buyer, 'workflow-progress-approved');
    await progress.locator('.ant-drawer-close').click();

    // 我发起的: the instance is 已通过.
    await openSiderMenu(buyer, '流程中心', '我发起的', '/workflow/apply');
    await row(buyer, title).getByText('已通过').waitFor();
    await screenshot(buyer, 'workflow-apply-list');
  });

  it('withdraws, returns to an earlier node, and the administrator suspends, resumes and terminates', {
    timeout: 240_000,
  }, async () => {
    const title = `E2E撤回退回${STAMP}`;
    await openSiderMenu(buyer, '示例页面', '申请示例', '/demo/request');
    await submitRequest(title);

    // 撤回 from 我发起的 while nobody has acted: 已撤回, the request is back to 待提交.
    await openSiderMenu(buyer, '流程中心', '我发起的', '/workflow/apply');
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await row(buyer, title).getByRole('button', { name: '撤回' }).click();
    await confirmPop(buyer);
    await expectMessage(buyer, '操作成功!');
    await row(buyer, title).getByText('已撤回').waitFor();
    await openSiderMenu(buyer, '示例页面', '申请示例', '/demo/request');
    await buyer.getByRole('button', { name: /查\s*询/ }).click();
    await row(buyer, title).getByText('待提交').waitFor();
    await row(buyer, title).getByRole('button', { name: '提交审批' }).click();
    await confirmPop(buyer);
    await row(buyer, title).getByText('审批中').waitFor();

    // leader01 approves; manager01 returns it to 部门审批; leader01 has it again.
    await act(leader, title, '同意', '同意');
    const drawer = await openTodo(manager, title);
    await drawer.getByLabel('审批意见').fill('请部门补充说明');
    await drawer.getByRole('button', { name: /^退\s*回$/ }).click();
    const back = dialog(manager, '退回');
    await back.getByLabel('退回到').click();
    await manager.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: FIRST }).click();
    await back.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(manager, '操作成功!');
    const again = await openTodo(leader, title);
    await again.getByText('请部门补充说明').waitFor();
    // 转办: leader01 hands the task over to manager01 for good.
    await again.getByRole('button', { name: /^转\s*办$/ }).click();
    const transfer = dialog(leader, '转办');
    await pickUser(leader, transfer.locator('#aps-wf-users'), 'manager01');
    await transfer.getByLabel('意见').fill('请采购部代为处理');
    await transfer.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(leader, '操作成功!');
    const handed = await openTodo(manager, title);
    await handed.getByText('请采购部代为处理').waitFor();
    await handed.locator('.ant-drawer-close').click();

    // 流程实例 (admin): 挂起 (reason required) → 已挂起, 激活 → 审批中, 终止 → 已终止.
    await openSiderMenu(admin, '流程中心', '流程实例', '/workflow/instance');
    await admin.getByLabel('标题').fill(title);
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    // The withdrawn round is an instance of its own: this is the running one.
    const instance = () => row(admin, title).filter({ hasNotText: '已撤回' });
    await instance().getByText('审批中').waitFor();
    await instance().getByText('刘晓梅').waitFor();
    await screenshot(admin, 'workflow-instance-list');
    await instance().getByRole('button', { name: '挂起' }).click();
    const reason = (name: string) => dialog(admin, name);
    await reason('挂起流程')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await reason('挂起流程').getByText('请填写原因').waitFor();
    await reason('挂起流程').getByLabel('原因').fill('预算冻结');
    await reason('挂起流程')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await instance().getByText('已挂起').waitFor();
    await instance().getByRole('button', { name: '激活' }).click();
    await reason('激活流程')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await instance().getByText('审批中').waitFor();
    await instance().getByRole('button', { name: '终止' }).click();
    await reason('终止流程').getByLabel('原因').fill('项目取消');
    await reason('终止流程')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await instance().getByText('已终止').waitFor();
    await instance().getByRole('button', { name: '查看' }).click();
    const detail = admin.getByRole('dialog').filter({ hasText: `流程详情：${title}` });
    await detail.getByText('项目取消').waitFor();
    await screenshot(admin, 'workflow-instance-terminated');
  });
});
