import { REVIEW_API as API, AVOIDANCE_DECLARATION, REVIEW_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bidFixture, type Json, SUP1, SUP2 } from './procurement-bid-fixture.ts';

/**
 * The expert's workspace (issue 15 §3). The draw is another slice, so the committees are inserted here as the draw
 * leaves them: package A (stage 4 待开标) with expert01..03 drawn, package B with expert02 only; two sealed bids on A.
 */
const fx = bidFixture();
const EXPERTS = ['expert01', 'expert02', 'expert03', 'expert04'];
let pkgA: string;
let pkgB: string;
const task: Record<string, string> = {};
let bidA: string;

async function committee(packageId: string, users: string[]): Promise<Record<string, string>> {
  const c = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
    VALUES (1, ${packageId}, ${users.length % 2 ? users.length : users.length + 1}, 'seed-test',
      '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01') RETURNING id`);
  const ids: Record<string, string> = {};
  for (const [i, u] of users.entries()) {
    const m = await fx.t.db.execute<{ id: string }>(sql`
      INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence)
      SELECT 1, ${c.rows[0]?.id}, ${packageId}, u.id, e.id, 'expert', ${i + 1}
      FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u} RETURNING id`);
    ids[u] = m.rows[0]?.id ?? '';
  }
  return ids;
}

async function sealedBid(packageId: string, supplierId: string, files: object[]) {
  const su = await fx.t.db.execute<{ id: string; user_id: string }>(sql`
    INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
    SELECT 1, ${packageId}, ${supplierId}, id FROM sys_user WHERE username = 'supplier01' RETURNING id, user_id`);
  const b = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files, submit_by)
    VALUES (1, ${packageId}, ${supplierId}, ${su.rows[0]?.id}, 'price', 'sealed', ${JSON.stringify(files)}::jsonb,
      ${su.rows[0]?.user_id}) RETURNING id`);
  return b.rows[0]?.id ?? '';
}

const get = (who: string, path: string, q: Record<string, string | undefined>) =>
  fx.call(
    who,
    'GET',
    `${path}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, v ?? '']))}`,
  );

beforeAll(async () => {
  for (const u of EXPERTS) fx.tokens[u] = await fx.t.login(u);
  pkgA = await fx.makePackage({ stage: 4 });
  pkgB = await fx.makePackage({ stage: 4 });
  Object.assign(task, await committee(pkgA, ['expert01', 'expert02', 'expert03']));
  task.expert02B = (await committee(pkgB, ['expert02'])).expert02 ?? '';
  await fx.t.db.execute(sql`UPDATE purchase_package SET warranty_period = 24, brand_requirements = '国产品牌',
    pay_type_memo = '验收后付款', number = 12 WHERE id = ${pkgA}`);
  bidA = await sealedBid(pkgA, SUP1, [{ fileId: 'f1', filePath: 'bid/a.pdf', fileName: '技术标.pdf', fileSize: 10 }]);
  await sealedBid(pkgA, SUP2, []);
});

describe('评审任务 (issue 15 §3)', () => {
  it('lists only the caller own tasks, newest first, filtered by package name and state', async () => {
    const mine = await fx.okCall('expert02', 'GET', `${API.taskList}?pageSize=50`);
    const ids = mine.records.map((r: Json) => r.id);
    expect(ids).toContain(task.expert02);
    expect(ids).toContain(task.expert02B);
    expect(ids).not.toContain(task.expert01);
    expect(ids.indexOf(task.expert02B)).toBeLessThan(ids.indexOf(task.expert02));
    const one = await fx.okCall('expert01', 'GET', `${API.taskList}?pageSize=50`);
    expect(one.records.map((r: Json) => r.id)).toContain(task.expert01);
    expect(one.records.map((r: Json) => r.id)).not.toContain(task.expert02);
    const row = one.records.find((r: Json) => r.id === task.expert01);
    expect(row).toMatchObject({ packageId: pkgA, state: 'drawn', committeeState: 'drawn', identity: 'member' });
    const byName = await fx.okCall(
      'expert02',
      'GET',
      `${API.taskList}?pageSize=50&name=${encodeURIComponent('不存在的标包')}`,
    );
    expect(byName.total).toBe(0);
    const byState = await fx.okCall('expert02', 'GET', `${API.taskList}?pageSize=50&state=signed_in`);
    expect(byState.records.map((r: Json) => r.id)).not.toContain(task.expert02);
  });

  it('returns the purchase-information card, the committee and the declaration', async () => {
    const d = await fx.okCall('expert01', 'GET', `${API.taskQueryById}?id=${task.expert01}`);
    expect(d.card).toMatchObject({
      packageId: pkgA,
      purchaseStage: 4,
      fixedPrice: '500000.00',
      warrantyPeriod: 24,
      brandRequirements: '国产品牌',
      payTypeMemo: '验收后付款',
      number: '12.000',
      scoreType: '1',
      quotationRoundCount: 1,
      currentRoundNo: 1,
      electionStatus: '1',
    });
    expect(d.card.purchaseNo).toMatch(/^NO-/);
    expect(d.card.openingStartTime).toBeTruthy();
    expect(d.committee.members).toHaveLength(3);
    expect(d.declaration).toBe(AVOIDANCE_DECLARATION);
    expect(d.bidders).toHaveLength(2);
    const assets = await get('expert01', API.assetsTaskQueryById, { id: task.expert01, packageId: pkgB });
    expect(assets.status).toBe(404);
    const assetsOk = await get('expert01', API.assetsTaskQueryById, { id: task.expert01, packageId: pkgA });
    expect(assetsOk.body.result.card.packageId).toBe(pkgA);
  });

  it('answers the identity: member, leader, none', async () => {
    expect((await get('expert01', API.identity, { packageId: pkgA })).body.result).toMatchObject({
      identity: 'member',
      memberId: task.expert01,
    });
    expect((await get('expert04', API.identity, { packageId: pkgA })).body.result.identity).toBe('none');
    await fx.t.db.execute(
      sql`UPDATE review_committee SET leader_member_id = ${task.expert02B} WHERE package_id = ${pkgB}`,
    );
    expect((await get('expert02', API.identity, { packageId: pkgB })).body.result.identity).toBe('leader');
  });

  it('opens the bid files only after the opening, and only to the committee', async () => {
    const before = await fx.call('expert01', 'POST', API.findFileByLaborId, { packageId: pkgA, bidId: bidA });
    expect(before.status).toBe(400);
    await fx.t.db.execute(sql`UPDATE purchase_package SET purchase_stage = 5 WHERE id = ${pkgA}`);
    const files = await fx.okCall('expert01', 'POST', API.findFileByLaborId, { packageId: pkgA, bidId: bidA });
    expect(files.files.map((f: Json) => f.fileName)).toEqual(['技术标.pdf']);
    expect((await fx.call('expert04', 'POST', API.findFileByLaborId, { packageId: pkgA, bidId: bidA })).status).toBe(
      404,
    );
  });

  it('refuses another expert task (404) and a caller without the code (403)', async () => {
    expect((await get('expert02', API.taskQueryById, { id: task.expert01 })).status).toBe(404);
    expect((await fx.call('expert02', 'POST', API.taskSignIn, { id: task.expert01, agree: true })).status).toBe(404);
    expect((await fx.call('expert02', 'POST', API.taskDecline, { id: task.expert01, reason: 'x' })).status).toBe(404);
    expect((await fx.call('buyer01', 'GET', API.taskList)).status).toBe(403);
    expect((await fx.call('supplier01', 'POST', API.taskSignIn, { id: task.expert01, agree: true })).status).toBe(403);
  });

  it('signs in with the declaration, once', async () => {
    const noAgree = await fx.call('expert01', 'POST', API.taskSignIn, { id: task.expert01, agree: false });
    expect(noAgree.body.message).toBe(M.declarationRequired);
    await fx.okCall('expert01', 'POST', API.taskSignIn, { id: task.expert01, agree: true, conflict: false });
    const row = await fx.t.db.execute<Json>(sql`SELECT * FROM review_member WHERE id = ${task.expert01}`);
    expect(row.rows[0]).toMatchObject({ state: 'signed_in', avoidance_declaration: AVOIDANCE_DECLARATION });
    expect(row.rows[0].sign_in_time).toBeTruthy();
    const again = await fx.call('expert01', 'POST', API.taskSignIn, { id: task.expert01, agree: true });
    expect(again.body.message).toBe(M.alreadySignedIn);
  });

  it('a declared conflict makes the member 回避 (with the reason), so the buyer replaces them', async () => {
    const noReason = await fx.call('expert02', 'POST', API.taskSignIn, {
      id: task.expert02,
      agree: true,
      conflict: true,
    });
    expect(noReason.body.message).toBe(M.conflictNoteRequired);
    await fx.okCall('expert02', 'POST', API.taskSignIn, {
      id: task.expert02,
      agree: true,
      conflict: true,
      conflictNote: '本人近三年曾在投标人处任职',
    });
    const d = await fx.okCall('expert02', 'GET', `${API.taskQueryById}?id=${task.expert02}`);
    expect(d.task.state).toBe('avoided');
    const row = await fx.t.db.execute<Json>(sql`SELECT decline_reason FROM review_member WHERE id = ${task.expert02}`);
    expect(row.rows[0].decline_reason).toBe('本人近三年曾在投标人处任职');
    // Out of the committee: no more files, no sign-in.
    expect((await fx.call('expert02', 'POST', API.findFileByLaborId, { packageId: pkgA, bidId: bidA })).status).toBe(
      400,
    );
    const late = await fx.call('expert02', 'POST', API.taskSignIn, { id: task.expert02, agree: true });
    expect(late.status).toBe(400);
    // The open-task list leaves it out; scope=all keeps it.
    const open = await fx.okCall('expert02', 'GET', `${API.taskList}?pageSize=50`);
    expect(open.records.map((r: Json) => r.id)).not.toContain(task.expert02);
    const all = await fx.okCall('expert02', 'GET', `${API.taskList}?pageSize=50&scope=all`);
    expect(all.records.map((r: Json) => r.id)).toContain(task.expert02);
  });

  it('declines with a reason; the committee does not open the vote while seats are empty', async () => {
    const noReason = await fx.call('expert03', 'POST', API.taskDecline, { id: task.expert03, reason: ' ' });
    expect(noReason.status).toBe(400);
    await fx.okCall('expert03', 'POST', API.taskDecline, { id: task.expert03, reason: '出差在外' });
    const row = await fx.t.db.execute<Json>(
      sql`SELECT state, decline_reason FROM review_member WHERE id = ${task.expert03}`,
    );
    expect(row.rows[0]).toEqual({ state: 'declined', decline_reason: '出差在外' });
    const c = await fx.t.db.execute<Json>(sql`SELECT state FROM review_committee WHERE package_id = ${pkgA}`);
    expect(c.rows[0].state).toBe('drawn');
  });

  it('opens the leader vote once every seat signed in, and refuses sign-in outside 待开标/已开标', async () => {
    // Package B: size 1 seat (expert02). Its sign-in completes the committee.
    await fx.okCall('expert02', 'POST', API.taskSignIn, { id: task.expert02B, agree: true });
    const c = await fx.t.db.execute<Json>(sql`SELECT state FROM review_committee WHERE package_id = ${pkgB}`);
    expect(c.rows[0].state).toBe('electing');
    const m = await fx.t.db.execute<Json>(sql`SELECT state FROM review_member WHERE id = ${task.expert02B}`);
    expect(m.rows[0].state).toBe('electing');
    const pkgC = await fx.makePackage({ stage: 7 });
    const t = await committee(pkgC, ['expert04']);
    const r = await fx.call('expert04', 'POST', API.taskSignIn, { id: t.expert04, agree: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('不能执行「签到」');
  });
});
