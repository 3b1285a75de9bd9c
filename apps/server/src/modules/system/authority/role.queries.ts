import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { live, liveIn } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Roles (`cube_role`) and what they are granted (`cube_role_menu`, `cube_role_scope`): the reads other modules
 * make, and the role screens' own. Users keep their roles in the comma column `cube_user.role_id` (BladeX),
 * read through the user module's query file.
 */

/** Names of the given roles, by id (the ids come from rows already scoped). */
export async function roleNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('cubeRole').select(['id', 'roleName']).where('id', 'in', ids).execute();
  return new Map(rows.map((p) => [p.id, p.roleName]));
}

/** The tenant's live roles among `ids` with their alias. */
export function tenantRoles(db: Executor, tenantId: string, ids: string[]) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select(['id', 'roleAlias'])
    .where('id', 'in', ids)
    .execute();
}

/** The tenant's live roles among `ids` (id and name), ordered for lists. */
export function tenantRoleNames(db: Executor, tenantId: string, ids: string[]) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select(['id', 'roleName'])
    .where('id', 'in', ids)
    .orderBy('sort')
    .execute();
}

/** Aliases of the tenant's roles among `ids`, soft-deleted ones included (a removal checks what it removes). */
export async function roleAliasesAnyState(db: Executor, tenantId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('cubeRole')
    .select('roleAlias')
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.roleAlias);
}

/** The tenant a live role belongs to (any tenant: the platform administrator's lookup), or undefined. */
export async function roleTenant(db: Executor, id: string): Promise<string | undefined> {
  const role = await db
    .selectFrom('cubeRole')
    .select('tenantId')
    .where('id', '=', id)
    .$call(live)
    .executeTakeFirst();
  return role?.tenantId;
}

/** The tenant's role tree rows, without the roles of alias `hideAlias` when given. */
export function roleTreeRows(data: TenantData, hideAlias: string | undefined) {
  let q = data.selectFrom('cubeRole').select(['id', 'parentId', 'roleName', 'roleAlias']);
  if (hideAlias) q = q.where('roleAlias', '<>', hideAlias);
  return q.orderBy('sort').orderBy('id').execute();
}

/** How many live roles the tenant has. */
export async function countRoles(db: Executor, tenantId: string): Promise<number> {
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The ids of the tenant's live roles with this alias. */
export async function roleIdsOfAlias(db: Executor, tenantId: string, alias: string): Promise<Set<string>> {
  const roles = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select('id')
    .where('roleAlias', '=', alias)
    .execute();
  return new Set(roles.map((r) => String(r.id)));
}

/** The tenant's role names by alias (`manager` → 部门经理) for the aliases given; the first role of an alias wins. */
export async function roleNamesByAlias(
  db: Executor,
  tenantId: string,
  aliases: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(aliases.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const roles = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select(['roleAlias', 'roleName'])
    .where('roleAlias', 'in', wanted)
    .orderBy('id')
    .execute();
  const names = new Map<string, string>();
  for (const r of roles) if (!names.has(r.roleAlias)) names.set(r.roleAlias, r.roleName);
  return names;
}

/** Menus granted to the roles whose menu is still live. */
export async function roleMenuIds(db: Executor, roleIds: string[]): Promise<string[]> {
  const menus = await db
    .selectFrom('cubeRoleMenu as rm')
    .innerJoin('cubeMenu as m', 'm.id', 'rm.menuId')
    .select('rm.menuId')
    .distinct()
    .where('rm.roleId', 'in', roleIds)
    .$call(liveIn('m'))
    .execute();
  return menus.map((m) => String(m.menuId));
}

/** Drops every menu and scope grant of the roles (link rows are removed outright). */
export async function clearRoleGrants(trx: Executor, roleIds: string[]): Promise<void> {
  await trx.deleteFrom('cubeRoleMenu').where('roleId', 'in', roleIds).execute();
  await trx.deleteFrom('cubeRoleScope').where('roleId', 'in', roleIds).execute();
}

/** Replaces the grants of the roles: each role gets every menu and scope listed. */
export async function replaceRoleGrants(
  trx: Transaction<Database>,
  roleIds: string[],
  menuIds: string[],
  scopes: Array<{ scopeId: string; scopeCategory: number }>,
): Promise<void> {
  await clearRoleGrants(trx, roleIds);
  const menuRows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ id: newId(), roleId, menuId })));
  const scopeRows = roleIds.flatMap((roleId) => scopes.map((s) => ({ id: newId(), roleId, ...s })));
  for (let i = 0; i < menuRows.length; i += 500)
    await trx
      .insertInto('cubeRoleMenu')
      .values(menuRows.slice(i, i + 500))
      .execute();
  for (let i = 0; i < scopeRows.length; i += 500)
    await trx
      .insertInto('cubeRoleScope')
      .values(scopeRows.slice(i, i + 500))
      .execute();
}
