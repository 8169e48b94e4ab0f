import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (read with inject('baseUrl')). */
    baseUrl: string;
    /** The server's DATA_DIR, for tests that put the database into a state (support/db.ts). */
    dataDir: string;
  }
}

/** One real server for the whole e2e run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
