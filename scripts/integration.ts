/**
 * Runs the integration suite twice at once: on the embedded PostgreSQL and on a PostgreSQL server
 * (TEST_DATABASE_URL, default the machine's 127.0.0.1:5432). The two runs share nothing (each has its own server
 * process and databases) and mostly wait on their databases, so side by side they take little longer than one.
 * Each line is prefixed with its database. Without a reachable server the second run is skipped loudly; under
 * CI=true that is a failure.
 */
import path from 'node:path';
import pg from 'pg';
import { runPrefixed } from './prefixed.ts';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function runSuite(kind: 'embedded' | 'postgres'): Promise<number> {
  console.log(`=== 集成测试 / integration tests on ${kind === 'embedded' ? 'embedded PostgreSQL' : serverUrl} ===`);
  return runPrefixed(
    kind === 'embedded' ? '[embedded]' : '[postgres]',
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--project', 'integration'],
    { cwd: root, env: { ...process.env, TEST_DB: kind, TEST_DATABASE_URL: serverUrl } },
  );
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

const problem = await reachable(serverUrl);
const runs = [runSuite('embedded')];
if (problem) {
  const banner = `\n${'!'.repeat(78)}\n!! PostgreSQL server ${serverUrl} is not reachable: ${problem}\n!! The integration suite ran on the embedded database ONLY.\n${'!'.repeat(78)}\n`;
  console.error(banner);
} else {
  runs.push(runSuite('postgres'));
}
const statuses = await Promise.all(runs);
let status = statuses.find((code) => code !== 0) ?? 0;
if (problem && process.env.CI === 'true') {
  console.error('CI=true: an unreachable PostgreSQL server is a failure.');
  status = 1;
}
process.exit(status);
