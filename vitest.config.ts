import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_FILES = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.unit.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
];
/** Unit tests that mock modules (vi.mock) need a module graph of their own. */
const ISOLATED_FILES = '**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ISOLATED_FILES],
          environment: 'node',
          // A fresh module graph per file cost 25 of the unit run's 30 s (importing, not testing). Unit tests
          // keep no state between files (globals they stub are unstubbed after each test); a file that replaces
          // modules with vi.mock is named *.isolated.test.ts and runs in the project below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [ISOLATED_FILES],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Files of a worker share one module graph (importing the app per file was 40 % of the run's time);
          // each still gets its own database (test/harness.ts keys it by file) and builds its own app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          environment: 'node',
        },
      },
    ],
  },
});
