import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { confirmPop, row, search, stageTag } from './procurement-support.ts';
import { clarifyAndAccept, insertOpenedPackage, openReviewTask, submitFlowSheets } from './review-support.ts';
import { expectMessage } from './shell-support.ts';

/**
 * The review flow in the real UI, as far as the merged review steps reach (issue 15): an opened package (set-up's
 * SQL, as the opening leaves it, with bids of the three seeded suppliers), buyer01 draws five experts on 评审管理
 * (中泰 bids, so expert03 avoids and expert06 is suspended: the five are expert01/02/04/05/07), every drawn expert
 * signs in from 评审任务, votes in 组长推选 (expert01 elected: the package enters 资格审查), and judges every
 * bidder in 资格审查 (expert02 fails one item: no majority, every bidder passes); then the leader starts 评分,
 * every expert scores the hand-computed case, the leader reads 组长汇总 and 评审汇总 (92.67 / 90.23 /
 * 87.33) and confirms, every member signs, the leader ends the review, and buyer01 finds the package at 评审结束
 * on 结束审核, ready to submit.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `评审流程标包${STAMP}`;
const DRAWN = ['expert01', 'expert02', 'expert04', 'expert05', 'expert07'];

const session = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, perTest: true, failureShots: 'flow' });
let packageId = '';

const rows = async <T extends Record<string, unknown>>(text: string) =>
  withDatabase(dataDir, async (db) => (await db.query<T>(text, [packageId])).rows);

beforeAll(async () => {
  packageId = await withDatabase(dataDir, async (db) => {
    const opened = await insertOpenedPackage(db, {
      stamp: STAMP,
      code: 'FW',
      packageName: PACKAGE,
      items: ['营业执照', '资质证书', '投标保证金'],
    });
    return opened.packageId;
  });
});

describe('评审流程 (issue 15)', () => {
  it('buyer01 draws five experts on 评审管理', async () => {
    const page = await session.as('buyer01', '/dashboard/analysis');
    await openSiderMenu(page, '采购管理', '评审管理', '/purchase/review');
    await search(page, 'review', STAMP);
    const row = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await row.getByRole('button', { name: '专家抽取' }).click();
    const dialog = page.getByRole('dialog', { name: `专家抽取：${PACKAGE}` });
    await expect.poll(() => dialog.getByLabel('评审委员会人数').inputValue()).toBe('5');
    await dialog.getByRole('button', { name: '抽取专家' }).click();
    await expectMessage(page, '抽取成功!');
    await expect.poll(() => dialog.locator('.ant-table').first().locator('.ant-table-row').count()).toBe(5);
    await screenshot(page, 'flow-draw', dialog);
    const drawn = await rows<{ username: string }>(`SELECT u.username FROM review_member m
      JOIN sys_user u ON u.id = m.user_id WHERE m.package_id = $1 ORDER BY u.username`);
    expect(drawn.map((r) => r.username)).toEqual(DRAWN);
  });

  for (const expert of DRAWN) {
    it(`${expert} signs in from 评审任务`, async () => {
      const page = await session.as(expert, '/review/task');
      const drawer = await openReviewTask(page, STAMP, PACKAGE);
      await drawer.getByRole('button', { name: /签\s*到/ }).click();
      const modal = page.getByRole('dialog').filter({ hasText: '签到 · 回避声明' });
      await modal.getByRole('button', { name: '同意并签到' }).click();
      await page.getByText('签到成功').waitFor();
    });
  }

  it('the vote opened once everyone signed in', async () => {
    const [c] = await rows<{ state: string }>('SELECT state FROM review_committee WHERE package_id = $1');
    expect(c?.state).toBe('electing');
  });

  for (const expert of DRAWN) {
    it(`${expert} votes for expert01 in 组长推选`, async () => {
      const page = await session.as(expert, '/review/task');
      await page.locator('.aps-sider').waitFor();
      await openSiderMenu(page, '专家评审', '组长推选', '/review/teamLeader');
      await page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE }).getByRole('button').click();
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.getByText(/^第1轮推选/).waitFor();
      await drawer.locator('.ant-card').filter({ hasText: '赵明远' }).click();
      await drawer.getByRole('button', { name: /投\s*票/ }).click();
      if (expert === DRAWN[DRAWN.length - 1]) {
        await page.getByText('投票成功，赵明远当选评审组长').waitFor();
        await drawer.getByText('评审组长：赵明远').waitFor();
        await screenshot(page, 'flow-elected');
      } else {
        await drawer.getByText('您已投票给 赵明远，等待其他成员投票。').waitFor();
      }
    });
  }

  it('the election started the review: stage 6, every bid under review', async () => {
    const [p] = await rows<{ purchase_stage: number; review_start_time: Date | null }>(
      'SELECT purchase_stage, review_start_time FROM purchase_package WHERE id = $1',
    );
    expect(p?.purchase_stage).toBe(6);
    expect(p?.review_start_time).toBeTruthy();
    expect(await rows('SELECT 1 FROM review_bid WHERE package_id = $1')).toHaveLength(3);
  });

  for (const expert of DRAWN) {
    it(`${expert} judges every bidder in 资格审查`, async () => {
      const page = await session.as(expert, '/review/task');
      const drawer = await openReviewTask(page, STAMP, PACKAGE);
      await drawer.getByRole('tab', { name: '资格审查' }).click();
      const grid = drawer.locator('.ant-table');
      await grid.locator('.ant-table-row').nth(2).waitFor();
      await drawer.getByRole('button', { name: '未填项全部通过' }).click();
      if (expert === 'expert02') {
        const first = grid.locator('.ant-table-row').first();
        await first.locator('[aria-label$="-投标保证金"]').getByText('不通过').click();
        await first.locator('input[aria-label$="-投标保证金-理由"]').fill('保证金未按时到账');
      }
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      if (expert === DRAWN[DRAWN.length - 1]) {
        await page.getByText('已保存，3家投标人审查完成').waitFor();
        await expect
          .poll(() =>
            grid
              .locator('.ant-tag')
              .filter({ hasText: /^通过$/ })
              .count(),
          )
          .toBe(3);
        await screenshot(page, 'flow-qualified');
      } else {
        await page.getByText('已保存').first().waitFor();
      }
    });
  }

  it('every bidder passed: the committee is ready for scoring', async () => {
    const outcomes = await rows<{ qualification: string; valid: boolean }>(
      'SELECT qualification, valid FROM review_bid WHERE package_id = $1',
    );
    expect(outcomes).toEqual([
      { qualification: 'passed', valid: true },
      { qualification: 'passed', valid: true },
      { qualification: 'passed', valid: true },
    ]);
    const [c] = await rows<{ state: string }>('SELECT state FROM review_committee WHERE package_id = $1');
    expect(c?.state).toBe('qualifying');
  });

  it('expert01, the leader, starts scoring from 评分 (stage 7)', async () => {
    const page = await session.as('expert01', '/review/task');
    const drawer = await openReviewTask(page, STAMP, PACKAGE);
    await drawer.getByRole('tab', { name: '评分' }).click();
    await drawer.getByRole('button', { name: '开始评分' }).click();
    await confirmPop(page);
    await page.getByText('已开始评分').waitFor();
    const [p] = await rows<{ purchase_stage: number }>('SELECT purchase_stage FROM purchase_package WHERE id = $1');
    expect(p?.purchase_stage).toBe(7);
  });

  for (const [k, expert] of DRAWN.entries()) {
    it(`${expert} scores every bidder and submits`, async () => {
      const page = await session.as(expert, '/review/task');
      const drawer = await openReviewTask(page, STAMP, PACKAGE);
      await submitFlowSheets(page, drawer, k);
      if (k === DRAWN.length - 1) await screenshot(page, 'flow-scored');
    });
  }

  it('expert01 reads 组长汇总 and 评审汇总 (92.67 / 90.23 / 87.33) ', async () => {
    const [p] = await rows<{ purchase_stage: number }>('SELECT purchase_stage FROM purchase_package WHERE id = $1');
    expect(p?.purchase_stage).toBe(8);
    const page = await session.as('expert01', '/review/task');
    const drawer = await openReviewTask(page, STAMP, PACKAGE);
    await drawer.getByRole('tab', { name: '组长汇总' }).click();
    await drawer.getByText('34.667').first().waitFor();
    await screenshot(page, 'flow-leader-summary');
    await drawer.getByRole('tab', { name: '评审汇总' }).click();
    for (const total of ['92.67', '90.23', '87.33']) await drawer.getByText(total).first().waitFor();
    await screenshot(page, 'flow-summary');
  });

  it('expert01 asks 华东 for a clarification, supplier01 answers in 我的投标 (报价澄清), expert01 accepts', async () => {
    await clarifyAndAccept((user, path) => session.as(user, path), {
      stamp: STAMP,
      packageName: PACKAGE,
      supplier: 'supplier01',
      supplierName: '华东建设工程有限公司',
      question: '请说明报价低于其他投标人的原因',
      answer: '本地自有设备，运输成本低',
    });
    const [c] = await rows<{ clarification: string; valid: boolean }>(`SELECT rb.clarification, rb.valid
      FROM review_bid rb JOIN supplier s ON s.id = rb.supplier_id WHERE rb.package_id = $1
      AND s.name = '华东建设工程有限公司'`);
    expect(c).toMatchObject({ clarification: 'accepted', valid: true });
  });

  it('expert01 confirms the result', async () => {
    const page = await session.as('expert01', '/review/task');
    const drawer = await openReviewTask(page, STAMP, PACKAGE);
    await drawer.getByRole('tab', { name: '评审汇总' }).click();
    await drawer.getByRole('button', { name: '确认评审结果' }).click();
    await confirmPop(page);
    await page.getByText('评审结果已确认，请评审成员签字').waitFor();
  });

  for (const expert of [...DRAWN.slice(1), 'expert01']) {
    it(`${expert} signs the review`, async () => {
      const page = await session.as(expert, '/review/task');
      const drawer = await openReviewTask(page, STAMP, PACKAGE);
      await drawer.getByRole('tab', { name: '签字' }).click();
      await drawer.getByRole('button', { name: /签\s*字/ }).click();
      await expectMessage(page, '签字成功');
      if (expert !== 'expert01') return;
      // The leader signs last and ends the review: the package arrives at 评审结束 (stage 9).
      const end = drawer.getByRole('button', { name: '结束评审' });
      await expect.poll(() => end.isDisabled()).toBe(false);
      await end.click();
      await confirmPop(page);
      await expectMessage(page, '评审已结束');
      await screenshot(page, 'flow-ended');
    });
  }

  it('the package is at 评审结束 with the ranking C, A, B; buyer01 finds it ready for 结束审核', async () => {
    const [p] = await rows<{ purchase_stage: number; election_status: string }>(
      'SELECT purchase_stage, election_status FROM purchase_package WHERE id = $1',
    );
    expect(p).toMatchObject({ purchase_stage: 9, election_status: '1' });
    const ranked = await rows<{ name: string }>(`SELECT s.name FROM review_bid rb
      JOIN supplier s ON s.id = rb.supplier_id WHERE rb.package_id = $1 ORDER BY rb.final_rank`);
    expect(ranked.map((n) => n.name)).toEqual(['鑫源劳务服务有限公司', '中泰物资贸易有限公司', '华东建设工程有限公司']);
    const page = await session.as('buyer01', '/dashboard/analysis');
    await openSiderMenu(page, '采购管理', '结束审核', '/purchase/endAudit');
    await search(page, 'endAudit', STAMP);
    await stageTag(row(page, PACKAGE), '评审结束').waitFor();
    await row(page, PACKAGE).getByRole('button', { name: '提交结束审核' }).waitFor();
    await screenshot(page, 'flow-end-audit');
  });
});
