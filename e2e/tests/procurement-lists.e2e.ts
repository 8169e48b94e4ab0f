/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject } from './procurement-support.ts';

/**
 * The special lists of §7 (issue 14 §10) as buyer01 reads them. Set-up writes one opened package of A01 with a
 * 采购公告 carrying an attachment and three seeded suppliers' bids with a response file each, as the notice, bid and
 * opening modules leave them (those flows are clicked in procurement-award). 采购清单 uses the seed's packages
 * (several per department).
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `清单标包${STAMP}`;

const session = userSession(baseUrl, { viewport: { width: 1600, height: 1000 } });

async function prepare(): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, {
      stamp: STAMP,
      code: 'LS',
      name: `清单项目${STAMP}`,
      method: 'inquiry',
    });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry', 5, '01', $5, 500000, 'buyer01') RETURNING id`,
      [projectId, `NO-LS-${STAMP}`, `PC-LS-${STAMP}`, `清单项目${STAMP}`, PACKAGE],
    );
    const id = pkg.rows[0]?.id;
    const file = (name: string) =>
      JSON.stringify([{ fileId: name, filePath: `temp/${name}`, fileName: name, fileSize: 1 }]);
    await db.query(
      `INSERT INTO purchase_notice (tenant_id, package_id, sys_org_code, notice_type, title, content, attachments, status)
       VALUES (1, $1, 'A01', 'purchase', '采购公告', '<p>公告</p>', $2::jsonb, '1')`,
      [id, file(`采购需求${STAMP}.pdf`)],
    );
    const suppliers = await db.query<{ id: string }>(
      `SELECT id FROM supplier WHERE tenant_id = 1 AND del_flag = 0 ORDER BY name LIMIT 3`,
    );
    for (const [i, s] of suppliers.rows.entries()) {
      const signUp = await db.query<{ id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         VALUES (1, $1, $2, gen_random_uuid()) RETURNING id`,
        [id, s.id],
      );
      await db.query(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
           submit_by, price, opened_time)
         VALUES (1, $1, $2, $3, 'price', 'opened', $4::jsonb, gen_random_uuid(), $5, now())`,
        [id, s.id, signUp.rows[0]?.id, file(`响应文件${i}-${STAMP}.pdf`), `${480000 + i * 1000}.00`],
      );
    }
  });
}

/** The largest rowspan of the table's cells in a column (1 when nothing merges). */
const maxRowSpan = (page: Page, column: number) =>
  page
    .locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${column})`)
    .evaluateAll((cells) => Math.max(1, ...cells.map((c) => (c as HTMLTableCellElement).rowSpan)));

describe('the special lists of §7', () => {
  // Set up once: a retry must not insert the package (and its unique codes) a second time.
  beforeAll(prepare);

  it('buyer01 reads 采购文件记录, 采购清单 and 标包明细, with merged cells', async () => {
    const page = await session.as('buyer01', '/purchase/plan');
    await page.locator('.ant-table-row:visible').first().waitFor();
    const search = async (field: string, value: string) => {
      await page.locator(field).fill(value);
      await page
        .locator('.aps-search-bar:visible')
        .getByRole('button', { name: /查\s*询/ })
        .click();
    };

    // 采购文件记录: the notice attachment and, the package being opened, the three response files.
    await openSiderMenu(page, '采购管理', '采购文件记录', '/purchase/fileRecord');
    await search('#fileRecordSearch_packageName', STAMP);
    const notice = page.locator('.ant-table-row:visible').filter({ hasText: `采购需求${STAMP}.pdf` });
    await notice.getByText('公告附件').waitFor();
    await notice.getByText('采购公告').waitFor();
    await page
      .locator('.ant-table-row:visible')
      .filter({ hasText: `响应文件2-${STAMP}.pdf` })
      .getByText('投标文件')
      .waitFor();
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(4);
    await screenshot(page, 'p14-lists-file-record');

    // 采购清单: the seed's departments have several packages each; their 所属部门 cells merge.
    await openSiderMenu(page, '采购管理', '采购清单', '/purchase/purchaseList');
    await page.locator('.ant-table-row:visible').first().waitFor();
    await page.getByRole('columnheader', { name: '最高限价（元）' }).waitFor();
    expect(await maxRowSpan(page, 1)).toBeGreaterThan(1);
    await screenshot(page, 'p14-lists-purchase-list');

    // 标包明细: one row per bidder, the package's cells merged over its three rows, quotes after the opening.
    await openSiderMenu(page, '采购管理', '标包明细', '/purchase/packageDetail');
    await search('#packageDetailSearch_name', STAMP);
    // The unfiltered first page shows first: wait for the searched answer (one package) before counting its rows.
    await page.getByText('共 1 个标包').waitFor();
    await page.locator('.ant-table-row:visible').filter({ hasText: '482,000.00' }).waitFor();
    await expect.poll(() => page.locator('.ant-table-row:visible').count()).toBe(3);
    expect(await maxRowSpan(page, 2)).toBe(3);
    await screenshot(page, 'p14-lists-package-detail');
  });
});
