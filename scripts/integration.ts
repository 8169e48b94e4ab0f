/**
 * Runs the integration suite twice: on the embedded PostgreSQL and on a PostgreSQL server
 * (TEST_DATABASE_URL, default the machine's 127.0.0.1:5432). Without a reachable server the
 * second run is skipped loudly; under CI=true that is a failure.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function runSuite(kind: 'embedded' | 'postgres'): number {
  console.log(`\n=== 集成测试 / integration tests on ${kind === 'embedded' ? 'embedded PostgreSQL' : serverUrl} ===`);
  const vitest = path.join(root, 'node_modules/.bin/vitest');
  const result = spawnSync(vitest, ['run', '--project', 'integration'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: kind, TEST_DATABASE_URL: serverUrl },
  });
  return result.status ?? 1;
}

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

let status = runSuite('embedded');
const problem = await reachable(serverUrl);
if (problem) {
  const banner = `\n${'!'.repeat(78)}\n!! PostgreSQL server ${serverUrl} is not reachable: ${problem}\n!! The integration suite ran on the embedded database ONLY.\n${'!'.repeat(78)}\n`;
  console.error(banner);
  if (process.env.CI === 'true') {
    console.error('CI=true: an unreachable PostgreSQL server is a failure.');
    status = 1;
  }
} else {
  status = runSuite('postgres') || status;
}
process.exit(status);
