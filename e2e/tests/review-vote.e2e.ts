import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { openSiderMenu } from '../support/menu.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertOpenedPackage } from './review-support.ts';

/**
 * 组长推选 and 资格/符合性审查 (issue 15 §4–§5) as expert01 uses them. The opening, the draw and the sign-in are
 * other slices' screens, so set-up writes an opened package (已开标) of A01 with three opened bids, two qualification
 * items and a signed-in committee of expert01/02/04 in 组长推选, where expert02 and expert04 have already voted for
 * expert01 and judged every bid (passing all). expert01 casts the last vote in the drawer (the leader is elected,
 * the package enters 资格审查), then fills the grid with one 不通过 and saves: every bidder is decided (1 of 3 不通过
 * is no majority).
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PACKAGE = `推选标包${STAMP}`;
const ITEMS = ['营业执照', '资质证书'];

const session = userSession(baseUrl, { viewport: { width: 1600, height: 1000 } });
let packageId = '';

async function prepare(): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const opened = await insertOpenedPackage(db, { stamp: STAMP, code: 'VT', packageName: PACKAGE, items: ITEMS });
    packageId = opened.packageId;
    const { bids, items } = opened;
    const committee = await db.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, 3, 'e2e', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01',
         'electing') RETURNING id`,
      [packageId],
    );
    const committeeId = committee.rows[0]?.id;
    const member: Record<string, string> = {};
    for (const [i, u] of ['expert01', 'expert02', 'expert04'].entries()) {
      const m = await db.query<{ id: string }>(
        `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence,
           state, sign_in_time)
         SELECT 1, $1, $2, u.id, e.id, 'expert', $3, 'electing', now() FROM sys_user u
         JOIN expert_profile e ON e.user_id = u.id WHERE u.username = $4 RETURNING id`,
        [committeeId, packageId, i + 1, u],
      );
      member[u] = m.rows[0]?.id ?? '';
    }
    for (const u of ['expert02', 'expert04']) {
      await db.query(
        `INSERT INTO review_leader_vote (tenant_id, committee_id, round, voter_member_id, candidate_member_id)
         VALUES (1, $1, 1, $2, $3)`,
        [committeeId, member[u], member.expert01],
      );
      for (const bid of bids) {
        for (const item of items) {
          await db.query(
            `INSERT INTO review_qualification (tenant_id, committee_id, member_id, bid_id, item_id, pass)
             VALUES (1, $1, $2, $3, $4, true)`,
            [committeeId, member[u], bid, item],
          );
        }
      }
    }
  });
}

const dbRow = async <T extends Record<string, unknown>>(text: string, values: unknown[]) =>
  withDatabase(dataDir, async (db) => (await db.query<T>(text, values)).rows);

describe('组长推选 and 资格/符合性审查 (issue 15 §4–§5)', () => {
  // Set up once: a retry must not insert the package (and its unique codes) a second time.
  beforeAll(prepare);

  it('expert01 casts the last vote in the drawer, is elected, and saves the qualification grid', async () => {
    const page = await session.as('expert01', '/review/task');
    await page.locator('.aps-sider').waitFor();
    await openSiderMenu(page, '专家评审', '组长推选', '/review/teamLeader');
    const row = page.locator('.ant-table-row:visible').filter({ hasText: PACKAGE });
    await row.waitFor();
    await screenshot(page, 'vote-team-leader-list');

    await row.getByRole('button', { name: '推选组长' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('第1轮推选：已投票 2/3').waitFor();
    const me = drawer.locator('.ant-card').filter({ hasText: '本人' });
    await me.click();
    await screenshot(page, 'vote-drawer-before');
    await drawer.getByRole('button', { name: /投\s*票/ }).click();
    await page
      .getByText(/当选评审组长/)
      .first()
      .waitFor();
    await drawer.getByText(/^评审组长：/).waitFor();
    await drawer.locator('.ant-tag').filter({ hasText: /3票$/ }).waitFor();
    await screenshot(page, 'vote-drawer-elected');
    const [pkg] = await dbRow<{ purchase_stage: number }>('SELECT purchase_stage FROM purchase_package WHERE id = $1', [
      packageId,
    ]);
    expect(pkg?.purchase_stage).toBe(6);

    await drawer.getByRole('tab', { name: '资格审查' }).click();
    const grid = drawer.locator('.ant-table');
    await grid.locator('.ant-table-row').nth(2).waitFor();
    await drawer.getByRole('button', { name: '未填项全部通过' }).click();
    const first = grid.locator('.ant-table-row').first();
    await first.locator('[aria-label$="-资质证书"]').getByText('不通过').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('审查不通过须填写理由').first().waitFor();
    await first.locator('input[aria-label$="-资质证书-理由"]').fill('资质证书已过有效期');
    await screenshot(page, 'vote-qualification-grid');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存，3家投标人审查完成').waitFor();
    await expect
      .poll(async () =>
        grid
          .locator('.ant-tag')
          .filter({ hasText: /^通过$/ })
          .count(),
      )
      .toBe(3);
    await screenshot(page, 'vote-qualification-decided');

    const verdicts = await dbRow<{ pass: boolean; reason: string | null }>(
      `SELECT q.pass, q.reason FROM review_qualification q JOIN review_member m ON m.id = q.member_id
       JOIN sys_user u ON u.id = m.user_id WHERE q.committee_id = (SELECT id FROM review_committee
       WHERE package_id = $1) AND u.username = 'expert01'`,
      [packageId],
    );
    expect(verdicts).toHaveLength(6);
    expect(verdicts.filter((v) => !v.pass)).toEqual([{ pass: false, reason: '资质证书已过有效期' }]);
    const outcomes = await dbRow<{ qualification: string }>(
      'SELECT qualification FROM review_bid WHERE package_id = $1',
      [packageId],
    );
    expect(outcomes.map((o) => o.qualification)).toEqual(['passed', 'passed', 'passed']);
  });
});
