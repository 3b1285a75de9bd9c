import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  SqliteDialect,
  SqliteQueryCompiler,
  type SqliteStatement,
  type UnknownRow,
} from 'kysely';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { currentRowScope, enableRowScopes } from './row-scope.js';
import type { Database } from './types.js';

export type DialectKind = 'sqlite' | 'postgres';

/** Told which watched tables a committed write touched (see {@link DatabaseHandle.observeWrites}). */
export type WriteListener = (tables: ReadonlySet<string>) => Promise<void> | void;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DialectKind;
  /** Cheap round trip for readiness probes. */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool now (metrics); SQLite has none. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * Calls `listener` after every statement that inserts into, updates or deletes from one of `tables` (SQL names,
   * e.g. `cube_user`) has taken effect: at once outside a transaction, at commit inside one (a rollback tells
   * nothing). The statement's caller waits for the listener, so a cache it clears is clear before the write's
   * request answers. Any statement run through `db` is seen, whoever builds it; returns a function that stops it.
   * A listener must not query the database: it runs while the statement's connection is still held.
   */
  observeWrites(tables: readonly string[], listener: WriteListener): () => void;
}

/** Columns that carry 64-bit ids: serialized as strings whatever the driver returns. */
const ID_KEY = /^(id|.*Id|createUser|updateUser|createDept)$/;

/**
 * The column naming and value conventions of both drivers, in one pass per row: names are camelCase in code and
 * snake_case in SQL (Kysely's CamelCasePlugin rules), and 64-bit integers — bigint from either driver (see the
 * driver settings below) — leave as strings for id columns and numbers for everything else, so handlers never see
 * a driver difference.
 *
 * Unlike CamelCasePlugin it does not rewrite every query's operation tree into a snake_case copy (a fifth of the
 * cost of building a query): the dialects' compilers below snake_case each identifier as they write it. Both name
 * mappings are memoized; the names come from code, not from input.
 */
class PortableNamesPlugin extends CamelCasePlugin {
  private readonly snakeNames = new Map<string, string>();
  private readonly camelNames = new Map<string, string>();
  private readonly idNames = new Map<string, boolean>();
  /** Row arrays built portable already (SQLite's statements below): passed through as they are. */
  readonly portableRows = new WeakSet<object>();

  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!Array.isArray(rows) || rows.length === 0 || this.portableRows.has(rows)) return args.result;
    const portable = new Array<UnknownRow>(rows.length);
    for (let i = 0; i < rows.length; i++) portable[i] = this.portableRow(rows[i] as UnknownRow);
    return { ...args.result, rows: portable };
  }

  private portableRow(row: UnknownRow): UnknownRow {
    const out: UnknownRow = {};
    for (const key of Object.keys(row)) {
      const name = this.camelCase(key);
      let value = row[key];
      if (typeof value === 'bigint') {
        value = this.isIdName(name) ? value.toString() : Number(value);
      } else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
        // Nested objects (JSON columns): CamelCasePlugin's own rules.
        value = this.mapRow({ v: value }).v;
      }
      out[name] = value;
    }
    return out;
  }

  /**
   * The rows of a PostgreSQL result read in array mode ({@link readPortably}), as {@link portableRow} would make them
   * from pg's own row objects: names and the conversion of each column are worked out once per result, and each row
   * is built once. 64-bit integers (int8) arrive as their text: ids stay text, other int8 values become numbers —
   * what the bigint of the driver's own parser became.
   */
  portableRowsOf(
    fields: ReadonlyArray<{ name: string; dataTypeID: number }>,
    raw: unknown[][],
  ): UnknownRow[] {
    const count = fields.length;
    const names = new Array<string>(count);
    const numeric = new Array<boolean>(count);
    for (let c = 0; c < count; c++) {
      const field = fields[c] as { name: string; dataTypeID: number };
      const name = this.camelCase(field.name);
      names[c] = name;
      numeric[c] = field.dataTypeID === PG_INT8 && !this.isIdName(name);
    }
    const rows = new Array<UnknownRow>(raw.length);
    for (let r = 0; r < raw.length; r++) {
      const values = raw[r] as unknown[];
      const row: UnknownRow = {};
      for (let c = 0; c < count; c++) {
        let value = values[c];
        if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
          value = this.mapRow({ v: value }).v;
        } else if (numeric[c] && typeof value === 'string') {
          value = Number(value);
        }
        row[names[c] as string] = value;
      }
      rows[r] = row;
    }
    this.portableRows.add(rows);
    return rows;
  }

  /** For the compilers: the SQL name of a code identifier. */
  sqlName(identifier: string): string {
    return this.snakeCase(identifier);
  }

  /** The code name of a result column. */
  codeName(column: string): string {
    return this.camelCase(column);
  }

  /** Whether a column (by code name) carries 64-bit ids, serialized as strings. */
  isIdName(name: string): boolean {
    let id = this.idNames.get(name);
    if (id === undefined) {
      id = ID_KEY.test(name);
      this.idNames.set(name, id);
    }
    return id;
  }

  protected override snakeCase(str: string): string {
    return memo(this.snakeNames, str, (s) => super.snakeCase(s));
  }

  protected override camelCase(str: string): string {
    return memo(this.camelNames, str, (s) => super.camelCase(s));
  }
}

function memo(map: Map<string, string>, key: string, compute: (key: string) => string): string {
  let value = map.get(key);
  if (value === undefined) {
    value = compute(key);
    if (map.size >= 10_000) map.clear();
    map.set(key, value);
  }
  return value;
}

/** SQLite's compiler, writing each identifier in its SQL (snake_case) form. */
class SqliteNamesCompiler extends SqliteQueryCompiler {
  constructor(private readonly names: PortableNamesPlugin) {
    super();
  }

  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(this.names.sqlName(identifier));
  }
}

/** PostgreSQL's compiler, writing each identifier in its SQL (snake_case) form. */
class PostgresNamesCompiler extends PostgresQueryCompiler {
  constructor(private readonly names: PortableNamesPlugin) {
    super();
  }

  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(this.names.sqlName(identifier));
  }
}

/**
 * SQLite's page cache per connection, in SQLite's `cache_size` terms (negative: KiB): SQLite's own default of 2 MiB.
 * better-sqlite3 builds SQLite with 16 MiB instead. A scan fills the cache (the bench's 100,000-user page did) and
 * its pages then stay resident for good: allocated page by page between the process's other allocations, they are
 * not given back to the system even when SQLite frees them (glibc returns only the free top of its heap) — 16 MiB
 * of the idle RSS after a mixed load (bench: 131 → 118 MiB). The hot queries' CPU is the same at 2, 4, 8 and 16 MiB
 * (the 100,000-user page's count and page queries: 46–52 ms at every size, within the noise); reads beyond the
 * cache come from the operating system's file cache.
 */
export const SQLITE_CACHE_SIZE = -2000;

/** Each driver is loaded only when its kind of database is opened (both are CommonJS, so synchronously). */
const requireDriver = createRequire(import.meta.url);
const loadSqlite = () => requireDriver('better-sqlite3') as typeof SQLite;
const loadPg = () => requireDriver('pg') as typeof pg;

/** Drops fractional seconds so that PostgreSQL timestamps read exactly like the SQLite text we store. */
function parseTimestamp(value: string): string {
  const dot = value.indexOf('.');
  return dot === -1 ? value : value.slice(0, dot);
}

let pgTypesConfigured = false;
function configurePgTypes(): void {
  if (pgTypesConfigured) return;
  const { types } = loadPg();
  types.setTypeParser(types.builtins.INT8, (v) => BigInt(v));
  types.setTypeParser(types.builtins.TIMESTAMP, parseTimestamp);
  pgTypesConfigured = true;
}

/** PostgreSQL's type oids read specially: int8 and timestamp without time zone. */
const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;

/**
 * The type parsers of the statements Kysely runs ({@link readPortably}): int8 as its text (the rows are built by
 * {@link PortableNamesPlugin.portableRowsOf}, which knows each column's type and name, so no bigint is made only to
 * be turned back into a string), timestamps as in {@link configurePgTypes}, everything else as pg parses it.
 */
function portableTypes(types: typeof pg.types): { getTypeParser: typeof pg.types.getTypeParser } {
  const text = (value: string) => value;
  const getTypeParser = ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === PG_INT8) return text;
    if (format !== 'binary' && oid === PG_TIMESTAMP) return parseTimestamp;
    return types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser;
  return { getTypeParser };
}

/**
 * Has a pooled client answer Kysely's statements (`query(sql, parameters)`, the only call Kysely's PostgreSQL
 * connection makes) in pg's array mode, with rows built portable in one pass by `names`: one object per row instead
 * of pg's row object and then a renamed copy, and no bigint per 64-bit value. Every other call (a callback, a
 * cursor, a config object) reaches pg as it is. A multi-statement text answers several results; those pass as pg
 * gives them, as before.
 */
function readPortably(
  client: pg.PoolClient,
  names: PortableNamesPlugin,
  types: ReturnType<typeof portableTypes>,
) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const portable = (...args: unknown[]): Promise<unknown> => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args);
    return query({ text, values, rowMode: 'array', types }).then((result) => {
      if (Array.isArray(result)) return result;
      const { command, rowCount, fields, rows } = result as pg.QueryArrayResult;
      return { command, rowCount, rows: fields ? names.portableRowsOf(fields, rows) : rows };
    });
  };
  (client as unknown as { query: typeof portable }).query = portable;
}

/**
 * Hands every query a connection that carries the current row scope (`cube.tenant_id`, see
 * `db/row-scope.ts`). The value is set at checkout, outside any transaction, so it holds for whatever
 * the connection runs until its next checkout; a connection remembers its value and is only told again when
 * the scope differs. Behind PgBouncer this needs session pooling (transaction pooling would move the setting
 * to another client's connection).
 */
class RowScopedPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly observers: Set<Observer>,
    private readonly names: PortableNamesPlugin,
  ) {
    super(config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PostgresNamesCompiler(this.names);
  }

  override createDriver(): Driver {
    const driver = watchWrites(super.createDriver(), this.observers);
    const scopes = new WeakMap<DatabaseConnection, string>();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      const connection = await acquire();
      const scope = currentRowScope();
      if (scopes.get(connection) === scope) return connection;
      try {
        await connection.executeQuery(
          CompiledQuery.raw("select set_config('cube.tenant_id', $1, false)", [scope]),
        );
      } catch (error) {
        scopes.delete(connection);
        await driver.releaseConnection(connection);
        throw error;
      }
      scopes.set(connection, scope);
      return connection;
    };
    return driver;
  }
}

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with its prepared statements kept by SQL text (least recently
 * used out first). Kysely prepares every statement it runs; preparing costs more than running one of our
 * primary-key or page queries, and a server runs the same few hundred texts over and over. Statements are only
 * run with `all`/`run` (synchronous, so never busy when reused); schema changes re-prepare them inside SQLite.
 */
class StatementCache implements SqliteDatabase {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly names: PortableNamesPlugin,
    private readonly capacity = 500,
  ) {}

  prepare(sql: string): SqliteStatement {
    const statements = this.statements;
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = new PortableStatement(this.sqlite.prepare(sql), this.names);
      if (statements.size >= this.capacity) statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, statement);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}

/**
 * A reading statement in raw mode (arrays), turned into rows with code names and portable values in one pass:
 * one object per row instead of better-sqlite3's snake_case object and then a renamed copy. Column names and
 * which of them carry ids are worked out once per statement. Writing statements pass straight through.
 */
class PortableStatement implements SqliteStatement {
  readonly reader: boolean;
  private names: string[] | undefined;
  private ids: boolean[] | undefined;

  constructor(
    private readonly statement: SQLite.Statement,
    private readonly naming: PortableNamesPlugin,
  ) {
    this.reader = statement.reader;
    if (this.reader) statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const raw = this.statement.all(parameters as unknown[]) as unknown[][];
    const rows = new Array<UnknownRow>(raw.length);
    for (let i = 0; i < raw.length; i++) rows[i] = this.toRow(raw[i] as unknown[]);
    this.naming.portableRows.add(rows);
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.statement.run(parameters as unknown[]);
  }

  /** Streaming: rows as the database names them; the plugin renames each streamed batch. */
  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const columns = this.statement.columns().map((c) => c.name);
    for (const raw of this.statement.iterate(parameters as unknown[])) {
      const row: UnknownRow = {};
      for (let c = 0; c < columns.length; c++) row[columns[c] as string] = (raw as unknown[])[c];
      yield row;
    }
  }

  private toRow(raw: unknown[]): UnknownRow {
    if (!this.names) {
      this.names = this.statement.columns().map((c) => this.naming.codeName(c.name));
      this.ids = this.names.map((n) => this.naming.isIdName(n));
    }
    const names = this.names;
    const ids = this.ids as boolean[];
    const row: UnknownRow = {};
    for (let c = 0; c < raw.length; c++) {
      const value = raw[c];
      row[names[c] as string] =
        typeof value === 'bigint' ? (ids[c] ? value.toString() : Number(value)) : value;
    }
    return row;
  }
}

/** Tables written by a statement: cheap for reads (the first keyword decides), a scan of the text otherwise. */
const WRITE_TARGET = /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?(\w+)"?/gi;
function writtenTables(sql: string): string[] | null {
  const first = sql.charCodeAt(0) | 0x20;
  // select, savepoint, set_config (row scope), begin, commit, release, pragma: nothing to watch.
  if (first === 0x73 || first === 0x62 || first === 0x63 || first === 0x70) return null;
  const tables: string[] = [];
  for (const match of sql.matchAll(WRITE_TARGET)) tables.push((match[1] as string).toLowerCase());
  return tables.length ? tables : null;
}

interface Observer {
  tables: ReadonlySet<string>;
  listener: WriteListener;
}

/**
 * Wraps a driver so that `observers` hear of committed writes to their tables. Connections are wrapped once, at
 * their first checkout; a connection inside a transaction collects what it wrote until commit.
 */
function watchWrites(driver: Driver, observers: Set<Observer>): Driver {
  const inTransaction = new WeakMap<DatabaseConnection, Set<string>>();
  const wrapped = new WeakSet<DatabaseConnection>();
  const notify = async (tables: Iterable<string>) => {
    for (const observer of observers) {
      const touched = new Set<string>();
      for (const table of tables) if (observer.tables.has(table)) touched.add(table);
      if (touched.size) await observer.listener(touched);
    }
  };
  const wrap = (connection: DatabaseConnection) => {
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery) => {
      const result = await execute<R>(query);
      if (observers.size === 0) return result;
      const tables = writtenTables(query.sql);
      if (tables) {
        const pending = inTransaction.get(connection);
        if (pending) for (const table of tables) pending.add(table);
        else await notify(tables);
      }
      return result;
    };
    wrapped.add(connection);
  };
  const acquire = driver.acquireConnection.bind(driver);
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);
  driver.acquireConnection = async () => {
    const connection = await acquire();
    if (!wrapped.has(connection)) wrap(connection);
    return connection;
  };
  driver.beginTransaction = async (connection, settings) => {
    await begin(connection, settings);
    inTransaction.set(connection, new Set());
  };
  driver.commitTransaction = async (connection) => {
    const pending = inTransaction.get(connection);
    inTransaction.delete(connection);
    await commit(connection);
    if (pending?.size) await notify(pending);
  };
  driver.rollbackTransaction = async (connection) => {
    inTransaction.delete(connection);
    await rollback(connection);
  };
  return driver;
}

class WatchedSqliteDialect extends SqliteDialect {
  constructor(
    database: SqliteDatabase,
    private readonly observers: Set<Observer>,
    private readonly names: PortableNamesPlugin,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return watchWrites(super.createDriver(), this.observers);
  }

  override createQueryCompiler(): QueryCompiler {
    return new SqliteNamesCompiler(this.names);
  }
}

const observeWith =
  (observers: Set<Observer>): DatabaseHandle['observeWrites'] =>
  (tables, listener) => {
    const observer = { tables: new Set(tables), listener };
    observers.add(observer);
    return () => {
      observers.delete(observer);
    };
  };

export interface OpenOptions {
  poolSize?: number;
  /** Sees every SQL statement (tests use it to prove what reaches the database). */
  onQuery?: (sql: string) => void;
}

export function openDatabase(database: AppConfig['database'], options: OpenOptions = {}): DatabaseHandle {
  const log = options.onQuery ? (event: LogEvent) => options.onQuery?.(event.query.sql) : undefined;
  const observers = new Set<Observer>();
  const names = new PortableNamesPlugin();
  if (database.kind === 'postgres') {
    configurePgTypes();
    // Row-level security needs each piece of work to carry its tenant (db/row-scope.ts); SQLite never pays for it.
    enableRowScopes();
    const pool = new (loadPg().Pool)({
      connectionString: database.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client dropped by the server emits 'error' on the pool; unhandled, it would kill the process.
    pool.on('error', () => {});
    // So does a client that is checked out but between queries (a transaction awaiting its caller) when the server
    // ends it (restart, failover): pg-pool listens only to idle clients. The next query on it fails instead (a 503,
    // platform/error-reply.ts) and the pool then drops it (without this, a PostgreSQL restart killed an instance).
    const types = portableTypes(loadPg().types);
    pool.on('connect', (client) => {
      client.on('error', () => {});
      readPortably(client, names, types);
    });
    const db = new Kysely<Database>({
      dialect: new RowScopedPostgresDialect({ pool }, observers, names),
      plugins: [names],
      log,
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({
        max: pool.options.max ?? 10,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
      observeWrites: observeWith(observers),
    };
  }
  const Sqlite = loadSqlite();
  const sqlite = new Sqlite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = ${SQLITE_CACHE_SIZE}`);
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<Database>({
    dialect: new WatchedSqliteDialect(new StatementCache(sqlite, names), observers, names),
    plugins: [names],
    log,
  });
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
    observeWrites: observeWith(observers),
  };
}
