import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the serving process, applied by `main.ts` before any other module is evaluated (never in tests
 * or tools that import the app).
 *
 * `--no-allocation-site-pretenuring`: V8 may decide from an allocation site's early survival rate that its objects
 * are long-lived and allocate them straight in the old generation. For a request-serving process that decision is
 * wrong and permanent: measured here (stop 17, `npm run bench` liveness), 2 process starts of 20
 * pretenured a hot per-request site; from then on every scavenge promoted ~4 MiB, a full mark-compact ran every
 * half second and the process served ~40% fewer requests for its whole life (p99 ×4). Without pretenuring the
 * per-request garbage dies young as it should; nothing the server keeps for long is allocated on a hot path.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
