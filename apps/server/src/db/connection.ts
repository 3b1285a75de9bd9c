import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type LogEvent,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { currentRowScope } from './row-scope.js';
import type { Database } from './types.js';

export type DialectKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DialectKind;
  /** Cheap round trip for readiness probes. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Columns that carry 64-bit ids: serialized as strings whatever the driver returns (contract §1.2). */
const ID_KEY = /^(id|.*Id|createUser|updateUser|createDept)$/;

function normalizeValue(key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return ID_KEY.test(key) ? value.toString() : Number(value);
  return value;
}

/**
 * Makes both drivers return the same JavaScript values: 64-bit integers arrive as bigint from either driver
 * (see the driver settings below) and leave here as strings for id columns and numbers for everything else.
 */
class PortableValuesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) row[key] = normalizeValue(key, row[key]);
    }
    return args.result;
  }
}

/** Drops fractional seconds so that PostgreSQL timestamps read exactly like the SQLite text we store. */
function parseTimestamp(value: string): string {
  const dot = value.indexOf('.');
  return dot === -1 ? value : value.slice(0, dot);
}

let pgTypesConfigured = false;
function configurePgTypes(): void {
  if (pgTypesConfigured) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, parseTimestamp);
  pgTypesConfigured = true;
}

/**
 * Hands every query a connection that carries the current row scope (`cube.tenant_id`, see
 * `db/row-scope.ts`). The value is set at checkout, outside any transaction, so it holds for whatever
 * the connection runs until its next checkout; a connection remembers its value and is only told again when
 * the scope differs. Behind PgBouncer this needs session pooling (transaction pooling would move the setting
 * to another client's connection).
 */
class RowScopedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
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

export const plugins = (): KyselyPlugin[] => [new CamelCasePlugin(), new PortableValuesPlugin()];

export interface OpenOptions {
  poolSize?: number;
  /** Sees every SQL statement (tests use it to prove what reaches the database). */
  onQuery?: (sql: string) => void;
}

export function openDatabase(database: AppConfig['database'], options: OpenOptions = {}): DatabaseHandle {
  const log = options.onQuery ? (event: LogEvent) => options.onQuery?.(event.query.sql) : undefined;
  if (database.kind === 'postgres') {
    configurePgTypes();
    const pool = new pg.Pool({
      connectionString: database.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client dropped by the server emits 'error' on the pool; unhandled, it would kill the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({
      dialect: new RowScopedPostgresDialect({ pool }),
      plugins: plugins(),
      log,
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => db.destroy(),
    };
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: plugins(),
    log,
  });
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
  };
}
