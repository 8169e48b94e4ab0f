import { PERMISSIONS } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../src/seed/ids.ts';
import { supplierSeedId } from '../src/seed/suppliers.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

/**
 * Issue 15's foundation: the seeded pool and grants, and the constraints that make a double action or an
 * inconsistent row impossible whatever a route does (one vote per voter and round, one score per member × bid ×
 * item, reasons where the rules require them).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

async function codesOf(username: string, password = DEMO_PASSWORD) {
  const token = await t.login(username, password);
  const res = await call(token, 'GET', '/sys/permission/getUserPermissionByToken');
  const result = res.json().result as { auth: { action: string }[]; menu: { path: string; children?: unknown[] }[] };
  const paths = (nodes: { path: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [n.path, ...paths((n.children ?? []) as { path: string; children?: unknown[] }[])]);
  return { codes: result.auth.map((a) => a.action), paths: paths(result.menu) };
}

/** The SQLSTATE of a statement that must fail. */
async function refused(text: string, values: unknown[]): Promise<string> {
  try {
    await t.pool.query(text, values);
  } catch (err) {
    return (err as { code: string }).code;
  }
  throw new Error(`not refused: ${text}`);
}

describe('seeded expert pool and grants', () => {
  it('has expert01…07 with profiles: six drawable, expert06 suspended, expert03 avoiding supplier02’s company', async () => {
    const { rows } = await t.pool.query<{ username: string; status: string; avoid: string[]; specialities: string[] }>(
      `SELECT u.username, p.status, p.avoid_supplier_ids::text[] AS avoid, p.specialities
         FROM expert_profile p JOIN sys_user u ON u.id = p.user_id
        WHERE p.tenant_id = 1 AND p.del_flag = 0 AND u.user_end = '2' ORDER BY u.username`,
    );
    expect(rows.map((r) => r.username)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `expert0${n}`));
    expect(rows.filter((r) => r.status === 'normal')).toHaveLength(6);
    expect(rows.find((r) => r.username === 'expert06')?.status).toBe('suspended');
    expect(rows.find((r) => r.username === 'expert03')?.avoid).toEqual([supplierSeedId('zhongtai')]);
    const categories = await t.pool.query<{ code: string }>('SELECT code FROM sys_category WHERE tenant_id = 1');
    const known = new Set(categories.rows.map((r) => r.code));
    expect(rows.flatMap((r) => r.specialities).filter((c) => !known.has(c))).toEqual([]);
    const employers = await t.pool.query('SELECT DISTINCT employer FROM expert_profile WHERE tenant_id = 1');
    expect(employers.rowCount).toBe(2);
  });

  it('grants the expert the task codes without the pool, the buyer the draw, the supplier the answer', async () => {
    const expert = await codesOf('expert05');
    expect(expert.codes).toEqual(expect.arrayContaining(Object.values(PERMISSIONS.reviewTask)));
    expect(expert.paths).toContain('/review/task');
    expect(expert.paths).not.toContain('/review/expertPool');
    expect(expert.codes.filter((c) => c.startsWith('review:expert:') || c.startsWith('review:draw:'))).toEqual([]);

    const buyer = await codesOf('buyer01');
    expect(buyer.codes).toEqual(
      expect.arrayContaining([...Object.values(PERMISSIONS.reviewDraw), PERMISSIONS.reviewMonitor.view]),
    );
    expect(buyer.codes.filter((c) => c.startsWith('review:task:') || c.startsWith('supplier:clarify:'))).toEqual([]);

    const supervisor = await codesOf('supervisor01');
    expect(supervisor.codes).toContain(PERMISSIONS.reviewMonitor.view);
    expect(supervisor.codes).not.toContain(PERMISSIONS.reviewDraw.draw);

    const supplier = await codesOf('supplier02');
    expect(supplier.codes).toEqual(expect.arrayContaining(Object.values(PERMISSIONS.supplierClarify)));
    expect(supplier.codes.filter((c) => c.startsWith('review:'))).toEqual([]);

    const admin = await codesOf('admin', TEST_ADMIN_PASSWORD);
    expect(admin.paths).toContain('/review/expertPool');
    expect(admin.codes).toEqual(expect.arrayContaining(Object.values(PERMISSIONS.reviewExpert)));
  });
});

describe('review tables refuse double actions and incomplete rows', () => {
  let committee: string;
  let members: string[];
  let bid: string;
  let item: string;

  beforeAll(async () => {
    // A package with a bid (written directly: the sealed quote's content does not matter to the constraints).
    const pkg = await t.pool.query<{ id: string }>(
      `SELECT id FROM purchase_package WHERE tenant_id = 1 AND status = 'active' ORDER BY create_time LIMIT 1`,
    );
    const packageId = pkg.rows[0]?.id as string;
    const supplierId = supplierSeedId('huadong');
    const signUp = await t.pool.query<{ id: string }>(
      `INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id) VALUES (1, $1, $2, $3)
       ON CONFLICT (package_id, supplier_id) DO UPDATE SET status = excluded.status RETURNING id`,
      [packageId, supplierId, seedId('user:supplier01')],
    );
    const b = await t.pool.query<{ id: string }>(
      `INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, submit_by)
       VALUES (1, $1, $2, $3, 'price', 'v1.x.y.z', $4)
       ON CONFLICT (package_id, supplier_id) DO UPDATE SET revision = purchase_bid.revision RETURNING id`,
      [packageId, supplierId, signUp.rows[0]?.id, seedId('user:supplier01')],
    );
    bid = b.rows[0]?.id as string;
    const i = await t.pool.query<{ id: string }>(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       VALUES (1, $1, 'scoring', '技术', 40, 99) RETURNING id`,
      [packageId],
    );
    item = i.rows[0]?.id as string;
    const c = await t.pool.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
       VALUES (1, $1, 3, 'seed-1', '{"pool": [], "requirement": {"purchaseMethod": "inquiry", "count": 3}, "order": [], "excluded": []}', 'buyer01') RETURNING id`,
      [packageId],
    );
    committee = c.rows[0]?.id as string;
    members = [];
    for (const n of [1, 2, 3]) {
      const m = await t.pool.query<{ id: string }>(
        `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, draw_sequence)
         VALUES (1, $1, $2, $3, $4, $5) RETURNING id`,
        [committee, packageId, seedId(`user:expert0${n}`), seedId(`expert:1:expert0${n}`), n],
      );
      members.push(m.rows[0]?.id as string);
    }
    // One committee per package.
    expect(
      await refused(
        `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
         VALUES (1, $1, 3, 'seed-2', '{}', 'buyer01')`,
        [packageId],
      ),
    ).toBe('23505');
  });

  it('sits a user once on a committee, and a representative without a profile', async () => {
    const [m1] = members;
    const row = await t.pool.query('SELECT package_id, user_id FROM review_member WHERE id = $1', [m1]);
    const { package_id, user_id } = row.rows[0];
    const again = `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id)
                   VALUES (1, $1, $2, $3, $4)`;
    expect(await refused(again, [committee, package_id, user_id, seedId('expert:1:expert01')])).toBe('23505');
    const rep = `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, kind, expert_id)
                 VALUES (1, $1, $2, $3, 'purchaser_rep', $4)`;
    expect(await refused(rep, [committee, package_id, seedId('user:buyer01'), seedId('expert:1:expert04')])).toBe(
      '23514',
    );
  });

  it('takes one vote per voter and round', async () => {
    const [a, b, c] = members;
    const vote = `INSERT INTO review_leader_vote (tenant_id, committee_id, round, voter_member_id, candidate_member_id)
                  VALUES (1, $1, $2, $3, $4)`;
    await t.pool.query(vote, [committee, 1, a, b]);
    expect(await refused(vote, [committee, 1, a, c])).toBe('23505');
    await t.pool.query(vote, [committee, 2, a, c]); // a tie's next round is a new vote
  });

  it('keeps one score per member × bid × item, submitted only with a score, returned only with a note', async () => {
    const [a] = members;
    const score = `INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score, state, return_note)
                   VALUES (1, $1, $2, $3, $4, $5, $6, $7)`;
    await t.pool.query(score, [committee, a, bid, item, '35.5', 'draft', null]);
    expect(await refused(score, [committee, a, bid, item, '30', 'draft', null])).toBe('23505');
    await t.pool.query('DELETE FROM review_score WHERE member_id = $1', [a]);
    expect(await refused(score, [committee, a, bid, item, null, 'submitted', null])).toBe('23514');
    expect(await refused(score, [committee, a, bid, item, '1', 'returned', ' '])).toBe('23514');
    expect(await refused(score, [committee, a, bid, item, '-1', 'draft', null])).toBe('23514');
  });

  it('needs reasons: a failed verdict, a dissent, a failed check; and an invalid bid its reason code', async () => {
    const [a, b] = members;
    const verdict = `INSERT INTO review_qualification (tenant_id, committee_id, member_id, bid_id, item_id, pass, reason)
                     VALUES (1, $1, $2, $3, $4, $5, $6)`;
    expect(await refused(verdict, [committee, a, bid, item, false, ''])).toBe('23514');
    await t.pool.query(verdict, [committee, a, bid, item, false, '业绩证明不足']);
    expect(await refused(verdict, [committee, a, bid, item, true, null])).toBe('23505');
    expect(
      await refused(
        `UPDATE review_member SET sign_time = now(), sign_opinion = 'dissent', dissent_reason = NULL WHERE id = $1`,
        [b],
      ),
    ).toBe('23514');
    expect(await refused(`UPDATE review_member SET sign_opinion = 'agree' WHERE id = $1`, [b])).toBe('23514');
    const check = `INSERT INTO review_campaign_check (tenant_id, committee_id, bid_id, supplier_id, kind, result, findings,
                                                      checked_by) VALUES (1, $1, $2, $3, $4, $5, $6, $7)`;
    const args = (kind: string, result: string, findings: string | null) => [
      committee,
      bid,
      supplierSeedId('huadong'),
      kind,
      result,
      findings,
      seedId('user:expert01'),
    ];
    expect(await refused(check, args('credit', 'fail', null))).toBe('23514');
    await t.pool.query(check, args('credit', 'fail', '存在失信被执行记录'));
    expect(await refused(check, args('credit', 'pass', null))).toBe('23505');
    expect(await refused(check, args('finance', 'pass', null))).toBe('23514');
    const reviewBid = `INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, valid, invalid_reason)
                       SELECT 1, $1, package_id, $2, supplier_id, $3, $4 FROM purchase_bid WHERE id = $2`;
    expect(await refused(reviewBid, [committee, bid, false, null])).toBe('23514');
    expect(await refused(reviewBid, [committee, bid, true, 'qualification'])).toBe('23514');
    await t.pool.query(reviewBid, [committee, bid, false, 'qualification']);
  });

  it('opens at most one clarification per bid at a time and one request per round', async () => {
    const [a] = members;
    const ask = `INSERT INTO review_clarification (tenant_id, committee_id, package_id, bid_id, supplier_id, kind, round_no,
                                                   question, deadline, asked_by)
                 SELECT 1, $1, package_id, id, supplier_id, $2, $3, '请说明', now() + interval '1 day', $4
                   FROM purchase_bid WHERE id = $5`;
    await t.pool.query(ask, [committee, 'clarify', null, a, bid]);
    expect(await refused(ask, [committee, 'clarify', null, a, bid])).toBe('23505');
    await t.pool.query(`UPDATE review_clarification SET state = 'rejected' WHERE bid_id = $1`, [bid]);
    await t.pool.query(ask, [committee, 'clarify', null, a, bid]);
    await t.pool.query(ask, [committee, 'round', 2, a, bid]);
    expect(await refused(ask, [committee, 'round', 2, a, bid])).toBe('23505');
    expect(await refused(ask, [committee, 'round', null, a, bid])).toBe('23514');
  });
});
