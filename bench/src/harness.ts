/**
 * What every server bench shares: a free port, a fresh DATA_DIR, the server started and stopped, a node script run
 * to completion, the autocannon runner (load.ts) in its own process, logins, the embedded cluster's URL, rounding and
 * the JSON result file under bench/results.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult, LoadSpec } from './load.ts';

export const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'Bench@2026!';
/** The demo users' password (seed SEED_DEMO=1). */
export const DEMO_PASSWORD = 'Aps@2026';

/** The load options every bench takes (parseArgs): connections, seconds of load and warm-up, a label, keep data. */
export const LOAD_OPTIONS = {
  connections: { type: 'string', default: '50' },
  duration: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '2' },
  label: { type: 'string', default: '' },
  keep: { type: 'boolean', default: false },
} as const;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** A fresh data directory under the system's temp folder. */
export function freshDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    ADMIN_PASSWORD,
    SEED_DEMO: '1',
    TZ: 'Asia/Shanghai',
    // The load generator signs in from loopback tens of thousands of times: exempt it from the per-source throttle.
    THROTTLE_EXEMPT: '127.0.0.1,::1,::ffff:127.0.0.1',
  };
}

export interface Server {
  child: ChildProcess;
  output: string[];
  /** From spawn until /aps/sys/health answered 200. */
  seconds: number;
}

/** Spawns the server and measures until /aps/sys/health answers 200 (gives up after `timeoutS`). */
export async function startServer(dataDir: string, port: number, timeoutS = 120, pollMs = 20): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/src/main.mjs'], {
    cwd: root,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`服务进程提前退出:\n${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/aps/sys/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, output, seconds: (performance.now() - started) / 1000 };
    await sleep(pollMs);
  }
  child.kill('SIGKILL');
  throw new Error(`服务 ${timeoutS} 秒内未就绪:\n${output.join('')}`);
}

/** SIGTERM and wait for the orderly shutdown (HTTP, pool, cluster); seconds it took. */
export async function stopServer(server: Server): Promise<number> {
  const started = performance.now();
  if (server.child.exitCode !== null) return 0;
  const exit = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  await exit;
  clearTimeout(timer);
  return (performance.now() - started) / 1000;
}

/** Runs a node script to completion; resolves with its stdout, rejects with its output on failure. */
export function runNode(script: string, scriptArgs: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...scriptArgs], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} 退出码 ${code}:\n${out}\n${err}`)),
    );
  });
}

/** autocannon in its own process (bench/src/load.ts), so the load does not share an event loop with the bench. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const out = await runNode('bench/src/load.ts', [JSON.stringify(spec)]);
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult;
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/aps/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result?: { token: string } };
  if (!body.success || !body.result) throw new Error(`登录失败 ${username}: ${res.status} ${body.message}`);
  return body.result.token;
}

/** The running server's embedded cluster (as seed-bulk finds it). */
export function clusterUrl(dataDir: string): string {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/aps`;
}

/** The machine a run was measured on (the figures mean little without its load). */
export function machine(loadAtStart: number[]) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    loadavgAtStart: loadAtStart,
    loadavgAtEnd: os.loadavg(),
    node: process.version,
  };
}

/**
 * Writes bench/results/<kind>-<stamp>[-<label>].json; `format` lets Biome lay the JSON out the way `npm run lint`
 * expects (results are committed and linted). Returns the path.
 */
export function saveResult(kind: string, date: string, label: string, report: unknown, format = true): string {
  const stamp = date.replace(/[:.]/g, '-');
  const file = path.join(root, 'bench/results', `${kind}-${stamp}${label ? `-${label}` : ''}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  if (format) {
    spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], { cwd: root, stdio: 'ignore' });
  }
  return file;
}

/** A text table, columns after the first right-aligned; CJK characters count two columns wide. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const width = (s: string) => [...s].reduce((w, c) => w + ((c.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0);
  const cols = rows[0]?.map((_, i) => Math.max(...rows.map((r) => width(r[i] ?? '')))) ?? [];
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (i === 0 ? c + ' '.repeat((cols[i] ?? 0) - width(c)) : ' '.repeat((cols[i] ?? 0) - width(c)) + c))
      .join('  ');
  for (const r of rows) console.log(line(r));
}
