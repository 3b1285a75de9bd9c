import { liveIn } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import type { Executor } from './executor.js';

/** Who is asking about a business object's steps: the tenant, the user and the aliases of the roles they act under. */
export interface StepHandler {
  tenantId: string;
  userId: string;
  roleAliases: readonly string[];
}

/**
 * The open tasks of running processes on this business object that the caller handles: assigned to them, or held
 * by nobody yet and offered to them or to one of their roles. `taskId` narrows to one task.
 */
function handledSteps(
  db: Executor,
  who: StepHandler,
  businessTable: string,
  businessId: string,
  taskId?: string,
) {
  let query = new TenantData(db, who.tenantId)
    .selectFrom('flowTask')
    .innerJoin('flowInstance', (join) =>
      join
        .onRef('flowInstance.id', '=', 'flowTask.instanceId')
        .on('flowInstance.tenantId', '=', who.tenantId),
    )
    .select(['flowTask.id', 'flowTask.instanceId', 'flowTask.activityId', 'flowTask.name'])
    .where('flowInstance.businessTable', '=', businessTable)
    .where('flowInstance.businessId', '=', businessId)
    .where('flowInstance.flowStatus', '=', 'running')
    .where('flowTask.taskStatus', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('flowTask.assigneeUserId', '=', who.userId),
        eb.and([
          eb('flowTask.assigneeUserId', 'is', null),
          eb.exists(
            eb
              .selectFrom('flowTaskCandidate')
              .select('flowTaskCandidate.id')
              .whereRef('flowTaskCandidate.taskId', '=', 'flowTask.id')
              .where('flowTaskCandidate.tenantId', '=', who.tenantId)
              .$call(liveIn('flowTaskCandidate'))
              .where((c) =>
                c.or([
                  c.and([
                    c('flowTaskCandidate.kind', '=', 'user'),
                    c('flowTaskCandidate.ref', '=', who.userId),
                  ]),
                  ...(who.roleAliases.length > 0
                    ? [
                        c.and([
                          c('flowTaskCandidate.kind', '=', 'role'),
                          c('flowTaskCandidate.ref', 'in', [...who.roleAliases]),
                        ]),
                      ]
                    : []),
                ]),
              ),
          ),
        ]),
      ]),
    );
  if (taskId !== undefined) query = query.where('flowTask.id', '=', taskId);
  return query;
}

/**
 * Whether the caller handles a step of a running process on this business object. A business module lets whoever
 * handles the step read the object on the handle page even outside their data scope (patent's case detail).
 */
export async function handlesStepOn(
  db: Executor,
  who: StepHandler,
  businessTable: string,
  businessId: string,
): Promise<boolean> {
  return (await handledSteps(db, who, businessTable, businessId).executeTakeFirst()) !== undefined;
}

/** The open task `taskId` on this business object, when the caller handles it (as `handlesStepOn` reads "handles"). */
export async function handledTaskOn(
  db: Executor,
  who: StepHandler,
  businessTable: string,
  businessId: string,
  taskId: string,
): Promise<{ taskId: string; instanceId: string; stepKey: string; stepName: string } | undefined> {
  const row = await handledSteps(db, who, businessTable, businessId, taskId).executeTakeFirst();
  if (!row) return undefined;
  return {
    taskId: String(row.id),
    instanceId: String(row.instanceId),
    stepKey: row.activityId,
    stepName: row.name,
  };
}
