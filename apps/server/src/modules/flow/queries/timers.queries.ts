import type { DatabaseHandle } from '../../../db/connection.js';
import { LIVE_ROW, live } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import type { Executor } from './executor.js';

/**
 * Timers an instance waits on (`flow_timer`): one row per armed timer, `pending` until fired or cancelled. The
 * table keeps only times, not who wrote a row: timers are written by the engine's projection and the poller.
 */

export async function pendingTimersOf(db: Executor, tenantId: string, instanceId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTimer')
    .select(['id', 'executionId', 'expireAt'])
    .where('instanceId', '=', instanceId)
    .where('timerStatus', '=', 'pending')
    .execute();
}

/** The pending timers of an instance due by `at`. */
export async function dueTimersOf(db: Executor, tenantId: string, instanceId: string, at: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTimer')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('timerStatus', '=', 'pending')
    .where('expireAt', '<=', at)
    .execute();
}

/** Ends one timer (`fired` or `cancelled`) and lets go of its lease. */
export async function endTimer(db: Executor, tenantId: string, id: string, timerStatus: string, at: string) {
  await new TenantData(db, tenantId)
    .updateTable('flowTimer')
    .set({ timerStatus, updateTime: at, lockedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** Cancels every pending timer of an instance. */
export async function cancelPendingTimers(db: Executor, tenantId: string, instanceId: string, at: string) {
  await new TenantData(db, tenantId)
    .updateTable('flowTimer')
    .set({ timerStatus: 'cancelled', updateTime: at })
    .where('instanceId', '=', instanceId)
    .where('timerStatus', '=', 'pending')
    .execute();
}

/** Whether the instance has a timer for this engine execution. */
export async function timerOfExecutionExists(
  db: Executor,
  tenantId: string,
  instanceId: string,
  executionId: string,
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('flowTimer')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('executionId', '=', executionId)
    .executeTakeFirst();
  return found !== undefined;
}

/** Arms a pending timer. */
export async function insertTimer(
  db: Executor,
  tenantId: string,
  values: { id: string; instanceId: string; activityId: string; executionId: string; expireAt: string },
  at: string,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('flowTimer', {
      ...values,
      timerStatus: 'pending',
      lockedUntil: null,
      attempts: 0,
      lastError: '',
      createTime: at,
      updateTime: at,
      isDeleted: LIVE_ROW,
    })
    .execute();
}

/**
 * Claims up to `limit` due timers of every tenant whose lease has run out (skipping rows another poller holds on
 * PostgreSQL) and leases them until `leaseUntil`. Runs in the caller's transaction, under the platform scope.
 */
export async function claimDueTimers(
  db: Executor,
  kind: DatabaseHandle['kind'],
  at: string,
  leaseUntil: string,
  limit: number,
) {
  let q = db
    .selectFrom('flowTimer')
    .select(['id', 'tenantId', 'instanceId'])
    .where('timerStatus', '=', 'pending')
    .$call(live)
    .where('expireAt', '<=', at)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', at)]))
    .orderBy('expireAt')
    .limit(limit);
  if (kind === 'postgres') q = q.forUpdate().skipLocked();
  const rows = await q.execute();
  if (rows.length > 0)
    await db
      .updateTable('flowTimer')
      .set((eb) => ({ lockedUntil: leaseUntil, attempts: eb('attempts', '+', 1), updateTime: at }))
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  return rows;
}

/** Keeps the last error of firing an instance's timers on its pending rows. */
export async function noteTimerError(db: Executor, tenantId: string, instanceId: string, message: string) {
  await db
    .updateTable('flowTimer')
    .set({ lastError: message })
    .where('tenantId', '=', tenantId)
    .where('instanceId', '=', instanceId)
    .where('timerStatus', '=', 'pending')
    .execute();
}
