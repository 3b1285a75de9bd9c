import { datasourceConnectionUrl, type IPage } from '@cube/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type DatabaseHandle, openDatabase, type WriteListener } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  bindRequestDatabase,
  currentScopedDatabase,
  requestScopeTenant,
  withPlatformScope,
  withScopedDatabase,
  withTenantScope,
} from '../db/row-scope.js';
import type { Database } from '../db/types.js';
import { toPage } from './envelope.js';
import { live } from './rows.js';
import { SecretBox } from './secret-box.js';
import type { SharedStore, Subscription } from './store.js';

/**
 * Tenants on their own database (decision D-datasource in docs/decisions.md). BladeX switches a tenant's business
 * services to the tenant's datasource and keeps the system services on the master; here the split is by table:
 *
 * - the tables of {@link TENANT_DATABASE_TABLES} (the tenant's business data) are read and written in the bound
 *   tenant's database, through {@link TenantDatabases.routed}, a handle the business modules are given instead of
 *   the master (`app.ts`); their transactions run there too;
 * - everything else — identity, authority, menus, dictionaries, clients, logs, sessions — stays on the master, also
 *   when a business module reads it through the routed handle.
 *
 * The tenant picks the database, carried in the row scope (`db/row-scope.ts`) so module code keeps its
 * signatures: access control binds a signed-in caller's (`bindRequest`), the public site the domain's tenant's
 * (`bindSite`), and request-less work runs in `withTenantDatabase`. The platform administrator's requests bind
 * no tenant database: they see the master, except the views across tenants that read every database on purpose.
 * No statement and no transaction spans both sides: `masterSide` (`masterExecutor`) names the
 * master while a transaction in a tenant's database is open; the jobs scan each database in turn
 * (`eachDatabase`), and the platform administrator's views across tenants read every database and merge
 * (`fromEveryDatabase`, `pageOfEveryDatabase`). Binding needs a PostgreSQL master (row scopes exist only there).
 */

/**
 * SQL names of the tables whose rows live in a bound tenant's database, parents before children (a move copies
 * in this order and deletes in the reverse; no foreign keys join them today). Each has a `tenant_id` column.
 * Every module reading one is given the routed handle; none is joined with a master table in one statement.
 */
export const TENANT_DATABASE_TABLES: readonly string[] = [
  // 通知公告 and the dashboard's notice figures; the reminder job's bell notices.
  'cube_notice',
  // The public site's content (站点内容), served to anonymous visitors of the tenant's domain.
  'cube_cr_article',
  'cube_cr_product',
  'cube_cr_certification',
  'cube_cr_banner',
  // 客户咨询: the public form's leads and their follow-up.
  'cube_lead',
  // 附件管理: private uploads' rows, and the case step documents that point at them (one transaction writes both).
  'cube_attach',
  'pat_document',
  // Patent data and the workflow's running instances: one transaction group (an approved disclosure opens its case
  // in the flow's transaction, step forms write the case, a notice derives its deadlines and fees). Their reads of
  // master tables inside those transactions (holidays, parameters, users, role aliases, definitions,
  // notifications) go through `masterSide`. Process models and deployed definitions stay on the master: common
  // definitions serve every tenant, and a deployed definition never changes, so an instance reads it by id there.
  'cube_agent_company',
  'cube_agent_company_user',
  'pat_application',
  'pat_notice',
  'pat_deadline_rule',
  'pat_deadline',
  'pat_fee',
  'pat_reminder',
  'flow_instance',
  'flow_task',
  'flow_task_candidate',
  'flow_history',
  'flow_timer',
];

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const ROUTED_TABLES: ReadonlySet<string> = new Set(TENANT_DATABASE_TABLES.map(camel));
/** Kysely methods whose first argument names the table a query reads or writes. */
const TABLE_METHODS: ReadonlySet<PropertyKey> = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

/** Whether a table (Kysely's camelCase name) lives in a bound tenant's database. */
export const isTenantDatabaseTable = (table: string): boolean => ROUTED_TABLES.has(table);

const routedTable = (from: unknown): boolean => {
  const names = Array.isArray(from) ? from : [from];
  return names.some((n) => typeof n === 'string' && ROUTED_TABLES.has(n.trim().split(/\s+/)[0] as string));
};

/** What opening a datasource needs (the password already opened from its seal). */
export interface DatasourceConnection {
  url: string;
  username: string;
  password: string;
  poolSize: number;
}

/** The connection string of a datasource: its URL with the username and password put in. */
export function connectionString(ds: DatasourceConnection): string {
  const url = new URL(datasourceConnectionUrl(ds.url));
  url.username = ds.username;
  url.password = ds.password;
  return url.toString();
}

/** Connects once and runs `select 1`, within `timeoutMs`; throws with the driver's reason otherwise. */
export async function checkConnection(ds: DatasourceConnection, timeoutMs = 5_000): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: connectionString(ds),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why a connection failed, in words an administrator can act on (never the password or the full URL). */
export function describeConnectionFailure(error: unknown): string {
  const e = error as { code?: string; message?: string };
  // Our own refusals (a datasource gone, a password sealed under another secret) say it already.
  if (e.message?.startsWith('数据源')) return e.message;
  if (e.code === 'ECONNREFUSED' || e.code === 'EHOSTUNREACH') return '无法连接数据库服务器';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return '数据库主机不存在';
  if (e.code === '28P01' || e.code === '28000') return '用户名或密码不正确';
  if (e.code === '3D000') return '数据库不存在';
  if (/timeout/i.test(e.message ?? '')) return '连接超时';
  return e.code ? `错误代码 ${e.code}` : '未知错误';
}

/** The box datasource passwords are sealed with (the app's and the start-up worker's). */
export const datasourceSecrets = (serverSecret: string): SecretBox =>
  new SecretBox(serverSecret, { salt: 'cube-datasource', info: 'datasource password' });

/**
 * Brings every database a tenant is bound to up to the master's migrations: run at each start, after the master's
 * (prepare-worker.ts), so an upgrade reaches the tenant databases too. One that cannot be reached is not fatal
 * (the platform and the other tenants start): answered as `name: reason`, for the start-up warning; it is
 * migrated at the next start that reaches it, or by binding the tenant again.
 */
export async function migrateTenantDatabases(master: DatabaseHandle, secrets: SecretBox): Promise<string[]> {
  if (master.kind !== 'postgres') return [];
  const rows = await withPlatformScope(() =>
    master.db
      .selectFrom('cubeDatasource')
      .select(['id', 'name', 'url', 'username', 'password', 'poolSize'])
      .where('id', 'in', (eb) =>
        eb.selectFrom('cubeTenant').select('datasourceId').where('datasourceId', 'is not', null).$call(live),
      )
      .$call(live)
      .execute(),
  );
  const failures: string[] = [];
  for (const row of rows) {
    const password = row.password ? secrets.open(row.password) : '';
    if (password === undefined) {
      failures.push(`${row.name}: 数据源密码无法解密`);
      continue;
    }
    const handle = openDatabase(
      { kind: 'postgres', url: connectionString({ ...row, password }) },
      { poolSize: 1 },
    );
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      failures.push(`${row.name}: ${describeConnectionFailure(error)}`);
    } finally {
      await handle.close();
    }
  }
  return failures;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The master each open tenant database, and each transaction opened in one, is routed from. */
const masterOf = new WeakMap<object, Kysely<Database>>();

/**
 * Where master tables are read and written from business code that holds `db`: the master when `db` is a bound
 * tenant's database or a transaction the routed handle opened there (whose copies of the master tables are
 * empty), `db` itself otherwise — a master transaction, so reads and writes commit with it, or the routed handle,
 * which reads master tables on the master anyway. The free form of {@link TenantDatabases.masterExecutor}, for
 * query code deep in a command that is handed only its transaction (the workflow's people, definitions and
 * notifications; the deadline arithmetic's holidays and parameters). Written there before the routed commit, as
 * `masterExecutor` does.
 */
export function masterSide(db: Executor): Executor {
  return masterOf.get(db) ?? db;
}

/** Business tables are named at run time from the list above. */
// biome-ignore lint/suspicious/noExplicitAny: tables named at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: tables named at run time
type AnyTransaction = Transaction<any>;

/**
 * The bindings (tenant id → datasource id) are cached per instance. A change is broadcast to every instance at the
 * flip's commit (`BINDINGS_CHANNEL`); while that broadcast cannot be relied on (no store started, Redis down) they
 * are re-read after this long.
 */
const BINDINGS_TTL_MS = 5_000;
const BINDINGS_CHANNEL = 'datasource-bindings';

/**
 * A transaction in a bound tenant's database, opened by the routed handle: each transaction it runs is known to
 * {@link masterSide} as the tenant's, so master tables are reached on the master from inside it.
 */
function tenantTransaction(tenant: Kysely<Database>, master: Kysely<Database>) {
  const builder = tenant.transaction();
  const execute = builder.execute.bind(builder);
  return Object.assign(builder, {
    execute: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
      execute((trx) => {
        masterOf.set(trx, master);
        return work(trx);
      }),
  });
}

export class TenantDatabases {
  /** The master database for everything but the routed business tables of a bound request tenant. */
  readonly routed: DatabaseHandle;
  private readonly handles = new Map<string, Promise<DatabaseHandle>>();
  private readonly observers: Array<{
    tables: readonly string[];
    listener: WriteListener;
    stops: Array<() => void>;
  }> = [];
  private bindings: Promise<Map<string, string>> | undefined;
  private loadedAt = 0;
  private store: SharedStore | undefined;
  private subscription: Subscription | undefined;

  constructor(
    private readonly master: DatabaseHandle,
    readonly secrets: SecretBox,
  ) {
    this.routed = this.routedHandle();
    // A bind or unbind: this instance forgets its bindings at the commit, and tells the others before the move
    // goes on (the listener is awaited by the committing statement's caller).
    master.observeWrites(['cube_tenant', 'cube_datasource'], async () => {
      this.bindings = undefined;
      if (this.store && this.subscription)
        await this.store.publish(BINDINGS_CHANNEL, 'changed').catch(() => false);
    });
  }

  /** Listens to other instances' binding changes (without it, or while Redis is down, the TTL applies). */
  async start(store: SharedStore): Promise<void> {
    if (!this.supported || this.subscription) return;
    this.store = store;
    const forget = () => {
      this.bindings = undefined;
    };
    this.subscription = await store.subscribe(BINDINGS_CHANNEL, { message: forget, reset: forget });
  }

  /** Whether tenants can be bound here at all (a PostgreSQL master; SQLite stays the single-file default). */
  get supported(): boolean {
    return this.master.kind === 'postgres';
  }

  /** Called by access control once the request's tenant is known: binds that tenant's database, if any. */
  async bindRequest(tenantId: string): Promise<void> {
    if (!this.supported) return;
    bindRequestDatabase(tenantId, await this.databaseOf(tenantId));
  }

  /**
   * Called by the public site once the domain has named the site's tenant: that tenant's database serves the rest
   * of the (anonymous) request, inside its tenant scope (`withTenantScope` keeps it). A signed-in request has its
   * own tenant's database bound already and must not be given another's: refused as a programming error.
   */
  async bindSite(tenantId: string): Promise<void> {
    if (!this.supported || !tenantId) return;
    const database = await this.databaseOf(tenantId);
    // A public request starts with no database bound: a tenant on the master needs nothing.
    if (!database) return;
    if (requestScopeTenant() !== '') throw new Error('a public site bound in a signed-in request');
    bindRequestDatabase(tenantId, database);
  }

  /**
   * Runs `work` as `tenantId`'s outside a request (jobs, the seed): its row scope, with its own database bound
   * when it has one, so the routed handle reaches that tenant's business tables. On SQLite: the row scope only.
   */
  async withTenantDatabase<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    if (!this.supported) return withTenantScope(tenantId, work);
    return withScopedDatabase(tenantId, await this.databaseOf(tenantId), work);
  }

  /**
   * Where master tables are read and written while a routed transaction is open (a lead stored in the tenant's
   * database announces itself to users on the master): `routedTrx` itself for a tenant on the master, so both
   * commit together; the master otherwise — a routed transaction never reads master tables through its own
   * handle, which is the tenant's database. Written there before the routed commit: a failed commit can leave an
   * announcement of a row that is not there (the notification links to the list, which then lacks it).
   */
  masterExecutor(routedTrx: Transaction<Database>): Kysely<Database> | Transaction<Database> {
    return masterSide(routedTrx);
  }

  /** The tenants bound to a database of their own (none on SQLite). */
  async boundTenants(): Promise<string[]> {
    if (!this.supported) return [];
    return [...(await this.currentBindings()).keys()];
  }

  /**
   * Runs a background scan once per database holding business rows: `scan(undefined)` on the master (under the
   * platform row scope, every tenant still there), then `scan(tenantId)` inside `withTenantDatabase` for each bound
   * tenant, so the routed handle reaches that tenant's database (which holds that tenant's rows only). A tenant
   * database that fails is reported to `failed` and skipped; the master and the other tenants are still scanned.
   */
  async eachDatabase(
    scan: (tenantId: string | undefined) => Promise<number>,
    failed: (tenantId: string, error: unknown) => void = () => {},
  ): Promise<number> {
    let total = await withPlatformScope(() => scan(undefined));
    for (const tenantId of await this.boundTenants()) {
      try {
        total += await this.withTenantDatabase(tenantId, () => scan(tenantId));
      } catch (error) {
        failed(tenantId, error);
      }
    }
    return total;
  }

  /**
   * Reads from every database holding business rows, all at once: `read(undefined)` on the master under the
   * platform row scope (every tenant still there), `read(tenantId)` inside `withTenantDatabase` for each bound
   * tenant (that tenant's rows only) — the platform administrator's views across tenants. Answers the master's
   * share first, then the bound tenants'. A tenant database that fails is reported to `failed` and left out, as
   * `eachDatabase` does, so one database down does not take the view with it; without `failed` its failure fails
   * the read (a check that must see every database, such as whether a definition still has running instances).
   */
  async fromEveryDatabase<T>(
    read: (tenantId: string | undefined) => Promise<T>,
    failed?: (tenantId: string, error: unknown) => void,
  ): Promise<Array<{ tenantId: string | undefined; value: T }>> {
    const shares = await Promise.all([
      withPlatformScope(() => read(undefined)).then((value) => ({ tenantId: undefined, value })),
      ...(await this.boundTenants()).map(async (tenantId) => {
        try {
          return { tenantId, value: await this.withTenantDatabase(tenantId, () => read(tenantId)) };
        } catch (error) {
          if (!failed) throw error;
          failed(tenantId, error);
          return undefined;
        }
      }),
    ]);
    return shares.filter((s) => s !== undefined);
  }

  /**
   * Page `current` of `size` of a list whose rows are spread over every database ({@link fromEveryDatabase}):
   * each database answers its first `current × size` rows in the list's order and its count (`read(tenantId,
   * first)`, as page 1 of size `first`); the shares are merged by `order` — which must be the order the databases
   * sorted by, ending in a unique key — and the page is cut from the merge. The total is the sum of the counts.
   * A page deep in the list reads that many rows from each database: fine for lists paged by people, not for
   * exports. A database left out (down, reported to `failed`) is missing from the rows and the total alike.
   */
  async pageOfEveryDatabase<R>(
    page: { current: number; size: number },
    read: (tenantId: string | undefined, first: number) => Promise<{ records: R[]; total: number }>,
    order: (a: R, b: R) => number,
    failed?: (tenantId: string, error: unknown) => void,
  ): Promise<IPage<R>> {
    const first = page.current * page.size;
    const shares = await this.fromEveryDatabase((tenantId) => read(tenantId, first), failed);
    const merged = shares.flatMap((s) => s.value.records.slice(0, first)).sort(order);
    const total = shares.reduce((sum, s) => sum + s.value.total, 0);
    return toPage(merged.slice(first - page.size, first), total, page.current, page.size);
  }

  /** The pooled handle's Kysely of the tenant's bound database; undefined for a tenant on the master. */
  private async databaseOf(tenantId: string): Promise<Kysely<Database> | undefined> {
    const datasourceId = (await this.currentBindings()).get(tenantId);
    return datasourceId ? (await this.handle(datasourceId)).db : undefined;
  }

  /** The open handle of a datasource (pooled by its pool size), opened on first use. */
  handle(datasourceId: string): Promise<DatabaseHandle> {
    let opened = this.handles.get(datasourceId);
    if (!opened) {
      opened = this.open(datasourceId);
      this.handles.set(datasourceId, opened);
      opened.catch(() => this.handles.delete(datasourceId));
    }
    return opened;
  }

  /** Closes a datasource's handle (after its settings changed); the next use opens it again. */
  async forget(datasourceId: string): Promise<void> {
    const opened = this.handles.get(datasourceId);
    this.handles.delete(datasourceId);
    this.bindings = undefined;
    if (opened) await (await opened.catch(() => undefined))?.close();
  }

  async close(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
    const all = [...this.handles.values()];
    this.handles.clear();
    await Promise.all(all.map(async (h) => (await h.catch(() => undefined))?.close()));
  }

  /** The stored connection settings of a live datasource, its password opened; undefined when there is none. */
  async connectionOf(db: Executor, datasourceId: string): Promise<DatasourceConnection | undefined> {
    const row = await db
      .selectFrom('cubeDatasource')
      .select(['url', 'username', 'password', 'poolSize'])
      .where('id', '=', datasourceId)
      .$call(live)
      .executeTakeFirst();
    if (!row) return undefined;
    const password = row.password ? this.secrets.open(row.password) : '';
    if (password === undefined) throw new Error('数据源密码无法解密，请重新输入密码');
    return { url: row.url, username: row.username, password, poolSize: row.poolSize };
  }

  /**
   * Moves one tenant's business rows from the database serving it now to `toDatasourceId`'s ('' = the master) and
   * flips `cube_tenant.datasource_id`. The target gets the same migrations first. The source's business tables are
   * locked (share mode: reads go on, writes wait) while the rows are read, copied in one target transaction and the
   * binding flipped; the source's rows are deleted last. Any failure before the flip leaves the binding and the
   * source as they were (a copy left in the target is replaced by the next bind). Refuses a target that holds
   * rows of another tenant, and a move that finds the binding changed by another one meanwhile.
   */
  async move(
    tenant: { id: string; tenantId: string; datasourceId: string },
    toDatasourceId: string,
    flip: (trx: Transaction<Database>) => Promise<void>,
    refuse: (reason: 'occupied' | 'changed') => Error,
  ): Promise<void> {
    const source = tenant.datasourceId ? await this.handle(tenant.datasourceId) : this.master;
    const target = toDatasourceId ? await this.openFresh(toDatasourceId) : this.master;
    try {
      if (target !== this.master) await migrateToLatest(target.db);
      await withPlatformScope(() =>
        (source.db as AnyDb).transaction().execute(async (strx) => {
          // Share row exclusive: reads go on, writes wait, and so does another move (the mode conflicts with
          // itself), which then finds the binding changed below and is refused instead of copying again.
          for (const table of TENANT_DATABASE_TABLES)
            await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(strx);
          const bound = await (source === this.master ? (strx as Transaction<Database>) : this.master.db)
            .selectFrom('cubeTenant')
            .select('datasourceId')
            .where('id', '=', tenant.id)
            .executeTakeFirst();
          if (String(bound?.datasourceId ?? '') !== tenant.datasourceId) throw refuse('changed');
          const rows = new Map<string, Array<Record<string, unknown>>>();
          for (const table of TENANT_DATABASE_TABLES)
            rows.set(
              table,
              await strx
                .selectFrom(camel(table))
                .selectAll()
                .where('tenantId', '=', tenant.tenantId)
                .execute(),
            );
          const copy = async (ttrx: AnyTransaction) => {
            if (target !== this.master)
              for (const table of TENANT_DATABASE_TABLES) {
                const other = await ttrx
                  .selectFrom(camel(table))
                  .select('tenantId')
                  .where('tenantId', '<>', tenant.tenantId)
                  .limit(1)
                  .executeTakeFirst();
                if (other) throw refuse('occupied');
              }
            // A copy left by an earlier, failed or undone, bind: the source is the truth. Children go first.
            for (const table of [...TENANT_DATABASE_TABLES].reverse())
              await ttrx.deleteFrom(camel(table)).where('tenantId', '=', tenant.tenantId).execute();
            for (const table of TENANT_DATABASE_TABLES) {
              const all = rows.get(table) ?? [];
              for (let i = 0; i < all.length; i += 200)
                await ttrx
                  .insertInto(camel(table))
                  .values(all.slice(i, i + 200))
                  .execute();
            }
          };
          if (target === this.master) {
            // Unbinding: the copy and the flip commit together on the master.
            await (this.master.db as AnyDb).transaction().execute(async (mtrx) => {
              await copy(mtrx);
              await flip(mtrx as Transaction<Database>);
            });
          } else {
            await (target.db as AnyDb).transaction().execute(copy);
            if (source === this.master) await flip(strx as Transaction<Database>);
            else await this.master.db.transaction().execute(flip);
          }
          for (const table of [...TENANT_DATABASE_TABLES].reverse())
            await strx.deleteFrom(camel(table)).where('tenantId', '=', tenant.tenantId).execute();
        }),
      );
    } finally {
      if (target !== this.master) await target.close();
      this.bindings = undefined;
    }
  }

  private async currentBindings(): Promise<Map<string, string>> {
    const expired = !this.subscription?.live && Date.now() - this.loadedAt > BINDINGS_TTL_MS;
    if (!this.bindings || expired) {
      this.loadedAt = Date.now();
      const loading = withPlatformScope(() =>
        this.master.db
          .selectFrom('cubeTenant')
          .select(['tenantId', 'datasourceId'])
          .where('datasourceId', 'is not', null)
          .$call(live)
          .execute(),
      ).then((rows) => new Map(rows.map((r) => [r.tenantId, String(r.datasourceId)])));
      this.bindings = loading;
      loading.catch(() => {
        if (this.bindings === loading) this.bindings = undefined;
      });
    }
    return this.bindings;
  }

  /** A handle of its own for a move (closed after it), so a failed move leaves no pool behind. */
  private async openFresh(datasourceId: string): Promise<DatabaseHandle> {
    const ds = await withPlatformScope(() => this.connectionOf(this.master.db, datasourceId));
    if (!ds) throw new Error('数据源不存在');
    const handle = this.openWith(ds);
    try {
      await handle.ping();
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }

  private async open(datasourceId: string): Promise<DatabaseHandle> {
    const ds = await withPlatformScope(() => this.connectionOf(this.master.db, datasourceId));
    if (!ds) throw new Error(`datasource ${datasourceId} is gone`);
    return this.openWith(ds);
  }

  /**
   * Opens a pool without connecting: a tenant database that is down fails only the queries routed to it (a 503,
   * `platform/error-reply.ts`), never the tenant's sign-in or its other screens.
   */
  private openWith(ds: DatasourceConnection): DatabaseHandle {
    const handle = openDatabase({ kind: 'postgres', url: connectionString(ds) }, { poolSize: ds.poolSize });
    masterOf.set(handle.db, this.master.db);
    for (const o of this.observers) o.stops.push(handle.observeWrites(o.tables, o.listener));
    return handle;
  }

  /**
   * The master handle, except that while a request of a bound tenant runs, queries on the routed tables and
   * transactions go to that tenant's database. Write observers hear both.
   */
  private routedHandle(): DatabaseHandle {
    const master = this.master;
    const db = new Proxy(master.db, {
      get(target, prop) {
        const tenant = currentScopedDatabase<Kysely<Database>>();
        if (tenant && prop === 'transaction') return () => tenantTransaction(tenant, target);
        const chosen = tenant && prop === 'connection' ? tenant : target;
        const value = Reflect.get(chosen, prop, chosen);
        if (typeof value !== 'function') return value;
        if (tenant && TABLE_METHODS.has(prop))
          return (from: unknown, ...rest: unknown[]) => {
            const on = routedTable(from) ? tenant : target;
            return (Reflect.get(on, prop, on) as (...a: unknown[]) => unknown).call(on, from, ...rest);
          };
        return value.bind(chosen);
      },
    });
    return {
      ...master,
      db,
      observeWrites: (tables, listener) => {
        const observer = { tables, listener, stops: [master.observeWrites(tables, listener)] };
        this.observers.push(observer);
        // Tenant handles open lazily, after the modules have registered their observers: openWith gives them each.
        return () => {
          const at = this.observers.indexOf(observer);
          if (at >= 0) this.observers.splice(at, 1);
          for (const stop of observer.stops) stop();
        };
      },
    };
  }
}
