import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { connectDatabase, type Database, runMigrations } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded.ts';
import { purgeDeadSessions } from './modules/platform/auth/session.ts';
import { seedDemo } from './seed/demo.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

const consoleLog = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};

/** Starts the whole product: database (embedded unless DATABASE_URL), migrations, seed, HTTP. */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const embedded: EmbeddedDatabase | null = config.databaseUrl
    ? null
    : await startEmbeddedDatabase(config.dataDir, consoleLog);
  const databaseUrl = config.databaseUrl ?? embedded?.url ?? '';
  const database = connectDatabase(databaseUrl);
  try {
    await runMigrations(database);
    await seedDemo(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
    const { app, services } = await buildApp({ config, db: database.db });
    const address = await app.listen({ port: config.port, host: config.host });
    const purge = setInterval(() => {
      purgeDeadSessions(database.db, config.tokenIdleMs).catch((err) => app.log.warn({ err }, 'session purge failed'));
    }, 3600_000);
    purge.unref();
    await services.scheduler.start();
    return {
      app,
      database,
      url: `http://localhost:${new URL(address).port}`,
      async close() {
        clearInterval(purge);
        await services.scheduler.stop();
        await app.close();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    await embedded?.stop();
    throw err;
  }
}
