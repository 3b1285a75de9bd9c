import { getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, fullCollector } from './idle-collect.js';

describe('collectWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once when the process goes quiet after serving, never while it serves or while it stays idle', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = collectWhenIdle(collect, 1000);
    // Idle from the start (nothing served): nothing to give back.
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    // Serving: every window has requests.
    for (let window = 0; window < 5; window++) {
      idle.served();
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    // The first whole quiet window after serving: one collection, and no more while it stays quiet.
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    // Served again, quiet again: one more.
    idle.served();
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.stop();
    idle.served();
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('reaches V8’s full collection without --expose-gc on the command line', () => {
    const collect = fullCollector();
    const heap = () => process.memoryUsage().heapUsed;
    // Garbage that only a collection frees.
    let garbage: unknown[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `x${i}` }));
    const before = heap();
    garbage = null;
    collect();
    expect(garbage).toBeNull();
    expect(heap()).toBeLessThan(before - 5_000_000);
  });

  it('compacts the old generation’s fragmented pages, and leaves later collections to V8’s own choice', () => {
    const collect = fullCollector();
    const plainGc = runInNewContext('gc') as () => void;
    /** Bytes of old-space pages that hold no live object. */
    const freeInOldPages = () => {
      const old = getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
      return (old?.physical_space_size ?? 0) - (old?.space_used_size ?? 0);
    };
    /** Long-lived objects, then all but every 50th dropped: a few live objects left on every page. */
    const fragment = () => {
      const all = Array.from({ length: 300_000 }, (_, i) => ({ i, s: `x${i}` }));
      plainGc();
      plainGc();
      return all.filter((_, i) => i % 50 === 0);
    };
    let kept: unknown[] | null = fragment();
    plainGc();
    const afterPlain = freeInOldPages();
    collect();
    const afterCompacting = freeInOldPages();
    expect(afterPlain).toBeGreaterThan(8_000_000);
    expect(afterCompacting).toBeLessThan(afterPlain / 4);
    // The flag is off again: a plain collection after it leaves a new fragmentation in place.
    kept = fragment();
    plainGc();
    expect(freeInOldPages()).toBeGreaterThan(8_000_000);
    expect(kept.length).toBe(6000);
    kept = null;
  });
});
