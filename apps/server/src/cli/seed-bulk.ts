/**
 * `npm run seed:bulk -- --rows 1000000 [--tenant 1] [--truncate-bulk]`: loads a large purchase-record
 * table for benchmarks. Connects like the server: DATABASE_URL, or the embedded cluster under DATA_DIR
 * (attaching to it when a server already runs it, starting it otherwise). A new database is migrated and
 * seeded first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { clusterPid, type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded.ts';
import { seedBulkPurchases } from '../seed/bulk.ts';
import { seedBulkPackages } from '../seed/bulk-packages.ts';
import { seedDemo } from '../seed/demo.ts';

const USAGE =
  '用法: npm run seed:bulk -- [--rows <采购记录行数>] [--packages <标包数>] [--tenant <租户id>] [--truncate-bulk]';

function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} 必须是非负整数: ${value}\n${USAGE}`);
  return n;
}

/** The URL of a cluster a running server owns: port from postmaster.pid, password from DATA_DIR. */
function runningClusterUrl(dataDir: string): string | null {
  if (clusterPid(dataDir) === null) return null;
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  if (!Number.isInteger(port) || port <= 0) return null;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/aps`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      packages: { type: 'string' },
      tenant: { type: 'string' },
      'truncate-bulk': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const packages = parseCount(values.packages, '--packages', 0);
  // --packages alone loads packages only; --rows alone (or nothing) loads purchase records as before.
  const rows = parseCount(values.rows, '--rows', values.packages === undefined ? 100_000 : 0);
  const tenantId = parseCount(values.tenant, '--tenant', 1);
  const config = loadConfig();

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl ?? runningClusterUrl(config.dataDir);
  if (url) {
    console.log(
      config.databaseUrl ? '使用 DATABASE_URL 指定的数据库' : `连接正在运行的嵌入式数据库 (${config.dataDir})`,
    );
  } else {
    embedded = await startEmbeddedDatabase(config.dataDir, {
      info: (m) => console.log(m),
      warn: (m) => console.warn(m),
      error: (m) => console.error(m),
    });
    url = embedded.url;
    console.log(`${embedded.created ? '创建并启动' : '启动'}嵌入式数据库 (${config.dataDir})`);
  }
  const database = connectDatabase(url, 2);
  try {
    await runMigrations(database);
    await seedDemo(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
    if (rows > 0 || values.packages === undefined) {
      console.log(`正在为租户 ${tenantId} 写入 ${rows.toLocaleString('en-US')} 条采购记录…`);
      const result = await seedBulkPurchases(database.pool, { rows, tenantId, truncate: values['truncate-bulk'] });
      if (result.deleted) console.log(`已删除旧的批量记录 ${result.deleted.toLocaleString('en-US')} 条`);
      console.log(
        `已写入 ${result.inserted.toLocaleString('en-US')} 条，用时 ${result.seconds.toFixed(1)} 秒` +
          `（该租户批量记录共 ${result.total.toLocaleString('en-US')} 条）`,
      );
    }
    if (values.packages !== undefined) {
      console.log(`正在为租户 ${tenantId} 写入 ${packages.toLocaleString('en-US')} 个标包（含计划与项目）…`);
      const result = await seedBulkPackages(database.pool, {
        rows: packages,
        tenantId,
        truncate: values['truncate-bulk'],
      });
      if (result.deleted) console.log(`已删除旧的批量标包 ${result.deleted.toLocaleString('en-US')} 个`);
      console.log(
        `已写入 ${result.inserted.toLocaleString('en-US')} 个标包，用时 ${result.seconds.toFixed(1)} 秒` +
          `（该租户批量标包共 ${result.total.toLocaleString('en-US')} 个）`,
      );
    }
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
