/**
 * Issue 15 §2, the expert draw: the buyer draws a package's committee (tenant + data scope, stage 4|5, once per
 * package, in the package's row lock) from the tenant's pool, leaving out the suspended, the bidders' employees and
 * declared avoidances; the server's seed replays the draw; a declined member is replaced by the next expert of the
 * same seeded order; every drawn expert finds a system message in their bell opening 评审任务.
 */
import {
  REVIEW_DRAW_MESSAGES as DM,
  drawExperts,
  REVIEW_MESSAGES as M,
  REVIEW_API,
  type ReviewDrawDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expertSeedId } from '../src/seed/experts.ts';
import { seedId } from '../src/seed/ids.ts';
import { bidFixture, SUP1, SUP2 } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const { call, okCall, makePackage } = fx;

/** A package in stage 5 (已开标) with bids of supplier01 (华东建设工程有限公司) and supplier02 (中泰物资贸易有限公司). */
async function openedPackage(o: { stage?: number; orgCode?: string; expertCount?: number | null } = {}) {
  const packageId = await makePackage({ stage: o.stage ?? 5, orgCode: o.orgCode });
  await fx.t.db.execute(sql`
    UPDATE purchase_package SET purchase_method = 'competitive_negotiation', expert_count = ${o.expertCount ?? null}
     WHERE id = ${packageId}`);
  for (const supplierId of [SUP1, SUP2]) {
    const signUp = await fx.t.db.execute<{ id: string }>(sql`
      INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
      VALUES (1, ${packageId}, ${supplierId}, ${seedId('user:supplier01')}) RETURNING id`);
    await fx.t.db.execute(sql`
      INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by)
      VALUES (1, ${packageId}, ${supplierId}, ${signUp.rows[0]?.id}, 'price', 'sealed', ${seedId('user:supplier01')})`);
  }
  return packageId;
}

const draw = (who: string, body: object) => call(who, 'POST', REVIEW_API.draw, body);
const expertIds = (d: ReviewDrawDto) => d.committee.members.filter((m) => m.kind === 'expert').map((m) => m.userId);
const E = (n: number) => expertSeedId(`expert0${n}`);
const U = (n: number) => seedId(`user:expert0${n}`);

/** The unread bell rows of a user for the committee's task messages. */
async function bellOf(userId: string, committeeId: string) {
  const { rows } = await fx.t.db.execute<{ title: string; open_page: string; open_type: string }>(sql`
    SELECT a.title, a.open_page, a.open_type FROM sys_announcement a
      JOIN sys_announcement_send s ON s.annt_id = a.id
     WHERE s.user_id = ${userId} AND a.bus_type = 'review_task' AND a.bus_id = ${committeeId}`);
  return rows;
}

beforeAll(async () => {
  // expert07 works for a bidder (supplier01's company): the draw must leave them out of this test's packages.
  await fx.t.db.execute(sql`UPDATE expert_profile SET employer = '华东建设工程有限公司' WHERE id = ${E(7)}`);
});

describe('the draw', () => {
  let packageId: string;
  let drawn: ReviewDrawDto;

  beforeAll(async () => {
    packageId = await openedPackage();
    const res = await draw('buyer01', { packageId, size: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    drawn = res.body.result;
  });

  it('draws a committee of the required size from the eligible experts, with the seed recorded', async () => {
    const { committee } = drawn;
    expect(committee.size).toBe(3);
    expect(committee.state).toBe('drawn');
    expect(committee.drawSeed).toMatch(/^[0-9a-f]{32}$/);
    expect(committee.drawnBy).toBe('buyer01');
    expect(committee.members).toHaveLength(3);
    expect(committee.members.every((m) => m.state === 'drawn' && m.kind === 'expert')).toBe(true);
    const eligible = [1, 2, 4, 5].map(U);
    expect(expertIds(drawn).every((u) => eligible.includes(u))).toBe(true);
    expect(new Set(expertIds(drawn)).size).toBe(3);
  });

  it('leaves out the suspended, a bidder’s employee and expert03’s declared avoidance of supplier02, with reasons', () => {
    const reasons = Object.fromEntries(drawn.excluded.map((e) => [e.expertId, e.reason]));
    expect(reasons).toEqual({
      [E(3)]: DM.declaredAvoidance('中泰物资贸易有限公司'),
      [E(6)]: DM.suspended,
      [E(7)]: DM.sameEmployer('华东建设工程有限公司'),
    });
    expect(drawn.excluded.find((e) => e.expertId === E(3))?.realname).toBeTruthy();
  });

  it('replays: the recorded pool, requirement and seed give the same members in the same order', async () => {
    const { rows } = await fx.t.db.execute<{ audit: { pool: never[]; requirement: never } }>(
      sql`SELECT draw_audit AS audit FROM review_committee WHERE id = ${drawn.committee.id}`,
    );
    const audit = rows[0]?.audit;
    if (!audit) throw new Error('no audit');
    const again = drawExperts(audit.pool, audit.requirement, drawn.committee.drawSeed);
    if (!again.ok) throw new Error(again.message);
    const bySequence = [...drawn.committee.members].sort((a, b) => (a.drawSequence ?? 0) - (b.drawSequence ?? 0));
    const profileOf = new Map([1, 2, 3, 4, 5, 6, 7].map((n) => [U(n), E(n)]));
    expect(again.drawn.map((d) => d.expertId)).toEqual(bySequence.map((m) => profileOf.get(m.userId)));
    expect(again.drawn.map((d) => d.sequence)).toEqual([1, 2, 3]);
  });

  it('puts a system message opening 评审任务 in each drawn expert’s bell, and none in the others’', async () => {
    for (const userId of expertIds(drawn)) {
      const bell = await bellOf(userId, drawn.committee.id);
      expect(bell).toHaveLength(1);
      expect(bell[0]).toMatchObject({ open_type: 'url', open_page: '/review/task' });
      expect(bell[0]?.title).toContain('评审任务');
    }
    for (const n of [3, 6, 7]) expect(await bellOf(U(n), drawn.committee.id)).toEqual([]);
  });

  it('shows the committee to the buyer and the supervisor, not to a supplier', async () => {
    const url = `${REVIEW_API.committee}?packageId=${packageId}`;
    expect((await okCall('buyer01', 'GET', url)).committee.id).toBe(drawn.committee.id);
    expect((await okCall('supervisor01', 'GET', url)).committee.drawSeed).toBe(drawn.committee.drawSeed);
    expect((await call('supplier01', 'GET', url)).status).toBe(403);
  });

  it('refuses a second draw of the same package', async () => {
    const res = await draw('buyer01', { packageId, size: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.committeeExists);
  });

  it('replaces a declined member by the next expert of the seeded order, then runs out of experts', async () => {
    const notOut = drawn.committee.members[0];
    if (!notOut) throw new Error('no member');
    const refused = await call('buyer01', 'POST', REVIEW_API.drawReplace, { memberId: notOut.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(M.replaceNotNeeded);

    await fx.t.db.execute(
      sql`UPDATE review_member SET state = 'declined', decline_reason = '时间冲突' WHERE id = ${notOut.id}`,
    );
    const replaced: ReviewDrawDto = await okCall('buyer01', 'POST', REVIEW_API.drawReplace, { memberId: notOut.id });
    const old = replaced.committee.members.find((m) => m.id === notOut.id);
    expect(old?.state).toBe('replaced');
    const added = replaced.committee.members.find((m) => m.replacesMemberId === notOut.id);
    expect(added).toMatchObject({ state: 'drawn', kind: 'expert', drawSequence: 4 });
    // The only eligible expert not drawn at first.
    const rest = [1, 2, 4, 5].map(U).filter((u) => !expertIds(drawn).includes(u));
    expect(added?.userId).toBe(rest[0]);
    expect(await bellOf(added?.userId as string, drawn.committee.id)).toHaveLength(1);

    // The replacement declines too: the pool of four is exhausted.
    await fx.t.db.execute(sql`UPDATE review_member SET state = 'avoided' WHERE id = ${added?.id}`);
    const none = await call('buyer01', 'POST', REVIEW_API.drawReplace, { memberId: added?.id });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(DM.poolTooSmall(2, 3));
  });
});

describe('refusals', () => {
  it('refuses a package before 待开标 and an even or missing committee size', async () => {
    const early = await openedPackage({ stage: 3 });
    const res = await draw('buyer01', { packageId: early, size: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.drawStage);

    const packageId = await openedPackage();
    expect((await draw('buyer01', { packageId })).body.message).toBe(M.drawSizeRequired);
    expect((await draw('buyer01', { packageId, size: 4 })).body.message).toBe(DM.countEven);
    const tooMany = await draw('buyer01', { packageId, size: 5 });
    expect(tooMany.body.message).toBe(DM.poolTooSmall(4, 5));
    const { rows } = await fx.t.db.execute(sql`SELECT 1 FROM review_committee WHERE package_id = ${packageId}`);
    expect(rows).toEqual([]);
  });

  it('draws once when two draws race (the package row lock), and reads null before any draw', async () => {
    const packageId = await openedPackage();
    const before = await call('buyer01', 'GET', `${REVIEW_API.committee}?packageId=${packageId}`);
    expect(before.body).toMatchObject({ success: true, result: null, message: M.committeeNotFound });
    const race = await Promise.all([draw('buyer01', { packageId, size: 3 }), draw('buyer01', { packageId, size: 3 })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.status === 400)?.body.message).toBe(M.committeeExists);
    const { rows } = await fx.t.db.execute(
      sql`SELECT m.id FROM review_member m JOIN review_committee c ON c.id = m.committee_id WHERE c.package_id = ${packageId}`,
    );
    expect(rows).toHaveLength(3);
  });

  it('takes the size from the package’s selection settings', async () => {
    const packageId = await openedPackage({ expertCount: 3 });
    const drawn: ReviewDrawDto = await okCall('buyer01', 'POST', REVIEW_API.draw, { packageId });
    expect(drawn.committee.members).toHaveLength(3);
  });

  it('hides another department’s package (404) and refuses a supplier (403)', async () => {
    const packageId = await openedPackage();
    // project01 (项目采购员, own department A01A01A01) holds the draw codes but not the package's department.
    const other = await draw('project01', { packageId, size: 3 });
    expect(other.status).toBe(404);
    expect((await call('project01', 'GET', `${REVIEW_API.committee}?packageId=${packageId}`)).status).toBe(404);
    expect((await draw('supplier01', { packageId, size: 3 })).status).toBe(403);
    expect((await draw('yhadmin', { packageId, size: 3 })).status).toBe(404);
  });

  it('records a purchaser representative who may open 评审任务, and refuses one who may not', async () => {
    const packageId = await openedPackage();
    const supplierUser = seedId('user:supplier01');
    const notStaff = await draw('buyer01', { packageId, size: 3, purchaserRepUserId: supplierUser });
    expect(notStaff.body.message).toBe(M.repNotStaff);
    const noTask = await draw('buyer01', { packageId, size: 3, purchaserRepUserId: seedId('user:branch01') });
    expect(noTask.body.message).toBe(M.repNoTaskAccess);

    const rep = await fx.t.createUser({ roles: ['buyer', 'expert'], departs: ['A01'] });
    const drawn: ReviewDrawDto = await okCall('buyer01', 'POST', REVIEW_API.draw, {
      packageId,
      size: 3,
      purchaserRepUserId: rep.id,
    });
    const repMember = drawn.committee.members.find((m) => m.kind === 'purchaser_rep');
    expect(repMember).toMatchObject({ userId: rep.id, drawSequence: null, state: 'drawn' });
    expect(drawn.committee.members).toHaveLength(4);
    expect(await bellOf(rep.id, drawn.committee.id)).toHaveLength(1);
  });
});
