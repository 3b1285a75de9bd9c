import { CHUNK_LOAD_TIMEOUT_MS } from '@cube/contract';

/** A page chunk that failed or did not arrive in time (named `ChunkLoadError`). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Wraps a dynamic import: a failure, or no answer within {@link CHUNK_LOAD_TIMEOUT_MS}, rejects with a
 * {@link ChunkLoadError} so that the route error page can offer a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof ChunkLoadError
            ? error
            : new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }),
        );
      },
    );
  });
}
