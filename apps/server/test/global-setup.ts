import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { seedDemo } from '../src/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's server (never a test file's own). */
    databaseUrl: string;
    templateDatabase: string;
    databasePrefix: string;
    databaseKind: string;
    dataDir: string;
  }
}

export const TEST_ADMIN_PASSWORD = 'Admin@Test1';

/**
 * One server for the whole integration run, one database per test file. TEST_DB=embedded starts
 * the embedded cluster in a temporary directory; TEST_DB=postgres uses TEST_DATABASE_URL, by default
 * the machine's PostgreSQL. The schema is migrated and seeded once into a template database; each
 * test file clones it (CREATE DATABASE … TEMPLATE, milliseconds), so files running in parallel never
 * see each other's rows. Every database this run made is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB ?? 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-it-'));
  let serverUrl: string;
  let stopServer = async () => {};
  if (kind === 'embedded') {
    const embedded = await startEmbeddedDatabase(dataDir, { info() {}, warn() {}, error: console.error });
    serverUrl = embedded.url.replace(/\/aps(\?|$)/, '/postgres$1');
    stopServer = () => embedded.stop();
  } else {
    serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  const prefix = `aps_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const database = connectDatabase(databaseUrlOn(serverUrl, template), 4);
  await runMigrations(database);
  await seedDemo(database.db, { adminPassword: TEST_ADMIN_PASSWORD, demo: true });
  await database.close();
  project.provide('databaseUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', prefix);
  project.provide('databaseKind', kind);
  project.provide('dataDir', dataDir);
  return async () => {
    await onServer(serverUrl, async (c) => {
      const made = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${prefix}%`,
      ]);
      for (const { datname } of made.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
    await stopServer();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The URL of another database on the same server. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(serverUrl);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
