import { TOKEN_CHECK_INTERVAL_MS, TOKEN_TIME_SECONDS } from '@cube/contract';

/**
 * Automatic token refresh: every 10 seconds the stored token's wrapper `datetime` is compared with
 * now; once the elapsed seconds reach the configured token time (runtime config `tokenTime`) and no refresh is
 * running, a refresh starts. The guard is released whether it succeeds or fails.
 */

/** Whole seconds between the time the token was stored and `now` (both epoch ms). */
export function elapsedSeconds(storedAt: number, now: number): number {
  return Math.floor((now - storedAt) / 1000);
}

/** The pure timing rule: a stored token, old enough, and no refresh under way. */
export function isRefreshDue(
  storedAt: number | undefined,
  now: number,
  tokenTimeSeconds: number,
  refreshing: boolean,
): boolean {
  if (refreshing || storedAt === undefined || !Number.isFinite(storedAt)) return false;
  const threshold = tokenTimeSeconds > 0 ? tokenTimeSeconds : TOKEN_TIME_SECONDS;
  return elapsedSeconds(storedAt, now) >= threshold;
}

export interface TokenRefresherOptions {
  /** `datetime` of the stored token wrapper, `undefined` when signed out. */
  getStoredAt: () => number | undefined;
  getTokenTime: () => number;
  refresh: () => Promise<unknown>;
  now?: () => number;
  intervalMs?: number;
}

/** One timer checking the token age; answers the function that stops it. */
export function startTokenRefresher(options: TokenRefresherOptions): () => void {
  const now = options.now ?? Date.now;
  let refreshing = false;
  const check = () => {
    if (!isRefreshDue(options.getStoredAt(), now(), options.getTokenTime(), refreshing)) return;
    refreshing = true;
    options
      .refresh()
      .catch((error: unknown) => console.warn('[session] token refresh failed', error))
      .finally(() => {
        refreshing = false;
      });
  };
  const timer = setInterval(check, options.intervalMs ?? TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
