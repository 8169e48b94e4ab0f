/// <reference lib="dom" />

import type pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { withDatabase } from '../support/db.ts';
import { pdfFile } from '../support/files.ts';
import { expectMessage } from './shell-support.ts';

/** The supplier's notice list (采购公告 tabs). */
export const NOTICE_TABS = '/purchaseannouncement/PurchaseAnnouncementTabs';

export interface PreparedPackage {
  /** The unique part of every name, searched for on the lists. */
  stamp: string;
  /** A short code part (AW, FL, …) keeping the plan and purchase codes apart between test files. */
  code: string;
  purchase: string;
  packageName: string;
  /** Omitted: the column's default (3). */
  minBidders?: number;
}

/**
 * An executing plan and its project (A01, category 2) as the plan and project modules leave them: plan code
 * CG-<code>-<stamp>, purchase no NO-<code>-<stamp> and code PC-<code>-<stamp>. Returns the project id.
 */
export async function insertProject(
  db: pg.Client,
  p: { stamp: string; code: string; name: string; method?: string },
): Promise<string> {
  const method = p.method ?? 'open_tender';
  const plan = await db.query<{ id: string }>(
    `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
     VALUES (1, 'A01', $1, $2, '2', $3, 900000, 'executing', '4') RETURNING id`,
    [`CG-${p.code}-${p.stamp}`, `${p.name}计划`, method],
  );
  const project = await db.query<{ id: string }>(
    `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
     VALUES (1, $1, 'A01', $2, $3, $4, '2', $5) RETURNING id`,
    [plan.rows[0]?.id, `NO-${p.code}-${p.stamp}`, `PC-${p.code}-${p.stamp}`, p.name, method],
  );
  return project.rows[0]?.id ?? '';
}

/**
 * Plan → project → package (stage 1, fixedPrice 500000), review items, timetable open now: what the project module
 * writes before the buyer's first click.
 */
export async function preparePackage(dataDir: string, p: PreparedPackage): Promise<string> {
  return withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, { stamp: p.stamp, code: p.code, name: p.purchase });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
         min_bidders, purchase_candidate_count, publicity_days, sign_up_start_time, sign_up_end_time, bid_deadline,
         opening_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 1, '1', $5, 500000, 0, COALESCE($6::int, 3), 2, 1,
         now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours', now() + interval '3 hours',
         'buyer01')
       RETURNING id`,
      [
        projectId,
        `NO-${p.code}-${p.stamp}`,
        `PC-${p.code}-${p.stamp}`,
        p.purchase,
        p.packageName,
        p.minBidders ?? null,
      ],
    );
    const id = pkg.rows[0]?.id ?? '';
    await db.query(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'qualification', '营业执照', NULL, 1), (1, $1, 'scoring', '技术方案', 60, 2)`,
      [id],
    );
    return id;
  });
}

export const row = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
export const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
/** Types the name into a package list's search bar (form `${list}Search`) and presses 查询. */
export const search = async (page: Page, list: string, name: string) => {
  await page.locator(`#${list}Search_name`).fill(name);
  await page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();
};
export const stageTag = (scope: Locator, stage: string) => scope.locator('.ant-tag').filter({ hasText: stage }).first();

/** The opening time a few seconds ahead, kept clear of the stage timer job's tick (second 0 of every minute). */
export function openingDue(): Date {
  const now = Date.now();
  const nextTick = Math.ceil(now / 60_000) * 60_000;
  // The job would open the package itself if it ticked between the due time and the buyer's click.
  return nextTick - now >= 3_000 && nextTick - now <= 12_000 ? new Date(nextTick + 1_500) : new Date(now + 3_000);
}

/** The buyer publishes the 采购公告 of a prepared package on 选商准备; returns the package's row there. */
export async function publishNotice(buyer: Page, stamp: string, packageName: string, text: string) {
  await search(buyer, 'selectionPrepare', stamp);
  const prepared = row(buyer, packageName);
  await prepared.getByText('已准备').waitFor();
  await prepared.getByRole('button', { name: '采购公告' }).click();
  const notice = buyer.getByRole('dialog').filter({ hasText: '采购公告：' });
  await notice.getByRole('textbox', { name: '公告内容' }).click();
  await buyer.keyboard.type(text);
  await notice.getByRole('button', { name: /^发\s*布$/ }).click();
  await expectMessage(buyer, '发布成功!');
  await stageTag(prepared, '公告中').waitFor();
}

/** A supplier on 采购公告 (NOTICE_TABS) signs up from the notice and bids (a response file and the price). */
export async function signUpAndBid(page: Page, purchase: string, noticeText: string, price: string) {
  await row(page, purchase).getByRole('button', { name: '查看' }).click();
  const view = page.getByRole('dialog', { name: '公告详情' });
  await view.getByText(noticeText).waitFor();
  await view.getByRole('button', { name: '报名' }).click();
  await expectMessage(page, '报名成功');
  await view.getByRole('button', { name: '投标' }).click();
  const form = page.getByRole('dialog', { name: '投标' });
  const file = `${price}响应文件.pdf`;
  await form.locator('input[type=file]').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: pdfFile() });
  // Uploaded (not still uploading): the field holds the file's path only then.
  await form.locator('.aps-upload-row-done').filter({ hasText: file }).waitFor();
  await form.getByLabel('报价（元）').fill(price);
  await form.getByRole('button', { name: '提交投标' }).click();
  await form.waitFor({ state: 'hidden' });
  await view.getByText('已提交（第1版）').waitFor();
  await page.keyboard.press('Escape');
}
