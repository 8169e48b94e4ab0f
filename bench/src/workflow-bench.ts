/**
 * `npm run bench:workflow` (issue 13): the workflow's two hot paths against the real server and its embedded
 * PostgreSQL in a fresh DATA_DIR.
 *  1. start the server (migrations, demo seed: leader01 is 部门负责人 of the group, manager01 集团采购部);
 *  2. bulk SQL: --tasks (100,000) open tasks in tenant 1, each on its own 申请示例 instance; every --share-th
 *     (5th) belongs to leader01, the rest to 97 other users;
 *  3. autocannon (separate process, bench/src/load.ts) on 我的待办 (/workflow/task/todo) as leader01 at
 *     --connections (50): first page, a page further on, and a title filter;
 *  4. approve: --approvals (300) actions one after another on distinct tasks, then the same number 10 at a time,
 *     each moving its instance to 集团采购部审批 (a new task and a bell message, in one transaction);
 *  5. figures on stdout and in bench/results/workflow-<date>[-<label>].json. Printed, never asserted
 *     (targets: todo p99 ≤ 30 ms at 50 connections, approve p99 ≤ 50 ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  clusterUrl,
  DEMO_PASSWORD,
  freePort,
  freshDataDir,
  LOAD_OPTIONS,
  login,
  machine,
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
    tasks: { type: 'string', default: '100000' },
    share: { type: 'string', default: '5' },
    approvals: { type: 'string', default: '300' },
    ...LOAD_OPTIONS,
  },
});
const TASKS = Number(args.tasks);
const SHARE = Number(args.share);
const CONNECTIONS = Number(args.connections);
const APPROVALS = Number(args.approvals);
const TARGETS = { todoP99Ms: 30, approveP99Ms: 50 };
const WARMUP_APPROVALS = 30;

/** Bulk rows in SQL: instances of the seeded 申请示例 definition, one open 部门负责人审批 task each. */
async function seedTasks(client: pg.Client) {
  const started = performance.now();
  const { rows } = await client.query<{ id: string }>(
    "SELECT id FROM wf_definition WHERE tenant_id = 1 AND key = 'demo_request' ORDER BY version DESC LIMIT 1",
  );
  const definitionId = rows[0]?.id;
  if (!definitionId) throw new Error('未找到种子流程 demo_request');
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO wf_instance (id, tenant_id, definition_id, business_type, business_key, title, initiator,
       status, approval_status, trail, start_time)
     SELECT md5('wfb-i' || g)::uuid, 1, $1, 'demo_request', md5('wfb-k' || g)::uuid::text,
       '基准申请 ' || g, 'buyer01', 'running', 2,
       '{"nodes":["StartEvent_1"],"flows":["Flow_1"]}'::jsonb, now() - g * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [definitionId, TASKS],
  );
  await client.query(
    `INSERT INTO wf_task (id, tenant_id, instance_id, node_id, node_name, assignee, status, sign_mode, group_id,
       create_time)
     SELECT md5('wfb-t' || g)::uuid, 1, md5('wfb-i' || g)::uuid, 'Task_dept_leader', '部门负责人审批',
       CASE WHEN g % $2::int = 0 THEN 'leader01' ELSE 'bench_user_' || (g % 97) END, 'open', 'or',
       md5('wfb-g' || g)::uuid, now() - g * interval '1 second'
     FROM generate_series(1, $1::int) g`,
    [TASKS, SHARE],
  );
  await client.query(
    `INSERT INTO wf_history (tenant_id, instance_id, node_id, node_name, actor, action, time)
     SELECT 1, md5('wfb-i' || g)::uuid, 'StartEvent_1', '发起', 'buyer01', 'start', now() - g * interval '1 second'
     FROM generate_series(1, $1::int) g`,
    [TASKS],
  );
  await client.query('COMMIT');
  // What autovacuum does to a table after a bulk load, done now so the figures do not depend on its timing.
  await client.query('VACUUM ANALYZE wf_instance, wf_task, wf_history');
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function approveRun(base: string, token: string, taskIds: string[], concurrency: number) {
  const latencies: number[] = [];
  let failures = 0;
  const messages = new Map<string, number>();
  const queue = [...taskIds];
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const taskId = queue.shift();
      if (!taskId) return;
      const t0 = performance.now();
      const res = await fetch(`${base}/aps/workflow/task/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token, 'tenant-id': '1' },
        body: JSON.stringify({ taskId, comment: '同意' }),
      });
      const body = (await res.json()) as { success: boolean; message: string };
      latencies.push(performance.now() - t0);
      if (!body.success) {
        failures++;
        messages.set(body.message, (messages.get(body.message) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    count: latencies.length,
    concurrency,
    failures,
    failureMessages: Object.fromEntries(messages),
    perSec: round(latencies.length / seconds, 1),
    p50: round(percentile(sorted, 50), 1),
    p90: round(percentile(sorted, 90), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1) ?? 0, 1),
  };
}

async function main() {
  const dataDir = freshDataDir('aps-wf-bench-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`APS 流程基准测试  数据目录 ${dataDir}  CPU ${os.cpus().length} 核  Node ${process.version}`);
  const loadAtStart = os.loadavg();
  let server: Server | null = null;
  try {
    console.log('启动服务（迁移、演示种子）…');
    server = await startServer(dataDir, port, 180, 50);
    const db = new pg.Client({ connectionString: clusterUrl(dataDir) });
    await db.connect();
    console.log(`写入 ${TASKS.toLocaleString('en-US')} 条待办任务（每 ${SHARE} 条一条属于 leader01）…`);
    const seedSeconds = await seedTasks(db);
    console.log(`  ${round(seedSeconds)} s`);

    const token = await login(base, 'leader01', DEMO_PASSWORD);
    const headers = { 'X-Access-Token': token, 'tenant-id': '1' };
    const paths = {
      first: '/aps/workflow/task/todo?pageNo=1&pageSize=10',
      page5: '/aps/workflow/task/todo?pageNo=5&pageSize=10',
      title: `/aps/workflow/task/todo?pageNo=1&pageSize=10&title=${encodeURIComponent('基准申请 99')}`,
    };
    const probe = (await (await fetch(`${base}${paths.first}`, { headers })).json()) as {
      success: boolean;
      result?: { total: number; records: unknown[] };
    };
    if (!probe.success || probe.result?.records.length !== 10) {
      throw new Error(`待办接口返回异常: ${JSON.stringify(probe).slice(0, 300)}`);
    }
    console.log(`待办探测: total ${probe.result.total}`);
    const common = { connections: CONNECTIONS, duration: Number(args.duration), warmup: Number(args.warmup), headers };
    console.log(`负载（autocannon，${CONNECTIONS} 连接）:`);
    const todo: Record<string, LoadResult> = {};
    for (const [name, p] of Object.entries(paths)) {
      process.stdout.write(`  GET 我的待办 ${name} …`);
      todo[name] = await runLoad({ ...common, url: `${base}${p}` });
      const r = todo[name] as LoadResult;
      console.log(` ${Math.round(r.requestsPerSec)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  非2xx ${r.non2xx}`);
    }

    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM wf_task WHERE tenant_id = 1 AND assignee = 'leader01' AND status = 'open'
       ORDER BY create_time DESC LIMIT $1`,
      [APPROVALS * 2 + WARMUP_APPROVALS],
    );
    const ids = rows.map((r) => r.id);
    // Unmeasured first actions (JIT, prepared paths, pool connections), as autocannon's warm-up does for the lists.
    await approveRun(base, token, ids.splice(0, WARMUP_APPROVALS), 1);
    console.log(`同意操作（每次不同任务，推进到集团采购部审批）:`);
    const sequential = await approveRun(base, token, ids.slice(0, APPROVALS), 1);
    console.log(
      `  顺序 ${sequential.count} 次: p50 ${sequential.p50} ms  p99 ${sequential.p99} ms  失败 ${sequential.failures} ${JSON.stringify(sequential.failureMessages)}`,
    );
    const concurrent = await approveRun(base, token, ids.slice(APPROVALS), 10);
    console.log(
      `  10 并发 ${concurrent.count} 次: p50 ${concurrent.p50} ms  p99 ${concurrent.p99} ms  ${concurrent.perSec}/s  失败 ${concurrent.failures}`,
    );
    await db.end();

    const report = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      settings: {
        tasks: TASKS,
        leaderShare: SHARE,
        connections: CONNECTIONS,
        approvals: APPROVALS,
        paths,
        label: args.label,
      },
      seedSeconds: round(seedSeconds),
      todoTotal: probe.result.total,
      todo,
      approve: { sequential, concurrent },
      targets: TARGETS,
    };
    const file = saveResult('workflow', report.date, args.label, report, false);
    console.log('\n结果（目标仅供参考，不做断言）:');
    console.table({
      '我的待办 首页': {
        p50: todo.first?.p50,
        p99: todo.first?.p99,
        'req/s': Math.round(todo.first?.requestsPerSec ?? 0),
        目标p99: TARGETS.todoP99Ms,
      },
      '我的待办 第5页': {
        p50: todo.page5?.p50,
        p99: todo.page5?.p99,
        'req/s': Math.round(todo.page5?.requestsPerSec ?? 0),
        目标p99: TARGETS.todoP99Ms,
      },
      '我的待办 标题筛选': {
        p50: todo.title?.p50,
        p99: todo.title?.p99,
        'req/s': Math.round(todo.title?.requestsPerSec ?? 0),
        目标p99: TARGETS.todoP99Ms,
      },
      '同意 顺序': {
        p50: sequential.p50,
        p99: sequential.p99,
        'req/s': sequential.perSec,
        目标p99: TARGETS.approveP99Ms,
      },
      '同意 10并发': {
        p50: concurrent.p50,
        p99: concurrent.p99,
        'req/s': concurrent.perSec,
        目标p99: TARGETS.approveP99Ms,
      },
    });
    console.log(`已保存 ${path.relative(root, file)}`);
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
