import { afterEach, describe, expect, it, vi } from 'vitest';
import { elapsedSeconds, isRefreshDue, startTokenRefresher } from './tokenRefresh';

describe('token refresh timing', () => {
  const storedAt = Date.UTC(2026, 0, 1, 8, 0, 0);

  it('counts whole elapsed seconds', () => {
    expect(elapsedSeconds(storedAt, storedAt + 42_999)).toBe(42);
    expect(elapsedSeconds(storedAt, storedAt + 43_000)).toBe(43);
  });

  it('is due once the elapsed seconds reach the token time', () => {
    expect(isRefreshDue(storedAt, storedAt + 42_999_000, 43000, false)).toBe(false);
    expect(isRefreshDue(storedAt, storedAt + 43_000_000, 43000, false)).toBe(true);
    expect(isRefreshDue(storedAt, storedAt + 50_000_000, 43000, false)).toBe(true);
  });

  it('is never due while a refresh runs, or without a stored token', () => {
    expect(isRefreshDue(storedAt, storedAt + 50_000_000, 43000, true)).toBe(false);
    expect(isRefreshDue(undefined, storedAt, 43000, false)).toBe(false);
  });

  it('falls back to the default token time when the configuration has none', () => {
    expect(isRefreshDue(storedAt, storedAt + 42_000_000, 0, false)).toBe(false);
    expect(isRefreshDue(storedAt, storedAt + 43_000_000, 0, false)).toBe(true);
  });
});

describe('token refresher', () => {
  afterEach(() => vi.useRealTimers());

  it('checks every 10 s, refreshes one at a time and releases the guard on success or failure', async () => {
    vi.useFakeTimers();
    let now = 0;
    let storedAt = 0;
    const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
    const refresh = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          pending.push({ resolve, reject });
        }),
    );
    const stop = startTokenRefresher({
      getStoredAt: () => storedAt,
      getTokenTime: () => 20,
      refresh,
      now: () => now,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    now = 10_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).not.toHaveBeenCalled();

    now = 20_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    // Still due, but the first refresh has not answered: no second one.
    now = 30_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    // A failure releases the guard: the next tick tries again.
    pending[0]?.reject(new Error('network'));
    now = 40_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);

    // Success stores a new token: not due again until its age reaches the token time.
    storedAt = 40_000;
    pending[1]?.resolve();
    now = 50_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    now = 60_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(3);

    stop();
    now = 200_000;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
