import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';

/**
 * Scheduled jobs that run once per period across every instance, not once per instance.
 *
 * The schedule lives in the database every instance shares (`cube_job`, migration 0017): one row per job with the
 * time it is next due and the lease of the instance running it. Each instance polls the rows of the jobs it knows;
 * a due job is claimed by one conditional update — `next_run_at <= now` and no live lease — that also moves
 * `next_run_at` one interval ahead, so exactly one instance wins each period whatever the number of instances, on
 * SQLite as on PostgreSQL, with or without Redis. The winner holds a lease (renewed while the job runs); an
 * instance that dies mid-run leaves a lease that expires, and the job runs again at its next period. Jobs must be
 * idempotent anyway (a run may be cut short by a crash and repeated).
 *
 * Restarting instances does not make a job run early: the schedule is the row's, not the process's. A job's first
 * run is `firstDelayMs` after its row is first created (the first instance that knows it starts).
 *
 * Modules register their jobs while the app is built (`deps.jobs.register(...)`); the process entry starts the
 * runner once the server listens (`main.ts`), and closing the app stops it, waiting for runs in progress (they
 * receive an aborted signal and should stop between steps; an aborted run is due again at once, for another
 * instance to finish). Tests call {@link JobRunner.runDue} instead of starting timers.
 */

export interface JobContext {
  /** Aborted when the instance stops: a long job checks it between steps. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobDefinition {
  /** Unique name (the row's key), e.g. `log-retention`. */
  name: string;
  /** Time from one run's start to the next (ms). */
  intervalMs: number;
  /** Delay of the first run after the schedule row is created (ms); default: one interval. */
  firstDelayMs?: number;
  /** How long a run holds its lease before another instance may take the job over (ms); renewed while running. */
  leaseMs?: number;
  run(context: JobContext): Promise<unknown>;
}

export interface JobRunnerOptions {
  /** Longest wait between two looks at the schedule (ms); the runner also wakes when a job falls due. */
  pollMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** What the metrics endpoint reports of the runner. */
export interface JobStats {
  registered: number;
  running: number;
  /** Runs this instance finished since start, by outcome. */
  finished: { ok: number; failed: number; aborted: number };
}

const DEFAULT_POLL_MS = 15_000;
const DEFAULT_LEASE_MS = 10 * 60_000;
/** Longest a stored error message is kept. */
const ERROR_MAX = 1000;

export class JobRunner {
  /** Names this instance in leases: host, process and a random part (two processes never share one). */
  readonly owner = `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly pollMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private ensured = false;
  private readonly finished = { ok: 0, failed: 0, aborted: 0 };

  constructor(
    private readonly db: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Adds a job; only before {@link start}. A second registration of a name is a programming error. */
  register(job: JobDefinition): void {
    if (this.started) throw new Error(`job ${job.name} registered after the runner started`);
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.intervalMs > 0)) throw new Error(`job ${job.name} needs a positive interval`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  stats(): JobStats {
    return { registered: this.jobs.size, running: this.running.size, finished: { ...this.finished } };
  }

  /** Starts polling the schedule (the process entry calls it once the server listens). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    if (this.jobs.size === 0) return;
    this.schedule(0);
  }

  /** Stops polling, aborts runs in progress and waits for them to end (the app's `onClose`). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let wait = this.pollMs;
    try {
      const nextDue = await this.runDue();
      if (nextDue !== undefined) wait = Math.min(wait, Math.max(nextDue - this.now(), 0) + 50);
    } catch (error) {
      // The database may be down: try again at the next poll; nothing is lost, the rows keep the schedule.
      this.log.warn({ err: error, event: 'jobs_poll_failed' }, 'scheduled jobs: schedule unreadable');
    }
    // A little jitter keeps instances started together from polling in step.
    this.schedule(wait + Math.floor(Math.random() * 250));
  }

  /** Creates the missing schedule rows (first run one `firstDelayMs` from now). */
  private async ensureRows(): Promise<void> {
    if (this.ensured) return;
    const at = this.now();
    for (const job of this.jobs.values()) {
      await this.db.db
        .insertInto('cubeJob')
        .values({
          name: job.name,
          nextRunAt: at + (job.firstDelayMs ?? job.intervalMs),
          leaseOwner: null,
          leaseUntil: null,
          runCount: 0,
          lastStartedAt: null,
          lastFinishedAt: null,
          lastStatus: '',
          lastError: '',
          lastDurationMs: null,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    this.ensured = true;
  }

  /**
   * Claims and starts every registered job that is due now and not leased (not waiting for the runs to end);
   * answers when the earliest job not started is due. Exposed for tests and for a poll by hand.
   */
  async runDue(): Promise<number | undefined> {
    if (this.jobs.size === 0 || this.stopped) return undefined;
    await this.ensureRows();
    const rows = await this.db.db
      .selectFrom('cubeJob')
      .select(['name', 'nextRunAt', 'leaseUntil'])
      .where('name', 'in', [...this.jobs.keys()])
      .execute();
    let nextDue: number | undefined;
    for (const row of rows) {
      const job = this.jobs.get(row.name);
      if (!job || this.running.has(job.name)) continue;
      const at = this.now();
      const nextRunAt = Number(row.nextRunAt);
      const leaseUntil = row.leaseUntil === null ? null : Number(row.leaseUntil);
      const due = nextRunAt <= at && (leaseUntil === null || leaseUntil <= at);
      if (!due || !(await this.claim(job, at))) {
        const when = Math.max(nextRunAt, leaseUntil ?? 0);
        nextDue = nextDue === undefined ? when : Math.min(nextDue, when);
        continue;
      }
      const run = this.execute(job, at).finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }
    return nextDue;
  }

  /** Waits for the runs in progress on this instance (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /** One conditional update: true when this instance won the period. */
  private async claim(job: JobDefinition, at: number): Promise<boolean> {
    const result = await this.db.db
      .updateTable('cubeJob')
      .set((eb) => ({
        leaseOwner: this.owner,
        leaseUntil: at + (job.leaseMs ?? DEFAULT_LEASE_MS),
        nextRunAt: at + job.intervalMs,
        runCount: eb('runCount', '+', 1),
        lastStartedAt: at,
      }))
      .where('name', '=', job.name)
      .where('nextRunAt', '<=', at)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async execute(job: JobDefinition, startedAt: number): Promise<void> {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const renew = setInterval(
      () => {
        this.db.db
          .updateTable('cubeJob')
          .set({ leaseUntil: this.now() + leaseMs })
          .where('name', '=', job.name)
          .where('leaseOwner', '=', this.owner)
          .execute()
          .catch(() => {});
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    let status: 'ok' | 'failed' | 'aborted' = 'ok';
    let message = '';
    try {
      await job.run({ signal: this.abort.signal, log: this.log });
      if (this.abort.signal.aborted) status = 'aborted';
    } catch (error) {
      status = this.abort.signal.aborted ? 'aborted' : 'failed';
      message = error instanceof Error ? error.message : String(error);
      this.log.warn({ err: error, job: job.name, event: 'job_failed' }, `scheduled job ${job.name} failed`);
    } finally {
      clearInterval(renew);
    }
    this.finished[status]++;
    const finishedAt = this.now();
    try {
      await this.db.db
        .updateTable('cubeJob')
        .set({
          // The owner stays, naming the instance that ran the job last; the released lease is what frees it.
          leaseUntil: null,
          lastFinishedAt: finishedAt,
          lastStatus: status,
          lastError: message.slice(0, ERROR_MAX),
          lastDurationMs: finishedAt - startedAt,
          // Cut short by a stop: due again now, for another instance to finish.
          ...(status === 'aborted' ? { nextRunAt: finishedAt } : {}),
        })
        .where('name', '=', job.name)
        .where('leaseOwner', '=', this.owner)
        .execute();
    } catch (error) {
      // The lease simply expires; the schedule already names the next period.
      this.log.warn({ err: error, job: job.name }, `scheduled job ${job.name}: outcome not recorded`);
    }
  }
}
