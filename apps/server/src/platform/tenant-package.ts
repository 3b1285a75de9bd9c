import { PLATFORM_TENANT_ID } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { live } from './rows.js';

/*
 * Tenant packages limit what a tenant's roles hold. The access hook (platform) needs the limit as much as the menu
 * and grant routes (modules) do, so it lives here and modules import it from here.
 */

/** Parses a package's comma list of menu ids (BladeX `menuId`), dropping blanks and anything not an id. */
export function parseMenuIds(menuId: string): string[] {
  return menuId
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[1-9]\d{0,18}$/.test(id));
}

/**
 * The menu and button ids the tenant's package allows, or `undefined` when the tenant has no package
 * (unrestricted; the platform tenant 000000 is always unrestricted). The set also holds every ancestor of a
 * chosen menu: a tree choice sends only fully checked nodes, and the parents of a chosen page must still show it.
 * A package that no longer exists allows nothing (deny by default) — removal refuses a package in use, so this
 * is only reached after a hand edit.
 */
export async function packageMenuIds(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
): Promise<Set<string> | undefined> {
  const chosen = await packageChoice(db, tenantId);
  return chosen && withAncestors(db, chosen);
}

/**
 * The menu and button ids the tenant's package lists, as chosen (without ancestors), or `undefined` without a
 * package. What a new administrator is granted: a parent granted on its own would look fully chosen in the
 * role's grant tree.
 */
export async function packageChoice(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
): Promise<string[] | undefined> {
  if (tenantId === PLATFORM_TENANT_ID) return undefined;
  const tenant = await db
    .selectFrom('cubeTenant')
    .select('packageId')
    .where('tenantId', '=', tenantId)
    .$call(live)
    .executeTakeFirst();
  // No live tenant row (removed, or hidden from a connection without its row scope) allows nothing: fail closed.
  if (!tenant) return [];
  const packageId = tenant.packageId == null ? '' : String(tenant.packageId);
  if (!packageId || packageId === '0') return undefined;
  const pkg = await db
    .selectFrom('cubeTenantPackage')
    .select('menuId')
    .where('id', '=', packageId)
    .$call(live)
    .executeTakeFirst();
  return pkg ? parseMenuIds(pkg.menuId) : [];
}

/** The given live menu ids plus all their live ancestors. */
export async function withAncestors(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly string[],
): Promise<Set<string>> {
  const allowed = new Set<string>();
  if (ids.length === 0) return allowed;
  const menus = await db.selectFrom('cubeMenu').select(['id', 'parentId']).$call(live).execute();
  const parentOf = new Map(menus.map((m) => [String(m.id), String(m.parentId)]));
  for (const id of ids) {
    let current: string | undefined = id;
    // The walk stops at a root, at an unknown id, or at a node already taken (which also ends any cycle).
    while (current && current !== '0' && parentOf.has(current) && !allowed.has(current)) {
      allowed.add(current);
      current = parentOf.get(current);
    }
  }
  return allowed;
}
