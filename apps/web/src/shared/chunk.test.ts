import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk.ts';

describe('loadChunk (§8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { default: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('fails with ChunkLoadError once 120000 ms have passed without the chunk, not before', async () => {
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const outcome = pending.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).code).toBe('CHUNK_LOAD_FAILED');
    expect(CHUNK_TIMEOUT_MS).toBe(120000);
  });

  it('names a failed script chunk ChunkLoadError and a failed stylesheet CSS_CHUNK_LOAD_FAILED', async () => {
    const script = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/UserListPage-x.js')),
    ).catch((e: unknown) => e as ChunkLoadError);
    expect(script).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
    const css = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/grid-x.css'))).catch(
      (e: unknown) => e as ChunkLoadError,
    );
    expect(css).toMatchObject({ name: 'ChunkLoadError', code: 'CSS_CHUNK_LOAD_FAILED' });
  });
});
