/**
 * `npm run bench`: one run against the real server and its embedded PostgreSQL in a fresh DATA_DIR.
 *  1. first start (cluster created, migrated, seeded, listening), SIGTERM, warm start;
 *  2. 100k bulk purchase records through the seed:bulk CLI;
 *  3. idle memory of the server and its postgres processes (RSS and PSS);
 *  4. autocannon, from a separate process, against the constant health route (the ceiling), the paged,
 *     filtered, sorted purchase-record list, a deep page of it (90 % of the way) by offset and by keyset cursor
 *     (a server without keyset paging ignores the cursor), and the login; each list call carries its own `_t`, as
 *     the web client's do;
 *  5. a table on stdout and the same figures in bench/results/server-<date>[-<label>].json.
 * Options: --rows <n> (100000), --connections <n> (50), --duration <s> (10), --warmup <s> (2), --label <s>, --keep.
 * `npm run bench:1m` is --rows 1000000 (list p99 target 50 ms there, 20 ms below a million rows).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ADMIN_PASSWORD,
  freePort,
  freshDataDir,
  LOAD_OPTIONS,
  login as loginAs,
  machine,
  printTable,
  root,
  round,
  runLoad,
  runNode,
  type Server,
  saveResult,
  serverEnv,
  sleep,
  startServer,
  stopServer,
} from './harness.ts';
import type { LoadResult, LoadSpec } from './load.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    ...LOAD_OPTIONS,
  },
});
const ROWS = Number(args.rows);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);

const TARGETS = {
  listRatio: 0.5,
  listP99Ms: ROWS >= 1_000_000 ? 50 : 20,
  warmStartS: 2,
  firstStartS: 5,
  idleRssMb: 200,
};

// ---- memory -------------------------------------------------------------------------------------

interface ProcMemory {
  pid: number;
  name: string;
  rssKb: number;
  pssKb: number;
}

function childrenOf(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 is the parent pid; the command (field 2) may hold spaces, so split after its ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = map.get(ppid) ?? [];
      list.push(Number(entry));
      map.set(ppid, list);
    } catch {
      // The process ended while we looked.
    }
  }
  return map;
}

function processTree(pid: number): number[] {
  const children = childrenOf();
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

function memoryOf(pid: number): ProcMemory | null {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    const name = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 60);
    return { pid, name, rssKb: field('Rss'), pssKb: field('Pss') };
  } catch {
    return null;
  }
}

interface MemorySnapshot {
  rssMb: number;
  pssMb: number;
  serverRssMb: number;
  serverPssMb: number;
  postgresRssMb: number;
  postgresPssMb: number;
  postgresProcesses: number;
}

function memorySnapshot(serverPid: number): MemorySnapshot {
  const procs = processTree(serverPid)
    .map(memoryOf)
    .filter((p): p is ProcMemory => p !== null);
  const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  const sum = (list: ProcMemory[], key: 'rssKb' | 'pssKb') => list.reduce((a, p) => a + p[key], 0);
  const server = procs.filter((p) => p.pid === serverPid);
  const postgres = procs.filter((p) => p.pid !== serverPid);
  return {
    rssMb: mb(sum(procs, 'rssKb')),
    pssMb: mb(sum(procs, 'pssKb')),
    serverRssMb: mb(sum(server, 'rssKb')),
    serverPssMb: mb(sum(server, 'pssKb')),
    postgresRssMb: mb(sum(postgres, 'rssKb')),
    postgresPssMb: mb(sum(postgres, 'pssKb')),
    postgresProcesses: postgres.length,
  };
}

// ---- HTTP ---------------------------------------------------------------------------------------

const login = (base: string) => loginAs(base, 'admin', ADMIN_PASSWORD);

/**
 * `tolerate`: report refused answers (the login's per-account throttle, 429) and errors (a deep page by offset at a
 * million rows outlasts autocannon's 10 s time-out) instead of failing the run.
 */
async function load(name: string, spec: LoadSpec, tolerate = false): Promise<LoadResult> {
  process.stdout.write(`  ${name} …`);
  const result = await runLoad(spec);
  process.stdout.write(` ${Math.round(result.requestsPerSec)} req/s\n`);
  if (tolerate && (result.non2xx || result.errors)) {
    console.log(
      `  （${name}: ${result.non2xx} 个非 2xx 响应, ${result.errors} 个错误 ${JSON.stringify(result.statusCodes)}）`,
    );
  }
  if (!tolerate && (result.non2xx || result.errors)) {
    throw new Error(
      `${name}: ${result.non2xx} 个非 2xx 响应, ${result.errors} 个错误 ${JSON.stringify(result.statusCodes)}`,
    );
  }
  return result;
}

/**
 * The list's own answer from a bare server (bench/src/fixed-answer-server.ts): the transport's ceiling for that
 * many bytes, beside the constant route's ceiling for 145.
 */
async function loadFixedAnswer(answer: string, common: Omit<LoadSpec, 'url'>): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `aps-bench-answer-${process.pid}.json`);
  fs.writeFileSync(file, answer);
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/src/fixed-answer-server.ts', String(port), file], {
    cwd: root,
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 200) throw new Error('同尺寸固定应答服务未启动');
      await sleep(50);
    }
    return await load('GET 固定应答（与列表同尺寸）', { ...common, url: `http://127.0.0.1:${port}/` });
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  }
}

// ---- run ----------------------------------------------------------------------------------------

async function main() {
  const loadAtStart = os.loadavg();
  const dataDir = freshDataDir('aps-bench-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(
    `APS 服务基准测试  数据目录 ${dataDir}  端口 ${port}  CPU ${os.cpus().length} 核  Node ${process.version}`,
  );
  let server: Server | null = null;
  try {
    console.log('首次启动（创建集群、迁移、种子数据）…');
    server = await startServer(dataDir, port);
    const firstStart = server.seconds;
    const stopSeconds = await stopServer(server);
    console.log(`  ${firstStart.toFixed(2)} s；停止 ${stopSeconds.toFixed(2)} s`);

    console.log('热启动…');
    server = await startServer(dataDir, port);
    const warmStart = server.seconds;
    console.log(`  ${warmStart.toFixed(2)} s`);
    const serverPid = server.child.pid ?? 0;
    await sleep(3000);
    const idleAfterStart = memorySnapshot(serverPid);

    console.log(`写入 ${ROWS.toLocaleString('en-US')} 条批量采购记录（npm run seed:bulk）…`);
    const seedStarted = performance.now();
    const seedOut = await runNode(
      'apps/server/src/cli/seed-bulk.ts',
      ['--rows', String(ROWS), '--truncate-bulk'],
      serverEnv(dataDir, port),
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`  ${seedOut.trim().split('\n').pop()}`);

    const token = await login(base);
    const headers = { 'X-Access-Token': token, 'tenant-id': '1' };
    // What the purchase-record page asks for: a page past the first, one stage (about 1/12 of the rows), newest first.
    const listPath =
      '/aps/purchase/purchaseRecord/list?pageNo=3&pageSize=10&purchaseStage=5&column=createTime&order=desc';
    const probe = await fetch(`${base}${listPath}`, { headers });
    type ListBody = {
      success: boolean;
      result?: { total: number; totalEstimated?: boolean; records: { id: string }[] };
    };
    const probeText = await probe.text();
    const probeBody = JSON.parse(probeText) as ListBody;
    // The answer's size: past the cache, what a list costs over a constant route is mostly writing and reading bytes.
    const healthBytes = Buffer.byteLength(await (await fetch(`${base}/aps/sys/health`)).text());
    const listBytes = Buffer.byteLength(probeText);
    if (!probeBody.success || !probeBody.result || probeBody.result.records.length !== 10) {
      throw new Error(`列表接口返回异常: ${JSON.stringify(probeBody).slice(0, 300)}`);
    }
    const totalNote = probeBody.result.totalEstimated ? '（估算）' : '';
    console.log(
      `列表探测: ${listPath} → total ${probeBody.result.total}${totalNote}，响应 ${listBytes} 字节（健康检查 ${healthBytes} 字节）`,
    );
    // A deep page, 90 % of the way through the same list: by offset, and by the previous page's last id.
    const deepPage = Math.max(2, Math.floor((probeBody.result.total / 10) * 0.9));
    const deepBase = '/aps/purchase/purchaseRecord/list?pageSize=10&purchaseStage=5&column=createTime&order=desc';
    const before = (await (await fetch(`${base}${deepBase}&pageNo=${deepPage - 1}`, { headers })).json()) as ListBody;
    const cursor = before.result?.records.at(-1)?.id;
    if (!cursor) throw new Error(`深页探测失败: ${JSON.stringify(before).slice(0, 300)}`);
    const deepOffsetPath = `${deepBase}&pageNo=${deepPage}`;
    const deepKeysetPath = `${deepOffsetPath}&cursor=${cursor}`;
    // One at a time, each the first of its URL (nothing cached yet): what one deep page costs by offset and by cursor.
    const timed = async (p: string) => {
      const started = performance.now();
      const body = (await (await fetch(`${base}${p}`, { headers })).json()) as ListBody;
      return { body, ms: round(performance.now() - started, 1) };
    };
    const byOffset = await timed(deepOffsetPath);
    const byKeyset = await timed(deepKeysetPath);
    const ids = (b: ListBody) => JSON.stringify(b.result?.records.map((r) => r.id));
    if (ids(byOffset.body) !== ids(byKeyset.body)) throw new Error('深页：游标分页与偏移分页结果不一致');
    const deepFirstMs = { offset: byOffset.ms, keyset: byKeyset.ms };
    console.log(
      `深页探测: 第 ${deepPage} 页，偏移与游标结果一致；首次请求 偏移 ${deepFirstMs.offset} ms，游标 ${deepFirstMs.keyset} ms`,
    );

    const common = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP };
    console.log(`负载（autocannon，独立进程，${CONNECTIONS} 连接，预热 ${WARMUP} s + ${DURATION} s）:`);
    const health = await load('GET /aps/sys/health', { ...common, url: `${base}/aps/sys/health` });
    // Like the web client, every list call carries its own `_t` (§7 cache buster).
    const list = await load('GET 采购记录列表', { ...common, url: `${base}${listPath}`, headers, cacheBuster: true });
    const sameSize = await loadFixedAnswer(probeText, common);
    const deepOffset = await load(
      `GET 采购记录列表 第 ${deepPage} 页（偏移）`,
      {
        ...common,
        url: `${base}${deepOffsetPath}`,
        headers,
        cacheBuster: true,
      },
      true,
    );
    const deepKeyset = await load(
      `GET 采购记录列表 第 ${deepPage} 页（游标）`,
      {
        ...common,
        url: `${base}${deepKeysetPath}`,
        headers,
        cacheBuster: true,
      },
      true,
    );
    const loginLoad = await load(
      'POST /aps/sys/login',
      {
        ...common,
        url: `${base}/aps/sys/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      },
      true,
    );
    await sleep(3000);
    const idleAfterLoad = memorySnapshot(serverPid);

    const ratio = list.requestsPerSec / health.requestsPerSec;
    const report = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      settings: {
        rows: ROWS,
        connections: CONNECTIONS,
        durationS: DURATION,
        warmupS: WARMUP,
        listPath,
        listTotal: probeBody.result.total,
        listBytes,
        healthBytes,
        listTotalEstimated: probeBody.result.totalEstimated ?? false,
        deepOffsetPath,
        deepKeysetPath,
        deepFirstMs,
        label: args.label,
      },
      start: {
        firstS: round(firstStart),
        warmS: round(warmStart),
        stopS: round(stopSeconds),
        seedBulkS: round(seedSeconds),
      },
      memory: { idleAfterStart, idleAfterLoad },
      load: { health, list, deepOffset, deepKeyset, login: loginLoad, sameSize },
      listToCeiling: round(ratio, 3),
      listToSameSize: round(list.requestsPerSec / sameSize.requestsPerSec, 3),
      targets: {
        listRatio: { target: `≥ ${TARGETS.listRatio}`, met: ratio >= TARGETS.listRatio },
        listP99: { target: `≤ ${TARGETS.listP99Ms} ms`, met: list.p99 <= TARGETS.listP99Ms },
        warmStart: { target: `≤ ${TARGETS.warmStartS} s`, met: warmStart <= TARGETS.warmStartS },
        firstStart: { target: `≤ ${TARGETS.firstStartS} s`, met: firstStart <= TARGETS.firstStartS },
        idleRss: { target: `≤ ${TARGETS.idleRssMb} MB`, met: idleAfterStart.rssMb <= TARGETS.idleRssMb },
      },
    };
    printReport(report.load, ratio, report.start, idleAfterStart, idleAfterLoad, report.targets);
    const file = saveResult('server', report.date, args.label, report);
    console.log(`\n结果已写入 ${path.relative(root, file)}`);
  } finally {
    if (server) await stopServer(server).catch(() => {});
    if (args.keep) console.log(`保留数据目录 ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printReport(
  loads: Record<'health' | 'list' | 'deepOffset' | 'deepKeyset' | 'login' | 'sameSize', LoadResult>,
  ratio: number,
  start: { firstS: number; warmS: number; stopS: number; seedBulkS: number },
  idle: MemorySnapshot,
  afterLoad: MemorySnapshot,
  targets: Record<string, { target: string; met: boolean }>,
) {
  const rows = [
    ['接口', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', '请求数'],
    ...(
      [
        ['GET /aps/sys/health（上限）', loads.health],
        ['GET 采购记录列表（分页/筛选/排序）', loads.list],
        ['GET 固定应答，与列表同尺寸（裸 Fastify）', loads.sameSize],
        ['GET 采购记录列表 深页（偏移）', loads.deepOffset],
        ['GET 采购记录列表 深页（游标）', loads.deepKeyset],
        ['POST /aps/sys/login', loads.login],
      ] as const
    ).map(([name, r]) => [
      name,
      Math.round(r.requestsPerSec).toString(),
      String(r.p50),
      String(r.p90),
      String(r.p99),
      String(r.max),
      String(r.total),
    ]),
  ];
  console.log('');
  printTable(rows);
  const mark = (k: string) => (targets[k]?.met ? '✓' : '✗');
  console.log('');
  console.log(`列表 / 上限:        ${(ratio * 100).toFixed(1)} %   ${mark('listRatio')} 目标 ≥ 50 %`);
  console.log(
    `列表 / 同尺寸固定应答: ${((loads.list.requestsPerSec / loads.sameSize.requestsPerSec) * 100).toFixed(1)} %（传输本身的上限）`,
  );
  console.log(`列表 p99:           ${loads.list.p99} ms   ${mark('listP99')} 目标 ≤ ${TARGETS.listP99Ms} ms`);
  console.log(`首次启动:           ${start.firstS.toFixed(2)} s   ${mark('firstStart')} 目标 ≤ 5 s`);
  console.log(`热启动:             ${start.warmS.toFixed(2)} s   ${mark('warmStart')} 目标 ≤ 2 s`);
  console.log(`停止:               ${start.stopS.toFixed(2)} s`);
  console.log(`批量写入 ${ROWS} 行:  ${start.seedBulkS.toFixed(2)} s（含 CLI 启动）`);
  console.log(
    `空闲内存（启动后）: RSS ${idle.rssMb} MB，PSS ${idle.pssMb} MB   ${mark('idleRss')} 目标 RSS ≤ 200 MB` +
      `\n                    服务 RSS ${idle.serverRssMb} / PSS ${idle.serverPssMb} MB；` +
      `postgres ${idle.postgresProcesses} 个进程 RSS ${idle.postgresRssMb} / PSS ${idle.postgresPssMb} MB`,
  );
  console.log(
    `空闲内存（负载后）: RSS ${afterLoad.rssMb} MB，PSS ${afterLoad.pssMb} MB` +
      `\n                    服务 RSS ${afterLoad.serverRssMb} / PSS ${afterLoad.serverPssMb} MB；` +
      `postgres ${afterLoad.postgresProcesses} 个进程 RSS ${afterLoad.postgresRssMb} / PSS ${afterLoad.postgresPssMb} MB`,
  );
}

await main();
