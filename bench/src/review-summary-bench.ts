/**
 * `npm run bench:review` (issue 15): the score summary of a large review, against the real server and its embedded
 * PostgreSQL in a fresh DATA_DIR.
 *  1. start the server (migrations, demo seed); then, in its cluster, one package at stage 8 with --experts (9)
 *     committee members in 组长汇总 (expert01 leads), --bidders (30) valid bids and --items (40) scoring items, and
 *     every score submitted (experts × bidders × items rows, SQL bulk insert);
 *  2. the result computed here, through the same function the 'summarizing' seam runs (recomputeResult: read the
 *     rows, the engine, persist totals, ranks, candidates and the snapshot), --recomputes (20) times, timed;
 *  3. autocannon (its own process, load.ts) at --connections (10) on reviewScoringList/list and getReviewResults as
 *     the leader: the reads answer from the persisted snapshot;
 *  4. figures on stdout and in bench/results/review-summary-<date>[-<label>].json. Printed, never asserted
 *     (target: summary p99 ≤ 50 ms).
 * Options: --experts, --bidders, --items, --recomputes, --connections, --duration (10), --warmup (2), --label, --keep.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../../apps/server/src/db/client.ts';
import { createPackageStages } from '../../apps/server/src/modules/procurement/project/stage.ts';
import { computeResult, recomputeResult } from '../../apps/server/src/modules/procurement/review/result.ts';
import { REVIEW_API } from '../../packages/shared/src/review.constants.ts';
import {
  clusterUrl,
  DEMO_PASSWORD,
  freePort,
  freshDataDir,
  LOAD_OPTIONS,
  login,
  machine,
  printTable,
  round,
  runLoad,
  saveResult,
  startServer,
  stopServer,
} from './harness.ts';
import type { LoadResult } from './load.ts';

const { values: args } = parseArgs({
  options: {
    experts: { type: 'string', default: '9' },
    bidders: { type: 'string', default: '30' },
    items: { type: 'string', default: '40' },
    recomputes: { type: 'string', default: '20' },
    ...LOAD_OPTIONS,
    connections: { type: 'string', default: '10' },
  },
});
const EXPERTS = Number(args.experts);
const BIDDERS = Number(args.bidders);
const ITEMS = Number(args.items);
const TARGET_P99_MS = 50;

type Q = ReturnType<typeof connectDatabase>['pool'];

/** The package, committee, bids and scores, as the review leaves them when the last sheet is submitted. */
async function seedReview(pool: Q) {
  const started = performance.now();
  const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const stamp = Date.now().toString(36);
    const plan = await client.query<{ id: string }>(
      `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
       VALUES (1, 'A01', $1, $2, '2', 'open_tender', 90000000, 'executing', '4') RETURNING id`,
      [`CG-BENCH-${stamp}`, `评审汇总压测计划${stamp}`],
    );
    const project = await client.query<{ id: string }>(
      `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender') RETURNING id`,
      [plan.rows[0]?.id, `NO-BENCH-${stamp}`, `PC-BENCH-${stamp}`, `评审汇总压测${stamp}`],
    );
    // Items' maxima sum to 60 (P = 40): 40 items of 1.5.
    const max = (60 / ITEMS).toFixed(2);
    const pkg = await client.query<{ id: string }>(
      `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, min_bidders,
         purchase_candidate_count, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time, review_start_time)
       VALUES (1, $1, 'A01', $2, $3, $4, '2', 'open_tender', 8, '1', $5, 99000000, 3, 3, now() - interval '5 days',
         now() - interval '4 days', now() - interval '3 days', now() - interval '2 days', now() - interval '1 day')
       RETURNING id`,
      [project.rows[0]?.id, `NO-BENCH-${stamp}`, `PC-BENCH-${stamp}`, `评审汇总压测${stamp}`, `标包BENCH-${stamp}`],
    );
    const packageId = pkg.rows[0]?.id as string;
    await client.query(
      `INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
       SELECT 1, $1, 'scoring', '评分项' || g, $2::numeric, g FROM generate_series(1, $3::int) g`,
      [packageId, max, ITEMS],
    );
    // Experts: the seeded pool first, then bench users with a profile each.
    const seeded = await client.query<{ user_id: string; expert_id: string }>(
      `SELECT e.user_id, e.id AS expert_id FROM expert_profile e JOIN sys_user u ON u.id = e.user_id
       WHERE e.tenant_id = 1 AND e.del_flag = 0 ORDER BY u.username = 'expert01' DESC, u.username LIMIT $1`,
      [EXPERTS],
    );
    const experts = [...seeded.rows];
    for (let i = experts.length; i < EXPERTS; i++) {
      const u = await client.query<{ id: string }>(
        `INSERT INTO sys_user (username, realname, password_hash, org_code, user_end) VALUES ($1, $2, 'x', 'A01', '2')
         RETURNING id`,
        [`bx${stamp}${i}`, `压测专家${i + 1}`],
      );
      const userId = u.rows[0]?.id as string;
      await client.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, 1)', [userId]);
      const e = await client.query<{ id: string }>(
        `INSERT INTO expert_profile (tenant_id, user_id) VALUES (1, $1) RETURNING id`,
        [userId],
      );
      experts.push({ user_id: userId, expert_id: e.rows[0]?.id as string });
    }
    const committee = await client.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by, state)
       VALUES (1, $1, $2, 'bench', '{"pool":[],"requirement":{},"order":[],"excluded":[]}'::jsonb, 'buyer01', 'summarizing')
       RETURNING id`,
      [packageId, EXPERTS % 2 ? EXPERTS : EXPERTS + 1],
    );
    const committeeId = committee.rows[0]?.id as string;
    const members = await client.query<{ id: string }>(
      `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, kind, draw_sequence, state,
         sign_in_time, submit_time)
       SELECT 1, $1, $2, u, e, 'expert', n, 'summarizing', now(), now()
       FROM unnest($3::uuid[], $4::uuid[]) WITH ORDINALITY AS t(u, e, n) RETURNING id`,
      [committeeId, packageId, experts.map((e) => e.user_id), experts.map((e) => e.expert_id)],
    );
    await client.query(
      `UPDATE review_committee SET leader_member_id = (SELECT id FROM review_member WHERE committee_id = $1
         AND draw_sequence = 1) WHERE id = $1`,
      [committeeId],
    );
    // Bidders: bench suppliers, one sign-up and one opened bid each (prices spread ±15 %).
    const supplierUser = await one<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'supplier01'`);
    await client.query(
      `WITH s AS (
         INSERT INTO supplier (tenant_id, name, credit_code, status)
         SELECT 1, '压测投标人' || g || '-' || $2, 'BENCH' || $2 || lpad(g::text, 4, '0'), '1'
         FROM generate_series(1, $1::int) g RETURNING id),
       su AS (
         INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
         SELECT 1, $3, s.id, $4 FROM s RETURNING id, supplier_id),
       b AS (
         INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
           submit_by, price, evaluated_price, opened_time)
         SELECT 1, $3, su.supplier_id, su.id, 'price', 'sealed', '[]'::jsonb, $4, p, p, now()
         FROM (SELECT su.*, (850000 + (abs(hashtext(su.supplier_id::text)) % 300000))::numeric(18, 2) AS p FROM su) su
         RETURNING id, supplier_id, evaluated_price)
       INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id, qualification, evaluated_price)
       SELECT 1, $5, $3, b.id, b.supplier_id, 'passed', b.evaluated_price FROM b`,
      [BIDDERS, stamp, packageId, supplierUser.id, committeeId],
    );
    // Every score submitted: members × bids × items, a deterministic spread below each item's maximum.
    await client.query(
      `INSERT INTO review_score (tenant_id, committee_id, member_id, bid_id, item_id, score, state, submit_time)
       SELECT 1, $1, m.id, b.bid_id, i.id,
         round((i.max_score * (50 + abs(hashtext(m.id::text || b.bid_id::text || i.id::text)) % 51) / 100)::numeric, 1),
         'submitted', now()
       FROM review_member m CROSS JOIN review_bid b CROSS JOIN purchase_review_item i
       WHERE m.committee_id = $1 AND b.committee_id = $1 AND i.package_id = $2 AND i.kind = 'scoring'`,
      [committeeId, packageId],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE review_score, review_bid, review_member, purchase_review_item');
    return {
      packageId,
      committeeId,
      leaderMemberId: members.rows[0]?.id as string,
      scores: EXPERTS * BIDDERS * ITEMS,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function main() {
  const loadAtStart = os.loadavg();
  const date = new Date().toISOString();
  const dataDir = freshDataDir('aps-bench-review-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`评审汇总压测：${EXPERTS} 名专家 × ${BIDDERS} 家投标人 × ${ITEMS} 个评分项（${dataDir}）`);
  const server = await startServer(dataDir, port);
  console.log(`服务就绪 ${round(server.seconds, 1)} s`);
  const database = connectDatabase(clusterUrl(dataDir), 4);
  try {
    const review = await seedReview(database.pool);
    console.log(`写入 ${review.scores} 条评分 ${round(review.seconds, 2)} s`);

    // The computation the 'summarizing' seam runs, in a transaction of its own each time.
    const stages = createPackageStages();
    const ctx = {
      tenantId: 1,
      packageId: review.packageId,
      committeeId: review.committeeId,
      actor: { tenantId: 1, userId: '', username: 'bench' },
    };
    const times: number[] = [];
    let outcome = '';
    for (let i = 0; i < Number(args.recomputes); i++) {
      const t0 = performance.now();
      const r = await database.db.transaction((tx) => recomputeResult(tx, stages, ctx));
      times.push(performance.now() - t0);
      outcome = r.kind === 'ranked' ? `${r.candidates.length} 名候选人` : JSON.stringify(r).slice(0, 200);
    }
    // The same without the writes: the rows read and the engine run (what the writes add is the rest).
    const reads: number[] = [];
    for (let i = 0; i < Number(args.recomputes); i++) {
      const t0 = performance.now();
      await database.db.transaction((tx) => computeResult(tx, ctx));
      reads.push(performance.now() - t0);
    }
    reads.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const recompute = {
      readAndEngineP50Ms: round(reads[Math.floor(reads.length / 2)] ?? 0, 1),
      firstMs: round(times.length ? Math.max(...times) : 0, 1),
      p50Ms: round(times[Math.floor(times.length / 2)] ?? 0, 1),
      minMs: round(times[0] ?? 0, 1),
      outcome,
    };
    console.log(
      `重新计算（读取、引擎、保存）p50 ${recompute.p50Ms} ms  最快 ${recompute.minMs} ms  最慢 ${recompute.firstMs} ms  ${outcome}；其中读取+引擎 p50 ${recompute.readAndEngineP50Ms} ms`,
    );

    const token = await login(base, 'expert01', DEMO_PASSWORD);
    const headers = { 'X-Access-Token': token, 'tenant-id': '1' };
    const common = {
      connections: Number(args.connections),
      duration: Number(args.duration),
      warmup: Number(args.warmup),
    };
    const cases: Record<string, string> = {
      // The constant health route: what this (shared) machine serves at all right now.
      'health（上限）': '/sys/health',
      '评分汇总 reviewScoringList/list': `${REVIEW_API.scoreSummary}?packageId=${review.packageId}`,
      '评审结果 getReviewResults': `${REVIEW_API.reviewResults}?packageId=${review.packageId}`,
    };
    const loads: (LoadResult & { name: string; path: string; bytes: number })[] = [];
    for (const [name, p] of Object.entries(cases)) {
      const res = await fetch(`${base}/aps${p}`, { headers });
      const text = await res.text();
      const body = JSON.parse(text) as { success: boolean; message: string; result?: { rows?: unknown[] } };
      if (!body.success) throw new Error(`${p}: ${body.message}`);
      process.stdout.write(`  ${name}（${text.length} 字节）…`);
      const r = await runLoad({ ...common, url: `${base}/aps${p}`, headers });
      console.log(` ${Math.round(r.requestsPerSec)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  非2xx ${r.non2xx}`);
      loads.push({ ...r, name, path: p, bytes: text.length });
    }
    console.log('');
    printTable([
      ['场景', 'req/s', 'p50 ms', 'p99 ms', `目标 p99 ≤ ${TARGET_P99_MS}`],
      ...loads.map((l) => [
        l.name,
        String(Math.round(l.requestsPerSec)),
        String(l.p50),
        String(l.p99),
        l.p99 <= TARGET_P99_MS ? '达到' : '未达到',
      ]),
      ['重新计算（单次）', '', String(recompute.p50Ms), String(recompute.firstMs), ''],
    ]);
    const file = saveResult('review-summary', date, args.label, {
      date,
      sizes: { experts: EXPERTS, bidders: BIDDERS, items: ITEMS, scores: review.scores },
      seedSeconds: round(review.seconds, 2),
      recompute,
      loads,
      targets: { summaryP99Ms: TARGET_P99_MS },
      machine: machine(loadAtStart),
    });
    console.log(`结果：${file}`);
  } finally {
    await database.close();
    await stopServer(server);
    if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
