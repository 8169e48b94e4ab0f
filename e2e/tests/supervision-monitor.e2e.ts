/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject } from './procurement-support.ts';

/**
 * Issue 17 §1, slice p17-monitor: a package whose opening left one bidder (put in place by SQL: 监控中心 is a read
 * page); supervisor01 opens 监控中心, sees the signal in its KPI card and the list, filters by type, 查看标包 opens
 * that package's drawer (标包明细 ?open=<id>), and 发起检查 lands on the inspection page with the agreed query string.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `监控单一投标${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'monitor-failed' });

async function singleBidderPackage(): Promise<string> {
  return withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, { stamp: STAMP, code: 'MON', name: `监控测试采购${STAMP}` });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price,
         lower_coefficient_type, min_bidders)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 5, '1', $4, 500000, 0, 3) RETURNING id`,
      [projectId, `NO-MON-${STAMP}`, `PC-MON-${STAMP}`, PACKAGE],
    );
    const id = pkg.rows[0]?.id ?? '';
    await db.query(
      `INSERT INTO purchase_opening (tenant_id, package_id, opened_by, bidder_count, min_bidders)
       VALUES (1, $1, 'buyer01', 1, 3)`,
      [id],
    );
    return id;
  });
}

describe('监控中心 (supervision monitor)', () => {
  it('supervisor01 sees a prepared risk signal, filters, and opens an inspection from it', async () => {
    const packageId = await singleBidderPackage();
    const page = await users.as('supervisor01', '/dashboard/analysis');
    await openSiderMenu(page, '监督检查', '监控中心', '/supervision/monitor');
    const card = page.getByLabel('单一有效投标人', { exact: true });
    await card.waitFor();
    await expect
      .poll(async () =>
        Number(((await card.locator('.ant-statistic-content-value').textContent()) ?? '').replace(/,/g, '')),
      )
      .toBeGreaterThan(0);
    await page.getByLabel('风险信号月度分布').waitFor();
    await page.getByLabel('各阶段平均用时与标准时长').waitFor();
    const signalRow = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await page.locator('.ant-select').filter({ hasText: '请选择' }).first().click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '单一有效投标人' })
      .click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => signalRow.count()).toBe(1);
    await expect
      .poll(() =>
        page
          .locator('.ant-table-row:visible')
          .filter({ hasText: '发起检查' })
          .filter({ hasNotText: '单一有效投标人' })
          .count(),
      )
      .toBe(0);
    await expect.poll(() => signalRow.textContent()).toContain(`标包「${PACKAGE}」仅有1家有效投标人`);
    await screenshot(page, 'supervision-monitor');
    // 查看标包 opens the package itself: 标包明细 with ?open=<id> shows that package's drawer.
    await signalRow.getByText('查看标包').click();
    await expect.poll(() => page.url()).toContain(`/purchase/packageDetail?open=${packageId}`);
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText(`标包：${PACKAGE}`).waitFor();
    await drawer.getByText('阶段历史').waitFor();
    await screenshot(page, 'supervision-monitor-package');
    await page.goBack();
    await expect.poll(() => page.url()).toContain('/supervision/monitor');
    await expect.poll(() => signalRow.count()).toBe(1);
    await signalRow.getByText('发起检查').click();
    await expect.poll(() => page.url()).toContain('/supervision/inspection?');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      create: '1',
      targetType: 'package',
      targetId: packageId,
      signal: 'singleBidder',
    });
  });
});
