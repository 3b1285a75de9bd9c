import { type EntityDefinition, SERVER_WRITTEN_FIELDS } from '@cube/contract';
import type { Transaction } from 'kysely';
import type { Database, TableName, TenantOwnedTable } from '../../db/types.js';
import type { RequestContext } from '../context.js';
import { now } from '../dates.js';
import { BizError } from '../errors.js';
import { GlobalData, type SoftDeletedTable } from '../global-data.js';
import { newId } from '../ids.js';
import { createStamp, LIVE_ROW, updateStamp } from '../rows.js';
import { TenantData } from '../tenant-data.js';
import { dynamic, scopedRows, scopedUpdate } from './target.js';
import type { EntityRows } from './types.js';

/**
 * How every admin write stores an entity's row, whether through the kit's `submit` or a module's own route (a user
 * created with its password, a notice whose deadlines follow):
 *
 *     const id = await insertEntity(trx, ctx, userEntity, values, { table: 'cubeUser', columns: { password } });
 *     await updateEntity(trx, ctx, userEntity, id, values, { table: 'cubeUser' });
 *
 * Both drop the server-written fields a body may carry (id, tenant, audit, status, deleted flag), refuse a
 * duplicate of one of the entity's `unique` keys with its message, and stamp the audit columns.
 */
export interface WriteOptions<T extends TableName> {
  table: T;
  /**
   * Columns only the server decides (a generated code, a hashed secret, a status), written as given after the strip;
   * on create they override the default `status: 1`.
   */
  columns?: Record<string, unknown>;
  /** Rows the unique keys are checked among (default: the entity's live rows in the caller's scope). */
  rows?: () => EntityRows<T>;
  /** The audit time (default now). */
  at?: string;
}

/** The values without the fields only the server writes, whatever the body said. */
export function withoutServerFields(values: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...values };
  for (const key of SERVER_WRITTEN_FIELDS) delete kept[key];
  return kept;
}

/** Refuses with the rule's message when another live row in scope has the same values of a `unique` key. */
export async function requireUnique<T extends TableName>(
  entity: EntityDefinition,
  rows: () => EntityRows<T>,
  table: T,
  values: Record<string, unknown>,
  exceptId?: string,
): Promise<void> {
  const name: string = table;
  for (const rule of entity.unique ?? []) {
    let q = dynamic(rows()).select(`${name}.id`);
    for (const f of rule.fields) q = q.where(`${name}.${f}`, '=', values[f]);
    if (exceptId) q = q.where(`${name}.id`, '<>', exceptId);
    if (await q.executeTakeFirst()) throw new BizError(rule.message);
  }
}

/** Inserts a new row of the entity (live, status 1 and the creation stamp when it has audit columns); answers its id. */
export async function insertEntity<T extends TableName>(
  trx: Transaction<Database>,
  ctx: RequestContext,
  entity: EntityDefinition,
  values: Record<string, unknown>,
  options: WriteOptions<T>,
): Promise<string> {
  const { table } = options;
  const kept = withoutServerFields(values);
  await requireUnique(entity, options.rows ?? (() => scopedRows(entity, table, trx, ctx)), table, kept);
  const id = newId();
  const row = {
    ...kept,
    ...(entity.audit ? { ...createStamp(ctx, options.at ?? now()), status: 1 } : {}),
    // Server-decided columns win over the defaults (e.g. a user created disabled sets `status: 0`).
    ...options.columns,
    id,
    isDeleted: LIVE_ROW,
  };
  if (entity.scope === 'tenant')
    await new TenantData(trx, ctx.tenantId)
      .insertInto(table as unknown as TenantOwnedTable, row as never)
      .execute();
  else await new GlobalData(trx).insertInto(table as unknown as SoftDeletedTable, row).execute();
  return id;
}

/** Updates a live row of the entity in the caller's scope (and its update stamp when it has audit columns). */
export async function updateEntity<T extends TableName>(
  trx: Transaction<Database>,
  ctx: RequestContext,
  entity: EntityDefinition,
  id: string,
  values: Record<string, unknown>,
  options: WriteOptions<T>,
): Promise<void> {
  const { table } = options;
  const kept = withoutServerFields(values);
  await requireUnique(entity, options.rows ?? (() => scopedRows(entity, table, trx, ctx)), table, kept, id);
  const audit = entity.audit ? updateStamp(ctx, options.at ?? now()) : {};
  await scopedUpdate(entity, table, trx, ctx)
    .set({ ...kept, ...audit, ...options.columns })
    .where('id', '=', id)
    .execute();
}
