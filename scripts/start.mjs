// @ts-check
/**
 * `npm start`: builds the web app when its sources are newer than the build (or it was never
 * built), then starts the server in this process. A second start on a built tree skips the build.
 * Plain JavaScript, like the server's entry (apps/server/src/main.mjs): a .ts script would load Node's TypeScript
 * stripper into the server's process, which a warm start otherwise never needs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'scripts/prerender-pages.ts',
];

/** @param {string} target @returns {number} */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webInputs.map((p) => newestMtime(path.join(root, p))));
if (sourcesAt > builtAt) {
  console.log(builtAt ? '网页源码有更新，正在重新构建…' : '首次启动，正在构建网页…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@aps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
await import('../apps/server/src/main.mjs');
