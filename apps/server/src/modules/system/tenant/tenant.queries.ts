import { PLATFORM_TENANT_ID } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { RequestContext } from '../../../platform/context.js';
import { isId } from '../../../platform/ids.js';
import { live, liveIn, updateStamp } from '../../../platform/rows.js';
import { normalizeDomain } from '../site/site-info.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Whether a live package has this id. */
export async function packageExists(db: Executor, packageId: string): Promise<boolean> {
  const found = await db
    .selectFrom('cubeTenantPackage')
    .select('id')
    .where('id', '=', packageId)
    .$call(live)
    .executeTakeFirst();
  return found !== undefined;
}

/** A live package's row, or undefined. */
export function findPackage(db: Executor, packageId: string) {
  return db
    .selectFrom('cubeTenantPackage')
    .selectAll()
    .where('id', '=', packageId)
    .$call(live)
    .executeTakeFirst();
}

/** The package ids of one tenant, as a subquery (what a tenant's own `select` of packages may show). */
export function packageIdsOfTenant(db: Executor, tenantId: string) {
  return db
    .selectFrom('cubeTenant')
    .select('cubeTenant.packageId')
    .where('cubeTenant.tenantId', '=', tenantId)
    .$call(liveIn('cubeTenant'));
}

/** Names of live packages by id (for the tenant list's `packageName`). */
export async function packageNames(db: Executor, packageIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (packageIds.length === 0) return names;
  const rows = await db
    .selectFrom('cubeTenantPackage')
    .select(['id', 'packageName'])
    .where('id', 'in', packageIds)
    .$call(live)
    .execute();
  for (const row of rows) names.set(String(row.id), row.packageName);
  return names;
}

/** How many of the ids are live menus or buttons. */
export async function liveMenuCount(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await db.selectFrom('cubeMenu').select('id').where('id', 'in', ids).$call(live).execute();
  return found.length;
}

/** Every live menu and button with its parent and code (the platform-only subtrees are found from them). */
export function liveMenuTree(db: Executor) {
  return db.selectFrom('cubeMenu').select(['id', 'parentId', 'code']).$call(live).execute();
}

/** Whether a live tenant uses one of the packages. */
export async function packageInUse(db: Executor, packageIds: string[]): Promise<boolean> {
  const inUse = await db
    .selectFrom('cubeTenant')
    .select('id')
    .where('packageId', 'in', packageIds)
    .$call(live)
    .executeTakeFirst();
  return inUse !== undefined;
}

/** Whether the platform tenant's row is among the ids (removed or not). */
export async function includesPlatformTenant(db: Executor, ids: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('cubeTenant')
    .select('id')
    .where('id', 'in', ids)
    .where('tenantId', '=', PLATFORM_TENANT_ID)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another live tenant has the same site address (compared normalised). */
export async function domainTaken(db: Executor, domain: string, exceptId?: string): Promise<boolean> {
  const wanted = normalizeDomain(domain);
  if (!wanted) return false;
  let q = db.selectFrom('cubeTenant').select(['id', 'domain']).$call(live).where('domain', '<>', '');
  if (exceptId) q = q.where('id', '<>', exceptId);
  const rows = await q.execute();
  return rows.some((r) => normalizeDomain(r.domain) === wanted);
}

/** The live tenant a BladeX client names by row id (its `tenantId` parameter) or by 6-digit tenant id. */
export async function findTenant(db: Executor, key: string) {
  const base = db
    .selectFrom('cubeTenant')
    .select(['id', 'tenantId', 'packageId', 'datasourceId'])
    .$call(live);
  const byId = isId(key) ? await base.where('id', '=', key).executeTakeFirst() : undefined;
  return (
    byId ?? (/^\d{6}$/.test(key) ? await base.where('tenantId', '=', key).executeTakeFirst() : undefined)
  );
}

/** The live tenants among the ids. */
export function liveTenants(db: Executor, ids: string[]) {
  return db.selectFrom('cubeTenant').select(['id', 'tenantId']).where('id', 'in', ids).$call(live).execute();
}

/** Which of `tenantIds` (the 6-digit tenant ids) name live tenants. */
export async function liveTenantIds(db: Executor, tenantIds: string[]): Promise<string[]> {
  const found = await db
    .selectFrom('cubeTenant')
    .select('tenantId')
    .where('tenantId', 'in', tenantIds)
    .$call(live)
    .execute();
  return found.map((t) => t.tenantId);
}

/** The tenant's administrator roles (alias `admin`): what a package change grants its menus to. */
export async function adminRoleIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cubeRole')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', 'admin')
    .$call(live)
    .execute();
  return rows.map((r) => String(r.id));
}

/** Sets the account quota and expiry of tenants (`''` expiry = never). */
export async function updateTenantSetting(
  db: Executor,
  ctx: RequestContext,
  ids: string[],
  setting: { accountNumber: number; expireTime: string },
): Promise<void> {
  await db
    .updateTable('cubeTenant')
    .set({
      accountNumber: setting.accountNumber,
      expireTime: setting.expireTime || null,
      ...updateStamp(ctx),
    })
    .where('id', 'in', ids)
    .execute();
}

/** Sets (or with undefined clears) a tenant's package. */
export async function updateTenantPackage(
  db: Executor,
  ctx: RequestContext,
  id: string,
  packageId: string | undefined,
): Promise<void> {
  await db
    .updateTable('cubeTenant')
    .set({ packageId: packageId ?? null, ...updateStamp(ctx) })
    .where('id', '=', id)
    .execute();
}

/** Names of live datasources by id (for the tenant list's `datasourceName`). */
export async function datasourceNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const rows = await db
    .selectFrom('cubeDatasource')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .$call(live)
    .execute();
  for (const row of rows) names.set(String(row.id), row.name);
  return names;
}

/** Whether a live datasource has this id. */
export async function datasourceExists(db: Executor, id: string): Promise<boolean> {
  const found = await db
    .selectFrom('cubeDatasource')
    .select('id')
    .where('id', '=', id)
    .$call(live)
    .executeTakeFirst();
  return found !== undefined;
}

/** Points a tenant at a datasource ('' = the master database). */
export async function updateTenantDatasource(
  db: Executor,
  ctx: RequestContext,
  id: string,
  datasourceId: string,
): Promise<void> {
  await db
    .updateTable('cubeTenant')
    .set({ datasourceId: datasourceId || null, ...updateStamp(ctx) })
    .where('id', '=', id)
    .execute();
}
