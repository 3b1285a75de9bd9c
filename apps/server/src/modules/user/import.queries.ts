import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, RowUpdate } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { updateStamp } from '../../platform/rows.js';
import type { TenantData } from '../../platform/tenant-data.js';

/** What the user import reads and writes: names to resolve, accounts that exist, the rows themselves. */
type Executor = Kysely<Database> | Transaction<Database>;

/** The tenant's roles, departments and posts, to resolve the names a sheet gives. */
export function importLookups(data: TenantData) {
  return Promise.all([
    data.selectFrom('cubeRole').select(['id', 'roleName', 'roleAlias']).execute(),
    data.selectFrom('cubeDept').select(['id', 'parentId', 'deptName']).execute(),
    data.selectFrom('cubePost').select(['id', 'postName', 'postCode']).execute(),
  ]);
}

/** The tenant's live users among these accounts (at most 500 per call). */
export function usersWithAccounts(data: TenantData, accounts: readonly string[]) {
  return data
    .selectFrom('cubeUser')
    .select(['id', 'account', 'roleId', 'deptId', 'status'])
    .where('account', 'in', [...accounts])
    .execute();
}

/** Adds users, 500 rows per statement. */
export async function insertUsers(db: Executor, rows: ReadonlyArray<NewRow<'cubeUser'>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('cubeUser')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Overwrites an existing user from the sheet, stamped with the importer. */
export async function updateImportedUser(
  data: TenantData,
  ctx: RequestContext,
  id: string,
  values: RowUpdate<'cubeUser'>,
  stamp: string,
): Promise<void> {
  await data
    .updateTable('cubeUser')
    .set({ ...values, ...updateStamp(ctx, stamp) })
    .where('id', '=', id)
    .execute();
}

/** Ends the open sessions of these users (they sign in again), 500 users per statement. */
export async function revokeSessionsOf(
  db: Executor,
  tenantId: string,
  userIds: readonly string[],
  stamp: string,
  reason: string,
): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500)
    await db
      .updateTable('cubeAuthSession')
      .set({ revokedAt: stamp, revokeReason: reason })
      .where('tenantId', '=', tenantId)
      .where('userId', 'in', userIds.slice(i, i + 500))
      .where('revokedAt', 'is', null)
      .execute();
}
