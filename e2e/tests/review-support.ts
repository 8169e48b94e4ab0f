import type pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser.ts';
import { openSiderMenu } from '../support/menu.ts';
import { confirmPop, insertProject, row, search } from './procurement-support.ts';

/** The seeded suppliers whose bids the review e2e files use (中泰 makes expert03 avoid; seed/experts.ts). */
export const REVIEW_SUPPLIERS = ['华东建设工程有限公司', '中泰物资贸易有限公司', '鑫源劳务服务有限公司'];

export interface OpenedPackage {
  packageId: string;
  /** Bid ids in REVIEW_SUPPLIERS order. */
  bids: string[];
  /** Qualification item ids in the given order. */
  items: string[];
}

/**
 * An opened package (已开标, stage 5) of A01 as the opening leaves it: the plan and project, qualification items
 * and two scoring items (技术 40, 商务 20), and the three seeded suppliers' sign-ups and opened bids (900000,
 * 950000, 1000000) — what the bid module writes before the review starts.
 */
export async function insertOpenedPackage(
  db: pg.Client,
  p: { stamp: string; code: string; packageName: string; items: string[]; expertCount?: number },
): Promise<OpenedPackage> {
  const name = `评审项目${p.code}${p.stamp}`;
  const projectId = await insertProject(db, { stamp: p.stamp, code: p.code, name });
  const pkg = await db.query<{ id: string }>(
    `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
       purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, min_bidders,
       expert_count, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time, create_by)
     VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 5, '01', $5, 2000000, 3, $6,
       now() - interval '3 hours', now() - interval '2 hours', now() - interval '90 minutes', now() - interval '1 hour',
       'buyer01') RETURNING id`,
    [projectId, `NO-${p.code}-${p.stamp}`, `PC-${p.code}-${p.stamp}`, name, p.packageName, p.expertCount ?? 5],
  );
  const packageId = pkg.rows[0]?.id ?? '';
  const items: string[] = [];
  for (const [i, item] of p.items.entries()) {
    const r = await db.query<{ id: string }>(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, sort_no)
       VALUES (1, $1, 'qualification', $2, $3) RETURNING id`,
      [packageId, item, i + 1],
    );
    items.push(r.rows[0]?.id ?? '');
  }
  await db.query(
    `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
     VALUES (1, $1, 'scoring', '技术', 40, $2), (1, $1, 'scoring', '商务', 20, $2 + 1)`,
    [packageId, p.items.length + 1],
  );
  const bids: string[] = [];
  for (const [i, supplierName] of REVIEW_SUPPLIERS.entries()) {
    const s = await db.query<{ id: string; user_id: string | null }>(
      `SELECT s.id, (SELECT su.user_id FROM supplier_user su WHERE su.supplier_id = s.id LIMIT 1) AS user_id
         FROM supplier s WHERE s.tenant_id = 1 AND s.name = $1`,
      [supplierName],
    );
    const supplier = s.rows[0];
    const signUp = await db.query<{ id: string }>(
      `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
       VALUES (1, $1, $2, coalesce($3, gen_random_uuid())) RETURNING id`,
      [packageId, supplier?.id, supplier?.user_id ?? null],
    );
    const price = 900000 + i * 50000;
    const bid = await db.query<{ id: string }>(
      `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
         submit_by, price, evaluated_price, opened_time)
       VALUES (1, $1, $2, $3, 'price', 'opened', '[]'::jsonb, coalesce($4, gen_random_uuid()), $5, $5, now())
       RETURNING id`,
      [packageId, supplier?.id, signUp.rows[0]?.id, supplier?.user_id ?? null, price],
    );
    bids.push(bid.rows[0]?.id ?? '');
  }
  return { packageId, bids, items };
}

/** The expert opens their task of the package from 评审任务 (searched by name) and returns the drawer. */
export async function openReviewTask(page: Page, stamp: string, packageName: string) {
  await page.locator('.aps-sider').waitFor();
  await openSiderMenu(page, '专家评审', '评审任务', '/review/task');
  await search(page, 'reviewTask', stamp);
  const row = page.locator('.ant-table-row:visible').filter({ hasText: packageName });
  await row.getByRole('button', { name: '进入评审' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByRole('tab', { name: '采购信息' }).waitFor();
  return drawer;
}

/**
 * The hand-computed scores (技术 40, 商务 20) per seeded supplier, one per drawn expert in draw order:
 * 中泰 is the A (950,000), 华东 B (900,000), 鑫源 C (1,000,000).
 */
export const FLOW_SCORES: Record<string, { tech: number[]; biz: number[] }> = {
  中泰物资贸易有限公司: { tech: [35, 38, 30, 36, 33], biz: [18, 17, 19, 15, 18] },
  华东建设工程有限公司: { tech: [30, 32, 31, 29, 33], biz: [16, 16, 17, 15, 18] },
  鑫源劳务服务有限公司: { tech: [39, 37, 38, 40, 36], biz: [19, 20, 18, 19, 17] },
};

/** On the 评分 tab, the `k`-th drawn expert fills and submits every bidder's sheet (FLOW_SCORES). */
export async function submitFlowSheets(page: Page, drawer: Locator, k: number) {
  await drawer.getByRole('tab', { name: '评分' }).click();
  for (const [supplier, s] of Object.entries(FLOW_SCORES)) {
    const sheet = drawer.getByTestId(`sheet-${supplier}`);
    await sheet.getByLabel(`${supplier}-技术-评分`).fill(String(s.tech[k]));
    await sheet.getByLabel(`${supplier}-商务-评分`).fill(String(s.biz[k]));
    await sheet.getByRole('button', { name: /提\s*交/ }).click();
    await confirmPop(page);
    await sheet.getByText('已提交').first().waitFor();
  }
}

/**
 * 报价澄清 end to end: the leader opens a clarification for `supplierName` from the 报价澄清 menu, the supplier
 * answers it in 我的投标 (报价澄清 tab), the leader accepts it. `as` opens a signed-in page for a user.
 */
export async function clarifyAndAccept(
  as: (user: string, path: string) => Promise<Page>,
  p: { stamp: string; packageName: string; supplier: string; supplierName: string; question: string; answer: string },
) {
  const leader = await as('expert01', '/review/task');
  await leader.locator('.aps-sider').waitFor();
  await openSiderMenu(leader, '专家评审', '报价澄清', '/review/quotationClarify');
  await search(leader, 'clarify', p.stamp);
  await row(leader, p.packageName).getByRole('button', { name: '报价澄清' }).click();
  const drawer = leader.getByRole('dialog').filter({ hasText: `报价澄清：${p.packageName}` });
  const bid = drawer
    .locator('.ant-table-wrapper')
    .first()
    .locator('.ant-table-row')
    .filter({ hasText: p.supplierName });
  await bid.getByRole('button', { name: '发起澄清' }).click();
  const ask = leader.getByRole('dialog').filter({ hasText: `发起报价澄清：${p.supplierName}` });
  await ask.getByLabel('澄清内容').fill(p.question);
  await ask.getByRole('button', { name: '发起澄清' }).click();
  await leader.getByText('已发起报价澄清').waitFor();

  const supplier = await as(p.supplier, '/purchaseannouncement/MyBids');
  await supplier.getByRole('tab', { name: '报价澄清' }).click();
  const mine = row(supplier, p.packageName).filter({ hasText: p.question });
  await mine.getByRole('button', { name: /答\s*复/ }).click();
  const form = supplier.getByRole('dialog').filter({ hasText: '答复报价澄清' });
  await form.getByLabel('答复内容').fill(p.answer);
  await form.getByRole('button', { name: '提交答复' }).click();
  await row(supplier, p.packageName).filter({ hasText: p.answer }).getByText('已答复').waitFor();
  await screenshot(supplier, 'flow-clarify-answered');

  await leader.reload();
  await search(leader, 'clarify', p.stamp);
  await row(leader, p.packageName).getByRole('button', { name: '报价澄清' }).click();
  const answered = drawer.locator('.ant-table-row').filter({ hasText: p.answer });
  await answered.getByRole('button', { name: /决\s*定/ }).click();
  const decide = leader.getByRole('dialog').filter({ hasText: '报价澄清决定' });
  await decide.getByLabel('决定说明').fill('说明合理');
  await decide.getByRole('button', { name: /接\s*受/ }).click();
  await leader.getByText('已接受澄清').waitFor();
  await answered.getByText('已接受').waitFor();
  await screenshot(leader, 'flow-clarify-accepted');
}
