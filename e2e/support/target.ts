import { inject } from 'vitest';
import { workerSlot } from '../workers.ts';

/**
 * The server this test file drives. globalSetup starts one server (own embedded database) per worker, and a
 * worker runs one file at a time, so files never share a server's state at the same moment: demo accounts,
 * grey mode and permission edits made by one file cannot leak into a file running beside it.
 */
export function serverUnderTest(): { baseUrl: string; dataDir: string; casUrl: string } {
  const servers = inject('servers');
  const server = servers[workerSlot(servers.length)];
  if (!server) throw new Error(`no e2e server for worker ${process.env.VITEST_POOL_ID}`);
  return server;
}
