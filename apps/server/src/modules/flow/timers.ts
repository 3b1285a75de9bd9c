import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/connection.js';
import { withPlatformScope, withTenantScope } from '../../db/row-scope.js';
import { formatDateTime } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { claimDueTimers, noteTimerError } from './queries/timers.queries.js';
import { fireTimersCommand } from './runtime.js';

/**
 * The persistent timer poller. bpmn-engine only knows in-process timeouts, which a
 * restart forgets and which never arm beyond ~24.8 days, so every timer an instance waits on is a `flow_timer`
 * row, and this job fires the due ones: it claims a batch (FOR UPDATE SKIP LOCKED on PostgreSQL, plus a short
 * lease on the row), then runs each instance's fire command, which re-checks under the instance lock that the
 * timer is still pending — so several instances polling at once never fire one timer twice. It runs on the
 * shared job runner (platform/jobs.ts: once per period across instances) and can be called directly (tests).
 */

const BATCH = 50;
const LEASE_MS = 60_000;
const INTERVAL_MS = 30_000;

export interface TimerRunOptions {
  /** The clock (tests move it forward). */
  now?: Date;
  limit?: number;
}

const isBusy = (error: unknown): boolean =>
  /SQLITE_BUSY|database is locked/i.test(
    String((error as { code?: string })?.code ?? '') + String((error as Error)?.message ?? ''),
  );

/**
 * How the poller reaches every database holding instances (`platform/tenant-databases.ts`): the master, then each
 * bound tenant's own database, whose timers and instances live there. Without it (tests of one database, a second
 * poller in a test) the master is the only one.
 */
export interface TimerRouting {
  /** The handle the instance tables are read and written through (a bound tenant's database in its scan). */
  routed: DatabaseHandle;
  eachDatabase(
    scan: (tenantId: string | undefined) => Promise<number>,
    failed?: (tenantId: string, error: unknown) => void,
  ): Promise<number>;
}

/** Claims due timers and fires them, in each database holding instances; answers how many instances moved on. */
export async function runDueTimers(
  handle: DatabaseHandle,
  options: TimerRunOptions = {},
  routing?: TimerRouting,
  failed?: (tenantId: string, error: unknown) => void,
): Promise<number> {
  const at = options.now ?? new Date();
  const stamp = formatDateTime(at);
  const leaseUntil = formatDateTime(new Date(at.getTime() + LEASE_MS));
  const business = routing?.routed ?? handle;
  // Due timers of every tenant the database holds: the poller is background work for all of them (the platform
  // row scope on the master, named here; a bound tenant's database holds that tenant's alone).
  const scanEach = routing
    ? (scan: () => Promise<number>) => routing.eachDatabase(scan, failed)
    : (scan: () => Promise<number>) => withPlatformScope(scan);
  return scanEach(async () => {
    const claimed = await business.db
      .transaction()
      .execute((trx) => claimDueTimers(trx, business.kind, stamp, leaseUntil, options.limit ?? BATCH))
      .catch((error: unknown) => {
        // Two processes on one SQLite file: the second claimer cannot take the write lock; the first fires them.
        if (isBusy(error)) return [];
        throw error;
      });
    const instances = new Map<string, string>();
    for (const r of claimed) instances.set(String(r.instanceId), r.tenantId);
    let moved = 0;
    for (const [instanceId, tenantId] of instances) {
      try {
        if (await withTenantScope(tenantId, () => fireTimersCommand(business, tenantId, instanceId))) moved++;
      } catch (error) {
        const message = String((error as Error)?.message ?? error).slice(0, 500);
        await withTenantScope(tenantId, () => noteTimerError(business.db, tenantId, instanceId, message));
      }
    }
    return moved;
  });
}

/** Registers the poller on the shared job runner (started by the process entry, stopped with the app). */
export function registerTimerJob(app: FastifyInstance, deps: AppDeps): void {
  if (process.env.CUBE_FLOW_TIMERS === 'off') return;
  deps.jobs.register({
    name: 'flow-timers',
    intervalMs: INTERVAL_MS,
    firstDelayMs: 5_000,
    leaseMs: 5 * 60_000,
    run: async ({ log }) => {
      const moved = await runDueTimers(deps.db, {}, deps.datasources, (tenantId, error) =>
        log.warn({ tenantId, err: error }, 'flow timers: tenant database unavailable'),
      );
      if (moved > 0) log.info({ event: 'flow_timers_fired', instances: moved }, 'flow timers fired');
      return moved;
    },
  });
  void app;
}
