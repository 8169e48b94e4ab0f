import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject } from './procurement-support.ts';

/**
 * The expert's workspace (issue 15 §3) as expert01 uses it. The draw is another slice, so set-up writes an opened
 * package (已开标) of A01 with one seeded supplier's bid and a committee of one seat held by expert01, as the draw
 * leaves it. expert01 opens 评审任务, enters the task, reads the card and the bid file, and signs in.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `评审标包${STAMP}`;

const session = userSession(baseUrl, { viewport: { width: 1600, height: 1000 } });

async function prepare(): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, {
      stamp: STAMP,
      code: 'RV',
      name: `评审项目${STAMP}`,
      method: 'inquiry',
    });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, warranty_period,
         brand_requirements, pay_type_memo, opening_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry', 5, '01', $5, 500000, 24, '国产品牌', '验收后付款',
         now() - interval '1 hour', 'buyer01') RETURNING id`,
      [projectId, `NO-RV-${STAMP}`, `PC-RV-${STAMP}`, `评审项目${STAMP}`, PACKAGE],
    );
    const id = pkg.rows[0]?.id;
    const supplier = await db.query<{ id: string }>(
      `SELECT id FROM supplier WHERE tenant_id = 1 AND del_flag = 0 ORDER BY name LIMIT 1`,
    );
    const signUp = await db.query<{ id: string }>(
      `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
       VALUES (1, $1, $2, gen_random_uuid()) RETURNING id`,
      [id, supplier.rows[0]?.id],
    );
    const files = JSON.stringify([
      { fileId: 'f', filePath: `temp/技术标${STAMP}.pdf`, fileName: `技术标${STAMP}.pdf`, fileSize: 1 },
    ]);
    await db.query(
      `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
         submit_by, price, opened_time)
       VALUES (1, $1, $2, $3, 'price', 'opened', $4::jsonb, gen_random_uuid(), 480000, now())`,
      [id, supplier.rows[0]?.id, signUp.rows[0]?.id, files],
    );
    const committee = await db.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
       VALUES (1, $1, 1, 'e2e', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01') RETURNING id`,
      [id],
    );
    await db.query(
      `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence)
       SELECT 1, $1, $2, u.id, e.id, 'expert', 1 FROM sys_user u JOIN expert_profile e ON e.user_id = u.id
       WHERE u.username = 'expert01'`,
      [committee.rows[0]?.id, id],
    );
  });
}

describe('评审任务 (issue 15 §3)', () => {
  // Set up once: a retry must not insert the package (and its unique codes) a second time.
  beforeAll(prepare);

  it('expert01 opens 评审任务, enters the task, reads the bid file and signs in', async () => {
    const page = await session.as('expert01', '/review/task');
    await page.locator('.aps-sider').waitFor();
    await openSiderMenu(page, '专家评审', '评审任务', '/review/task');
    await page.locator('#reviewTaskSearch_name').fill(STAMP);
    await page
      .locator('.aps-search-bar:visible')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await row.getByText('已抽取').waitFor();
    await row.getByText('评审成员').waitFor();
    // The unfiltered list may show the new package first, a moment before the searched list replaces it.
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(1);
    await screenshot(page, 'p15-workspace-task-list');

    await row.getByRole('button', { name: '进入评审' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '我的评审' });
    await drawer.getByText(`PC-RV-${STAMP}`).waitFor();
    await drawer.getByText('国产品牌').waitFor();
    await drawer.getByText('验收后付款').waitFor();
    await drawer.getByRole('button', { name: '查看投标文件' }).click();
    await drawer.getByRole('button', { name: `技术标${STAMP}.pdf` }).waitFor();
    await screenshot(page, 'p15-workspace-task-drawer');

    await drawer.getByRole('button', { name: /签\s*到/ }).click();
    const modal = page.getByRole('dialog').filter({ hasText: '签到 · 回避声明' });
    await modal.getByText('本人承诺').waitFor();
    await modal.getByText('有利害关系').click();
    await modal.getByText('回避事由').waitFor();
    await screenshot(page, 'p15-workspace-sign-in-conflict');
    await modal.getByText('无利害关系').click();
    await screenshot(page, 'p15-workspace-sign-in');
    await modal.getByRole('button', { name: '同意并签到' }).click();
    await page.getByText('签到成功').waitFor();
    // One seat, now signed in: the committee opens the leader vote, and the task shows it.
    await drawer.getByText('组长推选').first().waitFor();
    await screenshot(page, 'p15-workspace-signed-in');
  });
});
