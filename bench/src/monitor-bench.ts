/**
 * `npm run bench:monitor` (issue 17 §1): the 监控中心 dashboard and signals list over --packages (100,000) packages,
 * against the real server and its embedded PostgreSQL in a fresh DATA_DIR.
 *  1. start the server (migrations, demo seed), then the bulk packages in tenant 1 through the seed:bulk CLI; on
 *     top, by SQL: an opening for every package past stage 4 (1–4 bidders: a quarter single) and, for the awarded
 *     ones (stage 12), a 中标通知书 to one of the seeded suppliers 25 days after the opening (repeat winners, awards
 *     without a contract);
 *  2. the first dashboard call after those writes recomputes the signals (printed as 首次 ms: the refresh);
 *  3. autocannon (load.ts) at --connections on the dashboard and the signals list as supervisor01 and admin;
 *  4. figures on stdout and in bench/results/monitor-<date>[-<label>].json. Printed, never asserted (target: the
 *     dashboard's p99 ≤ 200 ms).
 * Options: --packages, --connections (50), --duration (10), --warmup (2), --label, --keep.
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
  runNode,
  type Server,
  saveResult,
  serverEnv,
  startServer,
  stopServer,
} from './harness.ts';
import type { LoadResult } from './load.ts';

const { values: args } = parseArgs({
  options: { packages: { type: 'string', default: '100000' }, ...LOAD_OPTIONS },
});
const PACKAGES = Number(args.packages);
const TARGET_P99_MS = 200;

const CASES: Record<string, string> = {
  监控看板: '/aps/supervision/monitor/dashboard',
  '风险信号 第 1 页': '/aps/supervision/monitor/signals?pageNo=1&pageSize=10',
  '风险信号 单一有效投标人': '/aps/supervision/monitor/signals?pageNo=1&pageSize=10&signalType=singleBidder',
};
const USERS = [
  { username: 'supervisor01', password: DEMO_PASSWORD },
  { username: 'admin', password: ADMIN_PASSWORD },
];

/** Openings and award letters over the bulk packages (set-based). */
async function seedFacts(client: pg.Client): Promise<number> {
  const t0 = performance.now();
  await client.query('BEGIN');
  await client.query(`
    INSERT INTO purchase_opening (tenant_id, package_id, opened_time, opened_by, bidder_count, min_bidders)
    SELECT tenant_id, id, coalesce(opening_start_time, create_time), 'bench', 1 + abs(hashtext(id::text)) % 4, 3
    FROM purchase_package WHERE tenant_id = 1 AND purchase_stage >= 5
    ON CONFLICT DO NOTHING`);
  await client.query(`
    INSERT INTO purchase_award_letter (tenant_id, package_id, supplier_id, kind, create_time)
    SELECT p.tenant_id, p.id, s.id, 'win', coalesce(p.opening_start_time, p.create_time) + interval '25 days'
    FROM purchase_package p
      JOIN LATERAL (SELECT id FROM supplier WHERE tenant_id = 1 ORDER BY id
        OFFSET abs(hashtext(p.id::text)) % 3 LIMIT 1) s ON true
    WHERE p.tenant_id = 1 AND p.purchase_stage = 12 AND p.election_status = '1'
    ON CONFLICT DO NOTHING`);
  await client.query('COMMIT');
  await client.query('ANALYZE purchase_opening; ANALYZE purchase_award_letter');
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
  const health = await runLoad({ ...common, url: `${base}/aps/sys/health` });
  console.log(
    `  health（上限） ${Math.round(health.requestsPerSec)} req/s  p50 ${health.p50} ms  p99 ${health.p99} ms`,
  );
  out.push({ ...health, user: '-', name: 'health（上限）', firstMs: 0 });
  for (const user of USERS) {
    const headers = { 'X-Access-Token': await login(base, user.username, user.password), 'tenant-id': '1' };
    for (const [name, p] of Object.entries(CASES)) {
      const t0 = performance.now();
      const body = (await (await fetch(`${base}${p}`, { headers })).json()) as {
        success: boolean;
        result?: { total?: number };
      };
      const firstMs = round(performance.now() - t0, 1);
      if (!body.success) throw new Error(`${p}: ${JSON.stringify(body).slice(0, 300)}`);
      process.stdout.write(`  ${user.username} ${name}（首次 ${firstMs} ms，信号 ${body.result?.total ?? '-'}）…`);
      const r = await runLoad({ ...common, url: `${base}${p}`, headers });
      console.log(` ${Math.round(r.requestsPerSec)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  非2xx ${r.non2xx}`);
      out.push({ ...r, user: user.username, name, firstMs });
    }
  }
  return out;
}

async function main() {
  const dataDir = freshDataDir('aps-monitor-bench-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadAtStart = os.loadavg();
  console.log(`APS 监控中心基准测试  数据目录 ${dataDir}  CPU ${os.cpus().length} 核  Node ${process.version}`);
  let server: Server | null = null;
  try {
    console.log('启动服务（迁移、演示种子）…');
    server = await startServer(dataDir, port, 180, 50);
    console.log(`写入 ${PACKAGES.toLocaleString('en-US')} 个批量标包（npm run seed:bulk -- --packages）…`);
    const started = performance.now();
    const seedOut = await runNode(
      'apps/server/src/cli/seed-bulk.ts',
      ['--packages', String(PACKAGES), '--truncate-bulk'],
      serverEnv(dataDir, port),
    );
    console.log(`  ${seedOut.trim().split('\n').pop()}（${round((performance.now() - started) / 1000, 1)} s）`);
    const client = new pg.Client({ connectionString: clusterUrl(dataDir) });
    client.on('error', () => {});
    await client.connect();
    const factSeconds = await seedFacts(client).finally(() => client.end());
    console.log(`  开标记录与中标通知书 ${round(factSeconds, 1)} s`);
    console.log(`监控负载（autocannon，${args.connections} 连接，预热 ${args.warmup} s + ${args.duration} s）:`);
    const results = await load(base);
    const report = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      settings: { packages: PACKAGES, connections: Number(args.connections), label: args.label },
      results,
      targetP99Ms: TARGET_P99_MS,
    };
    const file = saveResult('monitor', report.date, args.label, report);
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
