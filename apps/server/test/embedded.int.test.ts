import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { clusterPid, freePort } from '../src/db/embedded.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-life-'));
const children: ChildProcess[] = [];

async function startServer(port: number) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/aps/sys/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

async function login(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/aps/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Aps@2026' }),
  });
  return (await res.json()) as { success: boolean; result: { token: string } };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  const pid = clusterPid(dataDir);
  if (pid) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(inject('databaseKind') !== 'embedded')('embedded PostgreSQL lifecycle', () => {
  it('survives a restart, stops cleanly on SIGINT and recovers after the server is killed', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const { result } = await login(port);
    expect(result.token).toBeTruthy();
    const pgPid = clusterPid(dataDir);
    expect(pgPid).toBeGreaterThan(0);

    first.kill('SIGINT');
    expect(await exited(first)).toBe(0);
    expect(clusterPid(dataDir)).toBeNull();

    // Same data after a restart: the token issued before is still a live session.
    const second = await startServer(port);
    const me = await fetch(`http://127.0.0.1:${port}/aps/sys/user/getUserInfo`, {
      headers: { 'x-access-token': result.token },
    });
    expect(me.status).toBe(200);

    // A killed server leaves its postgres orphaned with the lock held; the next start recovers it.
    second.kill('SIGKILL');
    await exited(second);
    expect(clusterPid(dataDir)).not.toBeNull();
    const third = await startServer(port);
    expect((await login(port)).success).toBe(true);
    third.kill('SIGTERM');
    expect(await exited(third)).toBe(0);
  }, 120_000);
});
