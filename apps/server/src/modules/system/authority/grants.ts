import { PLATFORM_TENANT_ID } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { isPlatformAdmin, isTenantAdmin, type RequestContext } from '../../../platform/context.js';
import { packageMenuIds, platformOnlyIds } from '../../../platform/tenant-package.js';
import {
  allMenus,
  allScopes,
  grantedMenuIds,
  heldScopeIds,
  type MenuRow,
  ScopeCategory,
  type ScopeRow,
} from './grant.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Why menus fall outside what `ctx` may grant: its own holdings, the tenant's package, the platform-only pages. */
export interface MenuGrantLimits {
  /** What the caller's own live roles hold, with the parents that make those reachable (all for the platform). */
  held: Set<string>;
  /** The tenant package's menus, or undefined when the tenant has none (unrestricted). */
  packaged: Set<string> | undefined;
  /** Platform-only pages and their buttons when the caller is outside the platform tenant, else empty. */
  platformOnly: Set<string>;
}

export async function menuGrantLimits(
  db: Executor,
  ctx: RequestContext,
  menus: MenuRow[],
): Promise<MenuGrantLimits> {
  const live = new Set(menus.map((m) => m.id));
  let held: Set<string>;
  if (isPlatformAdmin(ctx)) held = new Set(live);
  else {
    const granted = await grantedMenuIds(db, ctx.tenantId, ctx.roleIds);
    const parentOf = new Map(menus.map((m) => [m.id, m.parentId]));
    held = new Set();
    for (const menuId of granted) {
      let id: string | undefined = menuId;
      while (id && id !== '0' && live.has(id) && !held.has(id)) {
        held.add(id);
        id = parentOf.get(id);
      }
    }
  }
  return {
    held,
    packaged: await packageMenuIds(db, ctx.tenantId),
    platformOnly: ctx.tenantId === PLATFORM_TENANT_ID ? new Set() : platformOnlyIds(menus),
  };
}

/**
 * The menu and button ids `ctx` may grant to roles of its tenant: the platform administrator every menu; anyone
 * else what their own live roles hold (with the parents that make those reachable, as `menu/routes` shows
 * them), within their tenant's package, and never a platform-only page outside the platform tenant.
 */
export async function grantableMenuIds(
  db: Executor,
  ctx: RequestContext,
  menus?: MenuRow[],
): Promise<Set<string>> {
  const rows = menus ?? (await allMenus(db));
  const { held, packaged, platformOnly } = await menuGrantLimits(db, ctx, rows);
  return new Set([...held].filter((id) => (!packaged || packaged.has(id)) && !platformOnly.has(id)));
}

/**
 * The scope rules of one category `ctx` may grant: those of menus it may grant, and — when its own roles hold
 * rules of that category for a menu — only the ones it holds there (holding none of a menu means it is not
 * narrowed there, so any rule of the menu is no wider than what it has). Data scopes never narrow administrators.
 */
export async function grantableScopeIds(
  db: Executor,
  ctx: RequestContext,
  category: number,
  menuIds: ReadonlySet<string>,
  scopes?: ScopeRow[],
): Promise<Set<string>> {
  const rows = (scopes ?? (await allScopes(db, category))).filter((s) => menuIds.has(String(s.menuId)));
  const unrestricted = isPlatformAdmin(ctx) || (category === ScopeCategory.data && isTenantAdmin(ctx));
  if (unrestricted) return new Set(rows.map((s) => s.id));
  const held = await heldScopeIds(db, ctx.tenantId, ctx.roleIds, category);
  const heldMenus = new Set(rows.filter((s) => held.has(s.id)).map((s) => String(s.menuId)));
  return new Set(rows.filter((s) => !heldMenus.has(String(s.menuId)) || held.has(s.id)).map((s) => s.id));
}

/** A tree node as pickers read it (before the forest merge adds `children` / `hasChildren`). */
export const treeNode = (id: string, parentId: string, title: string) => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
});
