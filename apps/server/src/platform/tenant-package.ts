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
 * Menus that administer what the platform owns for every tenant — tenants, packages, parameters, menus, system
 * dictionaries, clients, scope rules, data sources, code generation, the patent holiday calendar — and the write
 * buttons of the regions a tenant may read: their routes answer the platform administrator only,
 * so outside the platform tenant they are never shown, never packaged, never granted and never held. Each code
 * names a menu or button; everything below it goes with it. The one list every rule reads: provisioning, the
 * package editor, role grants, the access hook's held codes and the menu routes.
 */
export const PLATFORM_ONLY_MENU_CODES: ReadonlySet<string> = new Set([
  'tenant',
  'tenant_package',
  'param',
  'menu',
  'dict',
  'client',
  'data_scope',
  'api_scope',
  'datasource',
  'code',
  'region_add',
  'region_edit',
  'region_delete',
  'region_import',
  'patent_holiday',
]);

/** Whether a permission code is one of the platform's own (a route guarded by it is the platform's). */
export const isPlatformOnlyCode = (code: string): boolean => PLATFORM_ONLY_MENU_CODES.has(code);

type MenuShape = { id: string | number; parentId: string | number; code: string };

/** Ids of the platform-only menus and buttons and everything under them. */
export function platformOnlyIds(menus: readonly MenuShape[]): Set<string> {
  const ids = new Set(menus.filter((m) => PLATFORM_ONLY_MENU_CODES.has(m.code)).map((m) => String(m.id)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of menus)
      if (!ids.has(String(m.id)) && ids.has(String(m.parentId))) {
        ids.add(String(m.id));
        grew = true;
      }
  }
  return ids;
}

/**
 * The menu and button ids a tenant's roles may hold, or `undefined` for the platform tenant 000000
 * (unrestricted). Outside the platform: the package's menus plus their ancestors (a tree choice sends only fully
 * checked nodes, and the parents of a chosen page must still show it), or every live menu without a package —
 * in both cases less the platform-only menus, whatever a role or package was given before. A package that no
 * longer exists, or a tenant row that is not visible, allows nothing (deny by default).
 */
export async function packageMenuIds(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
): Promise<Set<string> | undefined> {
  if (tenantId === PLATFORM_TENANT_ID) return undefined;
  const chosen = await packageChoice(db, tenantId);
  const menus = await db.selectFrom('cubeMenu').select(['id', 'parentId', 'code']).$call(live).execute();
  const platformOnly = platformOnlyIds(menus);
  const allowed = chosen ? ancestorsIn(menus, chosen) : new Set(menus.map((m) => String(m.id)));
  for (const id of platformOnly) allowed.delete(id);
  return allowed;
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
  if (ids.length === 0) return new Set();
  return ancestorsIn(await db.selectFrom('cubeMenu').select(['id', 'parentId']).$call(live).execute(), ids);
}

function ancestorsIn(
  menus: ReadonlyArray<{ id: string | number; parentId: string | number }>,
  ids: readonly string[],
): Set<string> {
  const allowed = new Set<string>();
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
