import { REVIEW_API as API, REVIEW_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { seatFor } from '../src/modules/procurement/review/seat.ts';
import { bidFixture, type Json, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';

/**
 * 签字, 结束评审 and the review report (issue 15 §9). The steps before (draw, sign-in, vote, qualification, scoring,
 * the result confirmation) are other slices: the state resultConfirm leaves is inserted here by SQL — package at
 * stage 8 with a review start time, committee and members in 'signing', expert01 the leader, review_bid rows with
 * totals and ranks, submitted scores, and a review_result with the candidates in rank order.
 */
const fx = bidFixture();
const EXPERTS = ['expert01', 'expert02', 'expert03', 'expert04', 'expert05'];
const NAMES: Record<string, string> = {};

interface Review {
  packageId: string;
  committeeId: string;
  members: Record<string, string>;
  bids: Record<string, string>;
}

async function bid(packageId: string, supplierId: string, user: string) {
  const su = await fx.t.db.execute<{ id: string; user_id: string }>(sql`
    INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
    SELECT 1, ${packageId}, ${supplierId}, id FROM sys_user WHERE username = ${user} RETURNING id, user_id`);
  const b = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files, submit_by)
    VALUES (1, ${packageId}, ${supplierId}, ${su.rows[0]?.id}, 'price', 'sealed', '[]'::jsonb, ${su.rows[0]?.user_id})
    RETURNING id`);
  return b.rows[0]?.id ?? '';
}

/** A package as resultConfirm leaves it: signing, SUP3 invalid (qualification), candidates SUP2 then SUP1. */
async function signingReview(category = '2'): Promise<Review> {
  const packageId = await fx.makePackage({ stage: 8, category });
  await fx.t.db.execute(sql`UPDATE purchase_package SET review_start_time = now() - interval '2 hours',
    create_by = 'buyer01' WHERE id = ${packageId}`);
  const c = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
    VALUES (1, ${packageId}, 5, 'seed-sign', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb,
      'buyer01', 'signing') RETURNING id`);
  const committeeId = c.rows[0]?.id ?? '';
  const members: Record<string, string> = {};
  for (const [i, u] of EXPERTS.entries()) {
    const m = await fx.t.db.execute<{ id: string }>(sql`
      INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
        sign_in_time)
      SELECT 1, ${committeeId}, ${packageId}, u.id, e.id, 'expert', ${i + 1}, 'signing', now()
      FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u} RETURNING id`);
    members[u] = m.rows[0]?.id ?? '';
  }
  await fx.t.db.execute(
    sql`UPDATE review_committee SET leader_member_id = ${members.expert01} WHERE id = ${committeeId}`,
  );
  // expert07 avoided (回避) at sign-in: out of the committee, so neither a signer nor counted as missing.
  await fx.t.db.execute(sql`
    INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
      decline_reason)
    SELECT 1, ${committeeId}, ${packageId}, u.id, e.id, 'expert', 9, 'avoided', '与投标人存在利害关系'
    FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = 'expert07'`);
  const bids = {
    sup1: await bid(packageId, SUP1, 'supplier01'),
    sup2: await bid(packageId, SUP2, 'supplier02'),
    sup3: await bid(packageId, SUP3, 'supplier03'),
  };
  const rows: [string, string, boolean, string | null, number | null][] = [
    [bids.sup2, SUP2, true, '92.67', 1],
    [bids.sup1, SUP1, true, '90.23', 2],
    [bids.sup3, SUP3, false, null, null],
  ];
  for (const [bidId, supplierId, valid, total, rank] of rows) {
    await fx.t.db.execute(sql`INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id,
        qualification, valid, invalid_reason, evaluated_price, total_score, final_rank, candidate)
      VALUES (1, ${committeeId}, ${packageId}, ${bidId}, ${supplierId}, ${valid ? 'passed' : 'failed'}, ${valid},
        ${valid ? null : 'qualification'}, ${valid ? '950000.00' : null}, ${total}, ${rank}, ${valid})`);
  }
  // Submitted sheets on the scoring item (技术方案, max 60): SUP2's trimmed mean of 50 52 54 56 58 is 54.000.
  const item = await fx.t.db.execute<{ id: string }>(
    sql`SELECT id FROM purchase_review_item WHERE package_id = ${packageId} AND kind = 'scoring'`,
  );
  for (const [i, u] of EXPERTS.entries()) {
    await fx.t.db.execute(sql`INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score,
        state, submit_time)
      VALUES (1, ${committeeId}, ${members[u]}, ${bids.sup2}, ${item.rows[0]?.id}, ${50 + 2 * i}, 'submitted', now()),
        (1, ${committeeId}, ${members[u]}, ${bids.sup1}, ${item.rows[0]?.id}, ${40 + i}, 'submitted', now())`);
  }
  await fx.t.db.execute(sql`INSERT INTO review_result (tenant_id, committee_id, package_id, snapshot, candidates,
      computed_by)
    VALUES (1, ${committeeId}, ${packageId}, '{"bidders":[]}'::jsonb, ${JSON.stringify([SUP2, SUP1])}::jsonb,
      'expert01')`);
  return { packageId, committeeId, members, bids };
}

const sign = (who: string, packageId: string, opinion: string, dissentReason?: string) =>
  fx.call(who, 'PUT', API.sign, { packageId, opinion, ...(dissentReason ? { dissentReason } : {}) });
const end = (who: string, packageId: string) => fx.call(who, 'PUT', API.putReviewScoreEnd, { packageId });

async function pdfText(who: string, packageId: string): Promise<{ status: number; head: string; text: string }> {
  const res = await fx.t.app.inject({
    method: 'GET',
    url: `/aps${API.report}?packageId=${packageId}`,
    headers: { 'x-access-token': fx.tokens[who] ?? who },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, head: '', text: res.body };
  const bytes = new Uint8Array(res.rawPayload);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { status: 200, head: Buffer.from(res.rawPayload.subarray(0, 5)).toString('latin1'), text };
}

let r: Review;
beforeAll(async () => {
  for (const u of EXPERTS) fx.tokens[u] = await fx.t.login(u);
  const names = await fx.t.db.execute<{ username: string; realname: string }>(
    sql`SELECT username, realname FROM sys_user WHERE username LIKE 'expert0%'`,
  );
  for (const n of names.rows) NAMES[n.username] = n.realname;
  r = await signingReview();
});

describe('签字 (editSign)', () => {
  it('refuses a dissent without a reason, before anything is written', async () => {
    const res = await sign('expert02', r.packageId, 'dissent');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(M.dissentReason);
    const row = await fx.t.db.execute<{ state: string; sign_time: Date | null }>(
      sql`SELECT state, sign_time FROM review_member WHERE id = ${r.members.expert02}`,
    );
    expect(row.rows[0]).toMatchObject({ state: 'signing', sign_time: null });
  });

  it('records a signature once; a second is refused (alreadySigned)', async () => {
    const first = await fx.okCall('expert02', 'PUT', API.sign, {
      packageId: r.packageId,
      opinion: 'dissent',
      dissentReason: '商务评分偏高',
    });
    expect(first).toMatchObject({ memberId: r.members.expert02, state: 'done', signed: 1, members: 5 });
    const again = await sign('expert02', r.packageId, 'agree');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.alreadySigned);
    const row = await fx.t.db.execute<{ state: string; sign_opinion: string; dissent_reason: string }>(
      sql`SELECT state, sign_opinion, dissent_reason FROM review_member WHERE id = ${r.members.expert02}`,
    );
    expect(row.rows[0]).toMatchObject({ state: 'done', sign_opinion: 'dissent', dissent_reason: '商务评分偏高' });
  });

  it('refuses a caller who is not on the committee (403) and a supplier (403)', async () => {
    fx.tokens.expert06 = await fx.t.login('expert06');
    const outsider = await sign('expert06', r.packageId, 'agree');
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(M.notOnCommittee);
    expect((await sign('supplier01', r.packageId, 'agree')).status).toBe(403);
    fx.tokens.expert07 = await fx.t.login('expert07');
    const avoided = await sign('expert07', r.packageId, 'agree');
    expect(avoided.status).toBe(400);
    expect(avoided.body.message).toBe(M.memberOut('回避'));
  });

  it('the goods/assets variant signs a 物资/资产 package only; editData revises the opinion', async () => {
    const labour = await signingReview('1');
    const refused = await fx.call('expert03', 'PUT', API.assetsExpertSign, {
      packageId: labour.packageId,
      opinion: 'agree',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(M.assetsOnly);
    // r is a 物资/资产 package (category 2): editData signs, then revises before the end; editSign refuses a second.
    await fx.okCall('expert03', 'PUT', API.assetsExpertEdit, { packageId: r.packageId, opinion: 'agree' });
    const revised = await fx.okCall('expert03', 'PUT', API.assetsExpertEdit, {
      packageId: r.packageId,
      opinion: 'dissent',
      dissentReason: '资产清单数量与招标文件不符',
    });
    expect(revised.state).toBe('done');
    const twice = await fx.call('expert03', 'PUT', API.assetsExpertSign, { packageId: r.packageId, opinion: 'agree' });
    expect(twice.body.message).toBe(M.alreadySigned);
    const row = await fx.t.db.execute<{ sign_opinion: string; dissent_reason: string }>(
      sql`SELECT sign_opinion, dissent_reason FROM review_member WHERE id = ${r.members.expert03}`,
    );
    expect(row.rows[0]).toMatchObject({ sign_opinion: 'dissent', dissent_reason: '资产清单数量与招标文件不符' });
  });
});

describe('结束评审 (putReviewScoreEnd)', () => {
  it('is refused to a member who is not the leader, and while signatures are missing', async () => {
    const notLeader = await end('expert02', r.packageId);
    expect(notLeader.status).toBe(403);
    expect(notLeader.body.message).toBe(M.notLeader);
    const missing = await end('expert01', r.packageId);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(M.signaturesMissing(3));
    const state = await fx.okCall('buyer01', 'GET', `${API.queryIsEndReviewById}?packageId=${r.packageId}`);
    expect(state).toMatchObject({ ended: false, committeeState: 'signing', signed: 2, members: 5, purchaseStage: 8 });
    // The brief result the members sign: valid bidders by rank, the invalid one last with its reason.
    expect(state.ranking.map((b: Json) => [b.rank, b.valid, b.candidate])).toEqual([
      [1, true, true],
      [2, true, true],
      [null, false, false],
    ]);
    expect(state.ranking[2].invalidReason).toBe('资格/符合性审查未通过');
    expect(state.candidateNames).toEqual([state.ranking[0].supplierName, state.ranking[1].supplierName]);
  });

  it('ends the review: stage 9, reviewStopTime, valid bidders and candidates, committee ended, bell to the buyer', async () => {
    for (const u of ['expert01', 'expert04', 'expert05'])
      await fx.okCall(u, 'PUT', API.sign, {
        packageId: r.packageId,
        opinion: 'agree',
      });
    const ended = await fx.okCall('expert01', 'PUT', API.putReviewScoreEnd, { packageId: r.packageId });
    expect(ended).toMatchObject({ ended: true, committeeState: 'ended', purchaseStage: 9, signed: 5, members: 5 });
    expect(ended.reportFileId).toBeTruthy();
    const pkg = await fx.t.db.execute<Json>(sql`SELECT purchase_stage, election_status, review_stop_time,
        valid_bidder_ids, ranked_candidates FROM purchase_package WHERE id = ${r.packageId}`);
    const p = pkg.rows[0];
    expect(p.purchase_stage).toBe(9);
    expect(p.election_status).toBe('1');
    expect(p.review_stop_time).toBeTruthy();
    expect([...p.valid_bidder_ids].sort()).toEqual([SUP1, SUP2].sort());
    expect(p.ranked_candidates).toEqual([SUP2, SUP1]);
    const c = await fx.t.db.execute<Json>(sql`SELECT c.state, r.end_time, r.report_file_id FROM review_committee c
      JOIN review_result r ON r.committee_id = c.id WHERE c.id = ${r.committeeId}`);
    expect(c.rows[0].state).toBe('ended');
    expect(c.rows[0].end_time).toBeTruthy();
    expect(c.rows[0].report_file_id).toBe(ended.reportFileId);
    const bell = await fx.t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sys_announcement a
      JOIN sys_announcement_send s ON s.annt_id = a.id JOIN sys_user u ON u.id = s.user_id
      WHERE a.bus_type = 'review_end' AND a.bus_id = ${r.committeeId} AND u.username = 'buyer01'`);
    expect(bell.rows[0]?.n).toBe(1);
    const state = await fx.okCall('expert03', 'GET', `${API.queryIsEndReviewById}?packageId=${r.packageId}`);
    expect(state).toMatchObject({ ended: true, purchaseStage: 9 });
    expect(state.reviewStopTime).toBeTruthy();
  });

  it('refuses every write after the end: a second end, a signature, a scoring sheet (reviewEnded)', async () => {
    const again = await end('expert01', r.packageId);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.reviewEnded);
    expect((await sign('expert02', r.packageId, 'agree')).body.message).toBe(M.reviewEnded);
    // The scoring sheet's save (slice p15-score) opens with seatFor and the scoring rule: the end refuses it.
    const actor = { tenantId: 1, userId: '', username: 'expert04' };
    const u = await fx.t.db.execute<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = 'expert04'`);
    actor.userId = u.rows[0]?.id ?? '';
    await expect(
      fx.t.db.transaction((tx) =>
        seatFor(tx, actor, r.packageId, {
          action: '评分',
          stages: [7, 8],
          committeeStates: ['scoring', 'summarizing'],
          memberStates: ['scoring'],
        }),
      ),
    ).rejects.toThrow(M.reviewEnded);
    const scoreSave = await fx.call('expert04', 'POST', API.scoreSave, { packageId: r.packageId });
    // Until the scoring slice is merged the path is not registered (404); once it is, the end refuses it.
    expect([400, 404]).toContain(scoreSave.status);
    if (scoreSave.status === 400) expect(scoreSave.body.message).toBeTruthy();
  });
});

describe('评审报告 (report PDF)', () => {
  it('downloads a PDF with the package, the scores and every signer, for the committee and the buyer', async () => {
    const asMember = await pdfText('expert04', r.packageId);
    expect(asMember.status).toBe(200);
    expect(asMember.head).toBe('%PDF-');
    for (const u of EXPERTS) expect(asMember.text).toContain(NAMES[u]);
    expect(asMember.text).toContain('评审报告');
    expect(asMember.text).toContain('商务评分偏高');
    expect(asMember.text).toContain('资产清单数量与招标文件不符');
    expect(asMember.text).toContain('54.000');
    expect(asMember.text).toContain('92.67');
    expect(asMember.text).toContain('资格/符合性审查未通过');
    const asBuyer = await pdfText('buyer01', r.packageId);
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.text).toContain(NAMES.expert01);
    expect((await pdfText('supervisor01', r.packageId)).status).toBe(200);
  });

  it('is never readable by a supplier nor by an expert off the committee', async () => {
    expect((await pdfText('supplier01', r.packageId)).status).toBe(403);
    expect((await pdfText('expert06', r.packageId)).status).toBe(403);
    // A member who left the committee (回避) no longer reads it either.
    expect((await pdfText('expert07', r.packageId)).status).toBe(403);
    const state = await fx.call('supplier01', 'GET', `${API.queryIsEndReviewById}?packageId=${r.packageId}`);
    expect(state.status).toBe(403);
  });

  it('reports a 流标 review (ended by failReview, no signatures) with its reason, generated on first download', async () => {
    const failed = await signingReview();
    // The state failReview (qualification, another slice) leaves: committee ended, result '0' with its reason.
    await fx.t.db.execute(sql`UPDATE review_committee SET state = 'ended' WHERE id = ${failed.committeeId}`);
    await fx.t.db.execute(sql`UPDATE review_member SET state = 'done' WHERE committee_id = ${failed.committeeId}`);
    await fx.t.db.execute(sql`UPDATE review_result SET election_status = '0', candidates = '[]'::jsonb,
      failure_reason = '有效投标人不足3家', end_time = now() WHERE committee_id = ${failed.committeeId}`);
    const state = await fx.okCall('buyer01', 'GET', `${API.queryIsEndReviewById}?packageId=${failed.packageId}`);
    expect(state).toMatchObject({ ended: true, reportFileId: null, candidateNames: [] });
    const pdf = await pdfText('buyer01', failed.packageId);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('流标（有效投标人不足3家）');
    const after = await fx.okCall('expert02', 'GET', `${API.queryIsEndReviewById}?packageId=${failed.packageId}`);
    expect(after.reportFileId).toBeTruthy();
  });

  it('is refused before the review ended', async () => {
    const open = await signingReview();
    const res = await fx.call('buyer01', 'GET', `${API.report}?packageId=${open.packageId}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.reviewNotEnded);
  });
});
