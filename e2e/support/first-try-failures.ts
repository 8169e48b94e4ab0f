import { beforeEach, onTestFailed } from 'vitest';

/**
 * A test that passes on its retry is marked "(retry x1)", but its first failure is not printed: print it here, so a
 * flaky step can be found and fixed rather than guessed at.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    for (const error of task.result?.errors ?? []) {
      console.error(`[try ${attempt} failed] ${task.name}\n${error.stack ?? error.message}`);
    }
  });
});
