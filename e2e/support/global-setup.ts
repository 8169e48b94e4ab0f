import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from '../workers.ts';
import { launchBrowserServer } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (origin and DATA_DIR); a test file reads its own with serverUnderTest(). */
    servers: { baseUrl: string; dataDir: string; casUrl: string }[];
  }
}

/** One real server per worker, started side by side (each on a fresh embedded database). */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(servers.map((server: RunningServer) => server.stop()));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  const browsers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => launchBrowserServer())).catch(
    async (err: unknown) => {
      await stopAll();
      throw err;
    },
  );
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir, casUrl }) => ({ baseUrl, dataDir, casUrl })),
  );
  return async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await stopAll();
  };
}
