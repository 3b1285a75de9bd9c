/**
 * The schedule of the scheduled jobs (migration 0017, `platform/jobs.ts`): one row per job name, shared by every
 * instance. Times are epoch milliseconds, so both databases compare them alike whatever their time zone.
 */
export interface JobTable {
  name: string;
  /** When the job is next due. */
  nextRunAt: number;
  /**
   * The instance that runs it now (or ran it last), and until when its lease holds (renewed while it runs; null
   * once the run ended).
   */
  leaseOwner: string | null;
  leaseUntil: number | null;
  runCount: number;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  /** `ok`, `failed` or `aborted` (the instance stopped during the run). */
  lastStatus: string;
  lastError: string;
  lastDurationMs: number | null;
}
