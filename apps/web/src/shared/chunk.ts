/** §9: a code chunk that has not arrived after 120000 ms has failed (§8 ChunkLoadError). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

/**
 * §8: a page's code that cannot be loaded fails as `ChunkLoadError`; its stylesheet as `CSS_CHUNK_LOAD_FAILED`
 * (webpack's names, which the spec keeps; Vite reports both as plain errors).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: ChunkFailure;
  constructor(message: string, code: ChunkFailure = 'CHUNK_LOAD_FAILED', options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Vite's message when a route's CSS could not be preloaded: "Unable to preload CSS for /assets/x.css". */
const CSS_FAILURE = /preload CSS|\.css\b/i;

export function toChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const css = CSS_FAILURE.test(message);
  return new ChunkLoadError(
    css ? `Loading CSS chunk failed.\n(${message})` : `Loading chunk failed.\n(${message})`,
    css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED',
    { cause: error },
  );
}

/** Loads a chunk (a dynamic import) with the §9 time-out; every failure comes out as a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk failed.\n(timeout: ${timeoutMs} ms)`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}
