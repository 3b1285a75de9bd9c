import type { NewRow } from '../../../db/types.js';
import { LIVE_ROW } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import type { Executor } from './executor.js';

/**
 * The timeline (`flow_history`): one row per activity an instance entered or flow it took, in `seq` order,
 * keyed by the engine's execution id so that a resumed engine repeating an event writes nothing twice.
 */

type HistoryValues = Omit<NewRow<'flowHistory'>, 'tenantId' | 'isDeleted'>;

/** The highest `seq` of an instance's timeline (0 for none). */
export async function lastSeq(db: Executor, tenantId: string, instanceId: string): Promise<number> {
  const last = await new TenantData(db, tenantId)
    .selectFrom('flowHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('instanceId', '=', instanceId)
    .executeTakeFirst();
  return Number(last?.seq ?? 0);
}

export async function insertHistory(db: Executor, tenantId: string, values: HistoryValues): Promise<void> {
  await new TenantData(db, tenantId).insertInto('flowHistory', { ...values, isDeleted: LIVE_ROW }).execute();
}

/** Whether the instance's timeline has an entry for this execution. */
export async function historyOfExecutionExists(
  db: Executor,
  tenantId: string,
  instanceId: string,
  executionId: string,
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('flowHistory')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('executionId', '=', executionId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The entry of this execution still without an end. */
export async function openHistoryOf(db: Executor, tenantId: string, instanceId: string, executionId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowHistory')
    .select(['id', 'startTime'])
    .where('instanceId', '=', instanceId)
    .where('executionId', '=', executionId)
    .where('endTime', 'is', null)
    .executeTakeFirst();
}

export async function endHistory(
  db: Executor,
  tenantId: string,
  id: string,
  endTime: string,
  durationMs: number,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowHistory')
    .set({ endTime, durationMs })
    .where('id', '=', id)
    .execute();
}

/** Ends the instance's entries still open — all of them, or those of one execution. */
export async function endOpenHistory(
  db: Executor,
  tenantId: string,
  instanceId: string,
  endTime: string,
  executionId?: string,
): Promise<void> {
  let q = new TenantData(db, tenantId)
    .updateTable('flowHistory')
    .set({ endTime })
    .where('instanceId', '=', instanceId);
  if (executionId !== undefined) q = q.where('executionId', '=', executionId);
  await q.where('endTime', 'is', null).execute();
}

/** Writes onto the entries of one execution (the task it made, who did it, the outcome and comment). */
export async function noteOnExecution(
  db: Executor,
  tenantId: string,
  instanceId: string,
  executionId: string,
  values: { taskId?: string; assigneeUserId?: string | null; outcome?: string; comment?: string },
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowHistory')
    .set(values)
    .where('instanceId', '=', instanceId)
    .where('executionId', '=', executionId)
    .execute();
}

/** Puts the starter's comment on the start event of an instance. */
export async function commentStart(db: Executor, tenantId: string, instanceId: string, comment: string) {
  await new TenantData(db, tenantId)
    .updateTable('flowHistory')
    .set({ comment })
    .where('instanceId', '=', instanceId)
    .where('activityType', '=', 'bpmn:StartEvent')
    .execute();
}

/** The instance's entries of these activity types, oldest first. */
export async function timelineOf(db: Executor, tenantId: string, instanceId: string, types: string[]) {
  return new TenantData(db, tenantId)
    .selectFrom('flowHistory')
    .selectAll()
    .where('instanceId', '=', instanceId)
    .where('activityType', 'in', types)
    .orderBy('seq')
    .execute();
}

/** Every entry of an instance, for marking the diagram. */
export async function passedElementsOf(db: Executor, tenantId: string, instanceId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowHistory')
    .select(['activityId', 'activityType', 'endTime'])
    .where('instanceId', '=', instanceId)
    .execute();
}
