/**
 * Runs npm scripts at the same time (`node scripts/side-by-side.ts test:integration test:e2e`), each line prefixed
 * with its script, and fails if any of them fails. CI's 2 cores are not full during the integration run (it waits on
 * its databases about a quarter of the time); the e2e build, its servers' start and its first files fill that time.
 */
import path from 'node:path';
import { runPrefixed } from './prefixed.ts';

const root = path.resolve(import.meta.dirname, '..');
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/side-by-side.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const codes = await Promise.all(
  scripts.map((script) => runPrefixed(`[${script}]`, 'npm', ['run', '--silent', script], { cwd: root })),
);
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
