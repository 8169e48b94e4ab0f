import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * A connection to the e2e server's embedded database (DATA_DIR/pg), for tests that must put real data into a
 * state no endpoint offers. The port comes from postmaster.pid, the password from DATA_DIR/.pg-password.
 */
export async function withDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'aps' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
