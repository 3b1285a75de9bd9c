import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { GlobalData } from '../../../platform/global-data.js';
import { live, liveIn } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Menus and buttons (`cube_menu`, platform-wide) and their links to roles. */

export interface MenuLink {
  id: string;
  parentId: string;
  name: string;
  category: number;
  sort: number;
}

/** Every live menu and button, ordered for trees (the fields links and pickers need). */
export function liveMenus(db: Executor): Promise<MenuLink[]> {
  return new GlobalData(db)
    .selectFrom('cubeMenu')
    .select(['id', 'parentId', 'name', 'category', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every live menu and button with the fields the console shell reads, ordered for trees. */
export function liveMenuRoutes(db: Executor) {
  return db
    .selectFrom('cubeMenu')
    .select([
      'id',
      'parentId',
      'code',
      'name',
      'alias',
      'path',
      'source',
      'sort',
      'category',
      'action',
      'isOpen',
      'roles',
      'routeGroup',
      'routeQuery',
    ])
    .$call(live)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * Whether some live menu's address is `/<segment>` or lies under it: such a path is the console's (a client-side
 * route of the single-page app), not an unknown page of the public site.
 */
export async function menuPathUnder(db: Executor, segment: string): Promise<boolean> {
  const row = await new GlobalData(db)
    .selectFrom('cubeMenu')
    .select('id')
    .where((eb) => eb.or([eb('path', '=', `/${segment}`), eb('path', 'like', `/${segment}/%`)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Names of the given live menus, by id. */
export async function menuNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await new GlobalData(db)
    .selectFrom('cubeMenu')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((p) => [String(p.id), p.name]));
}

/** The category of a live menu, undefined when there is none with this id. */
export async function menuCategory(db: Executor, id: string): Promise<number | undefined> {
  const row = await new GlobalData(db)
    .selectFrom('cubeMenu')
    .select('category')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.category;
}

/** Whether a live menu or button sits under this one. */
export async function menuHasChildren(db: Executor, id: string): Promise<boolean> {
  const child = await new GlobalData(db)
    .selectFrom('cubeMenu')
    .select('id')
    .where('parentId', '=', id)
    .executeTakeFirst();
  return !!child;
}

/** Whether another live row has this code, or another live page (category `pageCategory`) this name. */
export async function menuNameOrCodeTaken(
  db: Executor,
  code: string,
  name: string,
  pageCategory: number,
  exceptId: string | undefined,
): Promise<boolean> {
  let clash = new GlobalData(db)
    .selectFrom('cubeMenu')
    .select('id')
    .where((eb) =>
      eb.or([eb('code', '=', code), eb.and([eb('name', '=', name), eb('category', '=', pageCategory)])]),
    );
  if (exceptId) clash = clash.where('id', '<>', exceptId);
  return !!(await clash.executeTakeFirst());
}

/**
 * Whether a live role holds one of the menus, not counting the given role alias of the given tenant (the platform
 * administrator's role holds every code anyway).
 */
export async function menusHeldByRoles(
  db: Executor,
  menuIds: string[],
  except: { tenantId: string; roleAlias: string },
): Promise<boolean> {
  const held = await db
    .selectFrom('cubeRoleMenu')
    .innerJoin('cubeRole', 'cubeRole.id', 'cubeRoleMenu.roleId')
    .select(['cubeRole.roleName', 'cubeRole.tenantId'])
    .where('cubeRoleMenu.menuId', 'in', menuIds)
    .$call(liveIn('cubeRole'))
    .where((eb) =>
      eb.or([
        eb('cubeRole.tenantId', '<>', except.tenantId),
        eb('cubeRole.roleAlias', '<>', except.roleAlias),
      ]),
    )
    .executeTakeFirst();
  return !!held;
}

/** Drops every role grant of removed menus (link rows are removed outright). */
export async function unlinkMenusFromRoles(db: Executor, menuIds: string[]): Promise<void> {
  await db.deleteFrom('cubeRoleMenu').where('menuId', 'in', menuIds).execute();
}
