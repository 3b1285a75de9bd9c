import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_platform.js';
import * as m0002 from './migrations/0002_console.js';
import * as m0003 from './migrations/0003_row_security.js';
import * as m0004 from './migrations/0004_tenancy.js';
import * as m0005 from './migrations/0005_authority.js';
import * as m0006 from './migrations/0006_users.js';
import * as m0007 from './migrations/0007_menus.js';
import * as m0009 from './migrations/0009_logs.js';
import * as m0010 from './migrations/0010_resources.js';
import * as m0011 from './migrations/0011_site.js';
import * as m0012 from './migrations/0012_leads.js';
import * as m0013 from './migrations/0013_patent.js';
import * as m0014 from './migrations/0014_signin.js';
import * as m0015 from './migrations/0015_flow.js';
import * as m0016 from './migrations/0016_signin_providers.js';
import * as m0017 from './migrations/0017_jobs.js';
import * as m0018 from './migrations/0018_notifications.js';
import * as m0019 from './migrations/0019_patent_documents.js';
import * as m0020 from './migrations/0020_lead_consent.js';
import * as m0021 from './migrations/0021_datasource.js';
import { withPlatformScope } from './row-scope.js';

/**
 * Migrations are listed in code (not read from disk) so that the compiled server and the tests run the same set,
 * in the order of their names (the order they run in); a test checks the list against the migration files.
 */
const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_console': m0002,
  '0003_row_security': m0003,
  '0004_tenancy': m0004,
  '0005_authority': m0005,
  '0006_users': m0006,
  '0007_menus': m0007,
  '0009_logs': m0009,
  '0010_resources': m0010,
  '0011_site': m0011,
  '0012_leads': m0012,
  '0013_patent': m0013,
  '0014_signin': m0014,
  '0015_flow': m0015,
  '0016_signin_providers': m0016,
  '0017_jobs': m0017,
  '0018_notifications': m0018,
  '0019_patent_documents': m0019,
  '0020_lead_consent': m0020,
  '0021_datasource': m0021,
};

/** The names of the migrations, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations do not know the app's table types
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Migrations name columns in snake_case themselves; the app's camelCase plugin must not touch them.
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: new StaticMigrationProvider(),
    migrationTableName: 'cube_migration',
    migrationLockTableName: 'cube_migration_lock',
    // Areas add numbered migrations in parallel; one numbered below an applied one still runs (they are independent).
    allowUnorderedMigrations: true,
  });
  // Migrations may move any tenant's rows, so they run in the platform row scope.
  const { error, results } = await withPlatformScope(() => migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
