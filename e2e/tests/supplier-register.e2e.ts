/// <reference lib="dom" />
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUserPage, screenshot } from '../support/browser.ts';
import { pdfFile } from '../support/files.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { row } from './procurement-support.ts';
import { collectErrors, expectMessage, signInWithForm } from './shell-support.ts';
import { dragSlider, newUscc, smsCodeOf } from './supplier-support.ts';

/**
 * Issue 16 (p16-register) as people use it: a new company registers through the public wizard (账号 with the SMS
 * code → 企业信息 → 供应品类 → 资质证书 → 银行账户 → 提交) and lands on /user/register-result; manager01 (集团采购部)
 * rejects it first (the company reads the reason on 企业信息, corrects and resubmits), then manager01 and leader01
 * (分管领导) approve the admission in 我的待办; admin finds it on 供应商名录 as 准入 and qualifies it.
 */
const { baseUrl, dataDir } = serverUnderTest();
const session = userSession(baseUrl, { failureShots: 'supplier-register-failed' });
const PASSWORD = 'Huaxin2026ok';

/** A new company for each attempt: a retry must not meet the first attempt's user name, nor its phone's SMS cooldown. */
function newApplicant() {
  const stamp = `${Date.now().toString().slice(-6)}${crypto.randomInt(0, 10)}`;
  return {
    stamp,
    company: `华信测试科技有限公司${stamp}`,
    username: `hx_${stamp}`,
    phone: `136${stamp}${crypto.randomInt(0, 10)}`,
  };
}

const next = (page: Page) => page.getByRole('button', { name: /下\s*一\s*步/ }).click();
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error:visible').filter({ hasText: text });

async function approve(page: Page, title: string, verdict: '同意' | '驳回' = '同意', comment = '资料齐全，同意准入') {
  await openSiderMenu(page, '流程中心', '我的待办', '/workflow/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await row(page, title).getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `办理：${title}` });
  await drawer.waitFor();
  await drawer.getByLabel('审批意见').fill(comment);
  await drawer.getByRole('button', { name: verdict === '同意' ? /^同\s*意$/ : /^驳\s*回$/ }).click();
  await expectMessage(page, '操作成功!');
  await drawer.waitFor({ state: 'hidden' });
}

describe('供应商注册与准入', () => {
  it('registers through the wizard, is admitted by the approvers and qualified on 供应商名录', {
    timeout: 240_000,
  }, async () => {
    const { stamp, company, username, phone } = newApplicant();
    const { context, page } = await newUserPage(session.browser, baseUrl);
    const errors = collectErrors(page);
    try {
      await page.goto('/register');
      // ── 账号 ──
      await page.getByLabel('用户名').fill(username);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByLabel('确认密码').fill(`${PASSWORD}x`);
      await page.getByLabel('手机号').fill(phone);
      await next(page);
      await fieldError(page, '两次输入的密码不一致').waitFor();
      await page.getByLabel('确认密码').fill(PASSWORD);
      await page.getByRole('button', { name: '获取验证码' }).click();
      const sent = page.waitForResponse((r) => r.url().endsWith('/aps/sys/sms'));
      await dragSlider(page);
      expect((await sent).status()).toBe(200);
      await expectMessage(page, '验证码已发送');
      await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      await page.getByPlaceholder('短信验证码').fill(await smsCodeOf(dataDir, phone));
      await screenshot(page, 'supplier-register-account');
      await next(page);

      // ── 企业信息: the credit code is checked as the server checks it ──
      await page.getByLabel('企业名称').fill(company);
      await page.getByLabel('统一社会信用代码').fill('91110108MA0123456X');
      await page.getByLabel('法定代表人').fill('赵华信');
      await page.getByLabel('地址').fill('北京市海淀区学院路1号');
      await page.getByLabel('联系人').fill('钱小华');
      await page.getByLabel('电子邮箱').fill('huaxin@example.com');
      await next(page);
      await fieldError(page, '请输入正确的统一社会信用代码').waitFor();
      await page.getByLabel('统一社会信用代码').fill(newUscc());
      await screenshot(page, 'supplier-register-company');
      await next(page);

      // ── 供应品类 ──
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

      // ── 资质证书: one licence with its PDF, uploaded under the registration's token ──
      await page.getByRole('button', { name: '添加资质证书' }).click();
      await page.getByLabel('证书类型').fill('营业执照');
      await page.getByLabel('证书名称').fill('营业执照（副本）');
      await page.getByLabel('证书编号').fill(`YYZZ${stamp}`);
      await page.getByLabel('发证机关').fill('北京市海淀区市场监督管理局');
      await page.getByLabel('有效期起').fill('2024-01-01');
      await page.getByLabel('有效期止').fill('2034-12-31');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
      await expectMessage(page, '营业执照.pdf 上传成功!');
      await screenshot(page, 'supplier-register-certificates');
      await next(page);

      // ── 银行账户: the §5 rule ──
      await page.getByLabel('开户银行').fill('中国工商银行北京海淀支行');
      await page.getByLabel('银行账号').fill('0200');
      await next(page);
      await fieldError(page, '请输入正确的银行卡号码').waitFor();
      await page.getByLabel('银行账号').fill('6222020200012345678');
      await next(page);

      // ── 提交 ──
      await page.getByText(company).waitFor();
      await screenshot(page, 'supplier-register-submit');
      await page.getByRole('button', { name: '提交注册' }).click();
      await page.waitForURL('**/user/register-result**');
      await page.getByText(`你的账户：${username} 注册成功`).waitFor();
      await screenshot(page, 'supplier-register-result');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // ── The admission: 集团采购部 rejects first; the company reads the reason on 企业信息, corrects and resubmits ──
    const title = `供应商准入「${company}」`;
    await approve(await session.as('manager01', '/dashboard/analysis'), title, '驳回', '请补充详细地址');
    const own = await newUserPage(session.browser, baseUrl);
    try {
      await own.page.goto('/user/login');
      await signInWithForm(own.page, username, PASSWORD);
      await own.page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
      await own.page.goto('/supplier/portal/profile');
      await own.page.getByText(/驳回原因：.*请补充详细地址/).waitFor();
      await screenshot(own.page, 'supplier-register-rejected');
      await own.page.getByRole('button', { name: '修改并重新提交' }).click();
      const form = own.page.locator('.ant-drawer:visible');
      await form.getByLabel('地址').fill('北京市海淀区学院路1号华信大厦8层');
      await form.getByRole('button', { name: /重新提交/ }).click();
      await expectMessage(own.page, '已重新提交准入审核');
      await own.page.getByText(/驳回原因/).waitFor({ state: 'hidden' });
      await own.page.getByText(/准入状态：注册待审（(审批中|重新审批)/).waitFor();
      await screenshot(own.page, 'supplier-register-resubmitted');
    } finally {
      await own.context.close();
    }
    await approve(await session.as('manager01', '/dashboard/analysis'), title);
    await approve(await session.as('leader01', '/dashboard/analysis'), title);

    // ── 供应商名录: admitted; admin qualifies it with a reason ──
    const admin = await session.as('admin', '/dashboard/analysis');
    await openSiderMenu(admin, '供应商管理', '供应商名录', '/supplier/directory');
    await admin.locator('#supplierSearch_name').fill(company);
    await admin
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await row(admin, company).getByText('准入', { exact: true }).waitFor();
    await screenshot(admin, 'supplier-register-directory');
    await row(admin, company).getByRole('button', { name: /更多/ }).click();
    const entry = admin.getByRole('menuitem', { name: '评为合格' });
    const dropdown = admin.locator('.ant-dropdown').filter({ has: entry });
    await expect.poll(() => dropdown.evaluate((el) => el.className)).not.toMatch(/-(appear|enter)/);
    await entry.click();
    const dialog = admin.getByRole('dialog').filter({ hasText: `评为合格：${company}` });
    await dialog.getByLabel('原因').fill('资质审核合格');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(admin, '评为合格成功');
    await row(admin, company).getByText('合格', { exact: true }).waitFor();

    await row(admin, company).getByText('详情').click();
    const drawer = admin.locator('.ant-drawer:visible');
    await drawer.getByText('统一社会信用代码').waitFor();
    await drawer.getByRole('tab', { name: '状态历史' }).click();
    await drawer.getByText('资质审核合格').waitFor();
    await drawer.getByText('准入审批通过').waitFor();
    await screenshot(admin, 'supplier-register-detail');
    await drawer.getByRole('tab', { name: /资质证书/ }).click();
    await drawer.getByText(`YYZZ${stamp}`).waitFor();
  });
});
