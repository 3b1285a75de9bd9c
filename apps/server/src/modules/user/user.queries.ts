import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

/**
 * `cube_user` reads and writes of the user module, and every read other modules make of user accounts (names,
 * existence, who holds a role, department or post): a module outside user and identity reads `cube_user` only
 * through this file. The account lookups of sign-in live with the identity library.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** Whether a live user of the tenant has this id. */
export async function liveUserExists(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** How many of `ids` are live users of the tenant (a caller compares with the number asked). */
export async function countLiveUsers(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return found.length;
}

/** Escapes `%`, `_` and `\` for a `like` pattern and wraps the text in `%…%`. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Enabled live users of the tenant matched on real name, name or account (all when `name` is empty), first 500. */
export function enabledUsersMatching(db: Executor, tenantId: string, name: string | undefined) {
  let users = new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select(['id', 'name', 'realName', 'account', 'roleId'])
    .where('status', '=', 1);
  if (name) {
    const like = containing(name);
    users = users.where((eb) =>
      eb.or([eb('realName', 'like', like), eb('name', 'like', like), eb('account', 'like', like)]),
    );
  }
  return users.orderBy('id').limit(500).execute();
}

/** The department lists (comma text) of the tenant's live users. */
export function userDeptLists(db: Executor, tenantId: string) {
  return new TenantData(db, tenantId).selectFrom('cubeUser').select(['deptId']).execute();
}

/** A live user's role and department lists (comma text); undefined when there is no such user. */
export function userOrgLists(db: Executor, tenantId: string, userId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select(['roleId', 'deptId'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Whether a live user of the tenant holds one of `ids` in a comma-list column (`roleId`, `deptId`, `postId`): a
 * role, department or post still held cannot be removed.
 */
export async function anyUserHolds(
  db: Executor,
  tenantId: string,
  column: 'roleId' | 'deptId' | 'postId',
  ids: readonly string[],
): Promise<boolean> {
  const holder = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('cubeUser.id')
    .where((eb) =>
      eb.or(
        ids.map((id) => eb(sql<string>`',' || ${sql.ref(`cubeUser.${column}`)} || ','`, 'like', `%,${id},%`)),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return !!holder;
}

/**
 * id → display name (real name, else nickname) of the tenant's users among `ids`. Removed users keep their
 * name here: records they wrote still show who wrote them. `tenantId` null is for lists whose rows come from
 * several tenants (the platform administrator's view): user ids are unique across tenants.
 */
export async function userNamesByIds(
  db: Executor,
  tenantId: string | null,
  ids: Iterable<unknown>,
): Promise<Map<string, string>> {
  const wanted = [
    ...new Set([...ids].map((id) => (id === null || id === undefined ? '' : String(id)))),
  ].filter(Boolean);
  const names = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    let q = db
      .selectFrom('cubeUser')
      .select(['id', 'realName', 'name'])
      .where('id', 'in', wanted.slice(i, i + 500));
    if (tenantId !== null) q = q.where('tenantId', '=', tenantId);
    const rows = await q.execute();
    for (const u of rows) names.set(String(u.id), u.realName || u.name);
  }
  return names;
}

/** Writes the signed-in user's own profile fields; false when the account is gone. */
export async function updateOwnProfile(
  db: Executor,
  ctx: RequestContext,
  changes: Record<string, unknown>,
): Promise<boolean> {
  const result = await new TenantData(db, ctx.tenantId)
    .updateTable('cubeUser')
    .set({ ...changes, ...updateStamp(ctx) })
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
