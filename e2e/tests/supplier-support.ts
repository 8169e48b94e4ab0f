/// <reference lib="dom" />
import crypto from 'node:crypto';
import { USCC_CHARSET, usccCheckChar } from '@aps/shared/constants';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { pdfFile } from '../support/files.ts';
import { insertProject, row } from './procurement-support.ts';
import { apiLogin, expectMessage } from './shell-support.ts';

/** Steps shared by the supplier e2e files (supplier-register, settlement, supplier-standing, supplier-flow). */

export interface Company {
  name: string;
  username: string;
  phone: string;
  password: string;
  stamp: string;
}

/** A valid 统一社会信用代码: a random body and the check character the server computes. */
export function newUscc(): string {
  const body = Array.from({ length: 9 }, () => USCC_CHARSET[crypto.randomInt(0, 30)]).join('');
  return `91110108${body}${usccCheckChar(`91110108${body}`)}`;
}

/** The last registration SMS code sent to `phone`. */
export const smsCodeOf = (dataDir: string, phone: string) =>
  withDatabase(dataDir, async (db) => {
    const r = await db.query<{ code: string }>(
      `SELECT code FROM sys_sms_code WHERE phone = $1 AND purpose = 'register' ORDER BY created_at DESC LIMIT 1`,
      [phone],
    );
    return r.rows[0]?.code ?? '';
  });

const next = (page: Page) => page.getByRole('button', { name: /下\s*一\s*步/ }).click();

/** Drags the 人机验证 slider of the SMS dialog. */
export async function dragSlider(page: Page) {
  const slider = page.getByRole('dialog').getByRole('slider');
  await slider.waitFor();
  // The modal zooms in: drag once the slider stands still.
  let box = await slider.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = await slider.boundingBox();
    if (now && box && now.x === box.x && now.y === box.y && now.width === box.width) break;
    box = now;
  }
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, y, { steps: 5 });
  await page.mouse.move(box.x + 400, y, { steps: 5 });
  await page.mouse.up();
}

/** The public wizard /register from 账号 (SMS code read from sys_sms_code) to /user/register-result. */
export async function registerCompany(page: Page, dataDir: string, c: Company) {
  await page.goto('/register');
  await page.getByLabel('用户名').fill(c.username);
  await page.getByLabel('密码', { exact: true }).fill(c.password);
  await page.getByLabel('确认密码').fill(c.password);
  await page.getByLabel('手机号').fill(c.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const sent = page.waitForResponse((r) => r.url().endsWith('/aps/sys/sms'));
  await dragSlider(page);
  expect((await sent).status()).toBe(200);
  await expectMessage(page, '验证码已发送');
  await page.getByPlaceholder('短信验证码').fill(await smsCodeOf(dataDir, c.phone));
  await screenshot(page, 'supplier-flow-01-account');
  await next(page);

  await page.getByLabel('企业名称').fill(c.name);
  await page.getByLabel('统一社会信用代码').fill(newUscc());
  await page.getByLabel('法定代表人').fill('孙远航');
  await page.getByLabel('地址').fill('上海市浦东新区张江路88号');
  await page.getByLabel('联系人').fill('周远');
  await page.getByLabel('电子邮箱').fill('yuanhang@example.com');
  await screenshot(page, 'supplier-flow-02-company');
  await next(page);

  const categories = page.getByLabel('供应品类');
  await categories.click();
  await categories.fill('A01A01');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: 'A01A01' })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await next(page);

  await page.getByRole('button', { name: '添加资质证书' }).click();
  await page.getByLabel('证书类型').fill('营业执照');
  await page.getByLabel('证书名称').fill('营业执照（副本）');
  await page.getByLabel('证书编号').fill(`YH${c.stamp}`);
  await page.getByLabel('发证机关').fill('上海市浦东新区市场监督管理局');
  await page.getByLabel('有效期起').fill('2024-01-01');
  await page.getByLabel('有效期止').fill('2034-12-31');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
  await expectMessage(page, '营业执照.pdf 上传成功!');
  await next(page);

  await page.getByLabel('开户银行').fill('中国建设银行上海张江支行');
  await page.getByLabel('银行账号').fill('6217001210012345678');
  await next(page);

  await page.getByText(c.name).waitFor();
  await screenshot(page, 'supplier-flow-03-submit');
  await page.getByRole('button', { name: '提交注册' }).click();
  await page.waitForURL('**/user/register-result**');
  await page.getByText(`你的账户：${c.username} 注册成功`).waitFor();
  await screenshot(page, 'supplier-flow-04-registered');
}

/** On 我的待办 (the page is there), the user approves the task whose row shows `text` (once per `times`). */
export async function approveIn(page: Page, text: string, comment: string, shot: string, times = 1) {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await row(page, text).first().getByRole('button', { name: '办理' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '办理：' });
    await drawer.waitFor();
    if (i === 0) await screenshot(page, shot);
    await drawer.getByLabel('审批意见').fill(comment);
    await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
    await expectMessage(page, '操作成功!');
    await drawer.waitFor({ state: 'hidden' });
  }
}

/**
 * The review and the award fast-forwarded: the company's bid opened at `price`, the package at stage 12 (已定标)
 * with the company ranked first and its 中标通知书 — exactly what contract.e2e.ts's set-up writes for an awarded
 * package, here on the package the company really signed up and bid for in the UI.
 */
export async function fastForwardAward(dataDir: string, packageId: string, company: string, price: string) {
  await withDatabase(dataDir, async (db) => {
    const sup = await db.query<{ id: string }>(`SELECT id FROM supplier WHERE tenant_id = 1 AND name = $1`, [company]);
    const supplierId = sup.rows[0]?.id;
    if (!supplierId) throw new Error(`${company} is not a supplier`);
    const bid = await db.query(
      `UPDATE purchase_bid SET sealed_quote = 'opened', price = $3, evaluated_price = $3, opened_time = now()
       WHERE package_id = $1 AND supplier_id = $2`,
      [packageId, supplierId, price],
    );
    expect(bid.rowCount).toBe(1);
    await db.query(
      `UPDATE purchase_package SET purchase_stage = 12, election_status = '1', award_time = now(),
         ranked_candidates = $2::jsonb, valid_bidder_ids = $2::jsonb, pay_type_memo = '验收合格后30日内付款',
         warranty_period = 12
       WHERE id = $1`,
      [packageId, JSON.stringify([supplierId])],
    );
    await db.query(
      `INSERT INTO purchase_award_letter (tenant_id, package_id, supplier_id, kind) VALUES (1, $1, $2, 'win')`,
      [packageId, supplierId],
    );
  });
}

async function post(baseUrl: string, token: string, path: string, body: object) {
  const r = await fetch(`${baseUrl}/aps${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { success: boolean; message: string; result: { id: string } };
  expect(json.success, `${path}: ${json.message}`).toBe(true);
  return json.result;
}

/** A published 劳务 package (category 1, plan code CG-<code>-<stamp>) with its notice 劳务分包报名, by buyer01. */
export async function publishedLabourNotice(
  baseUrl: string,
  dataDir: string,
  p: { stamp: string; code: string; purchase: string },
) {
  const { stamp, code, purchase } = p;
  const packageId = await withDatabase(dataDir, async (c) => {
    const projectId = await insertProject(c, { stamp, code, name: purchase });
    const pkg = await c.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
         min_bidders, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '1', 'open_tender', 1, '1', $5, 500000, 0, 2, now() - interval '1 hour',
         now() + interval '1 hour', now() + interval '2 hours', now() + interval '3 hours', 'buyer01') RETURNING id`,
      [projectId, `NO-${code}-${stamp}`, `PC-${code}-${stamp}`, purchase, `标包${stamp}`],
    );
    const id = pkg.rows[0]?.id ?? '';
    await c.query(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'qualification', '营业执照', NULL, 1)`,
      [id],
    );
    return id;
  });
  const { token } = await apiLogin(baseUrl, 'buyer01');
  const notice = await post(baseUrl, token, '/purchase/notice/add', {
    packageId,
    noticeType: 'purchase',
    title: `${purchase}采购公告`,
    content: '<p>劳务分包报名</p>',
  });
  await post(baseUrl, token, '/purchase/notice/publish', { id: notice.id });
}

/** The open task's assignee of the blacklisting with `reason`, or null when none is left. */
export const blacklistAssignee = (dataDir: string, reason: string) =>
  withDatabase(dataDir, async (c) => {
    const r = await c.query<{ assignee: string }>(
      `SELECT t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
       JOIN supplier_blacklist b ON b.id::text = i.business_key
       WHERE b.reason = $1 AND t.status = 'open' LIMIT 1`,
      [reason],
    );
    return r.rows[0]?.assignee ?? null;
  });

/** The blacklisting with `reason` undone by SQL, so its supplier leaves the file as it came. */
export const releaseBlacklist = (dataDir: string, reason: string) =>
  withDatabase(dataDir, async (c) => {
    await c.query(
      `UPDATE supplier SET status = '2' WHERE id IN (SELECT supplier_id FROM supplier_blacklist WHERE reason = $1)
         AND status = '5'`,
      [reason],
    );
    await c.query(
      `UPDATE supplier_blacklist SET state = 'released' WHERE reason = $1 AND state IN ('pending', 'active')`,
      [reason],
    );
  });

const ok = (scope: Locator) => scope.getByRole('button', { name: /^确\s*定$/ }).click();

/** On 结算管理, buyer01 adds a settlement of March 2026 on contract `contractNo`. */
export async function addSettlement(page: Page, contractNo: string, amount: string, deductions: string, shot?: string) {
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.getByRole('dialog').filter({ hasText: '新增结算单' });
  await form.waitFor();
  const contract = form.getByLabel('合同');
  await contract.click();
  await contract.fill(contractNo);
  await page.locator('.ant-select-item-option').filter({ hasText: contractNo }).click();
  const start = form.getByLabel('结算期间');
  await start.click();
  await start.fill('2026-03-01');
  await start.press('Enter');
  await page.keyboard.type('2026-03-31');
  await page.keyboard.press('Enter');
  await form.getByLabel('结算金额').fill(amount);
  await form.getByLabel('扣款金额').fill(deductions);
  if (shot) await screenshot(page, shot);
  await ok(form);
  await expectMessage(page, '添加成功！');
}

/** On 结算管理, a payment of `amount` on the settlement whose row shows `settlementNo`, with a voucher scan. */
export async function pay(page: Page, settlementNo: string, amount: string, voucher: string, shot?: string) {
  await row(page, settlementNo).getByText('付款', { exact: true }).click();
  const form = page.getByRole('dialog').filter({ hasText: '付款登记' });
  await form.waitFor();
  await form.getByLabel('付款金额').fill(amount);
  await form.getByLabel('凭证号').fill(voucher);
  // The voucher scan: the server keeps it only as an upload of the buyer's own unit.
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: `付款凭证${amount}.pdf`, mimeType: 'application/pdf', buffer: pdfFile() });
  await form.getByText(`付款凭证${amount}.pdf`).waitFor();
  if (shot) await screenshot(page, shot);
  await ok(form);
  await expectMessage(page, '付款已登记');
}
