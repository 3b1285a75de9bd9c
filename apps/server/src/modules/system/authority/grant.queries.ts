import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { live, liveIn } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What the grant rules read: the menu tree, the scope rules, and what roles hold of them. */

export const ScopeCategory = { data: 1, api: 2 } as const;

export interface MenuRow {
  id: string;
  parentId: string;
  code: string;
  name: string;
  category: number;
  sort: number;
}

export interface ScopeRow {
  id: string;
  menuId: string;
  scopeName: string;
}

const scopeTable = (category: number) => (category === ScopeCategory.data ? 'cubeScopeData' : 'cubeScopeApi');

/** Every live menu and button, ordered for trees. */
export async function allMenus(db: Executor): Promise<MenuRow[]> {
  return db
    .selectFrom('cubeMenu')
    .select(['id', 'parentId', 'code', 'name', 'category', 'sort'])
    .$call(live)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Menus granted to the given live roles of the tenant. */
export async function grantedMenuIds(
  db: Executor,
  tenantId: string,
  roleIds: readonly string[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('cubeRoleMenu as rm')
    .innerJoin('cubeRole as r', 'r.id', 'rm.roleId')
    .select('rm.menuId')
    .distinct()
    .where('r.tenantId', '=', tenantId)
    .$call(liveIn('r'))
    .where('rm.roleId', 'in', [...roleIds])
    .execute();
  return rows.map((r) => String(r.menuId));
}

/** Live scope rules of one category. */
export async function allScopes(db: Executor, category: number): Promise<ScopeRow[]> {
  return db
    .selectFrom(scopeTable(category))
    .select(['id', 'menuId', 'scopeName'])
    .$call(live)
    .orderBy('id')
    .execute() as Promise<ScopeRow[]>;
}

/** Scope ids of one category granted to live roles of a tenant (rules removed since are not held any more). */
export async function heldScopeIds(
  db: Executor,
  tenantId: string,
  roleIds: readonly string[],
  category: number,
): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const liveRules = db.selectFrom(scopeTable(category)).select('id').$call(live);
  const rows = await db
    .selectFrom('cubeRoleScope as rs')
    .innerJoin('cubeRole as r', 'r.id', 'rs.roleId')
    .select('rs.scopeId')
    .distinct()
    .where('rs.scopeId', 'in', liveRules)
    .where('r.tenantId', '=', tenantId)
    .$call(liveIn('r'))
    .where('rs.roleId', 'in', [...roleIds])
    .where('rs.scopeCategory', '=', category)
    .execute();
  return new Set(rows.map((r) => String(r.scopeId)));
}

/** Whether a live menu (not a button: category 1) has this id. */
export async function isLiveMenu(db: Executor, menuId: string): Promise<boolean> {
  const menu = await db
    .selectFrom('cubeMenu')
    .select('id')
    .where('id', '=', menuId)
    .$call(live)
    .where('category', '=', 1)
    .executeTakeFirst();
  return !!menu;
}
