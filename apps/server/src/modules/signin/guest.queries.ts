import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { live, softDeleteSet, updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';
import { USER_PENDING } from '../identity/social.js';

/**
 * Guest registrations: accounts made from an unlinked third-party identity, pending (`cube_user.status` 2)
 * until the tenant administrator approves or rejects them.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** Status and end date of a live tenant. */
export function tenantState(db: Executor, tenantId: string) {
  return db
    .selectFrom('cubeTenant')
    .select(['status', 'expireTime'])
    .where('tenantId', '=', tenantId)
    .$call(live)
    .executeTakeFirst();
}

/** Adds the guest's account (pending). */
export async function insertGuestUser(
  db: Executor,
  tenantId: string,
  values: Omit<NewRow<'cubeUser'>, 'tenantId'>,
): Promise<void> {
  await new TenantData(db, tenantId).insertInto('cubeUser', values).execute();
}

/** The tenant's pending registrations, for a page of them. */
export const pendingUsers = (db: Executor, tenantId: string) =>
  new TenantData(db, tenantId).selectFrom('cubeUser').where('cubeUser.status', '=', USER_PENDING);

/** The columns the pending list shows. */
export const PENDING_COLUMNS = [
  'cubeUser.id',
  'cubeUser.tenantId',
  'cubeUser.account',
  'cubeUser.name',
  'cubeUser.realName',
  'cubeUser.email',
  'cubeUser.avatar',
  'cubeUser.createTime',
  'cubeUser.status',
] as const;

/** How many of `ids` are pending registrations of the tenant. */
export async function countPending(db: Executor, tenantId: string, ids: readonly string[]): Promise<number> {
  const rows = await pendingUsers(db, tenantId)
    .select('cubeUser.id')
    .where('cubeUser.id', 'in', [...ids])
    .execute();
  return rows.length;
}

/** Activates a pending registration with the roles and departments the administrator chose. */
export async function activateGuest(
  db: Executor,
  ctx: RequestContext,
  id: string,
  values: { roleId: string; deptId: string },
): Promise<void> {
  await new TenantData(db, ctx.tenantId)
    .updateTable('cubeUser')
    .set({ status: 1, ...values, ...updateStamp(ctx) })
    .where('id', '=', id)
    .execute();
}

/** Removes rejected registrations (soft delete, as every account removal). */
export async function removeGuests(db: Executor, ctx: RequestContext, ids: readonly string[]): Promise<void> {
  await new TenantData(db, ctx.tenantId)
    .updateTable('cubeUser')
    .set(softDeleteSet(ctx))
    .where('id', 'in', [...ids])
    .execute();
}
