import { REVIEW_API as API, REVIEW_MESSAGES as M, PROCUREMENT_API } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Json } from './procurement-bid-fixture.ts';
import { DRAWN_WITH_SUPPLIER02, type OpenedBid, reviewFlowFixture } from './review-flow-fixture.ts';

/**
 * Issue 15 end to end through the REAL paths only (review-flow-fixture: real opening, draw, sign-in, vote,
 * qualification), then 评分 → 组长汇总 → 评审汇总 → resultConfirm → 签字 → 结束评审 → the buyer's 结束审核.
 * The hand-computed case: A = supplier01 950,000, B = supplier02 900,000, C = supplier03 1,000,000; 技术 40,
 * 商务 20, 低价优先 (price 40): totals 90.23 / 87.33 / 92.67, ranking C, A, B.
 */
const fx = reviewFlowFixture();
const SCORES: Record<string, { tech: number[]; biz: number[] }> = {
  supplier01: { tech: [35, 38, 30, 36, 33], biz: [18, 17, 19, 15, 18] },
  supplier02: { tech: [30, 32, 31, 29, 33], biz: [16, 16, 17, 15, 18] },
  supplier03: { tech: [39, 37, 38, 40, 36], biz: [19, 20, 18, 19, 17] },
};
const FLAT = { tech: [30, 30, 30, 30, 30], biz: [15, 15, 15, 15, 15] };

const stage = async (packageId: string) => (await fx.stageOf(packageId))?.s;
const committee = async (packageId: string) =>
  (await fx.t.db.execute<Json>(sql`SELECT id, state FROM review_committee WHERE package_id = ${packageId}`)).rows[0];
const summary = (packageId: string, who = 'expert01') =>
  fx.okCall(who, 'GET', `${API.scoreSummary}?packageId=${packageId}`);
const ranking = (s: Json) => s.rows.map((r: Json) => [r.supplierId, r.total, r.rank]);

/** Opened, drawn, voted (expert01 leads) and qualified; the given failures fail qualification. */
async function qualified(
  o: Parameters<ReturnType<typeof reviewFlowFixture>['openedPackage']>[0] = {},
  failures: Parameters<ReturnType<typeof reviewFlowFixture>['qualifyAll']>[1] = [],
) {
  const { packageId, bids } = await fx.openedPackage(o);
  const ids = await fx.drawCommittee(packageId);
  await fx.electLeader(packageId, 'expert01');
  const qualification = await fx.qualifyAll(packageId, failures);
  return { packageId, bids, ids, qualification };
}

/** startScoreEdit, then every member fills and submits every sheet (saveData) through the scoring items list. */
async function scoreAll(packageId: string, bids: OpenedBid[], scores: Record<string, typeof FLAT> = SCORES) {
  await fx.okCall('expert01', 'POST', API.startScoreEdit, { packageId });
  expect(await stage(packageId)).toBe(7);
  const sheets: Json[] = await fx.okCall('expert02', 'GET', `${API.scoringItemsList}?packageId=${packageId}`);
  const items = sheets[0].items as Json[];
  const tech = items.find((i) => i.name === '技术')?.itemId as string;
  const biz = items.find((i) => i.name === '商务')?.itemId as string;
  const valid = new Set(sheets.map((s) => s.bidId));
  for (const [k, expert] of DRAWN_WITH_SUPPLIER02.entries()) {
    for (const b of bids.filter((x) => valid.has(x.bidId))) {
      const s = scores[b.supplier] ?? FLAT;
      await fx.okCall(expert, 'POST', API.scoreSave, {
        packageId,
        bidId: b.bidId,
        submit: true,
        scores: [
          { itemId: tech, score: s.tech[k] },
          { itemId: biz, score: s.biz[k] },
        ],
      });
    }
  }
  return { tech, biz };
}

describe('the expert review end to end (issue 15 acceptance)', () => {
  it('draw → sign-in → vote → qualification → scores → summary → return → confirm → sign → end → 结束审核', async () => {
    const { packageId, bids, ids } = await qualified();
    const [A, B, C] = bids as [OpenedBid, OpenedBid, OpenedBid];
    expect(await stage(packageId)).toBe(6);
    const { tech } = await scoreAll(packageId, bids);
    expect(await stage(packageId)).toBe(8);
    expect((await committee(packageId))?.state).toBe('summarizing');

    const s = await summary(packageId);
    expect(ranking(s)).toEqual([
      [C.supplierId, '92.67', 1],
      [A.supplierId, '90.23', 2],
      [B.supplierId, '87.33', 3],
    ]);
    expect(s.rows.find((r: Json) => r.supplierId === A.supplierId).itemMeans).toEqual(['34.667', '17.667']);

    // 组长汇总 → return expert04's 技术 of A (30, the low outlier); only the leader may; the member re-submits 34.
    const outsider = await fx.call('expert03', 'POST', API.leaderReview, {
      packageId,
      returns: [{ memberId: ids.expert04, bidId: A.bidId, itemId: tech, note: '请复核' }],
    });
    expect(outsider.status).toBe(403);
    const member = await fx.call('expert02', 'POST', API.leaderReview, {
      packageId,
      returns: [{ memberId: ids.expert04, bidId: A.bidId, itemId: tech, note: '请复核' }],
    });
    expect(member.status).toBe(403);
    await fx.okCall('expert01', 'POST', API.leaderReview, {
      packageId,
      returns: [{ memberId: ids.expert04, bidId: A.bidId, itemId: tech, note: '技术评分偏低，请复核' }],
    });
    const early = await fx.call('expert01', 'POST', API.resultConfirm, { packageId });
    expect(early.status, 'no confirmation while a score is returned').toBe(400);
    await fx.okCall('expert04', 'POST', API.scoreSave, {
      packageId,
      bidId: A.bidId,
      submit: true,
      scores: [{ itemId: tech, score: 34 }],
    });
    const lead = await fx.okCall('expert01', 'GET', `${API.leaderReview}?packageId=${packageId}`);
    expect(lead).toBeTruthy();
    const after = await summary(packageId);
    // 35 38 34 36 33 → drop 38 and 33 → 35.000 (was 34.667): A's total moves up by 0.333.
    const a = after.rows.find((r: Json) => r.supplierId === A.supplierId);
    expect(a.itemMeans[0]).toBe('35.000');
    expect(a.total).toBe('90.56');
    expect(after.rows.map((r: Json) => r.supplierId)).toEqual([C.supplierId, A.supplierId, B.supplierId]);

    // An expert off the committee cannot write to the package.
    const sheet = (who: string, score: number) =>
      fx.call(who, 'POST', API.scoreSave, {
        packageId,
        bidId: A.bidId,
        submit: true,
        scores: [{ itemId: tech, score }],
      });
    const off = await sheet('expert03', 1);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(M.notOnCommittee);

    await fx.okCall('expert01', 'POST', API.resultConfirm, { packageId });
    expect((await committee(packageId))?.state).toBe('signing');
    for (const u of DRAWN_WITH_SUPPLIER02) await fx.okCall(u, 'PUT', API.sign, { packageId, opinion: 'agree' });
    const ended = await fx.okCall('expert01', 'PUT', API.putReviewScoreEnd, { packageId });
    expect(ended).toMatchObject({ ended: true, purchaseStage: 9 });
    const p = (
      await fx.t.db.execute<Json>(sql`SELECT purchase_stage, election_status, review_stop_time, valid_bidder_ids,
        ranked_candidates FROM purchase_package WHERE id = ${packageId}`)
    ).rows[0];
    expect(p.purchase_stage).toBe(9);
    expect(p.election_status).toBe('1');
    expect(p.review_stop_time).toBeTruthy();
    expect([...p.valid_bidder_ids].sort()).toEqual([A.supplierId, B.supplierId, C.supplierId].sort());
    expect(p.ranked_candidates[0]).toBe(C.supplierId);
    const q = await fx.okCall('buyer01', 'GET', `${API.queryIsEndReviewById}?packageId=${packageId}`);
    expect(q).toMatchObject({ ended: true, purchaseStage: 9 });

    const pdf = await fx.t.app.inject({
      method: 'GET',
      url: `/aps${API.report}?packageId=${packageId}`,
      headers: { 'x-access-token': fx.tokens.expert01 as string },
    });
    expect(pdf.statusCode).toBe(200);
    expect(Buffer.from(pdf.rawPayload.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    // After the end: a sheet is refused.
    const late = await sheet('expert02', 20);
    expect([late.status, late.body.message]).toEqual([400, M.reviewEnded]);

    // The buyer's 结束审核 starts from 评审结束.
    const audit = await fx.okCall('buyer01', 'POST', PROCUREMENT_API.endAuditSubmit, { id: packageId });
    expect(audit).toMatchObject({ purchaseStage: 10 });
  });

  it('a failed credit check after the real summary promotes candidate 2', async () => {
    const { packageId, bids } = await qualified();
    const [A, , C] = bids as [OpenedBid, OpenedBid, OpenedBid];
    await scoreAll(packageId, bids);
    const c = await committee(packageId);
    const body = { packageId, bidId: C.bidId };
    await fx.okCall('expert01', 'POST', API.checkCredit, { ...body, result: 'fail', findings: '严重失信记录' });
    const rows = await fx.t.db.execute<Json>(sql`SELECT bid_id, valid, candidate, final_rank FROM review_bid
      WHERE committee_id = ${c?.id}`);
    const by = Object.fromEntries(rows.rows.map((r: Json) => [r.bid_id, r]));
    expect(by[C.bidId]).toMatchObject({ valid: false });
    expect(by[A.bidId]).toMatchObject({ valid: true, candidate: true });
  });

  it('a clarification rejected invalidates the quote and re-ranks', async () => {
    // Mean 90 000: supplier03's 70 000 is more than 20 % below it; the automatic clarification opens at 组长汇总.
    const { packageId, bids } = await qualified({ prices: ['100000', '100000', '70000'], minBidders: 2 });
    const [, , C] = bids as [OpenedBid, OpenedBid, OpenedBid];
    await scoreAll(packageId, bids, {});
    const v = await fx.okCall('expert01', 'GET', `${API.clarifyPackage}?packageId=${packageId}`);
    expect(v.clarifications).toHaveLength(1);
    const clar = v.clarifications[0];
    expect(clar.bidId).toBe(C.bidId);
    const before = await summary(packageId);
    expect(before.rows.find((r: Json) => r.supplierId === C.supplierId).rank).toBe(1);
    await fx.okCall('supplier03', 'POST', API.supplierClarifyAnswer, { id: clar.id, answer: '规模采购，成本较低' });
    await fx.okCall('expert01', 'PUT', API.clarifyEdit, { id: clar.id, decision: 'rejected', note: '理由不充分' });
    const rb = await fx.t.db.execute<Json>(sql`SELECT valid, invalid_reason, clarification FROM review_bid
      WHERE bid_id = ${C.bidId}`);
    expect(rb.rows[0]).toMatchObject({ valid: false, invalid_reason: 'clarification', clarification: 'rejected' });
    const after = await summary(packageId);
    const c = after.rows.find((r: Json) => r.supplierId === C.supplierId);
    expect(c?.rank ?? null, 'the rejected bid is out of the ranking').toBeNull();
    const ranks = after.rows.filter((r: Json) => r.rank !== null).map((r: Json) => r.rank);
    expect(ranks.sort()).toEqual([1, 2]);
  });

  it('a failed qualification leaving 2 bidders (minimum 3) is a 流标 through the real paths', async () => {
    const { packageId, bids } = await fx.openedPackage();
    await fx.drawCommittee(packageId);
    await fx.electLeader(packageId, 'expert01');
    const B = bids[1] as OpenedBid;
    const failures = ['expert01', 'expert02', 'expert04'].map((expert) => ({
      expert,
      bidId: B.bidId,
      item: '营业执照',
    }));
    const last = await fx.qualifyAll(packageId, failures);
    expect(last?.failedReason).toBeTruthy();
    expect(await stage(packageId)).toBe(9);
    // A failed review ends the committee (seat.ts failReview: committee 'fail' → ended) with electionStatus '0'.
    expect((await committee(packageId))?.state).toBe('ended');
    const p = (await fx.t.db.execute<Json>(sql`SELECT election_status FROM purchase_package WHERE id = ${packageId}`))
      .rows[0];
    expect(p.election_status).toBe('0');
  });
});
