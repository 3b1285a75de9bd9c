import type { Kysely, Transaction } from 'kysely';
import type { Database, RowUpdate } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { live, updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

/** `cube_user` and `cube_user_ext` writes and reads of the user screen, each within the caller's tenant. */
type Executor = Kysely<Database> | Transaction<Database>;

/** Roles and status of users just removed (the rows are marked deleted: read without the live filter). */
export function removedUsers(db: Executor, tenantId: string, ids: readonly string[]) {
  return db
    .selectFrom('cubeUser')
    .select(['roleId', 'status'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Changes the given users' columns, stamped with the caller. */
export async function updateUsers(
  db: Executor,
  ctx: RequestContext,
  ids: readonly string[],
  values: RowUpdate<'cubeUser'>,
): Promise<void> {
  await new TenantData(db, ctx.tenantId)
    .updateTable('cubeUser')
    .set({ ...values, ...updateStamp(ctx) })
    .where('id', 'in', [...ids])
    .execute();
}

/** Enabled users whose name, real name or account contains `text` (names only, at most 50). */
export function usersByName(db: Executor, ctx: RequestContext, text: string) {
  let q = new TenantData(db, ctx.tenantId)
    .selectFrom('cubeUser')
    .select(['id', 'account', 'name', 'realName'])
    .where('status', '=', 1);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('name', 'like', like), eb('realName', 'like', like), eb('account', 'like', like)]),
    );
  }
  return q.orderBy('id').limit(50).execute();
}

/** The user's extension record for one platform (`cube_user_ext.user_ext`), '' when none. */
export async function userExtOf(
  db: Executor,
  tenantId: string,
  userId: string,
  userType: number,
): Promise<string> {
  const row = await db
    .selectFrom('cubeUserExt')
    .select('userExt')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('userType', '=', userType)
    .executeTakeFirst();
  return row?.userExt ?? '';
}

/** Writes the user's extension record for one platform (one row per user and platform). */
export async function saveUserExt(
  db: Executor,
  tenantId: string,
  userId: string,
  userType: number,
  userExt: string,
): Promise<void> {
  const existing = await db
    .selectFrom('cubeUserExt')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('userType', '=', userType)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('cubeUserExt').set({ userExt }).where('id', '=', existing.id).execute();
    return;
  }
  await db.insertInto('cubeUserExt').values({ id: newId(), tenantId, userId, userType, userExt }).execute();
}

/** Role names, departments and post names of the caller's tenant, in their sort order (the import template). */
export function templateLookups(db: Executor, ctx: RequestContext) {
  const data = new TenantData(db, ctx.tenantId);
  return Promise.all([
    data.selectFrom('cubeRole').select(['roleName']).orderBy('sort').execute(),
    data.selectFrom('cubeDept').select(['id', 'parentId', 'deptName']).orderBy('sort').execute(),
    data.selectFrom('cubePost').select(['postName']).orderBy('sort').execute(),
  ]);
}

/** Whether a live tenant has this 6-digit id (the platform administrator's choice of tenant on the user screen). */
export async function liveTenantExists(db: Executor, tenantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cubeTenant')
    .select('id')
    .where('tenantId', '=', tenantId)
    .$call(live)
    .executeTakeFirst();
  return !!row;
}
