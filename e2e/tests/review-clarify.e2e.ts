import { beforeAll, describe, expect, it } from 'vitest';
import { createBidSeal, resolveSealKey } from '../../apps/server/src/modules/procurement/bid/seal.ts';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject, row, search } from './procurement-support.ts';

/**
 * 报价澄清 (issue 15 §5) in the UI. The vote, qualification and scoring are other slices, so set-up writes a
 * package where scoring leaves it: stage 8 (评审汇总), committee 组长汇总 with expert01 as leader, three opened bids
 * of the seeded suppliers. expert01 opens a clarification for supplier01 on 报价澄清, supplier01 answers it in
 * 我的投标 → 报价澄清, expert01 accepts it.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `澄清标包${STAMP}`;
const SUPPLIER01 = '华东建设工程有限公司';
const QUESTION = `请说明报价中人工费的构成${STAMP}`;
const ANSWER = `人工费按当地定额计取${STAMP}`;

const users = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'clarify-failed' });

async function prepare(): Promise<void> {
  // The bids are sealed as the supplier's 投标 seals them (我的投标 opens the supplier's own quote): the server's key.
  const seal = createBidSeal(resolveSealKey(process.env.BID_SEAL_KEY, dataDir));
  await withDatabase(dataDir, async (db) => {
    const projectId = await insertProject(db, {
      stamp: STAMP,
      code: 'CL',
      name: `澄清项目${STAMP}`,
      method: 'inquiry',
    });
    const pkg = await db.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, min_bidders,
         quotation_round_count, opening_start_time, review_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry', 8, '01', $5, 500000, 2, 2, now() - interval '3 hours',
         now() - interval '2 hours', 'buyer01') RETURNING id`,
      [projectId, `NO-CL-${STAMP}`, `PC-CL-${STAMP}`, `澄清项目${STAMP}`, PACKAGE],
    );
    const id = pkg.rows[0]?.id;
    const committee = await db.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, 3, 'e2e', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01',
         'summarizing') RETURNING id`,
      [id],
    );
    const committeeId = committee.rows[0]?.id;
    for (const [i, u] of ['expert01', 'expert02', 'expert03'].entries()) {
      await db.query(
        `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state)
         SELECT 1, $1, $2, u.id, e.id, 'expert', $3, 'summarizing' FROM sys_user u
         JOIN expert_profile e ON e.user_id = u.id WHERE u.username = $4`,
        [committeeId, id, i + 1, u],
      );
    }
    await db.query(
      `UPDATE review_committee SET leader_member_id = (SELECT m.id FROM review_member m JOIN sys_user u
         ON u.id = m.user_id WHERE m.committee_id = $1 AND u.username = 'expert01') WHERE id = $1`,
      [committeeId],
    );
    for (const [who, price] of [
      ['supplier01', '430000.00'],
      ['supplier02', '450000.00'],
      ['supplier03', '470000.00'],
    ]) {
      const su = await db.query<{ id: string; user_id: string; supplier_id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         SELECT 1, $1, s.supplier_id, s.user_id FROM supplier_user s JOIN sys_user u ON u.id = s.user_id
         WHERE u.username = $2 RETURNING id, user_id, supplier_id`,
        [id, who],
      );
      const s = su.rows[0];
      const sealed = seal.seal(JSON.stringify({ kind: 'price', price, rate: null, evaluatedPrice: price }), {
        tenantId: 1,
        packageId: id ?? '',
        supplierId: s?.supplier_id ?? '',
      });
      const bid = await db.query<{ id: string }>(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by,
           price, evaluated_price, opened_time)
         VALUES (1, $1, $2, $3, 'price', $6, $4, $5, $5, now()) RETURNING id`,
        [id, s?.supplier_id, s?.id, s?.user_id, price, sealed],
      );
      await db.query(
        `INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification, evaluated_price)
         VALUES (1, $1, $2, $3, $4, 'passed', $5)`,
        [committeeId, id, bid.rows[0]?.id, s?.supplier_id, price],
      );
    }
  });
}

beforeAll(prepare);

const shot = (page: Parameters<typeof screenshot>[0], name: string) => screenshot(page, `clarify-${name}`);

describe('报价澄清 (issue 15 §5)', () => {
  it('the leader opens a clarification, supplier01 answers it in 我的投标, the leader accepts it', async () => {
    const leader = await users.as('expert01', '/review/task');
    await leader.locator('.aps-sider').waitFor();
    await openSiderMenu(leader, '专家评审', '报价澄清', '/review/quotationClarify');
    await search(leader, 'clarify', STAMP);
    await row(leader, PACKAGE).getByRole('button', { name: '报价澄清' }).click();
    const drawer = leader.getByRole('dialog').filter({ hasText: `报价澄清：${PACKAGE}` });
    // The first table lists the bids, the second the clarifications (both name the supplier).
    const bid = drawer.locator('.ant-table-wrapper').first().locator('.ant-table-row').filter({ hasText: SUPPLIER01 });
    await bid.getByText('有效').waitFor();
    await shot(leader, 'leader-panel');
    await bid.getByRole('button', { name: '发起澄清' }).click();
    const ask = leader.getByRole('dialog').filter({ hasText: `发起报价澄清：${SUPPLIER01}` });
    await ask.getByLabel('澄清内容').fill(QUESTION);
    await shot(leader, 'leader-ask');
    await ask.getByRole('button', { name: '发起澄清' }).click();
    await leader.getByText('已发起报价澄清').waitFor();
    const request = drawer.locator('.ant-table-row').filter({ hasText: QUESTION });
    await request.getByText('待答复').waitFor();
    await bid.getByText('待答复').waitFor();
    await shot(leader, 'leader-opened');

    const supplier = await users.as('supplier01', '/purchaseannouncement/MyBids');
    await supplier.getByRole('tab', { name: '报价澄清' }).click();
    const mine = row(supplier, PACKAGE).filter({ hasText: QUESTION });
    await mine.getByText('待答复').waitFor();
    await shot(supplier, 'supplier-list');
    // No failure notice (a bell notice about the clarification may show: that one is expected).
    expect(await supplier.locator('.ant-notification-notice:visible').filter({ hasText: '系统繁忙' }).count()).toBe(0);
    await mine.getByRole('button', { name: /答\s*复/ }).click();
    const form = supplier.getByRole('dialog').filter({ hasText: '答复报价澄清' });
    await form.getByText(QUESTION).waitFor();
    await form.getByLabel('答复内容').fill(ANSWER);
    await shot(supplier, 'supplier-answer');
    await form.getByRole('button', { name: '提交答复' }).click();
    await row(supplier, PACKAGE).filter({ hasText: ANSWER }).getByText('已答复').waitFor();
    await shot(supplier, 'supplier-answered');

    await leader.reload();
    await search(leader, 'clarify', STAMP);
    await row(leader, PACKAGE).getByRole('button', { name: '报价澄清' }).click();
    const answered = drawer.locator('.ant-table-row').filter({ hasText: ANSWER });
    await answered.getByText('已答复').waitFor();
    await answered.getByRole('button', { name: /决\s*定/ }).click();
    const decide = leader.getByRole('dialog').filter({ hasText: '报价澄清决定' });
    await decide.getByText(ANSWER).waitFor();
    await decide.getByLabel('决定说明').fill('说明合理');
    await shot(leader, 'leader-decide');
    await decide.getByRole('button', { name: /接\s*受/ }).click();
    await leader.getByText('已接受澄清').waitFor();
    await answered.getByText('已接受').waitFor();
    await bid.getByText('已接受').waitFor();
    await shot(leader, 'leader-accepted');
    // No failure notice (a bell notice about the clarification may show: that one is expected).
    expect(await leader.locator('.ant-notification-notice:visible').filter({ hasText: '系统繁忙' }).count()).toBe(0);
  });

  it('the leader opens round 2 from the task drawer, supplier01 quotes lower, the quote stays sealed', async () => {
    const leader = await users.as('expert01', '/review/task');
    await openSiderMenu(leader, '专家评审', '评审任务', '/review/task');
    await search(leader, 'reviewTask', STAMP);
    await row(leader, PACKAGE).getByRole('button', { name: '进入评审' }).click();
    const drawer = leader.getByRole('dialog').filter({ hasText: '评审任务' });
    await drawer.getByRole('tab', { name: '报价澄清' }).click();
    await drawer.getByRole('button', { name: '开启第2轮报价' }).click();
    const ask = leader.getByRole('dialog').filter({ hasText: '开启第2轮报价' }).last();
    await ask.getByLabel('澄清内容').waitFor();
    await ask.getByRole('button', { name: '开启本轮' }).click();
    await leader.getByText('已开启新一轮报价').waitFor();
    await drawer.getByText('第 2 轮（报价密封中）').waitFor();
    await shot(leader, 'round-opened');

    const supplier = await users.as('supplier01', '/purchaseannouncement/MyBids');
    await supplier.getByRole('tab', { name: '报价澄清' }).click();
    const round = row(supplier, PACKAGE).filter({ hasText: '第2轮报价' });
    await round.getByRole('button', { name: /答\s*复/ }).click();
    const form = supplier.getByRole('dialog').filter({ hasText: '提交第2轮报价' });
    await form.getByText('430000.00').waitFor();
    await form.getByLabel('答复内容').fill('第二轮优惠报价');
    await form.getByLabel('本轮报价（元）').fill('440000');
    await form.getByRole('button', { name: '提交答复' }).click();
    await supplier.getByText('本轮报价不得高于您上一轮的报价').waitFor();
    await form.getByLabel('本轮报价（元）').fill('420000');
    await shot(supplier, 'round-answer');
    await form.getByRole('button', { name: '提交答复' }).click();
    await round.getByText('密封中').waitFor();
    await shot(supplier, 'round-sealed');

    await leader.reload();
    await search(leader, 'reviewTask', STAMP);
    await row(leader, PACKAGE).getByRole('button', { name: '进入评审' }).click();
    await drawer.getByRole('tab', { name: '报价澄清' }).click();
    const sealed = drawer.locator('.ant-table-row').filter({ hasText: '第二轮优惠报价' });
    await sealed.getByText('密封中').waitFor();
    expect(await drawer.getByText('420000').count()).toBe(0);
    await shot(leader, 'round-leader-sealed');
  });
});
