import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The tenant that PostgreSQL row-level security lets the current work see (decision
 * D10). It is the second wall behind `TenantData`: every connection handed to a query first carries
 * `cube.tenant_id` = this scope, and the policies of migration 0003 show only that tenant's rows.
 *
 * - a tenant id: that tenant's rows only;
 * - `PLATFORM_ROW_SCOPE` (`*`): every tenant's rows — migrations, the seed, site lookup by domain, the refresh
 *   grant resolving its credential, and the platform administrator's requests, each named where it happens;
 * - `''` (nothing set): no rows at all. Work that forgets to say whose data it touches reads nothing.
 *
 * SQLite has no row-level security; there `TenantData` is the only wall, and no scope is ever opened: a process
 * that has not opened a PostgreSQL database runs `withTenantScope`/`withPlatformScope` work directly and the access
 * hook opens no request scope. (On Node 20 the first `AsyncLocalStorage.run` installs promise hooks that tax every
 * promise of the process from then on.)
 */
export const PLATFORM_ROW_SCOPE = '*';

let enabled = false;

/** Called when a PostgreSQL database is opened: from then on, scopes are kept. */
export function enableRowScopes(): void {
  enabled = true;
}

interface RowScope {
  tenantId: string;
  /**
   * The database holding a tenant's business data when the tenant is bound to a datasource of its own
   * (`platform/tenant-databases.ts`); absent = the master database. It counts only while the scope is
   * `databaseTenant`'s: a scope of another tenant never reaches it.
   */
  database?: object;
  /** The tenant whose database `database` is. */
  databaseTenant?: string;
}

const storage = new AsyncLocalStorage<RowScope>();

/** The scope the database connection must carry for the current async context. */
export function currentRowScope(): string {
  return storage.getStore()?.tenantId ?? '';
}

/**
 * Runs `work` seeing only `tenantId`'s rows. A tenant database bound for that same tenant around it (a public
 * site request, `withTenantDatabase`) stays bound inside; any other is left behind.
 */
export function withTenantScope<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const outer = storage.getStore();
  return outer?.database && outer.databaseTenant === tenantId
    ? storage.run({ tenantId, database: outer.database, databaseTenant: tenantId }, work)
    : storage.run({ tenantId }, work);
}

/**
 * Runs `work` seeing only `tenantId`'s rows, with `database` as that tenant's business database
 * (`platform/tenant-databases.ts`: a job's work for one tenant); undefined = the master.
 */
export function withScopedDatabase<T>(
  tenantId: string,
  database: object | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!enabled) return work();
  return storage.run(database ? { tenantId, database, databaseTenant: tenantId } : { tenantId }, work);
}

/** Runs `work` seeing every tenant's rows. Callers name why in a comment: this is the backstop's only gap. */
export function withPlatformScope<T>(work: () => Promise<T>): Promise<T> {
  return enabled ? storage.run({ tenantId: PLATFORM_ROW_SCOPE }, work) : work();
}

/**
 * Fastify `onRequest` hook, registered before any other on PostgreSQL (never on SQLite): each request runs in a
 * scope of its own that starts empty; access control fills it once the token names the tenant
 * (`bindRequestRowScope`). It is a callback hook on purpose — `done` runs inside the new context, so every later
 * hook and the handler inherit it.
 */
export function openRequestRowScope(
  _request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  storage.run({ tenantId: '' }, done);
}

/** Sets the current request's scope (the tenant of its verified token). */
export function bindRequestRowScope(tenantId: string): void {
  const scope = storage.getStore();
  // Without the request scope the value would leak into whatever context is current; refuse instead.
  if (!scope) throw new Error('bindRequestRowScope called outside a request scope');
  scope.tenantId = tenantId;
}

/**
 * Names the database of a tenant's business data for the rest of the current request
 * (`platform/tenant-databases.ts`): the signed-in caller's, or the public site's tenant's. Only inside a request
 * scope, which exists on PostgreSQL only: a single-file SQLite deployment never binds tenants elsewhere.
 */
export function bindRequestDatabase(tenantId: string, database: object | undefined): void {
  const scope = storage.getStore();
  if (!scope) throw new Error('bindRequestDatabase called outside a request scope');
  scope.database = database;
  scope.databaseTenant = database ? tenantId : undefined;
}

/** The tenant the current scope names ('' for a public request, or outside any scope). */
export function requestScopeTenant(): string {
  return storage.getStore()?.tenantId ?? '';
}

/** The business database of the current async context: the one bound for the scope's own tenant, else undefined. */
export function currentScopedDatabase<T extends object>(): T | undefined {
  const scope = storage.getStore();
  return scope?.database && scope.databaseTenant === scope.tenantId ? (scope.database as T) : undefined;
}
