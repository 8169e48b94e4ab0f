import { REVIEW_API as API, REVIEW_MESSAGES as M, REVIEW_SCORING_MESSAGES } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bidFixture, type Json, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';

/**
 * 报价澄清 and quotation rounds (issue 15 §5). The vote, the qualification and the scoring are other slices, so
 * each package is put by SQL where scoring leaves it: stage 8, committee 'summarizing' with expert01 as leader,
 * review_bid rows valid with the opened evaluated price. The 'summarizing' hook is announced as the last
 * submitted sheet does (scoring slice), inside a transaction.
 */
const fx = bidFixture();
const EXPERTS = ['expert01', 'expert02', 'expert03'];
const SUPPLIER_OF: Record<string, string> = { supplier01: SUP1, supplier02: SUP2, supplier03: SUP3 };

interface Review {
  packageId: string;
  committeeId: string;
  bids: Record<string, string>;
}

async function reviewAt8(prices: Record<string, string>, pkg: { minBidders?: number; set?: string } = {}) {
  const packageId = await fx.makePackage({ stage: 8, minBidders: pkg.minBidders ?? 2 });
  // The review started at stage 6 (the vote slice's startReview sets it).
  await fx.t.db.execute(sql`UPDATE purchase_package SET review_start_time = now() - interval '2 hours'
    WHERE id = ${packageId}`);
  if (pkg.set) await fx.t.db.execute(sql.raw(`UPDATE purchase_package SET ${pkg.set} WHERE id = '${packageId}'`));
  const c = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
    VALUES (1, ${packageId}, 3, 'seed-test', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb,
      'buyer01', 'summarizing') RETURNING id`);
  const committeeId = c.rows[0]?.id ?? '';
  for (const [i, u] of EXPERTS.entries()) {
    await fx.t.db.execute(sql`
      INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state)
      SELECT 1, ${committeeId}, ${packageId}, u.id, e.id, 'expert', ${i + 1}, 'summarizing'
      FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u}`);
  }
  await fx.t.db.execute(sql`UPDATE review_committee SET leader_member_id = (SELECT m.id FROM review_member m
    JOIN sys_user u ON u.id = m.user_id WHERE m.committee_id = ${committeeId} AND u.username = 'expert01')
    WHERE id = ${committeeId}`);
  const bids: Record<string, string> = {};
  for (const [who, price] of Object.entries(prices)) {
    const supplierId = SUPPLIER_OF[who] ?? '';
    const su = await fx.t.db.execute<{ id: string; user_id: string }>(sql`
      INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
      SELECT 1, ${packageId}, ${supplierId}, id FROM sys_user WHERE username = ${who} RETURNING id, user_id`);
    const b = await fx.t.db.execute<{ id: string }>(sql`
      INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by,
        price, evaluated_price, opened_time)
      VALUES (1, ${packageId}, ${supplierId}, ${su.rows[0]?.id}, 'price', 'opened', ${su.rows[0]?.user_id},
        ${price}, ${price}, now()) RETURNING id`);
    bids[who] = b.rows[0]?.id ?? '';
    await fx.t.db.execute(sql`INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id,
        qualification, evaluated_price) VALUES (1, ${committeeId}, ${packageId}, ${bids[who]}, ${supplierId},
        'passed', ${price})`);
  }
  return { packageId, committeeId, bids };
}

const announceSummarizing = (r: Review) =>
  fx.t.db.transaction((tx) =>
    fx.t.services.reviewHooks.emit(tx, 'summarizing', {
      tenantId: 1,
      packageId: r.packageId,
      committeeId: r.committeeId,
      actor: { tenantId: 1, userId: '', username: 'expert01' },
    }),
  );
const view = (r: Review, who = 'expert01') => fx.okCall(who, 'GET', `${API.clarifyPackage}?packageId=${r.packageId}`);
const mine = (who: string) => fx.okCall(who, 'GET', `${API.supplierClarifyList}?pageSize=100`);
const reviewBid = async (r: Review, who: string) =>
  (
    await fx.t.db.execute<Json>(sql`SELECT valid, invalid_reason, clarification, evaluated_price FROM review_bid
      WHERE committee_id = ${r.committeeId} AND bid_id = ${r.bids[who]}`)
  ).rows[0];
const soon = (hours = 2) => {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
};
const expireNow = (r: Review) =>
  fx.t.db.execute(sql`UPDATE review_clarification SET deadline = now() - interval '1 minute'
    WHERE committee_id = ${r.committeeId} AND state = 'open'`);

beforeAll(async () => {
  for (const u of EXPERTS) fx.tokens[u] = await fx.t.login(u);
});

describe('报价澄清 (issue 15 §5)', () => {
  let r: Review;
  beforeAll(async () => {
    // Mean 90 000; 90 000 × 0.8 = 72 000: supplier03's 70 000 is more than 20 % below it.
    r = await reviewAt8({ supplier01: '100000.00', supplier02: '100000.00', supplier03: '70000.00' });
    await announceSummarizing(r);
  });

  it('opens a clarification for a quote 25 % below the mean; only that supplier sees it and is told', async () => {
    const v = await view(r);
    expect(v.clarifications).toHaveLength(1);
    expect(v.clarifications[0]).toMatchObject({ bidId: r.bids.supplier03, kind: 'clarify', state: 'open' });
    expect(v.clarifications[0].question).toBe(M.autoClarifyQuestion);
    expect((await reviewBid(r, 'supplier03')).clarification).toBe('open');
    const id = v.clarifications[0].id;
    expect((await mine('supplier03')).records.map((x: Json) => x.id)).toContain(id);
    expect((await mine('supplier01')).records.map((x: Json) => x.id)).not.toContain(id);
    const bell = await fx.t.db.execute(sql`SELECT 1 FROM sys_announcement a
      JOIN sys_announcement_send s ON s.annt_id = a.id JOIN sys_user u ON u.id = s.user_id
      WHERE a.bus_id = ${id} AND u.username = 'supplier03'`);
    expect(bell.rows).toHaveLength(1);
    // Announced again (a returned sheet re-submitted): no second request.
    await announceSummarizing(r);
    expect((await view(r)).clarifications).toHaveLength(1);
    // Another supplier cannot answer it (IDOR), an expert outside the committee cannot read the package.
    const idor = await fx.call('supplier01', 'POST', API.supplierClarifyAnswer, { id, answer: '我来答' });
    expect(idor.status).toBe(403);
    expect(idor.body.message).toBe(M.clarificationNotYours);
    const outsider = await fx.call('supplier01', 'GET', `${API.clarifyPackage}?packageId=${r.packageId}`);
    expect(outsider.status).toBe(403);
  });

  it('answer → accept: the bid stays valid', async () => {
    const [c] = (await view(r)).clarifications;
    const early = await fx.call('expert01', 'PUT', API.clarifyEdit, { id: c.id, decision: 'accepted' });
    expect(early.body.message).toBe(M.clarificationNotAnswered);
    const file = await fx.upload('supplier03', '成本说明.pdf', Buffer.from('%PDF-1.4 cost'));
    const a = await fx.okCall('supplier03', 'POST', API.supplierClarifyAnswer, {
      id: c.id,
      answer: '我司自有设备，人工成本低',
      fileIds: [file.id],
    });
    expect(a).toMatchObject({ state: 'answered', answer: '我司自有设备，人工成本低' });
    expect(a.answerFiles[0].fileName).toBe('成本说明.pdf');
    const told = await fx.t.db.execute(sql`SELECT 1 FROM sys_announcement a
      JOIN sys_announcement_send s ON s.annt_id = a.id JOIN sys_user u ON u.id = s.user_id
      WHERE a.bus_id = ${c.id} AND a.title = '报价澄清已答复' AND u.username = 'expert01'`);
    expect(told.rows).toHaveLength(1);
    const again = await fx.call('supplier03', 'POST', API.supplierClarifyAnswer, { id: c.id, answer: '再答' });
    expect(again.body.message).toBe(M.clarificationNotOpen);
    const member = await fx.call('expert02', 'PUT', API.clarifyEdit, { id: c.id, decision: 'accepted' });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(M.notLeader);
    const d = await fx.okCall('expert01', 'PUT', API.clarifyEdit, { id: c.id, decision: 'accepted', note: '合理' });
    expect(d).toMatchObject({ state: 'accepted', decisionNote: '合理' });
    expect(await reviewBid(r, 'supplier03')).toMatchObject({ valid: true, clarification: 'accepted' });
  });

  it('the leader opens one: only the leader, a future deadline, one open per bid; answer → reject → invalid', async () => {
    const body = { packageId: r.packageId, bidId: r.bids.supplier02, kind: 'clarify', question: '请说明报价构成' };
    const member = await fx.call('expert02', 'POST', API.clarifyAdd, { ...body, deadline: soon() });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(M.notLeader);
    const past = await fx.call('expert01', 'POST', API.clarifyAdd, { ...body, deadline: '2020-01-01 10:00:00' });
    expect(past.body.message).toBe(M.clarificationDeadline);
    const [c] = await fx.okCall('expert01', 'POST', API.clarifyAdd, { ...body, deadline: soon() });
    const twice = await fx.call('expert01', 'POST', API.clarifyAdd, { ...body, deadline: soon() });
    expect(twice.body.message).toBe(M.clarificationOpen);
    await fx.okCall('supplier02', 'POST', API.supplierClarifyAnswer, { id: c.id, answer: '见附件' });
    await fx.okCall('expert01', 'PUT', API.clarifyEdit, { id: c.id, decision: 'rejected', note: '理由不充分' });
    expect(await reviewBid(r, 'supplier02')).toMatchObject({
      valid: false,
      invalid_reason: 'clarification',
      clarification: 'rejected',
    });
    const invalid = await fx.call('expert01', 'POST', API.clarifyAdd, { ...body, deadline: soon() });
    expect(invalid.body.message).toBe(M.bidInvalid);
  });

  it('unanswered past the deadline (the job) → invalid; below the minimum → 流标', async () => {
    const body = { packageId: r.packageId, bidId: r.bids.supplier01, kind: 'clarify', question: '请说明工期' };
    const [c] = await fx.okCall('expert01', 'POST', API.clarifyAdd, { ...body, deadline: soon() });
    await expireNow(r);
    const late = await fx.call('supplier01', 'POST', API.supplierClarifyAnswer, { id: c.id, answer: '迟到的答复' });
    expect(late.body.message).toBe(M.clarificationPast);
    const run = await fx.t.services.reviewClarify.expireDue();
    expect(run.failed).toEqual([]);
    expect(await reviewBid(r, 'supplier01')).toMatchObject({ valid: false, clarification: 'unanswered' });
    expect((await view(r)).clarifications.find((x: Json) => x.id === c.id).state).toBe('unanswered');
    // supplier03 alone is left of a minimum of 2.
    const committee = await fx.t.db.execute<Json>(sql`SELECT c.state, r.failure_reason, r.election_status
      FROM review_committee c JOIN review_result r ON r.committee_id = c.id WHERE c.id = ${r.committeeId}`);
    expect(committee.rows[0]).toMatchObject({
      state: 'ended',
      election_status: '0',
      failure_reason: REVIEW_SCORING_MESSAGES.failedMinBidders(1, 2),
    });
    expect(await fx.stageOf(r.packageId)).toMatchObject({ s: 9, e: '0' });
  });
});

describe('多轮报价 (issue 15 §5)', () => {
  let r: Review;
  beforeAll(async () => {
    r = await reviewAt8(
      { supplier01: '100000.00', supplier02: '95000.00', supplier03: '90000.00' },
      { set: "quotation_round_count = 3, score_type = '1'" },
    );
  });
  const round = (roundNo: number) => ({
    packageId: r.packageId,
    bidId: r.bids.supplier01,
    kind: 'round',
    roundNo,
    question: `请提交第${roundNo}轮报价`,
    deadline: soon(),
  });
  const rowOf = async (who: string, roundNo: number) =>
    (
      await fx.t.db.execute<Json>(sql`SELECT id, state, price, evaluated_price, sealed_quote FROM review_clarification
        WHERE bid_id = ${r.bids[who]} AND round_no = ${roundNo}`)
    ).rows[0];

  it('opens a round for every valid bid; answers stay sealed until every bidder answered, then all open', async () => {
    const member = await fx.call('expert02', 'POST', API.clarifyAdd, round(2));
    expect(member.status).toBe(403);
    expect((await fx.call('expert01', 'POST', API.clarifyAdd, round(3))).body.message).toBe(M.roundOutOfRange(3));
    const opened = await fx.okCall('expert01', 'POST', API.clarifyAdd, round(2));
    expect(opened).toHaveLength(3);
    expect((await fx.call('expert01', 'POST', API.clarifyAdd, round(2))).body.message).toBe(M.roundOpen);
    expect((await view(r)).openRoundNo).toBe(2);
    const my = (await mine('supplier01')).records.find((x: Json) => x.kind === 'round' && x.packageId === r.packageId);
    expect(my).toMatchObject({ roundNo: 2, state: 'open', currentPrice: '100000.00', quoteKind: 'price' });

    await fx.okCall('supplier01', 'POST', API.supplierClarifyAnswer, { id: my.id, answer: '第二轮', price: '99000' });
    const sealed = await rowOf('supplier01', 2);
    expect(sealed.price).toBeNull();
    expect(sealed.sealed_quote).not.toContain('99000');
    expect((await view(r)).clarifications.find((x: Json) => x.id === my.id)).toMatchObject({ price: null });
    expect((await reviewBid(r, 'supplier01')).evaluated_price).toBe('100000.00');

    const s2 = await rowOf('supplier02', 2);
    const higher = await fx.call('supplier02', 'POST', API.supplierClarifyAnswer, {
      id: s2.id,
      answer: '涨价',
      price: '96000',
    });
    expect(higher.body.message).toBe(M.roundQuoteAboveEarlier);
    const noQuote = await fx.call('supplier02', 'POST', API.supplierClarifyAnswer, { id: s2.id, answer: '无' });
    expect(noQuote.body.message).toBe(M.roundQuoteRequired);
    await fx.okCall('supplier02', 'POST', API.supplierClarifyAnswer, { id: s2.id, answer: '降价', price: '94000' });
    expect((await reviewBid(r, 'supplier02')).evaluated_price).toBe('95000.00');
    const s3 = await rowOf('supplier03', 2);
    await fx.okCall('supplier03', 'POST', API.supplierClarifyAnswer, { id: s3.id, answer: '降价', price: '89000.5' });

    expect((await reviewBid(r, 'supplier01')).evaluated_price).toBe('99000.00');
    expect((await reviewBid(r, 'supplier02')).evaluated_price).toBe('94000.00');
    expect((await reviewBid(r, 'supplier03')).evaluated_price).toBe('89000.50');
    expect(await rowOf('supplier01', 2)).toMatchObject({ state: 'accepted', price: '99000.00' });
    const v = await view(r);
    expect(v).toMatchObject({ currentRoundNo: 2, openRoundNo: null });
  });

  it('a round past its deadline closes: who answered gets the new quote, the others keep theirs', async () => {
    await fx.okCall('expert01', 'POST', API.clarifyAdd, round(3));
    const s1 = await rowOf('supplier01', 3);
    await fx.okCall('supplier01', 'POST', API.supplierClarifyAnswer, { id: s1.id, answer: '第三轮', price: '98000' });
    await expireNow(r);
    // Through the seeded scheduled job, as the scheduler fires it every minute.
    const jobs = await fx.okCall('admin', 'GET', '/sys/quartzJob/list?jobClassName=reviewClarificationDeadline');
    const ran = await fx.okCall('admin', 'GET', `/sys/quartzJob/execute?id=${jobs.records[0].id}`);
    expect(ran.message).toMatch(/^评审委员会 [1-9]\d*，逾期 [1-9]\d*$/);
    expect((await reviewBid(r, 'supplier01')).evaluated_price).toBe('98000.00');
    expect(await reviewBid(r, 'supplier02')).toMatchObject({ valid: true, evaluated_price: '94000.00' });
    expect((await rowOf('supplier02', 3)).state).toBe('unanswered');
    expect((await view(r)).currentRoundNo).toBe(3);
    expect((await fx.call('expert01', 'POST', API.clarifyAdd, round(4))).body.message).toBe(M.roundOutOfRange(3));
  });

  it('scoreType 3 (一次报价) has no rounds', async () => {
    const once = await reviewAt8(
      { supplier01: '100000.00', supplier02: '95000.00' },
      { set: "quotation_round_count = 1, score_type = '3'" },
    );
    const res = await fx.call('expert01', 'POST', API.clarifyAdd, {
      packageId: once.packageId,
      bidId: once.bids.supplier01,
      kind: 'round',
      roundNo: 2,
      question: '第二轮',
      deadline: soon(),
    });
    expect(res.body.message).toBe(M.noRounds);
  });
});
