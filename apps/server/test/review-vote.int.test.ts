import crypto from 'node:crypto';
import { REVIEW_API as API, REVIEW_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Json } from './procurement-bid-fixture.ts';
import { reviewFlowFixture } from './review-flow-fixture.ts';

/**
 * 组长推选 and 资格/符合性审查 (issue 15 §4–§5), from a real opening, draw and sign-in (review-flow-fixture.ts).
 * The purchaser representative is added by SQL (the draw needs a staff user with the expert role).
 */
const fx = reviewFlowFixture();
const { call, okCall } = fx;
const list = (who: string, packageId: string) => call(who, 'GET', `${API.teamLeaderList}?packageId=${packageId}`);
const vote = (who: string, packageId: string, candidateMemberId: string | undefined) =>
  call(who, 'PUT', API.teamLeaderVote, { packageId, candidateMemberId });
const sheet = (who: string, packageId: string) => okCall(who, 'GET', `${API.reviewItems}?packageId=${packageId}`);
const row = async (q: ReturnType<typeof sql>) => (await fx.t.db.execute<Json>(q)).rows[0];

let repUsername = '';

/** Adds a purchaser representative (a fresh staff user with the expert role) to an electing committee. */
async function addRep(packageId: string) {
  const user = await fx.t.createUser({ roles: ['expert'] });
  fx.tokens.rep = await fx.t.login(user.username);
  // qualifyAll acts as each member by username.
  fx.tokens[user.username] = fx.tokens.rep;
  repUsername = user.username;
  const c = await row(sql`UPDATE review_committee SET purchaser_rep_user_id = ${user.id}
    WHERE package_id = ${packageId} RETURNING id`);
  const m = await row(sql`INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, kind, state,
      sign_in_time) VALUES (1, ${c.id}, ${packageId}, ${user.id}, 'purchaser_rep', 'electing', now()) RETURNING id`);
  return m.id as string;
}

describe('组长推选', () => {
  it('elects the leader: package 5→6 with reviewStartTime, review_bid rows, members notified', async () => {
    const { packageId, bids } = await fx.openedPackage();
    const ids = await fx.drawCommittee(packageId);
    // The real draw picked them (the fixture falls back to SQL rows with this seed only when it cannot).
    expect((await row(sql`SELECT draw_seed FROM review_committee WHERE package_id = ${packageId}`)).draw_seed).not.toBe(
      'seed-fixture',
    );
    const before = (await list('expert02', packageId)).body.result;
    expect(before).toMatchObject({ round: 1, votedCount: 0, voterCount: 5, myVote: null, leaderMemberId: null });
    expect(before.candidates.map((c: Json) => c.memberId).sort()).toEqual(Object.values(ids).sort());

    // Not on the committee (expert03 avoids supplier02, expert06 is suspended: neither was drawn) → 403.
    expect((await list('expert03', packageId)).status).toBe(403);
    const outsider = await vote('expert03', packageId, ids.expert01);
    expect([outsider.status, outsider.body.message]).toEqual([403, M.notOnCommittee]);

    expect((await vote('expert02', packageId, ids.expert01)).status).toBe(200);
    const twice = await vote('expert02', packageId, ids.expert04);
    expect([twice.status, twice.body.message]).toEqual([400, M.alreadyVoted]);
    const open = (await list('expert02', packageId)).body.result;
    expect(open).toMatchObject({ votedCount: 1, myVote: ids.expert01 });
    // No bandwagon: an open round shows no counts.
    expect(open.candidates.every((c: Json) => c.votes === 0)).toBe(true);
    expect(open.closedRounds).toEqual([]);
    expect((await fx.stageOf(packageId))?.s).toBe(5);

    for (const u of ['expert01', 'expert04', 'expert05'])
      expect((await vote(u, packageId, ids.expert01)).status).toBe(200);
    expect(
      (await row(sql`SELECT leader_member_id FROM review_committee WHERE package_id = ${packageId}`)).leader_member_id,
    ).toBeNull();
    const last = await vote('expert07', packageId, ids.expert02);
    expect(last.body).toMatchObject({ success: true, message: M.success });
    expect(last.body.result.leaderMemberId).toBe(ids.expert01);

    const pkg = await row(sql`SELECT purchase_stage, review_start_time FROM purchase_package WHERE id = ${packageId}`);
    expect(pkg.purchase_stage).toBe(6);
    expect(pkg.review_start_time).toBeTruthy();
    const c = await row(sql`SELECT state, leader_member_id FROM review_committee WHERE package_id = ${packageId}`);
    expect(c).toEqual({ state: 'qualifying', leader_member_id: ids.expert01 });
    const states = await fx.t.db.execute<Json>(
      sql`SELECT DISTINCT state FROM review_member WHERE package_id = ${packageId}`,
    );
    expect(states.rows).toEqual([{ state: 'qualifying' }]);
    const rb = await fx.t.db.execute<Json>(sql`SELECT rb.bid_id, rb.qualification, rb.valid, rb.evaluated_price,
        b.evaluated_price AS opened FROM review_bid rb JOIN purchase_bid b ON b.id = rb.bid_id
      WHERE rb.package_id = ${packageId}`);
    expect(rb.rows.map((r) => r.bid_id).sort()).toEqual(bids.map((b) => b.bidId).sort());
    for (const r of rb.rows) {
      expect(r).toMatchObject({ qualification: 'pending', valid: true });
      expect(r.evaluated_price).toBe(r.opened);
    }
    expect(rb.rows.map((r) => r.evaluated_price).sort()).toEqual(['1000000.00', '900000.00', '950000.00']);
    const after = (await list('expert05', packageId)).body.result;
    expect(after.leaderMemberId).toBe(ids.expert01);
    expect(after.candidates.find((x: Json) => x.memberId === ids.expert01).votes).toBe(4);
    expect(after.closedRounds).toHaveLength(1);
    const identity = await okCall('expert01', 'GET', `${API.identity}?packageId=${packageId}`);
    expect(identity.identity).toBe('leader');
    const bell = await okCall('expert04', 'GET', '/sys/annountCement/listByUser');
    const committeeId = (await row(sql`SELECT id FROM review_committee WHERE package_id = ${packageId}`)).id;
    const elected = (bell.sysMsgList as Json[]).filter(
      (m) => m.busId === committeeId && /^评审组长已推选/.test(m.titile),
    );
    expect(elected).toHaveLength(1);
    // The vote is over: a late vote is refused by the seat check (stage 6).
    const late = await vote('expert07', packageId, ids.expert01);
    expect(late.status).toBe(400);
  });

  it('a tie opens round 2 among the tied; a vote outside them is refused; the next round elects', async () => {
    const { packageId } = await fx.openedPackage();
    const ids = await fx.drawCommittee(packageId);
    const round1: [string, string][] = [
      ['expert01', 'expert01'],
      ['expert02', 'expert01'],
      ['expert04', 'expert02'],
      ['expert05', 'expert02'],
    ];
    for (const [u, c] of round1) expect((await vote(u, packageId, ids[c])).status).toBe(200);
    const tie = await vote('expert07', packageId, ids.expert04);
    expect(tie.body).toMatchObject({ success: true, message: M.voteTie(1) });
    expect(tie.body.result).toMatchObject({ round: 2, leaderMemberId: null, tieRound: 1 });
    const c = await row(sql`SELECT state, leader_vote_round, leader_candidates FROM review_committee
      WHERE package_id = ${packageId}`);
    expect(c.state).toBe('electing');
    expect(c.leader_vote_round).toBe(2);
    expect([...c.leader_candidates].sort()).toEqual([ids.expert01, ids.expert02].sort());
    const l = (await list('expert04', packageId)).body.result;
    expect(l).toMatchObject({ round: 2, votedCount: 0, myVote: null });
    expect(l.candidates.map((x: Json) => x.memberId).sort()).toEqual([ids.expert01, ids.expert02].sort());
    expect(l.closedRounds[0].counts.find((x: Json) => x.memberId === ids.expert04).votes).toBe(1);

    const outside = await vote('expert04', packageId, ids.expert04);
    expect([outside.status, outside.body.message]).toEqual([400, M.notCandidate]);
    for (const u of ['expert01', 'expert02', 'expert04', 'expert05']) {
      expect((await vote(u, packageId, ids.expert02)).status).toBe(200);
    }
    const won = await vote('expert07', packageId, ids.expert01);
    expect(won.body.result.leaderMemberId).toBe(ids.expert02);
    expect((await fx.stageOf(packageId))?.s).toBe(6);
  });

  it('the purchaser representative votes but cannot lead', async () => {
    const { packageId } = await fx.openedPackage({ minBidders: 2 });
    const ids = await fx.drawCommittee(packageId);
    const rep = await addRep(packageId);
    const refused = await vote('expert01', packageId, rep);
    expect([refused.status, refused.body.message]).toEqual([400, M.repCannotLead]);
    const l = (await list('rep', packageId)).body.result;
    expect(l.voterCount).toBe(6);
    expect(l.candidates.map((x: Json) => x.memberId)).not.toContain(rep);
    expect((await vote('rep', packageId, ids.expert04)).status).toBe(200);
    for (const u of ['expert01', 'expert02', 'expert04', 'expert05']) await vote(u, packageId, ids.expert04);
    expect((await vote('expert07', packageId, ids.expert04)).body.result.leaderMemberId).toBe(ids.expert04);

    // Qualification with 6 heads: exactly half 不通过 is no majority, the bid passes; the verdict is then final.
    const { bids } = { bids: (await sheet('expert01', packageId)).bids as Json[] };
    const target = bids[0].bidId;
    const failures = [repUsername, 'expert01', 'expert02'].map((expert) => ({
      expert,
      bidId: target,
      item: '资质证书',
    }));
    const r = await fx.qualifyAll(packageId, failures);
    expect(r?.failedReason).toBeNull();
    const s = await sheet('rep', packageId);
    expect(s.memberCount).toBe(6);
    expect(s.bids.every((b: Json) => b.outcome === 'passed' && b.judgedMembers === 6)).toBe(true);
    const mine = s.bids.find((b: Json) => b.bidId === target).verdicts.find((v: Json) => v.pass === false);
    expect(mine.reason).toBe('资质证书不符合要求');
    const decided = await call('expert04', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: target, itemId: mine.itemId, pass: false, reason: '再议' }],
    });
    expect([decided.status, decided.body.message]).toEqual([400, M.qualificationDecided]);
    expect((await fx.stageOf(packageId))?.s).toBe(6);
  });
});

describe('outside its step', () => {
  it('refuses a vote before every member signed in, and verdicts before the leader is elected', async () => {
    const { packageId, bids } = await fx.openedPackage();
    await okCall('buyer01', 'POST', API.draw, { packageId, size: 5 });
    const ids = await fx.members(packageId);
    const early = await vote('expert01', packageId, ids.expert02);
    expect([early.status, early.body.message]).toEqual([400, M.wrongCommitteeState('已抽取', '组长推选')]);
    const verdict = await call('expert01', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: bids[0]?.bidId, itemId: crypto.randomUUID(), pass: true }],
    });
    expect([verdict.status, verdict.body.message]).toEqual([400, M.wrongStage('已开标', '资格/符合性审查')]);
    expect(
      await fx.t.db
        .execute(sql`SELECT 1 FROM review_leader_vote v JOIN review_committee c
      ON c.id = v.committee_id WHERE c.package_id = ${packageId}`)
        .then((r) => r.rows),
    ).toEqual([]);
  });
});

describe('资格/符合性审查', () => {
  it('refuses bad verdicts, lets a verdict change, decides by majority, and fails the review below the minimum', async () => {
    const { packageId, bids } = await fx.openedPackage();
    const ids = await fx.drawCommittee(packageId);
    // Before the leader is elected there is nothing to judge.
    expect((await sheet('expert01', packageId)).bids).toEqual([]);
    await fx.electLeader(packageId, 'expert01');
    const s = await sheet('expert02', packageId);
    expect(s.qualification.map((i: Json) => i.name)).toEqual(['营业执照', '资质证书', '投标保证金']);
    expect(s.scoring.map((i: Json) => [i.name, i.maxScore])).toEqual([
      ['技术', '40.00'],
      ['商务', '20.00'],
    ]);
    expect(s.pricePoints).toBe('40.00');
    expect(s.bids).toHaveLength(3);
    expect(s.bids[0].verdicts.every((v: Json) => v.pass === null)).toBe(true);
    const item = (name: string) => s.qualification.find((i: Json) => i.name === name).id as string;
    const [A, B, C] = bids.map((b) => b.bidId) as [string, string, string];

    const scoringItem = await call('expert02', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: A, itemId: s.scoring[0].id, pass: true }],
    });
    expect([scoringItem.status, scoringItem.body.message]).toEqual([400, M.itemNotQualification]);
    const noReason = await call('expert02', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: A, itemId: item('营业执照'), pass: false }],
    });
    expect([noReason.status, noReason.body.message]).toEqual([400, M.reasonRequired]);
    const otherBid = await call('expert02', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: crypto.randomUUID(), itemId: item('营业执照'), pass: true }],
    });
    expect([otherBid.status, otherBid.body.message]).toEqual([404, M.bidNotReviewed]);
    expect(
      (
        await call('expert03', 'POST', API.eligibleReviewEdit, {
          packageId,
          verdicts: [{ bidId: A, itemId: item('营业执照'), pass: true }],
        })
      ).status,
    ).toBe(403);
    // A verdict can change until the bid is decided.
    await okCall('expert02', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: B, itemId: item('营业执照'), pass: false, reason: '营业执照过期' }],
    });
    await okCall('expert02', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: B, itemId: item('营业执照'), pass: true }],
    });
    const changed = await row(sql`SELECT pass, reason FROM review_qualification WHERE member_id = ${ids.expert02}
      AND bid_id = ${B} AND item_id = ${item('营业执照')}`);
    expect(changed).toEqual({ pass: true, reason: null });

    // A: 3 of 5 fail 资质证书 → failed. B: 2 of 5 fail → passed. C: all pass. Valid 2 < minimum 3 → 流标.
    const r = await fx.qualifyAll(packageId, [
      ...['expert01', 'expert02', 'expert04'].map((expert) => ({ expert, bidId: A, item: '资质证书' })),
      ...['expert05', 'expert07'].map((expert) => ({ expert, bidId: B, item: '投标保证金' })),
    ]);
    expect(r?.failedReason).toBe(M.qualificationTooFew(2, 3));
    const outcomes = await fx.t.db.execute<Json>(sql`SELECT bid_id, qualification, valid, invalid_reason, invalid_note
      FROM review_bid WHERE package_id = ${packageId}`);
    const by = new Map(outcomes.rows.map((o) => [o.bid_id, o]));
    expect(by.get(A)).toMatchObject({
      qualification: 'failed',
      valid: false,
      invalid_reason: 'qualification',
      invalid_note: '资质证书',
    });
    expect(by.get(B)).toMatchObject({ qualification: 'passed', valid: true, invalid_reason: null });
    expect(by.get(C)).toMatchObject({ qualification: 'passed', valid: true });

    expect(await fx.stageOf(packageId)).toEqual({ s: 9, e: '0' });
    expect((await row(sql`SELECT state FROM review_committee WHERE package_id = ${packageId}`)).state).toBe('ended');
    const tasks = await fx.t.db.execute<Json>(
      sql`SELECT DISTINCT state FROM review_member WHERE package_id = ${packageId}`,
    );
    expect(tasks.rows).toEqual([{ state: 'done' }]);
    const result = await row(
      sql`SELECT election_status, failure_reason FROM review_result WHERE package_id = ${packageId}`,
    );
    expect(result).toEqual({ election_status: '0', failure_reason: M.qualificationTooFew(2, 3) });
    const failedSheet = await sheet('expert05', packageId);
    expect(failedSheet.bids.find((b: Json) => b.bidId === A).failedItems).toEqual(['资质证书']);
    // Ended: no more verdicts.
    const ended = await call('expert05', 'POST', API.eligibleReviewEdit, {
      packageId,
      verdicts: [{ bidId: C, itemId: item('营业执照'), pass: true }],
    });
    expect(ended.status).toBe(400);
  });
});
