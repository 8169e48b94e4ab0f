/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withDatabase } from '../support/db.ts';
import { userSession } from '../support/session.ts';
import { serverUnderTest } from '../support/target.ts';
import { insertProject } from './procurement-support.ts';

/**
 * 评分 and 组长汇总 (issue 15 §6) in the task drawer (two bidders, minimum 2: the result computed on 组长汇总 is
 * not a 流标). The draw, sign-in, vote and qualification are other slices, so
 * set-up writes a package in 评分 (stage 7) with a committee of expert01 (leader), expert02 and expert03, two
 * qualified bidders, and the sheets of expert01 and expert03 already submitted. expert02 fills and submits both
 * sheets in the drawer (the last sheets: the package goes to 组长汇总); expert01 reads the summary, sees the spread
 * flag and the drill-down, and returns expert02's 技术方案 of one bidder; expert02 sees it returned with the note.
 */
const { baseUrl, dataDir } = serverUnderTest();
const STAMP = `${Date.now().toString(36)}${process.pid.toString(36)}`;
/** The package in 评分 (expert02's sheets, the leader's summary) and the one in 资格审查 (开始评分). */
const SCORING = { name: `评分标包${STAMP}`, code: 'SC', qualifying: false };
const QUALIFYING = { name: `资审标包${STAMP}`, code: 'QS', qualifying: true };
type Fixture = typeof SCORING;

const session = userSession(baseUrl, { viewport: { width: 1600, height: 1000 }, failureShots: 'score-failed' });
let packageId = '';
const stageOf = () =>
  withDatabase(dataDir, async (db) => {
    const r = await db.query<{ stage: number; state: string }>(
      `SELECT p.purchase_stage AS stage, c.state FROM purchase_package p JOIN review_committee c ON c.package_id = p.id
       WHERE p.id = $1`,
      [packageId],
    );
    return r.rows[0];
  });
const suppliers: string[] = [];

async function prepare(f: Fixture): Promise<string> {
  let id = '';
  await withDatabase(dataDir, async (db) => {
    const one = async <T>(text: string, values: unknown[]) => (await db.query(text, values)).rows[0] as T;
    const projectId = await insertProject(db, {
      stamp: STAMP,
      code: f.code,
      name: `评分项目${STAMP}`,
      method: 'inquiry',
    });
    const pkg = await one<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, min_bidders,
         opening_start_time, review_start_time, create_by)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'inquiry', $6, '01', $5, 500000, 2, now() - interval '2 hour',
         now() - interval '1 hour', 'buyer01') RETURNING id`,
      [projectId, `NO-${f.code}-${STAMP}`, `PC-${f.code}-${STAMP}`, `评分项目${STAMP}`, f.name, f.qualifying ? 6 : 7],
    );
    id = pkg.id;
    const items = await db.query<{ id: string; name: string }>(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'qualification', '营业执照', NULL, 1), (1, $1, 'scoring', '技术方案', 40, 2),
         (1, $1, 'scoring', '商务部分', 20, 3) RETURNING id, name`,
      [id],
    );
    const item = (name: string) => items.rows.find((i) => i.name === name)?.id;
    const committee = await one<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, 3, 'e2e', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01', $2)
       RETURNING id`,
      [id, f.qualifying ? 'qualifying' : 'scoring'],
    );
    const member: Record<string, string> = {};
    for (const [i, user] of ['expert01', 'expert02', 'expert03'].entries()) {
      const state = f.qualifying ? 'qualifying' : user === 'expert02' ? 'scoring' : 'submitted';
      const m = await one<{ id: string }>(
        `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
           sign_in_time)
         SELECT 1, $1, $2, u.id, e.id, 'expert', $3, $4, now() FROM sys_user u JOIN expert_profile e ON e.user_id = u.id
         WHERE u.username = $5 RETURNING id`,
        [committee.id, id, i + 1, state, user],
      );
      member[user] = m.id;
    }
    await db.query('UPDATE review_committee SET leader_member_id = $1 WHERE id = $2', [member.expert01, committee.id]);
    const seeded = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM supplier WHERE tenant_id = 1 AND del_flag = 0 ORDER BY name LIMIT 2`,
    );
    for (const [i, s] of seeded.rows.entries()) {
      if (!suppliers.includes(s.name)) suppliers.push(s.name);
      const signUp = await one<{ id: string }>(
        `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         VALUES (1, $1, $2, gen_random_uuid()) RETURNING id`,
        [id, s.id],
      );
      const bid = await one<{ id: string }>(
        `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
           submit_by, price, opened_time)
         VALUES (1, $1, $2, $3, 'price', 'opened', '[]'::jsonb, gen_random_uuid(), $4, now()) RETURNING id`,
        [id, s.id, signUp.id, 480000 + i * 10000],
      );
      await db.query(
        `INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification, evaluated_price)
         VALUES (1, $1, $2, $3, $4, 'passed', $5)`,
        [committee.id, id, bid.id, s.id, 480000 + i * 10000],
      );
      if (f.qualifying) continue;
      // expert01 and expert03 have submitted: 技术方案 30 / 35 and 商务部分 15 / 16 for every bidder.
      for (const [user, tech, biz] of [
        ['expert01', 30, 15],
        ['expert03', 35, 16],
      ] as const) {
        await db.query(
          `INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score, state, submit_time)
           VALUES (1, $1, $2, $3, $4, $5, 'submitted', now()), (1, $1, $2, $3, $6, $7, 'submitted', now())`,
          [committee.id, member[user], bid.id, item('技术方案'), tech, item('商务部分'), biz],
        );
      }
    }
  });
  return id;
}

const confirm = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();

/** The user's 评审任务 page with the fixture's task drawer open. */
async function openTask(user: string, f: Fixture) {
  const page = await session.as(user, '/review/task');
  await page.locator('#reviewTaskSearch_name').fill(STAMP);
  await page
    .locator('.aps-search-bar:visible')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = page.locator('.ant-table-row:visible').filter({ hasText: f.name });
  await row.getByRole('button', { name: '进入评审' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '我的评审' });
  await drawer.getByText(`PC-${f.code}-${STAMP}`).first().waitFor();
  return { page, drawer };
}

describe('评分 and 组长汇总 (issue 15 §6)', () => {
  it('expert02 fills and submits the sheets; the leader sees the summary and returns an item', async () => {
    packageId = await prepare(SCORING);
    const expert = await openTask('expert02', SCORING);
    let drawer = expert.drawer;
    await drawer.getByRole('tab', { name: '评分' }).click();
    const [first = '', second = ''] = suppliers;
    const sheetOf = (name: string) => drawer.getByTestId(`sheet-${name}`);
    await sheetOf(first).waitFor();
    // A draft first: saved, still editable.
    await sheetOf(first).getByLabel(`${first}-技术方案-评分`).fill('38');
    await sheetOf(first).getByLabel(`${first}-技术方案-说明`).fill('方案完整');
    await sheetOf(first).getByRole('button', { name: '保存草稿' }).click();
    await expert.page.getByText('草稿已保存').waitFor();
    // Submitting with 商务部分 missing is refused by the server with its message.
    await sheetOf(first)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await confirm(expert.page);
    await expert.page.getByText('“商务部分”尚未评分，不能提交').waitFor();
    await sheetOf(first).getByLabel(`${first}-商务部分-评分`).fill('18');
    await screenshot(expert.page, 'score-sheet-filled');
    await sheetOf(first)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await confirm(expert.page);
    await expert.page.getByText('评分已提交').waitFor();
    await sheetOf(first).getByText('已提交').first().waitFor();
    expect(await sheetOf(first).locator('input').count()).toBe(0);

    await sheetOf(second).getByLabel(`${second}-技术方案-评分`).fill('20');
    await sheetOf(second).getByLabel(`${second}-商务部分-评分`).fill('17');
    await sheetOf(second)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await confirm(expert.page);
    await expert.page.getByText('评分已提交').last().waitFor();
    await expect.poll(stageOf).toEqual({ stage: 8, state: 'summarizing' });
    await screenshot(expert.page, 'score-sheets-submitted');

    const leader = await openTask('expert01', SCORING);
    const leaderDrawer = leader.drawer;
    await leaderDrawer.getByRole('tab', { name: '组长汇总' }).click();
    const secondTech = leaderDrawer
      .locator('.ant-table-row')
      .filter({ hasText: '技术方案' })
      .filter({ hasText: '20.000' });
    await secondTech.getByText('分差过大').waitFor();
    await screenshot(leader.page, 'score-leader-summary');
    await secondTech.getByRole('button', { name: '明细' }).click();
    const drill = leader.page.getByRole('dialog').filter({ hasText: '评分明细' });
    await drill.getByText('方案完整').waitFor();
    await screenshot(leader.page, 'score-leader-subclass');
    await leader.page.keyboard.press('Escape');
    await drill.waitFor({ state: 'hidden' });
    await secondTech.getByRole('button', { name: '退回重评' }).click();
    const dialog = leader.page.getByRole('dialog').filter({ hasText: '退回的评审专家' });
    await dialog.getByRole('checkbox', { name: /20\.000/ }).check();
    await dialog.getByLabel('退回说明').fill('技术方案评分偏低，请复核');
    await screenshot(leader.page, 'score-leader-return');
    await dialog.getByRole('button', { name: /退\s*回/ }).click();
    await leader.page.getByText('已退回重评').first().waitFor();
    await secondTech.locator('.ant-tag').filter({ hasText: '退回重评' }).waitFor();

    drawer = (await openTask('expert02', SCORING)).drawer;
    await drawer.getByRole('tab', { name: '评分' }).click();
    await sheetOf(second).getByText('技术方案：技术方案评分偏低，请复核').waitFor();
    await sheetOf(second).getByLabel(`${second}-技术方案-评分`).waitFor();
    expect(await sheetOf(second).locator('input.ant-input-number-input').count()).toBe(1);
    await screenshot(expert.page, 'score-returned');
  });

  it('the leader starts scoring from 资格审查; the sheets open', async () => {
    const id = await prepare(QUALIFYING);
    const leader = await openTask('expert01', QUALIFYING);
    const drawer = leader.drawer;
    await drawer.getByRole('tab', { name: '评分' }).click();
    await drawer.getByText('资格/符合性审查全部完成后，由评审组长开始评分').waitFor();
    await screenshot(leader.page, 'score-start');
    await drawer.getByRole('button', { name: '开始评分' }).click();
    await confirm(leader.page);
    await leader.page.getByText('已开始评分').waitFor();
    await drawer.getByTestId(`sheet-${suppliers[0]}`).waitFor();
    const stage = await withDatabase(
      dataDir,
      async (db) =>
        (await db.query<{ s: number }>('SELECT purchase_stage AS s FROM purchase_package WHERE id = $1', [id])).rows[0],
    );
    expect(stage).toEqual({ s: 7 });
    await screenshot(leader.page, 'score-started');
  });
});
