import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { type ApiScopeRule, loadApiScopes } from './api-scope.js';
import { type DataScopeRule, loadDataScopes } from './data-scope.js';
import { now, parseDateTime } from './dates.js';
import { live, liveIn, liveOn } from './rows.js';
import type { SharedStore, Subscription } from './store.js';
import { packageMenuIds } from './tenant-package.js';

/** What the access hook needs of a session: the row, its user's and its tenant's states (decision D1). */
export interface SessionState {
  tenantId: string;
  userId: string;
  roleId: string;
  deptId: string;
  revokedAt: string | null;
  expiresAt: string;
  userStatus: number;
  userDeleted: number;
  passwordMustChange: number;
  tenantStatus: number | null;
  tenantDeleted: number | null;
  tenantExpireTime: string | null;
  /** `expiresAt` and `tenantExpireTime` as epoch milliseconds, parsed once per load rather than per request. */
  expiresAtMs: number;
  tenantExpireMs: number | null;
}

/** What a set of roles is allowed: their aliases (live roles only) and the menu/button codes granted to them. */
export interface RoleGrants {
  aliases: string[];
  codes: ReadonlySet<string>;
  /** Data-scope rules by menu code (platform/data-scope.ts); a menu absent here is not narrowed. */
  dataScopes: ReadonlyMap<string, readonly DataScopeRule[]>;
  /** API-scope rules by the permission code they govern (platform/api-scope.ts); absent = not restricted. */
  apiScopes: ReadonlyMap<string, readonly ApiScopeRule[]>;
}

const NO_SCOPES: ReadonlyMap<string, never> = new Map<string, never>();

/** What an invalidation names; sent between instances as JSON with the sender's `origin`. */
type Invalidation =
  | { session: string }
  | { user: string }
  | { tenant: string }
  | { all: 'sessions' | 'grants' | 'everything' };

export const INVALIDATION_CHANNEL = 'access-invalidation';

/** Tables whose writes change a session's state (user, tenant) or a role's grants (role, grant, menu). */
const SESSION_TABLES = ['cube_user', 'cube_tenant'];
// A tenant's package (its row, or the package's menu list) limits its roles' codes, so those writes drop grants too.
// Scope rules and their grants (migration 0005) narrow what the codes admit, so their writes drop grants as well.
const GRANT_TABLES = [
  'cube_role',
  'cube_role_menu',
  'cube_menu',
  'cube_tenant',
  'cube_tenant_package',
  'cube_role_scope',
  'cube_scope_data',
  'cube_scope_api',
];

export interface SessionRegistryOptions {
  /**
   * Longest an entry is trusted without an invalidation (ms): the backstop for writes no instance saw — made
   * outside the application, e.g. by hand in a database console. Default 30 s.
   */
  ttlMs?: number;
  maxSessions?: number;
  maxGrantSets?: number;
  /** Sessions whose {@link SessionRegistry.sessionValue}s are kept (the most recently used). Default 2,000. */
  maxSessionValues?: number;
  log?: FastifyBaseLogger;
}

interface Cached<T> {
  value: T;
  at: number;
}

/** Values read from a session's user or tenant rows, kept with its state (see {@link SessionRegistry.sessionValue}). */
interface SessionValues {
  userId: string;
  tenantId: string;
  values: Map<string, unknown>;
}

/**
 * Sign-in sessions: ending them, and the per-instance cache of their state and of their roles' grants that lets
 * the access hook answer without a query per request (decision D13).
 *
 * The session row stays the source of truth (decision D1); the cache only spares reading it again. It is emptied
 * explicitly, on this instance at once and on the others through the shared store's broadcast (Redis pub/sub
 * when `REDIS_URL` is set), before the request that caused the change answers:
 * - revoking a session (logout, refresh-token reuse) or every session of a user (password change) names them, and
 *   so does a refresh that changes a session's roles or departments (`invalidateSession`);
 * - any committed write to `cube_user` or `cube_tenant` (disabling, deleting, expiring, a password to change)
 *   drops every cached session, and any write to `cube_role`, `cube_role_menu` or `cube_menu` every cached
 *   grant set: the database handle reports such writes whoever makes them ({@link DatabaseHandle.observeWrites});
 * - `clear-cache`, and a lost or renewed Redis subscription, drop everything.
 * While the subscription is not live (Redis unreachable) nothing is answered from the cache. A load that began
 * before an invalidation is used for its request but not kept, so a concurrent change cannot be cached stale.
 */
export class SessionRegistry {
  private readonly origin = randomBytes(8).toString('hex');
  /** Bumped by every invalidation: a load that began under an older generation is not stored. */
  private generation = 0;
  private readonly sessions = new Map<string, Cached<SessionState>>();
  private readonly grants = new Map<string, Cached<RoleGrants>>();
  private readonly sessionValues = new Map<string, Cached<SessionValues>>();
  private subscription: Subscription | undefined;
  private stopObserving: (() => void) | undefined;
  private readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly maxGrantSets: number;
  private readonly maxSessionValues: number;

  constructor(
    private readonly db: DatabaseHandle,
    private readonly store?: SharedStore,
    private readonly options: SessionRegistryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxSessions = options.maxSessions ?? 20_000;
    this.maxGrantSets = options.maxGrantSets ?? 1_000;
    this.maxSessionValues = options.maxSessionValues ?? 2_000;
  }

  /**
   * Starts caching: subscribes to other instances' invalidations and watches the database for writes. Without
   * it (or without a store) every lookup reads the database.
   */
  async start(): Promise<void> {
    if (!this.store || this.subscription) return;
    this.stopObserving = this.db.observeWrites([...SESSION_TABLES, ...GRANT_TABLES], (tables) => {
      const sessions = SESSION_TABLES.some((t) => tables.has(t));
      const grants = GRANT_TABLES.some((t) => tables.has(t));
      return this.invalidate({ all: sessions && grants ? 'everything' : sessions ? 'sessions' : 'grants' });
    });
    this.subscription = await this.store.subscribe(INVALIDATION_CHANNEL, {
      message: (raw) => {
        let message: Invalidation & { origin?: string };
        try {
          message = JSON.parse(raw);
        } catch {
          return;
        }
        if (message.origin !== this.origin) this.apply(message);
      },
      reset: () => this.apply({ all: 'everything' }),
    });
  }

  async stop(): Promise<void> {
    this.stopObserving?.();
    this.stopObserving = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.apply({ all: 'everything' });
    await subscription?.close();
  }

  /** Whether answers may come from memory: only while invalidations are certain to arrive. */
  private get caching(): boolean {
    return this.subscription?.live === true;
  }

  /** The session's state, from the cache or one primary-key query joined to its user and tenant. */
  async sessionState(sessionId: string, userId: string): Promise<SessionState | undefined> {
    const caching = this.caching;
    if (caching) {
      const hit = this.sessions.get(sessionId);
      if (hit && Date.now() - hit.at < this.ttlMs && hit.value.userId === userId) return hit.value;
    }
    const generation = this.generation;
    const state = await this.loadSessionState(sessionId, userId);
    if (state && caching && generation === this.generation) {
      remember(this.sessions, sessionId, state, this.maxSessions);
    }
    return state;
  }

  /** The aliases and granted codes of a session's roles (tenant-owned roles, live ones only). */
  async roleGrants(tenantId: string, roleIds: readonly string[]): Promise<RoleGrants> {
    if (roleIds.length === 0)
      return { aliases: [], codes: new Set(), dataScopes: NO_SCOPES, apiScopes: NO_SCOPES };
    const key = `${tenantId}:${roleIds.join(',')}`;
    const caching = this.caching;
    if (caching) {
      const hit = this.grants.get(key);
      if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    }
    const generation = this.generation;
    const grants = await this.loadRoleGrants(tenantId, roleIds);
    if (caching && generation === this.generation) remember(this.grants, key, grants, this.maxGrantSets);
    return grants;
  }

  /**
   * A value read from the rows of the session's own user or tenant (`cube_user`, `cube_tenant`) — the signed-in
   * user's profile — kept with the session's cached state and dropped with it: by any committed write to either
   * table on any instance, by the session's, its user's or its tenant's invalidation, by clear-cache, after the
   * entry lifetime, and whenever caching stops. `load` reads it afresh otherwise; a load that began before an
   * invalidation is used for its request but not kept. The value is shared by the session's requests: frozen.
   * Bounded: the values of the {@link SessionRegistryOptions.maxSessionValues} most recently used sessions.
   */
  async sessionValue<T extends object>(
    session: { sessionId: string; userId: string; tenantId: string },
    name: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const caching = this.caching;
    const hit = caching ? this.sessionValues.get(session.sessionId) : undefined;
    const fresh = hit && Date.now() - hit.at < this.ttlMs && hit.value.userId === session.userId;
    if (fresh && hit.value.values.has(name)) return hit.value.values.get(name) as T;
    const generation = this.generation;
    const value = Object.freeze(await load());
    if (caching && generation === this.generation) {
      const current = this.sessionValues.get(session.sessionId);
      if (current && Date.now() - current.at < this.ttlMs && current.value.userId === session.userId) {
        current.value.values.set(name, value);
      } else {
        const values = new Map<string, unknown>([[name, value]]);
        remember(
          this.sessionValues,
          session.sessionId,
          { userId: session.userId, tenantId: session.tenantId, values },
          this.maxSessionValues,
        );
      }
    }
    return value;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db.db
      .updateTable('cubeAuthSession')
      .set({ revokedAt: now(), revokeReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
    await this.invalidate({ session: sessionId });
  }

  /** Ends every session of a user but, optionally, one (after a password change, ASVS 7.4.3). */
  async revokeUserSessions(
    tenantId: string,
    userId: string,
    reason: string,
    keepSessionId?: string,
  ): Promise<void> {
    let q = this.db.db
      .updateTable('cubeAuthSession')
      .set({ revokedAt: now(), revokeReason: reason })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (keepSessionId) q = q.where('id', '<>', keepSessionId);
    await q.execute();
    await this.invalidate({ user: userId });
  }

  /** A session row changed (e.g. its roles, on refresh): every instance reads it again. */
  invalidateSession(sessionId: string): Promise<void> {
    return this.invalidate({ session: sessionId });
  }

  invalidateUser(userId: string): Promise<void> {
    return this.invalidate({ user: userId });
  }

  invalidateTenant(tenantId: string): Promise<void> {
    return this.invalidate({ tenant: tenantId });
  }

  /** Role grants changed in a way the database handle did not see. */
  invalidateGrants(): Promise<void> {
    return this.invalidate({ all: 'grants' });
  }

  /** Everything cached, on every instance (clear-cache; after changing the database by hand). */
  invalidateAll(): Promise<void> {
    return this.invalidate({ all: 'everything' });
  }

  /**
   * Drops what `what` names here, then tells the other instances and waits until the store has accepted the
   * message, so that the change is in force everywhere before the caller answers its request.
   */
  private async invalidate(what: Invalidation): Promise<void> {
    this.apply(what);
    if (!this.store || !this.subscription) return;
    try {
      const everywhere = await this.store.publish(
        INVALIDATION_CHANNEL,
        JSON.stringify({ ...what, origin: this.origin }),
      );
      if (!everywhere) {
        this.options.log?.warn(
          { invalidation: what },
          'access cache invalidation not confirmed by every instance',
        );
      }
    } catch (error) {
      // The other instances lose their subscription too when the store is down, and stop caching until it is
      // back (then they start empty); the entry lifetime bounds what a partition could leave behind.
      this.options.log?.error({ err: error, invalidation: what }, 'access cache invalidation not broadcast');
    }
  }

  private apply(what: Invalidation): void {
    this.generation++;
    if ('session' in what) {
      this.sessions.delete(what.session);
      this.sessionValues.delete(what.session);
    } else if ('user' in what) {
      for (const [id, entry] of this.sessions) if (entry.value.userId === what.user) this.sessions.delete(id);
      for (const [id, entry] of this.sessionValues)
        if (entry.value.userId === what.user) this.sessionValues.delete(id);
    } else if ('tenant' in what) {
      for (const [id, entry] of this.sessions)
        if (entry.value.tenantId === what.tenant) this.sessions.delete(id);
      for (const [id, entry] of this.sessionValues)
        if (entry.value.tenantId === what.tenant) this.sessionValues.delete(id);
      for (const key of this.grants.keys()) if (key.startsWith(`${what.tenant}:`)) this.grants.delete(key);
    } else {
      if (what.all !== 'grants') {
        this.sessions.clear();
        this.sessionValues.clear();
      }
      if (what.all !== 'sessions') this.grants.clear();
    }
  }

  private async loadSessionState(sessionId: string, userId: string): Promise<SessionState | undefined> {
    const row = await this.db.db
      .selectFrom('cubeAuthSession as s')
      .innerJoin('cubeUser as u', 'u.id', 's.userId')
      .leftJoin('cubeTenant as t', (join) => liveOn('t')(join.onRef('t.tenantId', '=', 's.tenantId')))
      .select([
        's.tenantId',
        's.userId',
        's.roleId',
        's.deptId',
        's.revokedAt',
        's.expiresAt',
        'u.status as userStatus',
        'u.isDeleted as userDeleted',
        'u.passwordMustChange',
        't.status as tenantStatus',
        't.isDeleted as tenantDeleted',
        't.expireTime as tenantExpireTime',
      ])
      .where('s.id', '=', sessionId)
      .where('s.userId', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      expiresAtMs: parseDateTime(row.expiresAt).getTime(),
      tenantExpireMs: row.tenantExpireTime ? parseDateTime(row.tenantExpireTime).getTime() : null,
    };
  }

  private loadRoleGrants(tenantId: string, roleIds: readonly string[]): Promise<RoleGrants> {
    return readRoleGrants(this.db.db, tenantId, roleIds);
  }
}

/**
 * What a set of roles reaches, read afresh (no cache): the aliases and granted codes of the tenant's live roles
 * among them, and the data and API scope rules those roles hold. The access hook reads it through the session
 * registry's cache; a change to roles or grants compares it before and after (platform/own-reach.ts).
 */
export async function readRoleGrants(
  db: Kysely<Database>,
  tenantId: string,
  roleIds: readonly string[],
): Promise<RoleGrants> {
  if (roleIds.length === 0)
    return { aliases: [], codes: new Set(), dataScopes: NO_SCOPES, apiScopes: NO_SCOPES };
  const roles = await db
    .selectFrom('cubeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [...roleIds])
    .$call(live)
    .execute();
  const aliases = roleIds
    .map((id) => roles.find((r) => r.id === id)?.roleAlias)
    .filter((a): a is string => !!a);
  if (roles.length === 0) return { aliases, codes: new Set(), dataScopes: NO_SCOPES, apiScopes: NO_SCOPES };
  const rows = await db
    .selectFrom('cubeRoleMenu as rm')
    .innerJoin('cubeMenu as m', 'm.id', 'rm.menuId')
    .select(['m.id', 'm.code'])
    .distinct()
    .where(
      'rm.roleId',
      'in',
      roles.map((r) => r.id),
    )
    .$call(liveIn('m'))
    .execute();
  // A code outside the tenant's package is not held, whatever a role was granted before the package changed.
  const allowed = await packageMenuIds(db, tenantId);
  const held = allowed ? rows.filter((r) => allowed.has(String(r.id))) : rows;
  const liveRoleIds = roles.map((r) => r.id);
  const [dataScopes, apiScopes] = await Promise.all([
    loadDataScopes(db, liveRoleIds),
    loadApiScopes(db, liveRoleIds),
  ]);
  return { aliases, codes: new Set(held.map((r) => r.code)), dataScopes, apiScopes };
}

function remember<T>(map: Map<string, Cached<T>>, key: string, value: T, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, { value, at: Date.now() });
}
