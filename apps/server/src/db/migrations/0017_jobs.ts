import type { Kysely } from 'kysely';

/**
 * Scheduled jobs (`platform/jobs.ts`): the shared schedule that makes a periodic job run once per period
 * across every instance, not once per instance. A platform table (no tenant): no row-level security.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_job')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'bigint')
    .addColumn('run_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_started_at', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .addColumn('last_status', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_duration_ms', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cube_job').execute();
}
