/**
 * `npm run bench:procurement` (issue 14): the package list at a million packages and the opening job, against the
 * real server and its embedded PostgreSQL in a fresh DATA_DIR.
 *  1. start the server (migrations, demo seed), then --packages (1,000,000) bulk packages in tenant 1 through the
 *     seed:bulk CLI (stages, departments and names spread as a tenant's years of tenders are);
 *  2. autocannon (separate process, load.ts) at --connections (50) on /purchase/package/list, as buyer01 (data
 *     scope: his department) and as admin (the whole tenant): a common and a rare stage, a name that hits many and
 *     one that hits few rows, and stage + name together;
 *  3. the server stopped (its cron would open the packages first), the cluster started here: --opening (1,000)
 *     packages due in the same minute, each with 3 bids sealed by the server's own seal key; then the
 *     purchaseStageTimer job run once through the scheduler (runOnce, as 立即执行 does), timed, its statements
 *     counted, and what it did checked (every package opened once, every bid unsealed, one opening record each);
 *  4. figures on stdout and in bench/results/procurement-<date>[-<label>].json. Printed, never asserted
 *     (targets: list p99 ≤ 50 ms at 50 connections, the opening job ≤ 10 s).
 * Options: --packages, --opening, --connections, --duration (10), --warmup (2), --label, --keep (the data dir).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { connectDatabase } from '../../apps/server/src/db/client.ts';
import { startEmbeddedDatabase } from '../../apps/server/src/db/embedded.ts';
import { createBidSeal, resolveSealKey } from '../../apps/server/src/modules/procurement/bid/seal.ts';
import { createServices } from '../../apps/server/src/services.ts';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  freePort,
  freshDataDir,
  LOAD_OPTIONS,
  login,
  machine,
  printTable,
  root,
  round,
  runLoad,
  runNode,
  type Server,
  saveResult,
  serverEnv,
  startServer,
  stopServer,
} from './harness.ts';
import type { LoadResult } from './load.ts';

const { values: args } = parseArgs({
  options: {
    packages: { type: 'string', default: '1000000' },
    opening: { type: 'string', default: '1000' },
    ...LOAD_OPTIONS,
  },
});
const PACKAGES = Number(args.packages);
const OPENING = Number(args.opening);
const CONNECTIONS = Number(args.connections);
const BIDS_PER_PACKAGE = 3;
const TARGETS = { listP99Ms: 50, openingS: 10 };

/** The list cases: a common stage (12 已定标), a rare one (7), a name hitting many rows and one hitting few. */
const MANY = '螺纹钢';
const FEW = '隧道通风';
const CASES: Record<string, string> = {
  '阶段 12（常见）': 'purchaseStage=12',
  '阶段 7（少见）': 'purchaseStage=7',
  [`名称“${MANY}”（多）`]: `name=${encodeURIComponent(MANY)}`,
  [`名称“${FEW}”（少）`]: `name=${encodeURIComponent(FEW)}`,
  [`阶段 12 + “${FEW}”`]: `purchaseStage=12&name=${encodeURIComponent(FEW)}`,
  [`阶段 7 + “${MANY}”`]: `purchaseStage=7&name=${encodeURIComponent(MANY)}`,
};
const USERS = [
  { username: 'buyer01', password: DEMO_PASSWORD },
  { username: 'admin', password: ADMIN_PASSWORD },
];

type ListBody = { success: boolean; message?: string; result?: { total: number; totalEstimated?: boolean } };

interface CaseResult extends LoadResult {
  user: string;
  name: string;
  path: string;
  total: number;
  totalEstimated: boolean;
  firstMs: number;
}

async function listLoad(base: string): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  const common = { connections: CONNECTIONS, duration: Number(args.duration), warmup: Number(args.warmup) };
  // The constant health route: what this machine serves at all right now (shared machines move it a lot).
  process.stdout.write('  GET /aps/sys/health（上限）…');
  const health = await runLoad({ ...common, url: `${base}/aps/sys/health` });
  console.log(` ${Math.round(health.requestsPerSec)} req/s  p50 ${health.p50} ms  p99 ${health.p99} ms`);
  out.push({
    ...health,
    user: '-',
    name: 'health（上限）',
    path: '/aps/sys/health',
    total: 0,
    totalEstimated: false,
    firstMs: 0,
  });
  for (const user of USERS) {
    const headers = { 'X-Access-Token': await login(base, user.username, user.password), 'tenant-id': '1' };
    for (const [name, query] of Object.entries(CASES)) {
      const p = `/aps/purchase/package/list?pageNo=1&pageSize=10&${query}`;
      // The first request of a URL: nothing cached yet (the count runs, or its estimate).
      const t0 = performance.now();
      const body = (await (await fetch(`${base}${p}`, { headers })).json()) as ListBody;
      const firstMs = round(performance.now() - t0, 1);
      if (!body.success || !body.result) throw new Error(`${p}: ${JSON.stringify(body).slice(0, 300)}`);
      process.stdout.write(`  ${user.username} ${name} (total ${body.result.total}) …`);
      const r = await runLoad({ ...common, url: `${base}${p}`, headers });
      console.log(` ${Math.round(r.requestsPerSec)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  非2xx ${r.non2xx}`);
      out.push({
        ...r,
        user: user.username,
        name,
        path: p,
        total: body.result.total,
        totalEstimated: body.result.totalEstimated ?? false,
        firstMs,
      });
    }
  }
  return out;
}

/**
 * OPENING bulk packages made due in the current minute, each with BIDS_PER_PACKAGE sign-ups and sealed bids of the
 * demo suppliers; every other stage-4 package gets a later opening time, so the job's work is exactly these.
 */
async function seedOpening(client: pg.Client, dataDir: string): Promise<{ seconds: number; ids: string[] }> {
  const started = performance.now();
  const seal = createBidSeal(resolveSealKey(undefined, dataDir));
  const suppliers = await client.query<{ supplier_id: string; user_id: string }>(
    `SELECT DISTINCT ON (su.supplier_id) su.supplier_id, su.user_id FROM supplier_user su
     WHERE su.tenant_id = 1 ORDER BY su.supplier_id, su.user_id LIMIT $1`,
    [BIDS_PER_PACKAGE],
  );
  if (suppliers.rows.length < BIDS_PER_PACKAGE) throw new Error('演示供应商不足 3 家');
  await client.query('BEGIN');
  const chosen = await client.query<{ id: string }>(
    `UPDATE purchase_package SET purchase_stage = 4, election_status = '1', status = 'active', min_bidders = 3,
       opening_start_time = date_trunc('minute', now()), review_start_time = NULL, review_stop_time = NULL
     WHERE id IN (SELECT id FROM purchase_package WHERE tenant_id = 1 AND starts_with(purchase_no, 'BULK-')
                  AND purchase_stage BETWEEN 1 AND 4 ORDER BY id LIMIT $1)
     RETURNING id`,
    [OPENING],
  );
  const ids = chosen.rows.map((r) => r.id);
  await client.query(
    `UPDATE purchase_package SET opening_start_time = now() + interval '30 days'
     WHERE purchase_stage = 4 AND status = 'active' AND NOT (id = ANY($1::uuid[]))`,
    [ids],
  );
  const pkgIds: string[] = [];
  const supplierIds: string[] = [];
  const userIds: string[] = [];
  const sealed: string[] = [];
  for (const [i, id] of ids.entries()) {
    for (const [k, s] of suppliers.rows.entries()) {
      const price = (100000 + ((i * 7919 + k * 104729) % 900000)).toFixed(2);
      const quote = { kind: 'price', price, rate: null, evaluatedPrice: price };
      pkgIds.push(id);
      supplierIds.push(s.supplier_id);
      userIds.push(s.user_id);
      sealed.push(seal.seal(JSON.stringify(quote), { tenantId: 1, packageId: id, supplierId: s.supplier_id }));
    }
  }
  await client.query(
    `WITH s AS (
       INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
       SELECT 1, p, s, u FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS t(p, s, u)
       RETURNING id, package_id, supplier_id, user_id)
     INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, status, quote_kind, sealed_quote, submit_by)
     SELECT 1, s.package_id, s.supplier_id, s.id, '1', 'price', t.q, s.user_id
     FROM s JOIN unnest($1::uuid[], $2::uuid[], $4::text[]) AS t(p, sup, q) ON t.p = s.package_id AND t.sup = s.supplier_id`,
    [pkgIds, supplierIds, userIds, sealed],
  );
  await client.query('COMMIT');
  await client.query('ANALYZE purchase_package, purchase_sign_up, purchase_bid');
  return { seconds: (performance.now() - started) / 1000, ids };
}

/** The job through the scheduler (runOnce: claim, log row, handler), with the statements its pool sends counted. */
async function runOpening(url: string, dataDir: string, ids: string[]) {
  const config = loadConfig({ ...serverEnv(dataDir, 0), DATABASE_URL: url, PORT: '0' });
  const database = connectDatabase(url);
  let statements = 0;
  database.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
      statements++;
      return query(...a);
    };
  });
  const quiet = { info() {}, warn() {}, error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj) };
  const services = createServices({ db: database.db, config, log: quiet });
  try {
    const job = await database.pool.query<{ id: string }>(
      "SELECT id FROM sys_quartz_job WHERE job_class_name = 'purchaseStageTimer' LIMIT 1",
    );
    const jobId = job.rows[0]?.id;
    if (!jobId) throw new Error('未找到定时任务 purchaseStageTimer');
    statements = 0;
    const t0 = performance.now();
    const outcome = await services.scheduler.runOnce(jobId);
    const seconds = (performance.now() - t0) / 1000;
    const sent = statements;
    if (!outcome?.success) throw new Error(`开标任务失败: ${outcome?.message}`);
    const check = await database.pool.query<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM purchase_package WHERE id = ANY($1::uuid[]) AND purchase_stage = 5) AS opened,
         (SELECT count(*)::int FROM purchase_bid WHERE package_id = ANY($1::uuid[]) AND opened_time IS NOT NULL
            AND price IS NOT NULL) AS unsealed,
         (SELECT count(*)::int FROM purchase_opening WHERE package_id = ANY($1::uuid[]) AND bidder_count = 3) AS records,
         (SELECT count(*)::int FROM purchase_package_history WHERE package_id = ANY($1::uuid[]) AND action = 'open')
           AS history`,
      [ids],
    );
    const done = check.rows[0] ?? {};
    const expected = { opened: ids.length, unsealed: ids.length * BIDS_PER_PACKAGE, records: ids.length };
    if (done.opened !== expected.opened || done.unsealed !== expected.unsealed || done.records !== expected.records) {
      throw new Error(`开标结果不符: ${JSON.stringify(done)}，应为 ${JSON.stringify(expected)}`);
    }
    if (done.history !== ids.length) throw new Error(`阶段历史应每包一条: ${done.history}`);
    return { seconds, statements: sent, perPackage: round(sent / ids.length, 2), message: outcome.message, done };
  } finally {
    await services.scheduler.stop();
    await database.close();
  }
}

async function main() {
  const dataDir = freshDataDir('aps-proc-bench-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadAtStart = os.loadavg();
  console.log(
    `APS 采购基准测试  数据目录 ${dataDir}  CPU ${os.cpus().length} 核  负载 ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}  Node ${process.version}`,
  );
  let server: Server | null = null;
  let cluster: Awaited<ReturnType<typeof startEmbeddedDatabase>> | null = null;
  try {
    console.log('启动服务（迁移、演示种子）…');
    server = await startServer(dataDir, port, 180, 50);
    console.log(`写入 ${PACKAGES.toLocaleString('en-US')} 个批量标包（npm run seed:bulk -- --packages）…`);
    const seedStarted = performance.now();
    const seedOut = await runNode(
      'apps/server/src/cli/seed-bulk.ts',
      ['--packages', String(PACKAGES), '--truncate-bulk'],
      serverEnv(dataDir, port),
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`  ${seedOut.trim().split('\n').pop()}（${round(seedSeconds, 1)} s）`);

    console.log(`标包列表负载（autocannon，${CONNECTIONS} 连接，预热 ${args.warmup} s + ${args.duration} s）:`);
    const list = await listLoad(base);
    await stopServer(server);
    server = null;

    console.log(`开标任务: ${OPENING} 个标包同一分钟开标，每包 ${BIDS_PER_PACKAGE} 份密封报价…`);
    cluster = await startEmbeddedDatabase(dataDir, { info() {}, warn: console.warn, error: console.error });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const openingSeed = await seedOpening(client, dataDir);
    await client.end();
    console.log(`  准备 ${round(openingSeed.seconds, 1)} s；负载 ${os.loadavg()[0]?.toFixed(2)}`);
    const opening = await runOpening(cluster.url, dataDir, openingSeed.ids);
    console.log(
      `  用时 ${round(opening.seconds)} s，语句 ${opening.statements} 条（每包 ${opening.perPackage}）；${opening.message}`,
    );

    const report = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      settings: {
        packages: PACKAGES,
        opening: OPENING,
        bidsPerPackage: BIDS_PER_PACKAGE,
        connections: CONNECTIONS,
        durationS: Number(args.duration),
        warmupS: Number(args.warmup),
        label: args.label,
      },
      seedSeconds: round(seedSeconds),
      list,
      opening: { ...opening, seedSeconds: round(openingSeed.seconds) },
      targets: TARGETS,
    };
    const file = saveResult('procurement', report.date, args.label, report);
    console.log('\n结果（目标仅供参考，不做断言）:');
    printTable([
      ['用户 / 查询', 'total', '首次 ms', 'req/s', 'p50 ms', 'p99 ms', 'max ms', `目标 p99 ≤ ${TARGETS.listP99Ms}`],
      ...list.map((r) => [
        `${r.user} ${r.name}`,
        `${r.totalEstimated ? '约' : ''}${r.total}`,
        String(r.firstMs),
        String(Math.round(r.requestsPerSec)),
        String(r.p50),
        String(r.p99),
        String(r.max),
        r.p99 <= TARGETS.listP99Ms && !r.non2xx && !r.errors ? '✓' : '✗',
      ]),
    ]);
    console.log(
      `\n开标任务 ${OPENING} 包: ${round(opening.seconds)} s ${opening.seconds <= TARGETS.openingS ? '✓' : '✗'} 目标 ≤ ${TARGETS.openingS} s；` +
        `语句 ${opening.statements}（每包 ${opening.perPackage}）`,
    );
    console.log(
      `负载（开始 / 结束）: ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} / ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(`已保存 ${path.relative(root, file)}`);
  } finally {
    if (server) await stopServer(server).catch(() => {});
    if (cluster) await cluster.stop().catch(() => {});
    if (args.keep) console.log(`保留数据目录 ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
// The services' timers (caches, the invalidation listener) would keep the process alive; the work is done.
process.exit(0);
