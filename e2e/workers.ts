/**
 * e2e files run in this many workers, each with its own server and browser. Two fit CI's 2 cores: the browser
 * and server of one file mostly wait on each other, so a second pair fills the idle time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2'));

/** This worker's index among `count` per-worker resources (VITEST_POOL_ID is 1..maxWorkers, stable per worker). */
export function workerSlot(count: number): number {
  return (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % count;
}
