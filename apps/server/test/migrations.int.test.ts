import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, runMigrations } from '../src/db/client.ts';

/** A database of its own on the run's server, so migrations start from nothing. */
async function withEmptyDatabase(run: (url: string) => Promise<void>) {
  const base = new URL(inject('databaseUrl'));
  const name = `aps_mig_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  try {
    await run(target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe('migrations', () => {
  it('apply to an empty database, then again as a no-op, also when two instances start at once', async () => {
    await withEmptyDatabase(async (url) => {
      const a = connectDatabase(url, 2);
      const b = connectDatabase(url, 2);
      try {
        await Promise.all([runMigrations(a), runMigrations(b)]);
        const tables = await a.pool.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
        );
        expect(tables.rows.map((r) => r.tablename)).toEqual(
          expect.arrayContaining([
            'sys_user',
            'sys_role',
            'sys_permission',
            'sys_session',
            'sys_log',
            'purchase_record',
            'app_meta',
          ]),
        );
        const applied = await a.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        await runMigrations(a);
        const again = await a.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(again.rows[0].n).toBe(applied.rows[0].n);
        const ext = await a.pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
        expect(ext.rowCount).toBe(1);
      } finally {
        await a.close();
        await b.close();
      }
    });
    // Creating a database and applying every migration twice is disk-bound: on a loaded 2-core CI machine
    // the server's fsyncs alone took over 30 s (CI-1 of 2026-11-27).
  }, 120_000);
});
