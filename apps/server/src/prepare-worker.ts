import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { inspectRowSecurity, rowSecurityProblem } from './db/row-security.js';
import { configureIds } from './platform/ids.js';
import { datasourceSecrets, migrateTenantDatabases } from './platform/tenant-databases.js';
import { findWorkingDemoAccounts, seed } from './seed/index.js';

/** What the start-up worker answers the main thread (see prepare.ts). */
export type PrepareResult =
  | { ok: true; generatedAdminPassword?: string; warning?: string }
  | { ok: false; configError?: string; error?: string };

/**
 * Migrations, the idempotent seed and the start-up refusals, run in a child process of the server (prepare.ts):
 * the seed's data (regions, menus, site content…) and the garbage of checking it row by row live in this process
 * only and go with it, so the serving process starts without them (its idle memory stays small).
 */
async function prepare(): Promise<PrepareResult> {
  const config = loadConfig();
  configureIds(config.workerId);
  const db = openDatabase(config.database, { poolSize: 1 });
  try {
    await migrateToLatest(db.db);
    const seeded = await seed(db.db, config);
    if (config.production) {
      const working = await findWorkingDemoAccounts(db.db);
      if (working.length > 0) {
        throw new ConfigError(
          `demo accounts still use their public passwords: ${working.join(', ')}; change them before running in production`,
        );
      }
    }
    let warning: string | undefined;
    if (db.kind === 'postgres') {
      const why = rowSecurityProblem(await inspectRowSecurity(db.db));
      if (why) {
        // The tenant wall of the database does not bind this role: production must not run so (T6, D10).
        if (config.production) {
          throw new ConfigError(
            `PostgreSQL row-level security does not apply (${why}); connect as a role without SUPERUSER and BYPASSRLS (docs/operations.md)`,
          );
        }
        warning = `  警告: PostgreSQL 行级安全未生效 (${why})；生产环境将拒绝启动。`;
      }
      // The databases of tenants bound to a datasource of their own get the same migrations.
      const unreached = await migrateTenantDatabases(db, datasourceSecrets(config.jwtSecret));
      if (unreached.length > 0)
        warning = [warning, `  警告: 租户数据库未能迁移 (${unreached.join('; ')})；下次启动时重试。`]
          .filter(Boolean)
          .join('\n');
    }
    return { ok: true, generatedAdminPassword: seeded.generatedAdminPassword, warning };
  } finally {
    await db.close();
  }
}

const answer = (result: PrepareResult) => {
  if (!process.send) throw new Error('prepare-worker runs as a child of the server (prepare.ts)');
  // Exit once the answer is out, whatever handles (pools, timers) are still open.
  process.send(result, () => process.exit(0));
};

prepare().then(answer, (error: unknown) =>
  answer(
    error instanceof ConfigError
      ? { ok: false, configError: error.message }
      : { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  ),
);
