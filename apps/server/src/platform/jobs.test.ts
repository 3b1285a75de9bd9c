import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { type JobDefinition, JobRunner } from './jobs.js';

/**
 * Scheduled jobs run once per period across instances: several runners sharing one database stand for
 * several instances; a clock each runner is given moves time without waiting.
 */
const quiet = pino({ level: 'silent' });

describe.each(dialects)('scheduled jobs (%s)', (dialect) => {
  let t: TestApp;
  let clock = 1_000_000;
  const now = () => clock;
  const instance = () => new JobRunner(t.deps.db, quiet, { now });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const row = (name: string) =>
    t.deps.db.db.selectFrom('cubeJob').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('the app registers the log retention purge and the deadline reminders', () => {
    expect(t.deps.jobs.names).toEqual(expect.arrayContaining(['log-retention', 'patent-reminders']));
  });

  it('a due job runs once across three instances, then once per period', async () => {
    let runs = 0;
    const job = (): JobDefinition => ({
      name: 'count-once',
      intervalMs: 60_000,
      firstDelayMs: 0,
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const runners = [instance(), instance(), instance()];
    for (const r of runners) r.register(job());
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.idle()));
    expect(runs).toBe(1);
    let stored = await row('count-once');
    expect(Number(stored.runCount)).toBe(1);
    expect(stored.lastStatus).toBe('ok');
    expect(stored.leaseUntil).toBeNull();
    expect(runners.map((r) => r.owner)).toContain(stored.leaseOwner);
    expect(Number(stored.nextRunAt)).toBe(clock + 60_000);

    // Not due yet: nothing, whoever asks; the answer is when it falls due.
    const next = await runners[1]?.runDue();
    expect(next).toBe(clock + 60_000);
    expect(runs).toBe(1);

    clock += 60_000;
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.idle()));
    expect(runs).toBe(2);
    stored = await row('count-once');
    expect(Number(stored.runCount)).toBe(2);

    // A restarted instance keeps the schedule: it does not run the job early.
    const restarted = instance();
    restarted.register(job());
    await restarted.runDue();
    await restarted.idle();
    expect(runs).toBe(2);
  });

  it('a live lease keeps a late run to one instance; an expired lease lets another take over', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const job = (): JobDefinition => ({
      name: 'leased',
      intervalMs: 1000,
      firstDelayMs: 0,
      leaseMs: 30_000,
      run: async () => {
        runs++;
        await blocked;
      },
    });
    const [a, b] = [instance(), instance()];
    a.register(job());
    b.register(job());
    await a.runDue();
    expect(runs).toBe(1);
    // Its period is over but the first run still holds the lease.
    clock += 5000;
    await b.runDue();
    expect(runs).toBe(1);
    // The first instance hangs past its lease (it would have renewed it, were it alive): another takes over.
    clock += 30_000;
    await b.runDue();
    expect(runs).toBe(2);
    release();
    await a.idle();
    await b.idle();
    const stored = await row('leased');
    expect(stored.leaseUntil).toBeNull();
    expect(stored.lastStatus).toBe('ok');
  });

  it('a failing job is recorded and runs again next period', async () => {
    let runs = 0;
    const r = instance();
    r.register({
      name: 'fails',
      intervalMs: 1000,
      firstDelayMs: 0,
      run: async () => {
        runs++;
        throw new Error('upstream said no');
      },
    });
    await r.runDue();
    await r.idle();
    let stored = await row('fails');
    expect(stored.lastStatus).toBe('failed');
    expect(stored.lastError).toBe('upstream said no');
    expect(stored.leaseUntil).toBeNull();
    clock += 1000;
    await r.runDue();
    await r.idle();
    expect(runs).toBe(2);
    stored = await row('fails');
    expect(Number(stored.runCount)).toBe(2);
  });

  it('stopping aborts a run in progress, waits for it, and leaves the job due for another instance', async () => {
    const r = instance();
    let sawAbort = false;
    r.register({
      name: 'long',
      intervalMs: 3_600_000,
      firstDelayMs: 0,
      run: ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve();
          });
        }),
    });
    await r.runDue();
    await r.stop();
    expect(sawAbort).toBe(true);
    const stored = await row('long');
    expect(stored.lastStatus).toBe('aborted');
    expect(Number(stored.nextRunAt)).toBe(clock);
    let ran = false;
    const other = instance();
    other.register({
      name: 'long',
      intervalMs: 3_600_000,
      run: async () => {
        ran = true;
      },
    });
    await other.runDue();
    await other.idle();
    expect(ran).toBe(true);
  });

  it('refuses a second job of the same name and registrations after start', () => {
    const r = instance();
    r.register({ name: 'x', intervalMs: 1000, run: async () => {} });
    expect(() => r.register({ name: 'x', intervalMs: 1000, run: async () => {} })).toThrow(/twice/);
    r.start();
    expect(() => r.register({ name: 'y', intervalMs: 1000, run: async () => {} })).toThrow(/after/);
    return r.stop();
  });
});
