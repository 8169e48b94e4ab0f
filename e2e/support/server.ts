import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (its embedded database lives in <dataDir>/pg; see support/db.ts). */
  dataDir: string;
  /**
   * The CAS server this server validates tickets against (CAS_SERVER_URL): nobody listens there until a test
   * starts its fake CAS on that port (account-login.e2e.ts).
   */
  casUrl: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it; the server binds it a moment later). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The caller's environment minus what would point the server elsewhere (its own database, admin password). */
function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...overrides };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_PASSWORD', 'SEED_DEMO', 'WEB_DIST', 'TOKEN_SECRET']) {
    delete env[key];
  }
  return env;
}

/**
 * Starts the real server (`node apps/server/src/main.mjs`, the same Node 24 that runs the tests) on a fresh
 * embedded database in a temporary DATA_DIR, and waits until /aps/sys/health answers.
 */
export async function startServer(): Promise<RunningServer> {
  const webIndex = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error(`${webIndex} is missing: build the web app first (npm run build, or npm run test:e2e).`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const casUrl = `http://127.0.0.1:${await freePort()}/cas`;
  const child = spawn(process.execPath, ['apps/server/src/main.mjs'], {
    cwd: REPO_ROOT,
    // APS_TEST_ROUTES: the test-only routes (/aps/test/*) that put the server into the states of §8.
    env: serverEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APS_TEST_ROUTES: '1',
      CAS_SERVER_URL: casUrl,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Keep the tail of the server's output for the error message if it fails to start.
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  // An unhandled error (pino level 50+) is a product bug a test may only see as 系统繁忙: print its stack.
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    collect(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (/"level":[56]\d/.test(line)) process.stderr.write(`[server ${port}] ${line}\n`);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    collect(chunk);
    process.stderr.write(chunk);
  });

  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGINT: the server closes HTTP, then the pool, then stops the embedded PostgreSQL cluster.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    cleanup();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanup();
      throw new Error(`the server exited during start (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/aps/sys/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseUrl, dataDir, casUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer /aps/sys/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}
