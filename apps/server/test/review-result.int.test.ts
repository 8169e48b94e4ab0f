import { REVIEW_API as API, REVIEW_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_CANDIDATE_LEFT } from '../src/modules/procurement/review/result.ts';
import { bidFixture, type Json, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';

/**
 * 汇总, the result, 竞选核查 and resultConfirm (issue 15 §9). The steps before 组长汇总 (draw, sign-in, vote,
 * qualification, scoring) are other slices': each package is set up by SQL as they leave it — stage 8, committee
 * 'summarizing' with expert01 as leader, five members 'summarizing', review_bid rows valid with the opening's
 * evaluated prices, every score submitted — and the 'summarizing' seam is announced as the last submission does.
 */
const fx = bidFixture();
const EXPERTS = ['expert01', 'expert02', 'expert03', 'expert04', 'expert05'];
// The first hand-computed case: A, B, C = supplier01..03; 技术 (40) and 商务 (20) per expert.
const CASE = {
  [SUP1]: { price: '950000.00', tech: [35, 38, 30, 36, 33], biz: [18, 17, 19, 15, 18] },
  [SUP2]: { price: '900000.00', tech: [30, 32, 31, 29, 33], biz: [16, 16, 17, 15, 18] },
  [SUP3]: { price: '1000000.00', tech: [39, 37, 38, 40, 36], biz: [19, 20, 18, 19, 17] },
};

interface Review {
  packageId: string;
  committeeId: string;
  members: string[];
  items: { tech: string; biz: string };
  bids: Record<string, string>;
}

async function summarizingPackage(candidateCount: number, fixedPrice = '2000000.00'): Promise<Review> {
  const db = fx.t.db;
  const packageId = await fx.makePackage({ stage: 8, bare: true, fixedPrice });
  await db.execute(sql`UPDATE purchase_package SET purchase_candidate_count = ${candidateCount},
    review_start_time = now() - interval '1 hour' WHERE id = ${packageId}`);
  const it = await db.execute<{ id: string; name: string }>(sql`
    INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
    VALUES (1, ${packageId}, 'qualification', '营业执照', NULL, 1), (1, ${packageId}, 'scoring', '技术', 40, 2),
      (1, ${packageId}, 'scoring', '商务', 20, 3) RETURNING id, name`);
  const items = {
    tech: it.rows.find((r) => r.name === '技术')?.id ?? '',
    biz: it.rows.find((r) => r.name === '商务')?.id ?? '',
  };
  const c = await db.execute<{ id: string }>(sql`
    INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
    VALUES (1, ${packageId}, 5, 'seed-test', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb,
      'buyer01', 'summarizing') RETURNING id`);
  const committeeId = c.rows[0]?.id ?? '';
  const members: string[] = [];
  for (const [i, u] of EXPERTS.entries()) {
    const m = await db.execute<{ id: string }>(sql`
      INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
        sign_in_time, submit_time)
      SELECT 1, ${committeeId}, ${packageId}, u.id, e.id, 'expert', ${i + 1}, 'summarizing', now(), now()
      FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u} RETURNING id`);
    members.push(m.rows[0]?.id ?? '');
  }
  await db.execute(sql`UPDATE review_committee SET leader_member_id = ${members[0]} WHERE id = ${committeeId}`);
  const bids: Record<string, string> = {};
  for (const [supplierId, x] of Object.entries(CASE)) {
    const su = await db.execute<{ id: string; user_id: string }>(sql`
      INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
      SELECT 1, ${packageId}, ${supplierId}, id FROM sys_user WHERE username = 'supplier01' RETURNING id, user_id`);
    const b = await db.execute<{ id: string }>(sql`
      INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
        submit_by, price, evaluated_price, opened_time)
      VALUES (1, ${packageId}, ${supplierId}, ${su.rows[0]?.id}, 'price', 'sealed', '[]'::jsonb, ${su.rows[0]?.user_id},
        ${x.price}, ${x.price}, now()) RETURNING id`);
    const bidId = b.rows[0]?.id ?? '';
    bids[supplierId] = bidId;
    await db.execute(sql`INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id,
        qualification, evaluated_price) VALUES (1, ${committeeId}, ${packageId}, ${bidId}, ${supplierId}, 'passed', ${x.price})`);
    for (const [i, memberId] of members.entries()) {
      await db.execute(sql`INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score, state,
          submit_time) VALUES (1, ${committeeId}, ${memberId}, ${bidId}, ${items.tech}, ${x.tech[i]}, 'submitted', now()),
          (1, ${committeeId}, ${memberId}, ${bidId}, ${items.biz}, ${x.biz[i]}, 'submitted', now())`);
    }
  }
  const review = { packageId, committeeId, members, items, bids };
  // The last submission announces 组长汇总 (B's slice does it in its transaction).
  await announce(review, 'summarizing');
  return review;
}

/** What another step announces on the review seams, in a transaction of its own (as the leader). */
function announce(r: Review, event: 'summarizing' | 'changed') {
  const ctx = {
    tenantId: 1,
    packageId: r.packageId,
    committeeId: r.committeeId,
    actor: { tenantId: 1, userId: r.members[0] ?? '', username: 'expert01' },
  };
  return fx.t.db.transaction((tx) =>
    event === 'summarizing'
      ? fx.t.services.reviewHooks.emit(tx, 'summarizing', ctx)
      : fx.t.services.reviewHooks.emit(tx, 'changed', { ...ctx, cause: 'test' }),
  );
}

const get = (who: string, path: string, packageId: string) => fx.call(who, 'GET', `${path}?packageId=${packageId}`);
const check = (who: string, path: string, body: object) => fx.call(who, 'POST', path, body);
const reviewBids = async (committeeId: string): Promise<Json> =>
  Object.fromEntries(
    (
      await fx.t.db.execute<Json>(sql`SELECT supplier_id, valid, invalid_reason, total_score::text AS total,
        final_rank, candidate, campaign_check FROM review_bid WHERE committee_id = ${committeeId}`)
    ).rows.map((r: Json) => [r.supplier_id, r]),
  );
const resultRow = async (committeeId: string) =>
  (await fx.t.db.execute<Json>(sql`SELECT * FROM review_result WHERE committee_id = ${committeeId}`)).rows[0];

let one: Review;

beforeAll(async () => {
  for (const u of [...EXPERTS, 'expert06']) fx.tokens[u] = await fx.t.login(u);
  one = await summarizingPackage(1);
});

describe('评审汇总 (issue 15 §9)', () => {
  it('computes the hand-computed case through the database: totals 90.23 / 87.33 / 92.67, ranking C, A, B', async () => {
    const rows = await reviewBids(one.committeeId);
    expect(rows[SUP1]).toMatchObject({ total: '90.23', final_rank: 2, candidate: false, valid: true });
    expect(rows[SUP2]).toMatchObject({ total: '87.33', final_rank: 3, candidate: false });
    expect(rows[SUP3]).toMatchObject({ total: '92.67', final_rank: 1, candidate: true });
    const result = await resultRow(one.committeeId);
    expect(result).toMatchObject({ candidates: [SUP3], election_status: '1', computed_by: 'expert01' });
    expect(result.snapshot.pricePoints).toBe('40.00');
  });

  it('answers the summary per bidder, item and expert with the engine means, price score, total, rank', async () => {
    const s = await fx.okCall('expert02', 'GET', `${API.scoreSummary}?packageId=${one.packageId}`);
    expect(s.experts.map((e: Json) => e.memberId)).toEqual(one.members);
    expect(s.items.map((i: Json) => [i.name, i.maxScore])).toEqual([
      ['技术', '40.00'],
      ['商务', '20.00'],
    ]);
    expect(s.rows.map((r: Json) => r.supplierId)).toEqual([SUP3, SUP1, SUP2]);
    const a = s.rows.find((r: Json) => r.supplierId === SUP1);
    expect(a).toMatchObject({
      itemMeans: { [one.items.tech]: '34.667', [one.items.biz]: '17.667' },
      priceScore: '37.895',
      total: '90.23',
      rank: 2,
      candidate: false,
      evaluatedPrice: '950000.00',
    });
    expect(a.scores[one.items.tech][one.members[1] ?? '']).toBe('38.000');
    const b = s.rows.find((r: Json) => r.supplierId === SUP2);
    expect(b).toMatchObject({ priceScore: '40.000', total: '87.33' });
    const c = s.rows.find((r: Json) => r.supplierId === SUP3);
    expect(c).toMatchObject({ itemMeans: { [one.items.tech]: '38.000', [one.items.biz]: '18.667' }, total: '92.67' });
    expect(s).toMatchObject({ pricePoints: '40.00', priceMethod: 'low_price', errors: [] });
  });

  it('refuses the summary to an expert off the committee, a supplier and a buyer', async () => {
    const off = await get('expert06', API.scoreSummary, one.packageId);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(M.notOnCommittee);
    expect((await get('expert06', API.reviewResults, one.packageId)).status).toBe(403);
    expect((await get('supplier01', API.scoreSummary, one.packageId)).status).toBe(403);
    expect((await get('supplier01', API.reviewResults, one.packageId)).status).toBe(403);
    expect((await get('buyer01', API.scoreSummary, one.packageId)).status).toBe(403);
  });

  it('answers the buyer through 评审管理 (review:monitor, data scope), never an expert or a supplier', async () => {
    const s = await fx.okCall('buyer01', 'GET', `${API.monitorSummary}?packageId=${one.packageId}`);
    expect(s.rows.map((r: Json) => [r.supplierId, r.total])).toEqual([
      [SUP3, '92.67'],
      [SUP1, '90.23'],
      [SUP2, '87.33'],
    ]);
    expect((await get('expert01', API.monitorSummary, one.packageId)).status).toBe(403);
    expect((await get('supplier01', API.monitorSummary, one.packageId)).status).toBe(403);
    // Outside the buyer's data scope (another department's package): not found.
    const other = await fx.makePackage({ stage: 8, orgCode: 'A02' });
    const outside = await get('buyer01', API.monitorSummary, other);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('标包不存在或已删除');
  });

  it('records campaign checks: leader only, candidates only, 不通过 needs findings, four passes → passed', async () => {
    const body = { packageId: one.packageId, bidId: one.bids[SUP3], result: 'pass' };
    const member = await check('expert02', API.checkPersonal, body);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(M.notLeader);
    const notCand = await check('expert01', API.checkPersonal, { ...body, bidId: one.bids[SUP1] });
    expect(notCand.body.message).toBe(M.notCandidateBid);
    const noFindings = await check('expert01', API.checkCredit, { ...body, result: 'fail' });
    expect(noFindings.status).toBe(400);
    expect(noFindings.body.message).toBe(M.findingsRequired);
    expect((await check('expert06', API.checkPersonal, body)).status).toBe(403);
    expect((await check('supplier01', API.checkPersonal, body)).status).toBe(403);
    for (const path of [API.checkPersonal, API.checkContract, API.checkEquip]) {
      await fx.okCall('expert01', 'POST', path, body);
    }
    expect((await reviewBids(one.committeeId))[SUP3].campaign_check).toBe('pending');
    const dto = await fx.okCall('expert01', 'POST', API.checkCredit, body);
    expect(dto).toMatchObject({ kind: 'credit', result: 'pass', supplierId: SUP3 });
    expect((await reviewBids(one.committeeId))[SUP3].campaign_check).toBe('passed');
    // addOrUpadte: a second record of a kind replaces the first.
    const again = await fx.okCall('expert01', 'POST', API.checkCredit, body);
    expect(again.id).toBe(dto.id);
  });

  it('a failed credit check disqualifies candidate 1 and promotes candidate 2 without re-ranking', async () => {
    await fx.okCall('expert01', 'POST', API.checkCredit, {
      packageId: one.packageId,
      bidId: one.bids[SUP3],
      result: 'fail',
      findings: '信用中国查询存在严重失信记录',
    });
    const rows = await reviewBids(one.committeeId);
    expect(rows[SUP3]).toMatchObject({
      valid: false,
      invalid_reason: 'campaign_check',
      candidate: false,
      campaign_check: 'failed',
      final_rank: 1,
      total: '92.67',
    });
    expect(rows[SUP1]).toMatchObject({ candidate: true, final_rank: 2, total: '90.23' });
    expect((await resultRow(one.committeeId)).candidates).toEqual([SUP1]);
    const r = await fx.okCall('expert03', 'GET', `${API.reviewResults}?packageId=${one.packageId}`);
    expect(r.candidates).toEqual([SUP1]);
    expect(r.ranking.map((x: Json) => [x.supplierId, x.candidate, x.campaignCheck])).toEqual([
      [SUP3, false, 'failed'],
      [SUP1, true, 'pending'],
      [SUP2, false, 'pending'],
    ]);
    expect(r.checks.filter((k: Json) => k.result === 'fail').map((k: Json) => k.kind)).toEqual(['credit']);
    // A disqualified bidder is no longer a candidate: it cannot be checked again.
    const late = await check('expert01', API.checkPersonal, {
      packageId: one.packageId,
      bidId: one.bids[SUP3],
      result: 'pass',
    });
    expect(late.body.message).toBe(M.notCandidateBid);
  });

  it('refuses the confirmation while a returned score or an undecided clarification exists', async () => {
    const db = fx.t.db;
    // A return for re-scoring (B's slice) as its row leaves it.
    await db.execute(sql`UPDATE review_score SET state = 'returned', return_note = '请复核'
      WHERE member_id = ${one.members[2]} AND item_id = ${one.items.tech} AND bid_id = ${one.bids[SUP1]}`);
    const returned = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(returned.status).toBe(400);
    expect(returned.body.message).toBe(M.rescorePending);
    await db.execute(sql`UPDATE review_score SET state = 'submitted', return_note = NULL
      WHERE member_id = ${one.members[2]} AND item_id = ${one.items.tech} AND bid_id = ${one.bids[SUP1]}`);
    // An open 报价澄清 (D's slice) as its row leaves it.
    const clar = await db.execute<{ id: string }>(sql`INSERT INTO review_clarification (tenant_id, committee_id,
        package_id, bid_id, supplier_id, kind, question, deadline, asked_by)
      VALUES (1, ${one.committeeId}, ${one.packageId}, ${one.bids[SUP2]}, ${SUP2}, 'clarify', '请说明报价构成',
        now() + interval '1 day', ${one.members[0]}) RETURNING id`);
    const open = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(open.body.message).toBe(M.clarificationsPending);
    await db.execute(
      sql`UPDATE review_clarification SET state = 'answered', answer = '含税含运费' WHERE id = ${clar.rows[0]?.id}`,
    );
    const answered = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(answered.body.message).toBe(M.clarificationsPending);
    await db.execute(sql`UPDATE review_clarification SET state = 'accepted' WHERE id = ${clar.rows[0]?.id}`);
    const byMember = await fx.call('expert02', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(M.notLeader);
  });

  it('the leader confirms: the committee and every member go to 签字', async () => {
    const r = await fx.okCall('expert01', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(r).toMatchObject({ committeeState: 'signing', candidates: [SUP1] });
    const states = await fx.t.db.execute<{ state: string }>(sql`SELECT state FROM review_member
      WHERE committee_id = ${one.committeeId}`);
    expect(states.rows.map((s) => s.state)).toEqual(Array(5).fill('signing'));
    const again = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: one.packageId });
    expect(again.status).toBe(400);
    const late = await check('expert01', API.checkCredit, {
      packageId: one.packageId,
      bidId: one.bids[SUP1],
      result: 'pass',
    });
    expect(late.status).toBe(400);
    // The result stays readable while signing.
    expect((await get('expert04', API.scoreSummary, one.packageId)).status).toBe(200);
  });

  it('every candidate failing its check → 流标: committee ended, package at 9 with electionStatus 0', async () => {
    const two = await summarizingPackage(1);
    for (const s of [SUP3, SUP1, SUP2]) {
      await fx.okCall('expert01', 'POST', API.checkPersonal, {
        packageId: two.packageId,
        bidId: two.bids[s],
        result: 'fail',
        findings: '项目负责人与投标文件不符',
      });
    }
    expect(await fx.stageOf(two.packageId)).toEqual({ s: 9, e: '0' });
    const result = await resultRow(two.committeeId);
    expect(result).toMatchObject({ election_status: '0', failure_reason: NO_CANDIDATE_LEFT, candidates: [] });
    const c = await fx.t.db.execute<{ state: string }>(
      sql`SELECT state FROM review_committee WHERE id = ${two.committeeId}`,
    );
    expect(c.rows[0]?.state).toBe('ended');
    const m = await fx.t.db.execute<{ state: string }>(sql`SELECT DISTINCT state FROM review_member
      WHERE committee_id = ${two.committeeId}`);
    expect(m.rows.map((r) => r.state)).toEqual(['done']);
    const refused = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: two.packageId });
    expect(refused.body.message).toBe(M.reviewEnded);
    const r = await fx.okCall('expert02', 'GET', `${API.reviewResults}?packageId=${two.packageId}`);
    expect(r).toMatchObject({ electionStatus: '0', failureReason: NO_CANDIDATE_LEFT, candidates: [] });
  });

  it('quotes above the price limit are out; too few valid bidders left → 流标 with the engine reason', async () => {
    const four = await summarizingPackage(1, '920000.00');
    const rows = await reviewBids(four.committeeId);
    expect(rows[SUP3]).toMatchObject({ valid: false, invalid_reason: 'price_limit', candidate: false });
    expect(rows[SUP1]).toMatchObject({ valid: false, invalid_reason: 'price_limit' });
    expect(rows[SUP2]).toMatchObject({ valid: true, candidate: false });
    expect(await fx.stageOf(four.packageId)).toEqual({ s: 9, e: '0' });
    expect(await resultRow(four.committeeId)).toMatchObject({
      election_status: '0',
      failure_reason: '有效投标人1家，少于最低3家，流标',
    });
  });

  it('a lower quote from a quotation round re-prices everyone on the next change', async () => {
    const five = await summarizingPackage(3);
    // Read once first: the cached summary must not outlive the recomputation.
    const before = await fx.okCall('expert01', 'GET', `${API.scoreSummary}?packageId=${five.packageId}`);
    expect(before.rows.find((r: Json) => r.supplierId === SUP1).priceScore).toBe('37.895');
    // A round (D's slice) leaves the bid's evaluated price lowered and announces the change.
    await fx.t.db.execute(sql`UPDATE review_bid SET evaluated_price = 850000 WHERE bid_id = ${five.bids[SUP2]}`);
    await announce(five, 'changed');
    const s = await fx.okCall('expert01', 'GET', `${API.scoreSummary}?packageId=${five.packageId}`);
    const by = Object.fromEntries(s.rows.map((r: Json) => [r.supplierId, r]));
    expect(by[SUP2]).toMatchObject({ evaluatedPrice: '850000.00', priceScore: '40.000', total: '87.33', rank: 3 });
    expect(by[SUP1]).toMatchObject({ priceScore: '35.789', total: '88.12', rank: 2 });
    expect(by[SUP3]).toMatchObject({ priceScore: '34.000', total: '90.67', rank: 1 });
  });

  it('a missing sheet leaves the result incomplete: the summary shows the refusals, the confirmation is refused', async () => {
    const three = await summarizingPackage(3);
    expect((await resultRow(three.committeeId)).candidates).toEqual([SUP3, SUP1, SUP2]);
    await fx.t.db.execute(sql`UPDATE review_score SET state = 'draft' WHERE member_id = ${three.members[4]}
      AND bid_id = ${three.bids[SUP2]} AND item_id = ${three.items.biz}`);
    await announce(three, 'changed');
    const s = await fx.okCall('expert01', 'GET', `${API.scoreSummary}?packageId=${three.packageId}`);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]).toContain('商务');
    expect(s.rows.find((r: Json) => r.supplierId === SUP2).scores[three.items.biz][three.members[4] ?? '']).toBe(
      undefined,
    );
    const refused = await fx.call('expert01', 'POST', API.resultConfirm, { packageId: three.packageId });
    expect(refused.body.message).toBe(M.resultNotReady);
  });
});
