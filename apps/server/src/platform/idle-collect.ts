import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the serving process looks whether it has gone quiet. */
export const IDLE_CHECK_MS = 5_000;

/**
 * One full garbage collection when the serving process goes quiet after serving (no request came for a whole
 * {@link IDLE_CHECK_MS} window after a window that had some), never while it serves and never twice in one quiet
 * spell. V8's own memory reducer gives back the start-up's pages, but after sustained load it left the old
 * generation at its peak for minutes (bench: RSS 20 s after a mixed load still the peak, ~10 MiB over the 120 MiB
 * idle target); a full collection then shrinks it at the cost of a few tens of milliseconds of a process that has
 * nothing else to do. Returns `served` (call on every request) and `stop`.
 */
export function collectWhenIdle(
  collect: () => void = fullCollector(),
  intervalMs = IDLE_CHECK_MS,
): { served: () => void; stop: () => void } {
  let requests = 0;
  let busySinceCollect = false;
  let seen = 0;
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      busySinceCollect = true;
      return;
    }
    if (!busySinceCollect) return;
    busySinceCollect = false;
    collect();
  }, intervalMs);
  timer.unref();
  return {
    served: () => {
      requests++;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * V8's full collection, reached without starting the process with `--expose-gc` (its `gc` in a fresh context),
 * compacting every fragmented page. A plain full collection frees the dead objects but leaves the old generation's
 * pages where V8's heuristics see no need to move them: after a mixed load (bench) ~9 MiB of old-space pages were
 * resident with only free space in them. Compaction is switched on for this one collection (the flag is read per
 * collection) and off again, so the collections made while serving keep V8's own choice.
 */
export function fullCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}
