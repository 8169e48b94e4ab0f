import { REVIEW_API as API, REVIEW_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bidFixture, type Json, SUP1, SUP2 } from './procurement-bid-fixture.ts';

/**
 * 评分 and the leader's summary (issue 15 §6). The draw, sign-in, vote and qualification are other slices, so the
 * committee is inserted here as they leave it: package at stage 6 (资格审查), committee 'qualifying' with
 * expert01 (leader), expert02, expert03 in 'qualifying', two opened bids with their review_bid rows.
 */
const fx = bidFixture();
const EXPERTS = ['expert01', 'expert02', 'expert03', 'expert04'];
const SHEET_MEMBERS = ['expert01', 'expert02', 'expert03'];

interface Review {
  packageId: string;
  committeeId: string;
  member: Record<string, string>;
  bids: string[];
  items: { tech: string; biz: string };
}

const db = () => fx.t.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)).rows as T[];

async function bidOn(packageId: string, supplierId: string, user: string): Promise<string> {
  const su = await db().execute<{ id: string; user_id: string }>(sql`
    INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
    SELECT 1, ${packageId}, ${supplierId}, id FROM sys_user WHERE username = ${user} RETURNING id, user_id`);
  const b = await db().execute<{ id: string }>(sql`
    INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files, submit_by)
    VALUES (1, ${packageId}, ${supplierId}, ${su.rows[0]?.id}, 'price', 'sealed', '[]'::jsonb, ${su.rows[0]?.user_id})
    RETURNING id`);
  return b.rows[0]?.id ?? '';
}

/** A package in 资格审查 with its committee, as the vote and the qualification slices leave it. */
async function reviewInQualification(opts: { twoEnvelope?: boolean; pending?: boolean } = {}): Promise<Review> {
  const packageId = await fx.makePackage({ stage: 6 });
  await db().execute(sql`UPDATE purchase_package SET review_start_time = now(), two_envelope = ${opts.twoEnvelope ?? false}
    WHERE id = ${packageId}`);
  await db().execute(sql`UPDATE purchase_review_item SET name = '技术方案', max_score = 60
    WHERE package_id = ${packageId} AND kind = 'scoring'`);
  await db().execute(sql`INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
    VALUES (1, ${packageId}, 'scoring', '商务部分', 20.5, 3)`);
  const items = await rows<{ id: string; name: string }>(
    sql`SELECT id, name FROM purchase_review_item WHERE package_id = ${packageId} AND kind = 'scoring'`,
  );
  const c = await db().execute<{ id: string }>(sql`
    INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
    VALUES (1, ${packageId}, 3, 'seed-test', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb,
      'buyer01', 'qualifying') RETURNING id`);
  const committeeId = c.rows[0]?.id ?? '';
  const member: Record<string, string> = {};
  for (const [i, u] of SHEET_MEMBERS.entries()) {
    const m = await db().execute<{ id: string }>(sql`
      INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
        sign_in_time)
      SELECT 1, ${committeeId}, ${packageId}, u.id, e.id, 'expert', ${i + 1}, 'qualifying', now()
      FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u} RETURNING id`);
    member[u] = m.rows[0]?.id ?? '';
  }
  await db().execute(sql`UPDATE review_committee SET leader_member_id = ${member.expert01} WHERE id = ${committeeId}`);
  const bids = [await bidOn(packageId, SUP1, 'supplier01'), await bidOn(packageId, SUP2, 'supplier02')];
  for (const [i, bidId] of bids.entries()) {
    await db().execute(sql`INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification)
      VALUES (1, ${committeeId}, ${packageId}, ${bidId}, ${i ? SUP2 : SUP1},
        ${opts.pending && i === 1 ? 'pending' : 'passed'})`);
  }
  return {
    packageId,
    committeeId,
    member,
    bids,
    items: {
      tech: items.find((i) => i.name === '技术方案')?.id ?? '',
      biz: items.find((i) => i.name === '商务部分')?.id ?? '',
    },
  };
}

const get = (who: string, path: string, q: Record<string, string>) =>
  fx.call(who, 'GET', `${path}?${new URLSearchParams(q)}`);
const save = (who: string, r: Review, bidId: string, scores: object[], submit = false, path: string = API.scoreSave) =>
  fx.call(who, 'POST', path, { packageId: r.packageId, bidId, submit, scores });
const sheet = (r: Review, tech: string | null, biz: string | null) => [
  { itemId: r.items.tech, score: tech, comment: '技术评分说明' },
  { itemId: r.items.biz, score: biz },
];
const stateOf = async (r: Review) => ({
  stage: (await fx.stageOf(r.packageId))?.s,
  committee: (await rows<{ state: string }>(sql`SELECT state FROM review_committee WHERE id = ${r.committeeId}`))[0]
    ?.state,
  members: Object.fromEntries(
    (
      await rows<{ username: string; state: string }>(sql`SELECT u.username, m.state FROM review_member m
        JOIN sys_user u ON u.id = m.user_id WHERE m.committee_id = ${r.committeeId}`)
    ).map((m) => [m.username, m.state]),
  ),
});
const scoreCount = async (r: Review) =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_score WHERE committee_id = ${r.committeeId}`))[0]
    ?.n;

const events: { event: string; packageId: string; cause?: string }[] = [];

/** The package in 组长汇总 (stage 8) with every member, announced exactly once. */
async function expectSummarizingOnce(r: Review) {
  expect(await stateOf(r)).toEqual({
    stage: 8,
    committee: 'summarizing',
    members: { expert01: 'summarizing', expert02: 'summarizing', expert03: 'summarizing' },
  });
  expect(events.filter((e) => e.packageId === r.packageId)).toEqual([{ event: 'summarizing', packageId: r.packageId }]);
}

beforeAll(async () => {
  for (const u of EXPERTS) fx.tokens[u] = await fx.t.login(u);
  fx.t.services.reviewHooks.on('summarizing', async (_tx, e) => {
    events.push({ event: 'summarizing', packageId: e.packageId });
  });
  fx.t.services.reviewHooks.on('changed', async (_tx, e) => {
    events.push({ event: 'changed', packageId: e.packageId, cause: e.cause });
  });
});

describe('评分 (issue 15 §6)', () => {
  let r: Review;
  beforeAll(async () => {
    r = await reviewInQualification({ pending: true });
  });

  it('startScoreEdit: only the leader, refused while a verdict is missing, then 6→7', async () => {
    const member = await fx.call('expert02', 'POST', API.startScoreEdit, { packageId: r.packageId });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(M.notLeader);
    const outsider = await fx.call('expert04', 'POST', API.startScoreEdit, { packageId: r.packageId });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(M.notOnCommittee);
    const pending = await fx.call('expert01', 'POST', API.startScoreEdit, { packageId: r.packageId });
    expect(pending.status).toBe(400);
    expect(pending.body.message).toBe(M.qualificationIncomplete(1));
    expect(await stateOf(r)).toMatchObject({ stage: 6, committee: 'qualifying' });
    const early = await get('expert02', API.scoringItemsList, { packageId: r.packageId });
    expect(early.status).toBe(400);

    await db().execute(sql`UPDATE review_bid SET qualification = 'passed' WHERE committee_id = ${r.committeeId}`);
    await fx.okCall('expert01', 'POST', API.startScoreEdit, { packageId: r.packageId });
    expect(await stateOf(r)).toEqual({
      stage: 7,
      committee: 'scoring',
      members: { expert01: 'scoring', expert02: 'scoring', expert03: 'scoring' },
    });
    const again = await fx.call('expert01', 'POST', API.startScoreEdit, { packageId: r.packageId });
    expect(again.status).toBe(400);
  });

  it('lists my sheets per valid bidder; suppliers and outsiders cannot read them', async () => {
    const sheets: Json[] = await fx.okCall(
      'expert02',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId })}`,
    );
    expect(sheets.map((s) => s.bidId).sort()).toEqual([...r.bids].sort());
    expect(sheets[0].envelope).toBe(2);
    expect(sheets[0].items.map((i: Json) => [i.name, i.maxScore, i.score, i.state, i.editable])).toEqual([
      ['技术方案', '60.00', null, 'draft', true],
      ['商务部分', '20.50', null, 'draft', true],
    ]);
    const one = await fx.okCall(
      'expert02',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId, bidId: r.bids[0] ?? '' })}`,
    );
    expect(one).toHaveLength(1);
    expect((await get('supplier01', API.scoringItemsList, { packageId: r.packageId })).status).toBe(403);
    expect((await get('supplier01', API.leaderReview, { packageId: r.packageId })).status).toBe(403);
    expect((await get('supplier01', API.subclass, { packageId: r.packageId, itemId: r.items.tech })).status).toBe(403);
    const outsider = await get('expert04', API.scoringItemsList, { packageId: r.packageId });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(M.notOnCommittee);
    const write = await save('expert04', r, r.bids[0] ?? '', sheet(r, '50', '10'));
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(M.notOnCommittee);
  });

  it('refuses out-of-range and missing scores with the exact messages, writing nothing', async () => {
    const bid = r.bids[0] ?? '';
    const high = await save('expert02', r, bid, sheet(r, '60.001', '10'), true);
    expect(high.status).toBe(400);
    expect(high.body.message).toBe(M.scoreOutOfRange('技术方案', '60'));
    const highDraft = await save('expert02', r, bid, sheet(r, '10', '20.6'));
    expect(highDraft.body.message).toBe(M.scoreOutOfRange('商务部分', '20.5'));
    const missing = await save('expert02', r, bid, [{ itemId: r.items.tech, score: '50' }], true);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(M.scoreMissing('商务部分'));
    const format = await save('expert02', r, bid, sheet(r, '1.2345', '1'));
    expect(format.status).toBe(400);
    expect(format.body.message).toBe(M.scoreFormat);
    expect(await scoreCount(r)).toBe(0);
    const otherBid = await save('expert02', r, r.items.tech, sheet(r, '1', '1'));
    expect(otherBid.status).toBe(404);
    expect(otherBid.body.message).toBe(M.bidNotReviewed);
  });

  it('keeps a draft, submits it, then the sheet is read-only', async () => {
    const bid = r.bids[0] ?? '';
    await fx.okCall('expert02', 'POST', API.scoreSave, {
      packageId: r.packageId,
      bidId: bid,
      scores: [{ itemId: r.items.tech, score: 45.5 }],
    });
    const [draft] = await fx.okCall(
      'expert02',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId, bidId: bid })}`,
    );
    expect(draft.items[0]).toMatchObject({ score: '45.500', state: 'draft', editable: true });
    expect(draft.items[1]).toMatchObject({ score: null, state: 'draft' });
    const done = await fx.okCall('expert02', 'POST', API.scoreSave, {
      packageId: r.packageId,
      bidId: bid,
      submit: true,
      scores: sheet(r, '46', '20.5'),
    });
    expect(done).toEqual({ memberState: 'scoring', committeeState: 'scoring' });
    const [after] = await fx.okCall(
      'expert02',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId, bidId: bid })}`,
    );
    expect(after.items.map((i: Json) => [i.score, i.state, i.editable])).toEqual([
      ['46.000', 'submitted', false],
      ['20.500', 'submitted', false],
    ]);
    expect(after.items[0].comment).toBe('技术评分说明');
    const change = await save('expert02', r, bid, sheet(r, '30', '10'));
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(M.sheetSubmitted);
    const firstEnvelope = await save(
      'expert02',
      r,
      r.bids[1] ?? '',
      sheet(r, '30', '10'),
      false,
      API.firstEnvelopeSave,
    );
    expect(firstEnvelope.body.message).toBe(M.envelopeWrong);
    const sub = await get('expert03', API.subclass, { packageId: r.packageId, itemId: r.items.tech });
    expect(sub.body.message).toBe(M.subclassNotSubmitted);
  });

  it('the last submission moves to 组长汇总 (stage 8) and announces it', async () => {
    const plan: [string, string, string, string][] = [
      ['expert02', r.bids[1] ?? '', '50', '15'],
      ['expert01', r.bids[0] ?? '', '30', '10'],
      ['expert01', r.bids[1] ?? '', '55', '16'],
      ['expert03', r.bids[0] ?? '', '50', '12'],
    ];
    for (const [who, bid, tech, biz] of plan) await fx.okCall(who, 'POST', API.scoreSave, body(bid, tech, biz, true));
    const s = await stateOf(r);
    expect(s).toMatchObject({ stage: 7, committee: 'scoring' });
    expect(s.members).toEqual({ expert01: 'submitted', expert02: 'submitted', expert03: 'scoring' });
    expect(events.filter((e) => e.packageId === r.packageId)).toEqual([]);
    const last = await fx.okCall('expert03', 'POST', API.scoreSave, body(r.bids[1] ?? '', '54', '16', true));
    expect(last).toEqual({ memberState: 'summarizing', committeeState: 'summarizing' });
    await expectSummarizingOnce(r);
    const history = await rows<{ action: string }>(sql`SELECT action FROM purchase_package_history
      WHERE package_id = ${r.packageId} ORDER BY create_time, id`);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['score', 'summarize']));
  });

  function body(bidId: string, tech: string, biz: string, submit: boolean) {
    return { packageId: r.packageId, bidId, submit, scores: sheet(r, tech, biz) };
  }

  it('leaderReview: every score, mean, spread and the alert; leader only', async () => {
    const member = await get('expert02', API.leaderReview, { packageId: r.packageId });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(M.notLeader);
    const dto = await fx.okCall('expert01', 'GET', `${API.leaderReview}?packageId=${r.packageId}`);
    const tech0 = dto.rows.find((x: Json) => x.bidId === r.bids[0] && x.itemId === r.items.tech);
    expect(tech0.scores.map((c: Json) => c.score)).toEqual(['30.000', '46.000', '50.000']);
    expect(tech0).toMatchObject({ mean: '42.000', spread: '20.000', alert: true, maxScore: '60.00' });
    const tech1 = dto.rows.find((x: Json) => x.bidId === r.bids[1] && x.itemId === r.items.tech);
    expect(tech1).toMatchObject({ mean: '53.000', spread: '5.000', alert: false });
    expect(dto.rows).toHaveLength(4);
    const drill = await fx.okCall(
      'expert02',
      'GET',
      `${API.subclass}?${new URLSearchParams({ packageId: r.packageId, itemId: r.items.tech })}`,
    );
    expect(drill).toMatchObject({ name: '技术方案', maxScore: '60.00' });
    expect(drill.rows).toHaveLength(6);
    expect(drill.rows.find((x: Json) => x.memberId === r.member.expert02 && x.bidId === r.bids[0])).toMatchObject({
      score: '46.000',
      comment: '技术评分说明',
      realname: expect.any(String),
    });
    const wrongItem = await get('expert01', API.subclass, { packageId: r.packageId, itemId: r.committeeId });
    expect(wrongItem.status).toBe(404);
    expect(wrongItem.body.message).toBe(M.itemNotScoring);
  });

  it('the leader returns an item: the member edits only it, re-submits, the change is announced', async () => {
    const ret = (who: string, returns: object[]) =>
      fx.call(who, 'POST', API.leaderReview, { packageId: r.packageId, returns });
    const target = { memberId: r.member.expert01, bidId: r.bids[0], itemId: r.items.tech };
    const notLeader = await ret('expert02', [{ ...target, note: '请复核' }]);
    expect(notLeader.status).toBe(403);
    const noNote = await ret('expert01', [{ ...target, note: '  ' }]);
    expect(noNote.body.message).toBe(M.returnNoteRequired);
    await fx.okCall('expert01', 'POST', API.leaderReview, {
      packageId: r.packageId,
      returns: [{ ...target, note: '技术方案评分偏低，请复核' }],
    });
    expect((await stateOf(r)).members).toEqual({
      expert01: 'scoring',
      expert02: 'summarizing',
      expert03: 'summarizing',
    });
    expect(await stateOf(r)).toMatchObject({ stage: 8, committee: 'summarizing' });
    const twice = await ret('expert01', [{ ...target, note: '再次退回' }]);
    expect(twice.body.message).toBe(M.notSubmitted);

    const [mine] = await fx.okCall(
      'expert01',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId, bidId: r.bids[0] ?? '' })}`,
    );
    expect(mine.items.map((i: Json) => [i.state, i.editable, i.returnNote])).toEqual([
      ['returned', true, '技术方案评分偏低，请复核'],
      ['submitted', false, null],
    ]);
    const otherItem = await save('expert01', r, r.bids[0] ?? '', [{ itemId: r.items.biz, score: '1' }]);
    expect(otherItem.body.message).toBe(M.sheetSubmitted);
    const otherMember = await save('expert02', r, r.bids[0] ?? '', [{ itemId: r.items.tech, score: '1' }]);
    expect(otherMember.body.message).toBe(M.sheetSubmitted);
    await fx.okCall('expert01', 'POST', API.scoreSave, {
      packageId: r.packageId,
      bidId: r.bids[0],
      scores: [{ itemId: r.items.tech, score: '44' }],
    });
    const draftState = await rows<{ state: string; score: string }>(sql`SELECT state, score::text AS score
      FROM review_score WHERE member_id = ${r.member.expert01} AND bid_id = ${r.bids[0]} AND item_id = ${r.items.tech}`);
    expect(draftState).toEqual([{ state: 'returned', score: '44.000' }]);
    expect(events.filter((e) => e.event === 'changed')).toEqual([]);
    const again = await fx.okCall('expert01', 'POST', API.scoreSave, {
      packageId: r.packageId,
      bidId: r.bids[0],
      submit: true,
      scores: [{ itemId: r.items.tech, score: '44.5', comment: '已复核' }],
    });
    expect(again).toEqual({ memberState: 'summarizing', committeeState: 'summarizing' });
    expect(events.filter((e) => e.event === 'changed')).toEqual([
      { event: 'changed', packageId: r.packageId, cause: 'rescore' },
    ]);
    const dto = await fx.okCall('expert01', 'GET', `${API.leaderReview}?packageId=${r.packageId}`);
    const tech0 = dto.rows.find((x: Json) => x.bidId === r.bids[0] && x.itemId === r.items.tech);
    expect(tech0).toMatchObject({ mean: '46.833', spread: '5.500', alert: false });
  });

  it('refuses a sheet submitted after the review ended', async () => {
    await db().execute(sql`UPDATE review_committee SET state = 'ended' WHERE id = ${r.committeeId}`);
    await db().execute(sql`UPDATE review_member SET state = 'done' WHERE committee_id = ${r.committeeId}`);
    await db().execute(sql`UPDATE purchase_package SET purchase_stage = 9 WHERE id = ${r.packageId}`);
    const late = await save('expert02', r, r.bids[0] ?? '', sheet(r, '1', '1'), true);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(M.reviewEnded);
    const ret = await fx.call('expert01', 'POST', API.leaderReview, {
      packageId: r.packageId,
      returns: [{ memberId: r.member.expert02, bidId: r.bids[0], itemId: r.items.tech, note: '复核' }],
    });
    expect(ret.body.message).toBe(M.reviewEnded);
  });
});

describe('第一信封 (two-envelope packages)', () => {
  it('scores the technical envelope through its own path; the ordinary path is refused', async () => {
    const r = await reviewInQualification({ twoEnvelope: true });
    await fx.okCall('expert01', 'POST', API.startScoreEdit, { packageId: r.packageId });
    const [s] = await fx.okCall(
      'expert02',
      'GET',
      `${API.scoringItemsList}?${new URLSearchParams({ packageId: r.packageId, envelope: '1' })}`,
    );
    expect(s.envelope).toBe(1);
    const wrong = await save('expert02', r, r.bids[0] ?? '', sheet(r, '30', '10'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(M.envelopeFirst);
    await fx.okCall('expert02', 'POST', API.firstEnvelopeSave, {
      packageId: r.packageId,
      bidId: r.bids[0],
      submit: true,
      scores: sheet(r, '30', '10'),
    });
    const stored = await rows<{ envelope: number; state: string }>(sql`SELECT envelope, state FROM review_score
      WHERE member_id = ${r.member.expert02}`);
    expect(stored).toEqual([
      { envelope: 1, state: 'submitted' },
      { envelope: 1, state: 'submitted' },
    ]);
  });
});

describe('concurrent last submissions', () => {
  it('two members submitting their last sheets at once move the committee exactly once', async () => {
    const r = await reviewInQualification();
    await fx.okCall('expert01', 'POST', API.startScoreEdit, { packageId: r.packageId });
    const [bidA = '', bidB = ''] = r.bids;
    const submit = (who: string, bidId: string) =>
      fx.call(who, 'POST', API.scoreSave, {
        packageId: r.packageId,
        bidId,
        submit: true,
        scores: sheet(r, '40', '15'),
      });
    for (const bid of [bidA, bidB]) expect((await submit('expert03', bid)).status).toBe(200);
    for (const who of ['expert01', 'expert02']) expect((await submit(who, bidA)).status).toBe(200);
    const results = await Promise.all([submit('expert01', bidB), submit('expert02', bidB)]);
    expect(results.map((x) => x.status)).toEqual([200, 200]);
    expect(results.map((x) => x.body.result.committeeState).sort()).toEqual(['scoring', 'summarizing']);
    await expectSummarizingOnce(r);
  });
});
