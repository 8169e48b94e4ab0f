/**
 * The review flow's shared set-up (issue 15): reaches a real review state through the REAL APIs, so every review
 * slice's integration tests start where the previous steps leave a package:
 * - `openedPackage`: review items, published notice, sign-ups and sealed bids by supplier01..03, opened through
 *   the stage machine's opening (stage 5, quotes unsealed);
 * - `drawCommittee`: the committee through REVIEW_API.draw as buyer01 (SQL only when the asked experts are not the
 *   ones the draw picks), then every member signs in (the leader vote opens);
 * - `electLeader`: every member votes for the leader through REVIEW_API.teamLeaderVote (stage 6, bids under review);
 * - `qualifyAll`: every member passes every bid on every qualification item through eligibleReviewEdit, except the
 *   given failures.
 * Call `reviewFlowFixture()` once at the top of a test file (it registers beforeAll/afterAll).
 */
import { PROCUREMENT_BID_API as BID_API, REVIEW_API } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { bidFixture, type Json } from './procurement-bid-fixture.ts';
import { PDF_MIN } from './upload-fixtures.ts';

export const EXPERT_USERS = ['expert01', 'expert02', 'expert03', 'expert04', 'expert05', 'expert06', 'expert07'];
/**
 * The five experts the draw picks when supplier02 bids: expert06 is 暂停 and expert03 avoids supplier02's company
 * (seed/experts.ts), so a 5-member draw from the demo pool is exactly these.
 */
export const DRAWN_WITH_SUPPLIER02 = ['expert01', 'expert02', 'expert04', 'expert05', 'expert07'];

export interface OpenedPackageOptions {
  /** How many of supplier01..03 bid (default 3). */
  bidders?: number;
  /** One price per bidder (default 950000, 900000, 1000000: the hand-computed case). */
  prices?: string[];
  items?: {
    qualification?: string[];
    scoring?: { name: string; max: number }[];
  };
  minBidders?: number;
  fixedPrice?: string;
  /** purchase_package.price_method (low_price default). */
  priceMethod?: string;
  scoreType?: string;
  quotationRoundCount?: number;
  twoEnvelope?: boolean;
}

export interface OpenedBid {
  bidId: string;
  supplierId: string;
  /** The supplier's user (supplier01..03), also the token key. */
  supplier: string;
  price: string;
}

export const DEFAULT_QUALIFICATION = ['营业执照', '资质证书', '投标保证金'];
export const DEFAULT_SCORING = [
  { name: '技术', max: 40 },
  { name: '商务', max: 20 },
];

export function reviewFlowFixture() {
  const fx = bidFixture();

  beforeAll(async () => {
    for (const u of EXPERT_USERS) fx.tokens[u] = await fx.t.login(u);
  });

  /** A package with review items, bids by supplier01..N, opened (stage 5). */
  async function openedPackage(o: OpenedPackageOptions = {}) {
    const bidders = o.bidders ?? 3;
    const prices = o.prices ?? ['950000', '900000', '1000000'];
    const { packageId } = await fx.publishedPackage({
      fixedPrice: o.fixedPrice ?? '2000000.00',
      minBidders: o.minBidders ?? 3,
    });
    const qualification = o.items?.qualification ?? DEFAULT_QUALIFICATION;
    const scoring = o.items?.scoring ?? DEFAULT_SCORING;
    await fx.t.db.execute(sql`DELETE FROM purchase_review_item WHERE package_id = ${packageId}`);
    let sort = 0;
    for (const name of qualification) {
      await fx.t.db.execute(sql`INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
        VALUES (1, ${packageId}, 'qualification', ${name}, NULL, ${++sort})`);
    }
    for (const s of scoring) {
      await fx.t.db.execute(sql`INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
        VALUES (1, ${packageId}, 'scoring', ${s.name}, ${String(s.max)}, ${++sort})`);
    }
    await fx.t.db.execute(sql`UPDATE purchase_package SET
        price_method = coalesce(${o.priceMethod ?? null}, price_method),
        score_type = coalesce(${o.scoreType ?? null}, score_type),
        quotation_round_count = coalesce(${o.quotationRoundCount ?? null}::int, quotation_round_count),
        two_envelope = coalesce(${o.twoEnvelope ?? null}::boolean, two_envelope)
      WHERE id = ${packageId}`);

    const bids: OpenedBid[] = [];
    for (let i = 0; i < bidders; i++) {
      const who = `supplier0${i + 1}`;
      const price = prices[i] ?? prices[prices.length - 1] ?? '900000';
      await fx.okCall(who, 'POST', BID_API.supplierSignUp, { packageId });
      const file = await fx.upload(who, `${who}-响应文件.pdf`, PDF_MIN);
      const r = await fx.bid(who, packageId, { price }, [file.id]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      bids.push({ bidId: r.body.result.id, supplierId: r.body.result.supplierId, supplier: who, price });
    }
    await fx.t.db.execute(sql`UPDATE purchase_package SET purchase_stage = 4,
      opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`);
    const pkg = await fx.t.services.packageStages.open(fx.t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    expect(pkg.purchaseStage, 'the opening left the package at 已开标').toBe(5);
    return { packageId, bids };
  }

  /** The committee's member ids by username (every member, out ones included). */
  async function members(packageId: string): Promise<Record<string, string>> {
    const rows = await fx.t.db.execute<{ id: string; username: string }>(sql`SELECT m.id, u.username
      FROM review_member m JOIN sys_user u ON u.id = m.user_id WHERE m.package_id = ${packageId}`);
    return Object.fromEntries(rows.rows.map((r) => [r.username, r.id]));
  }

  /** Inserts the committee as the draw leaves it (used only when the draw cannot pick the asked experts). */
  async function insertCommittee(packageId: string, experts: string[]) {
    const c = await fx.t.db.execute<{ id: string }>(sql`
      INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
      VALUES (1, ${packageId}, ${experts.length}, 'seed-fixture',
        '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01') RETURNING id`);
    for (const [i, u] of experts.entries()) {
      await fx.t.db.execute(sql`
        INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence)
        SELECT 1, ${c.rows[0]?.id}, ${packageId}, u.id, e.id, 'expert', ${i + 1}
        FROM sys_user u JOIN expert_profile e ON e.user_id = u.id WHERE u.username = ${u}`);
    }
  }

  /**
   * The committee of `experts` (odd count), drawn by buyer01 through REVIEW_API.draw; when the draw picks others
   * (e.g. expert03 asked while supplier02 bids), it is replaced by SQL rows. Every member then signs in, which
   * opens the leader vote (committee electing). Returns the member ids by username.
   */
  async function drawCommittee(packageId: string, experts: string[] = DRAWN_WITH_SUPPLIER02) {
    const drawn: Json = await fx.okCall('buyer01', 'POST', REVIEW_API.draw, { packageId, size: experts.length });
    let ids = await members(packageId);
    if (Object.keys(ids).sort().join() !== [...experts].sort().join()) {
      await fx.t.db.execute(sql`DELETE FROM review_committee WHERE id = ${drawn.committee.id}`);
      await insertCommittee(packageId, experts);
      ids = await members(packageId);
    }
    for (const u of experts) {
      await fx.okCall(u, 'POST', REVIEW_API.taskSignIn, { id: ids[u], agree: true });
    }
    const c = await fx.t.db.execute<{ state: string }>(
      sql`SELECT state FROM review_committee WHERE package_id = ${packageId}`,
    );
    expect(c.rows[0]?.state, 'every member signed in: the vote is open').toBe('electing');
    return ids;
  }

  /** Every active member votes for `leader` (round 1): the leader is elected, the package enters 资格审查 (6). */
  async function electLeader(packageId: string, leader = 'expert01') {
    const ids = await members(packageId);
    const active = await fx.t.db.execute<{ username: string }>(sql`SELECT u.username FROM review_member m
      JOIN sys_user u ON u.id = m.user_id WHERE m.package_id = ${packageId} AND m.state = 'electing'`);
    let last: Json = null;
    for (const { username } of active.rows) {
      last = await fx.okCall(username, 'PUT', REVIEW_API.teamLeaderVote, {
        packageId,
        candidateMemberId: ids[leader],
      });
    }
    expect(last?.leaderMemberId, `${leader} elected`).toBe(ids[leader]);
    return ids[leader] as string;
  }

  /**
   * Every active member judges every bid on every qualification item through eligibleReviewEdit: 通过, except
   * the listed failures (expert, bid, item name). Returns the last save's answer (decided bids, 流标 reason).
   */
  async function qualifyAll(
    packageId: string,
    failures: { expert: string; bidId: string; item: string; reason?: string }[] = [],
  ) {
    const active = await fx.t.db.execute<{ username: string }>(sql`SELECT u.username FROM review_member m
      JOIN sys_user u ON u.id = m.user_id WHERE m.package_id = ${packageId} AND m.state = 'qualifying'
      ORDER BY m.draw_sequence NULLS LAST`);
    let last: Json = null;
    for (const { username } of active.rows) {
      const sheet: Json = await fx.okCall(username, 'GET', `${REVIEW_API.reviewItems}?packageId=${packageId}`);
      const verdicts = sheet.bids.flatMap((b: Json) =>
        sheet.qualification.map((i: Json) => {
          const f = failures.find((x) => x.expert === username && x.bidId === b.bidId && x.item === i.name);
          return f
            ? { bidId: b.bidId, itemId: i.id, pass: false, reason: f.reason ?? `${i.name}不符合要求` }
            : { bidId: b.bidId, itemId: i.id, pass: true };
        }),
      );
      if (verdicts.length === 0) continue;
      last = await fx.okCall(username, 'POST', REVIEW_API.eligibleReviewEdit, { packageId, verdicts });
    }
    return last as { decided: { bidId: string; outcome: string }[]; failedReason: string | null } | null;
  }

  return {
    get t() {
      return fx.t;
    },
    tokens: fx.tokens,
    call: fx.call,
    okCall: fx.okCall,
    upload: fx.upload,
    makePackage: fx.makePackage,
    stageOf: fx.stageOf,
    publishedPackage: fx.publishedPackage,
    bid: fx.bid,
    openedPackage,
    members,
    drawCommittee,
    electLeader,
    qualifyAll,
  };
}
