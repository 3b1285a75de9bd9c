import type { IPage } from '@cube/contract';
import type { NewRow } from '../../../db/types.js';
import { readPage } from '../../../platform/crud/index.js';
import {
  type Author,
  createStamp,
  LIVE_ROW,
  live,
  liveIn,
  softDeleteSet,
  updateStamp,
} from '../../../platform/rows.js';
import { masterSide } from '../../../platform/tenant-databases.js';
import { type AnySelect, containing, type Executor, type OwnValues } from './executor.js';

/**
 * Deployed process definitions (`flow_definition`). A definition's `tenant_id` is `''` when it is common to every
 * tenant; a deleted definition keeps its row, because its instances go on reading its XML.
 */

export const DEFINITION_COLUMNS = [
  'id',
  'deploymentId',
  'tenantId',
  'processKey',
  'name',
  'description',
  'version',
  'category',
  'suspended',
  'modelId',
  'source',
  'createTime',
  'createUser',
] as const;

export type DefinitionRow = Record<(typeof DEFINITION_COLUMNS)[number], unknown>;

/** The newest deployed version per `tenant/key` of the given model keys and tenants (`''` = common). */
export async function deployedVersions(
  db: Executor,
  keys: string[],
  tenants: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const versions = await masterSide(db)
    .selectFrom('flowDefinition')
    .select((eb) => ['tenantId', 'processKey', eb.fn.max('version').as('version')])
    .where('processKey', 'in', keys)
    .where('tenantId', 'in', tenants)
    .$call(live)
    .groupBy(['tenantId', 'processKey'])
    .execute();
  return new Map(versions.map((v) => [`${v.tenantId}/${v.processKey}`, Number(v.version)]));
}

/** The highest version ever deployed of a key in one tenant (deleted ones count: versions never repeat). */
export async function topVersion(db: Executor, tenantId: string, processKey: string): Promise<number> {
  const top = await masterSide(db)
    .selectFrom('flowDefinition')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('tenantId', '=', tenantId)
    .where('processKey', '=', processKey)
    .executeTakeFirst();
  return Number(top?.version ?? 0);
}

type DefinitionValues = OwnValues<NewRow<'flowDefinition'>>;

export async function insertDefinition(
  db: Executor,
  values: DefinitionValues,
  author: Author | null,
  createDept: string | null,
  at: string,
): Promise<void> {
  await masterSide(db)
    .insertInto('flowDefinition')
    .values({ ...values, ...createStamp(author, at, createDept), status: 1, isDeleted: LIVE_ROW })
    .execute();
}

/** A live definition by id, of any tenant. */
export async function liveDefinition(db: Executor, id: string) {
  return masterSide(db)
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .$call(live)
    .executeTakeFirst();
}

/** A definition by id, of any tenant, deleted ones included. */
export async function anyDefinition(db: Executor, id: string) {
  return masterSide(db).selectFrom('flowDefinition').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A definition the tenant may start or read: its own or a common one, live. */
export async function visibleDefinition(db: Executor, tenantId: string, id: string) {
  return masterSide(db)
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', 'in', [tenantId, ''])
    .$call(live)
    .executeTakeFirst();
}

/** A definition by id, common or the tenant's, deleted ones included (instances keep theirs). */
export async function tenantDefinitionAny(db: Executor, tenantId: string, id: string) {
  return masterSide(db)
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', 'in', [tenantId, ''])
    .executeTakeFirst();
}

export async function setDefinitionSuspended(
  db: Executor,
  id: string,
  suspended: boolean,
  author: Author,
  at: string,
): Promise<void> {
  await masterSide(db)
    .updateTable('flowDefinition')
    .set({ suspended: suspended ? 1 : 0, ...updateStamp(author, at) })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteDefinition(db: Executor, id: string, author: Author): Promise<void> {
  await masterSide(db)
    .updateTable('flowDefinition')
    .set(softDeleteSet(author))
    .where('id', '=', id)
    .execute();
}

/** Definitions by id in the columns the lists show, deleted ones included. */
export async function definitionRows(db: Executor, ids: string[]): Promise<DefinitionRow[]> {
  if (ids.length === 0) return [];
  return masterSide(db)
    .selectFrom('flowDefinition')
    .select([...DEFINITION_COLUMNS])
    .where('id', 'in', ids)
    .execute();
}

/** Key, name and version of definitions by id (for naming the definition of tasks and instances). */
export async function definitionLabels(db: Executor, ids: Array<unknown>) {
  const wanted = [...new Set(ids.map(String).filter(Boolean))];
  if (wanted.length === 0) return new Map<string, { processKey: string; name: string; version: number }>();
  const rows = await masterSide(db)
    .selectFrom('flowDefinition')
    .select(['id', 'processKey', 'name', 'version'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((r) => [String(r.id), { processKey: r.processKey, name: r.name, version: r.version }]),
  );
}

/** The stored facts (`meta`) of a definition by id. */
export async function definitionMeta(db: Executor, id: string) {
  return masterSide(db)
    .selectFrom('flowDefinition')
    .select(['id', 'meta'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The XML and facts of a definition the tenant may read (its own or common, deleted ones included). */
export async function definitionDrawing(db: Executor, tenantId: string, id: string) {
  return masterSide(db)
    .selectFrom('flowDefinition')
    .select(['id', 'bpmnXml', 'meta'])
    .where('id', '=', id)
    .where('tenantId', 'in', [tenantId, ''])
    .executeTakeFirst();
}

export interface DefinitionPageQuery {
  current: number;
  size: number;
  category?: string;
  mode?: number;
  processDefinitionKey?: string;
  name?: string;
  latest?: boolean;
}

/**
 * A page of live definitions: common ones and `tenantId`'s (`null`: every tenant's), by key, tenant and newest
 * version; `mode` 1 keeps the common ones, 2 the tenants'; `latest` keeps the newest version of each key per tenant.
 */
export async function definitionPage(
  db: Executor,
  tenantId: string | null,
  q: DefinitionPageQuery,
): Promise<IPage<DefinitionRow>> {
  let qb = masterSide(db).selectFrom('flowDefinition').$call(liveIn('flowDefinition')) as AnySelect;
  if (tenantId !== null) qb = qb.where('flowDefinition.tenantId', 'in', [tenantId, '']);
  if (q.mode === 1) qb = qb.where('flowDefinition.tenantId', '=', '');
  if (q.mode === 2) qb = qb.where('flowDefinition.tenantId', '<>', '');
  if (q.category) qb = qb.where('flowDefinition.category', '=', q.category);
  if (q.processDefinitionKey) qb = qb.where('flowDefinition.processKey', '=', q.processDefinitionKey);
  if (q.name) qb = qb.where('flowDefinition.name', 'like', containing(q.name));
  if (q.latest)
    qb = qb.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('flowDefinition as newer')
            .select('newer.id')
            .whereRef('newer.tenantId', '=', 'flowDefinition.tenantId')
            .whereRef('newer.processKey', '=', 'flowDefinition.processKey')
            .whereRef('newer.version', '>', 'flowDefinition.version')
            .$call(liveIn('newer')),
        ),
      ),
    );
  const page = await readPage(
    qb,
    {
      current: q.current,
      size: q.size,
      orders: [
        { field: 'flowDefinition.processKey', direction: 'asc' },
        { field: 'flowDefinition.tenantId', direction: 'asc' },
        { field: 'flowDefinition.version', direction: 'desc' },
      ],
    },
    (s) => s.select(DEFINITION_COLUMNS.map((c) => `flowDefinition.${c}`)),
  );
  return { ...page, records: page.records as DefinitionRow[] };
}

/** Every live definition the tenant could start (its own and common ones), of one category if given. */
export async function startableDefinitions(db: Executor, tenantId: string, category: string | undefined) {
  let qb = masterSide(db)
    .selectFrom('flowDefinition')
    .select([...DEFINITION_COLUMNS])
    .$call(live)
    .where('tenantId', 'in', [tenantId, '']);
  if (category) qb = qb.where('category', '=', category);
  return qb.execute();
}
