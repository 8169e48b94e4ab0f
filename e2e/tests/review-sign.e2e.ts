/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { confirmPop, preparePackage, row, search } from './procurement-support.ts';
import { expectMessage } from './shell-support.ts';

/**
 * 签字, 结束评审 and the report (issue 15 §9) in the real UI. The steps before (draw, sign-in, vote, qualification,
 * scoring, result confirmation) are other slices: set-up writes a package of A01 as resultConfirm leaves it —
 * stage 8 (组长汇总) with a review start time, committee and members in 签字, expert01 the leader, two bidders
 * ranked with totals and a review_result with the candidates. expert02 dissents (with a reason), expert03 agrees,
 * expert01 signs and ends the review, downloads the report; buyer01 downloads it from 评审管理.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `签字标包${STAMP}`;
const EXPERTS = ['expert01', 'expert02', 'expert03'];

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'sign-failed' });

async function prepare(): Promise<void> {
  const id = await preparePackage(dataDir, {
    stamp: STAMP,
    code: 'SG',
    purchase: `签字项目${STAMP}`,
    packageName: PACKAGE,
  });
  await withDatabase(dataDir, async (db) => {
    await db.query(
      `UPDATE purchase_package SET purchase_stage = 8, opening_start_time = now() - interval '3 hours',
         review_start_time = now() - interval '2 hours' WHERE id = $1`,
      [id],
    );
    const committee = await db.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, 3, 'e2e-sign', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01',
         'signing') RETURNING id`,
      [id],
    );
    const committeeId = committee.rows[0]?.id;
    for (const [i, u] of EXPERTS.entries()) {
      const m = await db.query<{ id: string }>(
        `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence,
           state, sign_in_time)
         SELECT 1, $1, $2, u.id, e.id, 'expert', $3, 'signing', now() FROM sys_user u
         JOIN expert_profile e ON e.user_id = u.id WHERE u.username = $4 RETURNING id`,
        [committeeId, id, i + 1, u],
      );
      if (u === 'expert01') {
        await db.query('UPDATE review_committee SET leader_member_id = $1 WHERE id = $2', [m.rows[0]?.id, committeeId]);
      }
    }
    const suppliers = await db.query<{ id: string }>(
      'SELECT id FROM supplier WHERE tenant_id = 1 AND del_flag = 0 ORDER BY name LIMIT 2',
    );
    const ranked: string[] = [];
    for (const [i, s] of suppliers.rows.entries()) {
      const signUp = await db.query<{ id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         VALUES (1, $1, $2, gen_random_uuid()) RETURNING id`,
        [id, s.id],
      );
      const bid = await db.query<{ id: string }>(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
           submit_by, price, opened_time)
         VALUES (1, $1, $2, $3, 'price', 'opened', '[]'::jsonb, gen_random_uuid(), $4, now()) RETURNING id`,
        [id, s.id, signUp.rows[0]?.id, 480000 + i * 10000],
      );
      await db.query(
        `INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification, valid,
           evaluated_price, total_score, final_rank, candidate)
         VALUES (1, $1, $2, $3, $4, 'passed', true, $5, $6, $7, true)`,
        [committeeId, id, bid.rows[0]?.id, s.id, 480000 + i * 10000, (91.5 - i * 3).toFixed(2), i + 1],
      );
      ranked.push(s.id);
    }
    await db.query(
      `INSERT INTO review_result (tenant_id, committee_id, package_id, snapshot, candidates, computed_by)
       VALUES (1, $1, $2, '{"bidders":[]}'::jsonb, $3::jsonb, 'expert01')`,
      [committeeId, id, JSON.stringify(ranked)],
    );
  });
}

/** 评审任务 → the task of PACKAGE → 进入评审 → the 签字 tab; returns the drawer. */
async function signTab(username: string) {
  const page = await users.as(username, '/review/task');
  await page.locator('.aps-sider').waitFor();
  await search(page, 'reviewTask', STAMP);
  await row(page, PACKAGE).getByRole('button', { name: '进入评审' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '我的评审' });
  await drawer.getByRole('tab', { name: '签字' }).click();
  await drawer.getByText('评审结果（摘要）').waitFor();
  return { page, drawer };
}

describe('签字 and 结束评审 (issue 15 §9)', () => {
  // Set up once: a retry of the flow must not insert the package (and its unique codes) a second time.
  beforeAll(prepare);

  it('members sign, the leader ends the review and downloads the report; the buyer downloads it too', async () => {
    // expert02 dissents: the reason is required before anything is sent.
    const { page: p2, drawer: d2 } = await signTab('expert02');
    await d2.getByText('推荐中标候选人：').waitFor();
    await d2.getByText('不同意', { exact: true }).click();
    await d2.getByRole('button', { name: /签\s*字/ }).click();
    await d2.getByText('不同意评审结论须填写理由').waitFor();
    await d2.getByLabel('不同意理由').fill('第二名的技术方案评分偏低');
    await screenshot(p2, 'review-sign-dissent');
    await d2.getByRole('button', { name: /签\s*字/ }).click();
    await expectMessage(p2, '签字成功');
    await d2.getByText('第二名的技术方案评分偏低').first().waitFor();
    await d2.getByText('成员签字（1/3）').waitFor();
    // A 物资/资产 package (preparePackage's category): the opinion may be revised until the end (editData).
    await d2.getByRole('button', { name: '修改意见' }).waitFor();

    const { page: p3, drawer: d3 } = await signTab('expert03');
    await d3.getByRole('button', { name: /签\s*字/ }).click();
    await expectMessage(p3, '签字成功');

    // The leader: 结束评审 stays disabled until the leader's own signature completes the committee.
    const { page: p1, drawer: d1 } = await signTab('expert01');
    const endButton = d1.getByRole('button', { name: '结束评审' });
    expect(await endButton.isDisabled()).toBe(true);
    await d1.getByText('全部评审成员签字后，组长可以结束评审。').waitFor();
    await screenshot(p1, 'review-sign-leader-before');
    await d1.getByRole('button', { name: /签\s*字/ }).click();
    await expectMessage(p1, '签字成功');
    await d1.getByText('成员签字（3/3）').waitFor();
    await expect.poll(() => endButton.isDisabled()).toBe(false);
    await endButton.click();
    await confirmPop(p1);
    await expectMessage(p1, '评审已结束');
    await d1.getByText('评审已结束。').waitFor();
    const [download] = await Promise.all([
      p1.waitForEvent('download'),
      d1.getByRole('button', { name: '下载评审报告' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`评审报告-PC-SG-${STAMP}-1.pdf`);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(p1, 'review-sign-ended');

    // The package arrived at 评审结束 (9); buyer01 downloads the report from 评审管理.
    const stage = await withDatabase(dataDir, (db) =>
      db.query<{ s: number }>('SELECT purchase_stage AS s FROM purchase_package WHERE package_name = $1', [PACKAGE]),
    );
    expect(stage.rows[0]?.s).toBe(9);
    const buyer = await users.as('buyer01', '/dashboard/analysis');
    await openSiderMenu(buyer, '采购管理', '评审管理', '/purchase/review');
    await search(buyer, 'review', STAMP);
    const [fromBuyer] = await Promise.all([
      buyer.waitForEvent('download'),
      row(buyer, PACKAGE).getByRole('button', { name: '评审报告' }).click(),
    ]);
    const buyerBytes = await downloadedBytes(fromBuyer);
    expect(buyerBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(buyer, 'review-sign-buyer-list');
  });
});
