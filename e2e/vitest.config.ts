import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.ts';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    // One real server per worker (started in globalSetup; support/target.ts), one browser per test file.
    globalSetup: ['support/global-setup.ts'],
    // Prints the failure of a try that its retry then passed (the report only marks the retry).
    setupFiles: ['support/first-try-failures.ts'],
    // Each worker owns its server, so files in different workers never share demo accounts or global settings.
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    // A whole flow (several people, a dozen screens) takes 40–70 s on a quiet 2-core machine and twice that on a
    // shared CI box. A stuck step fails on its own 15 s action timeout long before this guard against a hang.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    environment: 'node',
    // A screen follows a click within a second on an idle machine; on a busy 2-core CI box it may take a few.
    expect: { poll: { timeout: 5_000 } },
    // CI's 2 shared cores occasionally starve the browser past a wait; a test that fails twice in a row is a
    // real failure. The report marks a retried test, so a flaky one is seen and fixed, not hidden.
    retry: process.env.CI ? 1 : 0,
  },
});
