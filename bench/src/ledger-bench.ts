/**
 * `npm run bench:ledger` (issue 16): the settlement ledger at --contracts (100,000) contracts and --payments
 * (500,000) payments, against the real server and its embedded PostgreSQL in a fresh DATA_DIR.
 *  1. start the server (migrations, demo seed); bulk-insert by SQL generate_series, in tenant 1 across the seeded
 *     departments and suppliers: one package per contract (one live contract per package), the contracts with
 *     their ledger totals, one approved settlement each and the payments spread over 24 months (the totals on the
 *     contract rows equal the sums of their payments, as the service keeps them);
 *  2. autocannon (load.ts) at --connections on LEDGER_API.summary (the aggregated ledger: totals, per supplier,
 *     department, category and month) and LEDGER_API.list, as buyer01 (his department subtree) and admin;
 *  3. the summary right after a write (p16-ledger): a contract's paid amount moved by a cent, then the summary
 *     timed once its cache has seen the change, --writes times (p50 / p99 / max);
 *  4. figures on stdout and in bench/results/ledger-<date>[-<label>].json. Printed, never asserted (target: p99
 *     ≤ 100 ms).
 * Options: --contracts, --payments, --writes (40), --connections (50), --duration (10), --warmup (2), --label, --keep.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  clusterUrl,
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
  type Server,
  saveResult,
  startServer,
  stopServer,
} from './harness.ts';
import type { LoadResult } from './load.ts';

const { values: args } = parseArgs({
  options: {
    contracts: { type: 'string', default: '100000' },
    payments: { type: 'string', default: '500000' },
    writes: { type: 'string', default: '40' },
    ...LOAD_OPTIONS,
  },
});
const CONTRACTS = Number(args.contracts);
const PAYMENTS = Number(args.payments);
const TARGET_P99_MS = 100;

const CASES: Record<string, string> = {
  '台账汇总（全部）': '/aps/settlement/ledger/summary',
  '台账汇总（2025 年付款期间）': '/aps/settlement/ledger/summary?periodBegin=2025-01-01&periodEnd=2025-12-31',
  '台账列表 第 1 页': '/aps/settlement/ledger/list?pageNo=1&pageSize=10',
  '台账列表 按供应商名': `/aps/settlement/ledger/list?pageNo=1&pageSize=10&supplierName=${encodeURIComponent('华东')}`,
  '台账列表 深页（第 2,000 页，偏移）': '/aps/settlement/ledger/list?pageNo=2000&pageSize=10',
};
/** The deep page read on from the previous page's last row (keyset), the way the list kit pages forward. */
const DEEP_PAGE = 2000;
const USERS = [
  { username: 'buyer01', password: DEMO_PASSWORD },
  { username: 'admin', password: ADMIN_PASSWORD },
];

/** Packages, contracts, settlements and payments in bulk (one statement each, set-based). */
async function seed(client: pg.Client): Promise<number> {
  const t0 = performance.now();
  await client.query('BEGIN');
  const plan = await client.query<{ id: string }>(`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
    VALUES (1, 'A01', 'CG-LEDGER-BENCH', '台账基准计划', '2', 'open_tender', 1, 'executing', '4') RETURNING id`);
  const project = await client.query<{ id: string }>(
    `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
     VALUES (1, $1, 'A01', 'NO-LEDGER-BENCH', 'PC-LEDGER-BENCH', '台账基准项目', '2', 'open_tender') RETURNING id`,
    [plan.rows[0]?.id],
  );
  const orgs = `(ARRAY['A01','A01A01','A01A02','A01A01A01','A01A02A01'])[1 + g % 5]`;
  await client.query(
    `CREATE TEMP TABLE bench_pkg ON COMMIT DROP AS
     WITH ins AS (
       INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
         purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
         min_bidders)
       SELECT 1, $1, ${orgs}, 'NO-LB-' || g, 'PC-LB-' || g, '台账基准采购' || g, (ARRAY['1','2','3'])[1 + g % 3],
         'open_tender', 12, g::text, '标包' || g, 1000000, 0, 3
       FROM generate_series(1, $2::int) g RETURNING id, sys_org_code, purchase_no)
     SELECT id, sys_org_code, substr(purchase_no, 7)::int AS g FROM ins`,
    [project.rows[0]?.id, CONTRACTS],
  );
  const perContract = Math.max(1, Math.floor(PAYMENTS / CONTRACTS));
  // amount 100,000.00 + g cents…; settled 80 %, retention 5 % of settled, paid = perContract payments of 1,000.00.
  await client.query(
    `INSERT INTO contract (tenant_id, sys_org_code, contract_no, name, package_id, supplier_id, amount, term_start,
       term_end, retention_rate, state, approval_status, settled_amount, payable_amount, paid_amount, retention_held,
       create_time)
     SELECT 1, p.sys_org_code, 'HT-LB-' || p.g, '台账基准合同' || p.g, p.id, s.id, 100000 + p.g % 900000,
       date '2024-01-01', date '2026-12-31', 5, 'performing', '4', (100000 + p.g % 900000) * 0.8,
       (100000 + p.g % 900000) * 0.76, ${perContract} * 1000, (100000 + p.g % 900000) * 0.04,
       now() - (p.g || ' minutes')::interval
     FROM bench_pkg p
     JOIN LATERAL (SELECT id FROM supplier WHERE tenant_id = 1 ORDER BY id OFFSET p.g % 3 LIMIT 1) s ON true`,
  );
  await client.query(
    `INSERT INTO settlement (tenant_id, contract_id, sys_org_code, settlement_no, period_start, period_end, amount,
       retention, net_payable, paid_amount, state, approval_status, approved_at)
     SELECT 1, c.id, c.sys_org_code, c.contract_no || '-JS01', date '2024-01-01', date '2024-06-30', c.settled_amount,
       c.retention_held, c.payable_amount, c.paid_amount, 'partially_paid', '4', now() - interval '200 days'
     FROM contract c WHERE c.contract_no LIKE 'HT-LB-%'`,
  );
  await client.query(
    `INSERT INTO settlement_payment (tenant_id, settlement_id, contract_id, amount, paid_on, method, recorded_by)
     SELECT 1, s.id, s.contract_id, 1000, date '2024-07-01' + ((k * 37 + length(s.id::text)) % 720), 'transfer', 'bench'
     FROM settlement s CROSS JOIN generate_series(1, $1::int) k WHERE s.settlement_no LIKE 'HT-LB-%'`,
    [perContract],
  );
  // ledger_month from the rows just inserted: the migration's own backfill statement (the INSERT INTO ledger_month), rerun.
  const dir = path.join(root, 'apps/server/src/db/migrations');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('_ledger_months.sql'));
  const backfill = fs
    .readFileSync(path.join(dir, file ?? ''), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.trim().startsWith('INSERT INTO "ledger_month"'));
  await client.query('DELETE FROM ledger_month');
  await client.query(backfill ?? '');
  await client.query('COMMIT');
  await client.query(
    'ANALYZE contract; ANALYZE settlement; ANALYZE settlement_payment; ANALYZE purchase_package; ANALYZE ledger_month',
  );
  return (performance.now() - t0) / 1000;
}

interface CaseResult extends LoadResult {
  user: string;
  name: string;
  firstMs: number;
}

async function load(base: string): Promise<CaseResult[]> {
  const common = {
    connections: Number(args.connections),
    duration: Number(args.duration),
    warmup: Number(args.warmup),
  };
  const out: CaseResult[] = [];
  // The constant health route: what this machine serves at all right now (shared machines move it a lot).
  const health = await runLoad({ ...common, url: `${base}/aps/sys/health` });
  console.log(
    `  health（上限） ${Math.round(health.requestsPerSec)} req/s  p50 ${health.p50} ms  p99 ${health.p99} ms`,
  );
  out.push({ ...health, user: '-', name: 'health（上限）', firstMs: 0 });
  for (const user of USERS) {
    const headers = { 'X-Access-Token': await login(base, user.username, user.password), 'tenant-id': '1' };
    const previous = (await (
      await fetch(`${base}/aps/settlement/ledger/list?pageNo=${DEEP_PAGE - 1}&pageSize=10`, { headers })
    ).json()) as { result: { records: { id: string }[] } };
    const cursor = previous.result.records.at(-1)?.id ?? '';
    const cases = {
      ...CASES,
      '台账列表 深页（第 2,000 页，游标）': `/aps/settlement/ledger/list?pageNo=${DEEP_PAGE}&pageSize=10&cursor=${cursor}`,
    };
    for (const [name, p] of Object.entries(cases)) {
      const t0 = performance.now();
      const body = (await (await fetch(`${base}${p}`, { headers })).json()) as { success: boolean };
      const firstMs = round(performance.now() - t0, 1);
      if (!body.success) throw new Error(`${p}: ${JSON.stringify(body).slice(0, 300)}`);
      process.stdout.write(`  ${user.username} ${name} …`);
      const r = await runLoad({ ...common, url: `${base}${p}`, headers });
      console.log(` ${Math.round(r.requestsPerSec)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  非2xx ${r.non2xx}`);
      out.push({ ...r, user: user.username, name, firstMs });
    }
  }
  return out;
}

/** The summary right after a write: one contract's paid amount moved by a cent (and back), then the summary timed. */
async function afterWrites(base: string, client: pg.Client): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  const [one] = (await client.query<{ id: string }>("SELECT id FROM contract WHERE contract_no = 'HT-LB-1'")).rows;
  for (const user of USERS) {
    const headers = { 'X-Access-Token': await login(base, user.username, user.password), 'tenant-id': '1' };
    const times: number[] = [];
    for (let i = 0; i < Number(args.writes); i++) {
      await client.query('UPDATE contract SET paid_amount = paid_amount + $2::numeric WHERE id = $1', [
        one?.id,
        i % 2 ? '-0.01' : '0.01',
      ]);
      // The server hears of the change by NOTIFY after the commit: let it arrive before timing.
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      const body = (await (await fetch(`${base}/aps/settlement/ledger/summary`, { headers })).json()) as {
        success: boolean;
      };
      times.push(performance.now() - t0);
      if (!body.success) throw new Error(JSON.stringify(body).slice(0, 300));
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0, 1);
    const r = { p50: at(0.5), p99: at(0.99), max: round(times.at(-1) ?? 0, 1) };
    console.log(`  ${user.username} 写后台账汇总 ×${times.length}  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms`);
    out.push({
      ...r,
      requestsPerSec: 0,
      p90: at(0.9),
      total: times.length,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: { 200: times.length },
      user: user.username,
      name: '写后台账汇总（逐次）',
      firstMs: round(times[0] ?? 0, 1),
    });
  }
  return out;
}

async function main() {
  const dataDir = freshDataDir('aps-ledger-bench-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadAtStart = os.loadavg();
  console.log(`APS 结算台账基准测试  数据目录 ${dataDir}  CPU ${os.cpus().length} 核  Node ${process.version}`);
  let server: Server | null = null;
  try {
    console.log('启动服务（迁移、演示种子）…');
    server = await startServer(dataDir, port, 180, 50);
    console.log(`写入 ${CONTRACTS.toLocaleString('en-US')} 份合同、${PAYMENTS.toLocaleString('en-US')} 笔付款…`);
    const client = new pg.Client({ connectionString: clusterUrl(dataDir) });
    // The server's shutdown ends this connection too: an error after use is not the bench's.
    client.on('error', () => {});
    await client.connect();
    const seedSeconds = await seed(client);
    console.log(`  ${round(seedSeconds, 1)} s`);
    console.log(`台账负载（autocannon，${args.connections} 连接，预热 ${args.warmup} s + ${args.duration} s）:`);
    const results = await load(base);
    console.log('写后即读（每次写入后等待 100 ms 再计时）:');
    results.push(...(await afterWrites(base, client).finally(() => client.end())));
    const report = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      settings: { contracts: CONTRACTS, payments: PAYMENTS, connections: Number(args.connections), label: args.label },
      seedSeconds: round(seedSeconds),
      results,
      targetP99Ms: TARGET_P99_MS,
    };
    const file = saveResult('ledger', report.date, args.label, report);
    console.log('\n结果（目标仅供参考，不做断言）:');
    printTable([
      ['用户 / 查询', '首次 ms', 'req/s', 'p50 ms', 'p99 ms', 'max ms', `目标 p99 ≤ ${TARGET_P99_MS}`],
      ...results.map((r) => [
        `${r.user} ${r.name}`,
        String(r.firstMs),
        String(Math.round(r.requestsPerSec)),
        String(r.p50),
        String(r.p99),
        String(r.max),
        r.p99 <= TARGET_P99_MS && !r.non2xx && !r.errors ? '✓' : '✗',
      ]),
    ]);
    console.log(`已保存 ${path.relative(root, file)}`);
  } finally {
    if (server) await stopServer(server).catch(() => {});
    if (args.keep) console.log(`保留数据目录 ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
