import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { type Author, liveIn, softDeleteSet } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Docket number and title of the given cases, by id (for the child lists that show them). */
export async function caseLabels(
  db: Executor,
  ids: Array<unknown>,
): Promise<Map<string, { docketNo: string; title: string }>> {
  const wanted = [...new Set(ids.map((v) => String(v ?? '')).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('patApplication')
    .select(['id', 'docketNo', 'title'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [String(r.id), { docketNo: r.docketNo, title: r.title }]));
}

/** The facts of a live case of the tenant that its deadlines need, or undefined. */
export async function findCase(db: Executor, tenantId: string, id: string) {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select(['id', 'patentType', 'filingDate', 'agentUserId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  return {
    id: String(found.id),
    patentType: found.patentType,
    filingDate: found.filingDate,
    agentUserId: found.agentUserId === null ? null : String(found.agentUserId),
  };
}

/** Whether a live case of the tenant belongs to one of the companies. */
export async function companiesHaveCases(
  db: Executor,
  tenantId: string,
  companyIds: string[],
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select('id')
    .where('companyId', 'in', companyIds)
    .executeTakeFirst();
  return !!found;
}

/** Soft-deletes the notices, deadlines, fees and step documents of removed cases. */
export async function removeCaseChildren(
  trx: Transaction<Database>,
  tenantId: string,
  author: Author,
  caseIds: string[],
): Promise<void> {
  const data = new TenantData(trx, tenantId);
  const set = softDeleteSet(author);
  await data.updateTable('patNotice').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patDeadline').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patFee').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patDocument').set(set).where('applicationId', 'in', caseIds).execute();
}

/** Who is asking about a case's steps: the tenant, the user and the aliases of the roles they act under. */
export interface StepHandler {
  tenantId: string;
  userId: string;
  roleAliases: readonly string[];
}

/**
 * The open tasks of running processes on this case that the caller handles: assigned to them, or held by nobody
 * yet and offered to them or to one of their roles. `taskId` narrows to one task.
 */
function handledSteps(db: Executor, who: StepHandler, caseId: string, taskId?: string) {
  let query = new TenantData(db, who.tenantId)
    .selectFrom('flowTask')
    .innerJoin('flowInstance', (join) =>
      join
        .onRef('flowInstance.id', '=', 'flowTask.instanceId')
        .on('flowInstance.tenantId', '=', who.tenantId),
    )
    .select(['flowTask.id', 'flowTask.instanceId', 'flowTask.activityId', 'flowTask.name'])
    .where('flowInstance.businessId', '=', caseId)
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
 * Whether the caller handles a step of a running process on this case: an open task assigned to them, or one
 * nobody holds yet that offers itself to them or to one of their roles. Whoever handles the step may read the case
 * on the handle page even when the case is outside their data scope.
 */
export async function handlesCaseStep(db: Executor, who: StepHandler, caseId: string): Promise<boolean> {
  return (await handledSteps(db, who, caseId).executeTakeFirst()) !== undefined;
}

/** The open task `taskId` on this case, when the caller handles it (as `handlesCaseStep` reads "handles"). */
export async function handledCaseTask(
  db: Executor,
  who: StepHandler,
  caseId: string,
  taskId: string,
): Promise<{ taskId: string; instanceId: string; stepKey: string; stepName: string } | undefined> {
  const row = await handledSteps(db, who, caseId, taskId).executeTakeFirst();
  if (!row) return undefined;
  return {
    taskId: String(row.id),
    instanceId: String(row.instanceId),
    stepKey: row.activityId,
    stepName: row.name,
  };
}
