import type { IPage } from '@cube/contract';
import type { Updateable } from 'kysely';
import type { DatabaseHandle } from '../../../db/connection.js';
import type { Database, NewRow } from '../../../db/types.js';
import { readPage } from '../../../platform/crud/index.js';
import { type Author, createStamp, LIVE_ROW, live, liveIn, updateStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { type AnySelect, containing, type Executor, type OwnValues, ROW_ID } from './executor.js';

/**
 * Process instances (`flow_instance`): one row per running or finished flow, holding the engine's state, the
 * variables and `state_version`, which every command checks when it saves so that concurrent commands on one
 * instance leave exactly one result.
 */

export const INSTANCE_COLUMNS = [
  'flowInstance.id',
  'flowInstance.tenantId',
  'flowInstance.definitionId',
  'flowInstance.processKey',
  'flowInstance.category',
  'flowInstance.businessTable',
  'flowInstance.businessId',
  'flowInstance.title',
  'flowInstance.flowStatus',
  'flowInstance.endActivityId',
  'flowInstance.deleteReason',
  'flowInstance.currentActivityNames',
  'flowInstance.createUser',
  'flowInstance.createTime',
  'flowInstance.endTime',
] as const;

export type InstanceLike = Record<string, unknown>;
const ACTIVE = ['running', 'suspended'];

/** An instance of the tenant; `lock` takes its row lock on PostgreSQL (SQLite's write transaction is the lock). */
export async function instanceRow(
  db: Executor,
  kind: DatabaseHandle['kind'],
  tenantId: string,
  id: string,
  lock: boolean,
) {
  let q = new TenantData(db, tenantId).selectFrom('flowInstance').selectAll().where('id', '=', id);
  if (lock && kind === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Running and suspended instances per definition id; `tenantId` `null` counts every tenant's. */
export async function activeCounts(
  db: Executor,
  definitionIds: string[],
  tenantId: string | null,
): Promise<Map<string, number>> {
  if (definitionIds.length === 0) return new Map();
  let q = db
    .selectFrom('flowInstance')
    .select((eb) => ['definitionId', eb.fn.countAll().as('n')])
    .where('definitionId', 'in', definitionIds)
    .where('flowStatus', 'in', ACTIVE)
    .$call(live);
  if (tenantId !== null) q = q.where('tenantId', '=', tenantId);
  const counts = await q.groupBy('definitionId').execute();
  return new Map(counts.map((c) => [String(c.definitionId), Number(c.n)]));
}

/** Running and suspended instances of a definition; `tenantId` `null`: of every tenant. */
export async function activeInstancesOf(db: Executor, definitionId: string, tenantId: string | null) {
  let q = db
    .selectFrom('flowInstance')
    .select(['id', 'tenantId', 'stateVersion'])
    .where('definitionId', '=', definitionId)
    .where('flowStatus', 'in', ACTIVE)
    .$call(live);
  if (tenantId !== null) q = q.where('tenantId', '=', tenantId);
  return q.execute();
}

/** Moves a definition's instances from one status to another; `tenantId` `null`: of every tenant. */
export async function moveInstancesOf(
  db: Executor,
  definitionId: string,
  from: string,
  to: string,
  tenantId: string | null,
  author: Author,
  at: string,
): Promise<void> {
  let q = db
    .updateTable('flowInstance')
    .set({ flowStatus: to, ...updateStamp(author, at) })
    .where('definitionId', '=', definitionId)
    .where('flowStatus', '=', from)
    .$call(live);
  if (tenantId !== null) q = q.where('tenantId', '=', tenantId);
  await q.execute();
}

type InstanceValues = Omit<OwnValues<NewRow<'flowInstance'>>, 'tenantId'>;

export async function insertInstance(
  db: Executor,
  tenantId: string,
  values: InstanceValues,
  author: Author,
  at: string,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('flowInstance', { ...values, ...createStamp(author, at), status: 1, isDeleted: LIVE_ROW })
    .execute();
}

/**
 * Saves what a command changed on an instance, stamped by `author`. With `expectedVersion` the row is written
 * only while its state version is still that one; answers whether it was written.
 */
export async function saveInstance(
  db: Executor,
  tenantId: string,
  id: string,
  values: Omit<Updateable<Database['flowInstance']>, 'updateUser' | 'updateTime'>,
  author: Author | null,
  at: string,
  expectedVersion?: number,
): Promise<boolean> {
  let q = new TenantData(db, tenantId)
    .updateTable('flowInstance')
    .set({ ...values, ...updateStamp(author, at) })
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('stateVersion', '=', expectedVersion);
  const updated = await q.executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Links an instance to the business object it runs on (no audit stamp: the engine's projection, not a user's edit). */
export async function linkInstanceBusiness(
  db: Executor,
  tenantId: string,
  id: string,
  businessTable: string,
  businessId: string,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowInstance')
    .set({ businessTable, businessId })
    .where('id', '=', id)
    .execute();
}

/** A live instance of the tenant, every column. */
export async function instanceOf(db: Executor, tenantId: string, id: string) {
  return new TenantData(db, tenantId)
    .selectFrom('flowInstance')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface FollowPageQuery {
  current: number;
  size: number;
  processInstanceId?: string;
  processDefinitionKey?: string;
  category?: string;
  status?: string;
  title?: string;
}

/**
 * A page of a tenant's instances for 流程跟踪 (running ones by default), narrowed by `extra` (a data scope);
 * `tenantId` `null`: of every tenant the database holds (the platform administrator's list, under the platform
 * row scope).
 */
export async function followPage(
  db: Executor,
  tenantId: string | null,
  q: FollowPageQuery,
  extra: (qb: AnySelect) => Promise<AnySelect> | AnySelect,
): Promise<IPage<InstanceLike>> {
  let qb = (
    tenantId === null
      ? db.selectFrom('flowInstance').$call(liveIn('flowInstance'))
      : new TenantData(db, tenantId).selectFrom('flowInstance')
  ) as AnySelect;
  const status = q.status ?? 'running';
  if (status === 'running') qb = qb.where('flowInstance.flowStatus', 'in', ACTIVE);
  else if (status !== 'all') qb = qb.where('flowInstance.flowStatus', '=', status);
  if (q.processInstanceId)
    qb = qb.where('flowInstance.id', '=', ROW_ID.test(q.processInstanceId) ? q.processInstanceId : '0');
  if (q.processDefinitionKey) qb = qb.where('flowInstance.processKey', '=', q.processDefinitionKey);
  if (q.category) qb = qb.where('flowInstance.category', '=', q.category);
  if (q.title) qb = qb.where('flowInstance.title', 'like', containing(q.title));
  qb = await extra(qb);
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
