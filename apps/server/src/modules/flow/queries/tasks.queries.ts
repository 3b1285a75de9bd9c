import type { IPage } from '@cube/contract';
import type { NewRow } from '../../../db/types.js';
import type { RequestContext } from '../../../platform/context.js';
import { readPage } from '../../../platform/crud/index.js';
import {
  type Author,
  createStamp,
  DELETED_ROW,
  LIVE_ROW,
  liveIn,
  updateStamp,
} from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { type AnySelect, containing, type Executor, type OwnValues } from './executor.js';
import { INSTANCE_COLUMNS, type InstanceLike } from './instances.queries.js';

/**
 * User tasks (`flow_task`) and their candidates (`flow_task_candidate`: a user id or a role alias per row), and
 * the work lists built on them. Lists page in SQL on the task and instance tables.
 */

/** Who is asking for a list: the user, their tenant and the role aliases that make them a candidate. */
type Worker = Pick<RequestContext, 'tenantId' | 'userId' | 'roleAliases'>;

export const TASK_COLUMNS = [
  'flowTask.id as taskId',
  'flowTask.name as taskName',
  'flowTask.activityId',
  'flowTask.taskStatus',
  'flowTask.instanceId',
  'flowTask.definitionId',
  'flowTask.assigneeUserId',
  'flowTask.candidateGroups',
  'flowTask.createTime as taskCreateTime',
  'flowTask.claimTime',
  'flowTask.endTime as taskEndTime',
  'flowTask.dueTime',
  'flowTask.outcome',
  'flowTask.comment',
  'flowTask.formKey',
  'flowInstance.processKey',
  'flowInstance.category',
  'flowInstance.businessTable',
  'flowInstance.businessId',
  'flowInstance.title',
  // An id alias ends in `Id`: the drivers' 64-bit values are read as strings only for id-named columns.
  'flowInstance.createUser as starterUserId',
  'flowInstance.flowStatus',
] as const;

export interface TaskListQuery {
  current: number;
  size: number;
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
  businessId?: string;
}

/** `yyyy-MM-dd` → the start or end of that day; a full date-time as it is. */
const dayBound = (value: string, end: boolean) =>
  value.length === 10 ? `${value} ${end ? '23:59:59' : '00:00:00'}` : value;

/** Tasks joined with their instance, in the caller's tenant. */
function taskBase(db: Executor, tenantId: string): AnySelect {
  return (new TenantData(db, tenantId).selectFrom('flowTask') as AnySelect).innerJoin(
    'flowInstance',
    (join) =>
      join.onRef('flowInstance.id', '=', 'flowTask.instanceId').on('flowInstance.tenantId', '=', tenantId),
  );
}

/**
 * The list filters: category, case, definition name or title, and a date range on `dateColumn`. Definitions live
 * on the master and instances with their tenant's business data, so a definition name is matched in a read of its
 * own (through the routed handle, which reads `flow_definition` on the master) and applied as a list of ids.
 */
async function filterTasks(
  db: Executor,
  qb: AnySelect,
  q: TaskListQuery,
  dateColumn: string,
): Promise<AnySelect> {
  let out = qb;
  if (q.category) out = out.where('flowInstance.category', '=', q.category);
  if (q.businessId) out = out.where('flowInstance.businessId', '=', q.businessId);
  if (q.processDefinitionName) {
    const like = containing(q.processDefinitionName);
    const named = (
      await db.selectFrom('flowDefinition').select('id').where('name', 'like', like).limit(1000).execute()
    ).map((d) => String(d.id));
    out = out.where((eb) =>
      named.length > 0
        ? eb.or([eb('flowInstance.title', 'like', like), eb('flowInstance.definitionId', 'in', named)])
        : eb('flowInstance.title', 'like', like),
    );
  }
  if (q.beginDate) out = out.where(dateColumn, '>=', dayBound(q.beginDate, false));
  if (q.endDate) out = out.where(dateColumn, '<=', dayBound(q.endDate, true));
  return out;
}

/** Open tasks nobody holds where the caller is a candidate user or holds a candidate role. */
function claimable(qb: AnySelect, who: Worker): AnySelect {
  return qb
    .where('flowTask.taskStatus', '=', 'open')
    .where('flowTask.assigneeUserId', 'is', null)
    .where('flowInstance.flowStatus', '=', 'running')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('flowTaskCandidate')
          .select('flowTaskCandidate.id')
          .whereRef('flowTaskCandidate.taskId', '=', 'flowTask.id')
          .where('flowTaskCandidate.tenantId', '=', who.tenantId)
          .$call(liveIn('flowTaskCandidate'))
          .where((c) =>
            c.or([
              c.and([c('flowTaskCandidate.kind', '=', 'user'), c('flowTaskCandidate.ref', '=', who.userId)]),
              ...(who.roleAliases.length > 0
                ? [
                    c.and([
                      c('flowTaskCandidate.kind', '=', 'role'),
                      c('flowTaskCandidate.ref', 'in', who.roleAliases),
                    ]),
                  ]
                : []),
            ]),
          ),
      ),
    );
}

/** A page of 待签 (`claim`), 待办 (`todo`) or 已办 (`done`) tasks of the caller, newest first. */
export async function taskPage(
  db: Executor,
  who: Worker,
  kind: 'claim' | 'todo' | 'done',
  q: TaskListQuery,
): Promise<IPage<InstanceLike>> {
  let qb = taskBase(db, who.tenantId);
  let order = 'flowTask.createTime';
  if (kind === 'claim') qb = claimable(qb, who);
  else if (kind === 'todo')
    qb = qb.where('flowTask.taskStatus', '=', 'open').where('flowTask.assigneeUserId', '=', who.userId);
  else {
    qb = qb.where('flowTask.taskStatus', '=', 'completed').where('flowTask.completedBy', '=', who.userId);
    order = 'flowTask.endTime';
  }
  qb = await filterTasks(db, qb, q, kind === 'done' ? 'flowTask.endTime' : 'flowTask.createTime');
  const page = await readPage(
    qb,
    {
      current: q.current,
      size: q.size,
      orders: [
        { field: order, direction: 'desc' },
        { field: 'flowTask.id', direction: 'desc' },
      ],
    },
    (s) => s.select([...TASK_COLUMNS]),
  );
  return { ...page, records: page.records as InstanceLike[] };
}

/** A page of the instances the caller started (已发事务), newest first. */
export async function sentPage(db: Executor, who: Worker, q: TaskListQuery): Promise<IPage<InstanceLike>> {
  let qb = (new TenantData(db, who.tenantId).selectFrom('flowInstance') as AnySelect).where(
    'flowInstance.createUser',
    '=',
    who.userId,
  );
  qb = await filterTasks(db, qb, q, 'flowInstance.createTime');
  const page = await readPage(
    qb,
    {
      current: q.current,
      size: q.size,
      orders: [
        { field: 'flowInstance.createTime', direction: 'desc' },
        { field: 'flowInstance.id', direction: 'desc' },
      ],
    },
    (s) => s.select([...INSTANCE_COLUMNS]),
  );
  return { ...page, records: page.records as InstanceLike[] };
}

const countOf = async (qb: AnySelect): Promise<number> =>
  Number(
    ((await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n?: unknown } | undefined)
      ?.n ?? 0,
  );

/** How many open tasks the caller holds (待办) and may claim (待签). */
export async function workCounts(db: Executor, who: Worker): Promise<{ todo: number; claim: number }> {
  const todo = await countOf(
    taskBase(db, who.tenantId)
      .where('flowTask.taskStatus', '=', 'open')
      .where('flowTask.assigneeUserId', '=', who.userId),
  );
  const claim = await countOf(claimable(taskBase(db, who.tenantId), who));
  return { todo, claim };
}

/** Whether the caller holds or completed a task of the instance, or may claim one. */
export async function takesPartIn(db: Executor, who: Worker, instanceId: string): Promise<boolean> {
  const involved = await new TenantData(db, who.tenantId)
    .selectFrom('flowTask')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where((eb) => eb.or([eb('assigneeUserId', '=', who.userId), eb('completedBy', '=', who.userId)]))
    .executeTakeFirst();
  if (involved) return true;
  const candidate = await claimable(taskBase(db, who.tenantId), who)
    .select('flowTask.id')
    .where('flowTask.instanceId', '=', instanceId)
    .executeTakeFirst();
  return candidate !== undefined;
}

/** One task of the tenant with its instance, in the list columns plus who completed it. */
export async function taskWithInstance(db: Executor, tenantId: string, taskId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .innerJoin('flowInstance', 'flowInstance.id', 'flowTask.instanceId')
    .select([...TASK_COLUMNS, 'flowTask.completedBy'])
    .where('flowTask.id', '=', taskId)
    .where('flowInstance.tenantId', '=', tenantId)
    .executeTakeFirst();
}

/** The open tasks of an instance, in the list columns. */
export async function openTasksWithInstance(db: Executor, tenantId: string, instanceId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .innerJoin('flowInstance', 'flowInstance.id', 'flowTask.instanceId')
    .select([...TASK_COLUMNS])
    .where('flowTask.instanceId', '=', instanceId)
    .where('flowTask.taskStatus', '=', 'open')
    .where('flowInstance.tenantId', '=', tenantId)
    .execute();
}

/** The completed tasks of these instances (instance, end time, outcome), oldest first: what led to each new task. */
export async function decisionsOf(db: Executor, tenantId: string, instanceIds: string[]) {
  if (instanceIds.length === 0) return [];
  return new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .select(['instanceId', 'endTime', 'outcome'])
    .where('instanceId', 'in', instanceIds)
    .where('taskStatus', '=', 'completed')
    .orderBy('endTime')
    .orderBy('id')
    .execute();
}

/** The open tasks of an instance: id, execution and step. */
export async function openTasksOf(db: Executor, tenantId: string, instanceId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .select(['id', 'executionId', 'activityId'])
    .where('instanceId', '=', instanceId)
    .where('taskStatus', '=', 'open')
    .execute();
}

/** Whether the instance has a task for this engine execution (projections never write one twice). */
export async function taskOfExecutionExists(
  db: Executor,
  tenantId: string,
  instanceId: string,
  executionId: string,
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('executionId', '=', executionId)
    .executeTakeFirst();
  return found !== undefined;
}

/** A live task of the tenant, every column. */
export async function taskOf(db: Executor, tenantId: string, taskId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTask')
    .selectAll()
    .where('id', '=', taskId)
    .executeTakeFirst();
}

/** The candidate rows of a task (`kind` `user` or `role`, and the user id or role alias). */
export async function candidatesOf(db: Executor, tenantId: string, taskId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowTaskCandidate')
    .select(['id', 'kind', 'ref'])
    .where('taskId', '=', taskId)
    .execute();
}

type TaskValues = Omit<OwnValues<NewRow<'flowTask'>>, 'tenantId'>;

export async function insertTask(
  db: Executor,
  tenantId: string,
  values: TaskValues,
  author: Author | null,
  createDept: string | null,
  at: string,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('flowTask', {
      ...values,
      ...createStamp(author, at, createDept),
      status: 1,
      isDeleted: LIVE_ROW,
    })
    .execute();
}

export async function insertCandidate(
  db: Executor,
  tenantId: string,
  values: { id: string; taskId: string; kind: string; ref: string },
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('flowTaskCandidate', { ...values, isDeleted: LIVE_ROW })
    .execute();
}

/** Ends tasks as cancelled (the engine no longer waits on them); who did it is not recorded on the task. */
export async function cancelTasks(db: Executor, tenantId: string, ids: string[], at: string): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowTask')
    .set({ taskStatus: 'cancelled', endTime: at, updateTime: at })
    .where('id', 'in', ids)
    .execute();
}

/** Removes the candidates of ended tasks. */
export async function dropCandidates(db: Executor, tenantId: string, taskIds: string[]): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowTaskCandidate')
    .set({ isDeleted: DELETED_ROW })
    .where('taskId', 'in', taskIds)
    .execute();
}

/** Gives an open, unheld task to the author; answers whether this call got it (of two claimers one does). */
export async function takeTask(db: Executor, tenantId: string, taskId: string, author: Author, at: string) {
  const updated = await new TenantData(db, tenantId)
    .updateTable('flowTask')
    .set({ assigneeUserId: author.userId, claimTime: at, ...updateStamp(author, at) })
    .where('id', '=', taskId)
    .where('taskStatus', '=', 'open')
    .where('assigneeUserId', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Gives a task the author holds back to its candidates. */
export async function releaseTask(
  db: Executor,
  tenantId: string,
  taskId: string,
  author: Author,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowTask')
    .set({ assigneeUserId: null, claimTime: null, ...updateStamp(author) })
    .where('id', '=', taskId)
    .where('assigneeUserId', '=', author.userId)
    .execute();
}

/** Completes an open task with the outcome and comment; answers whether it was still open. */
export async function completeTask(
  db: Executor,
  tenantId: string,
  taskId: string,
  result: { outcome: string; comment: string },
  author: Author | null,
  at: string,
): Promise<boolean> {
  const done = await new TenantData(db, tenantId)
    .updateTable('flowTask')
    .set({
      taskStatus: 'completed',
      completedBy: author?.userId ?? null,
      endTime: at,
      ...result,
      ...updateStamp(author, at),
    })
    .where('id', '=', taskId)
    .where('taskStatus', '=', 'open')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
