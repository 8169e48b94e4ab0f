import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { trackPoolWrites } from '../core/list-cache.ts';
import * as announcementTables from '../modules/platform/announcement/tables.ts';
import * as auditTables from '../modules/platform/audit/tables.ts';
import * as authTables from '../modules/platform/auth/tables.ts';
import * as demoRequestTables from '../modules/platform/demo-request/tables.ts';
import * as systemTables from '../modules/platform/system/tables.ts';
import * as workflowTables from '../modules/platform/workflow/tables.ts';
import * as purchaseTables from '../modules/procurement/purchase/tables.ts';
import * as metaTables from './tables.ts';

export const schema = {
  ...metaTables,
  ...announcementTables,
  ...systemTables,
  ...authTables,
  ...auditTables,
  ...purchaseTables,
  ...workflowTables,
  ...demoRequestTables,
};
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Dates and bigints come back as strings we format ourselves; timestamps as JS Dates (pg default).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connectDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, application_name: 'aps' });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it on next use.
  });
  // Writes through this pool invalidate cached list totals of their tables once committed (core/list-cache.ts).
  trackPoolWrites(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 86_086;

/** Applies pending SQL migrations; an advisory lock keeps two starting instances from racing. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
