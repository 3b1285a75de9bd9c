import type { CreateTableBuilder, Kysely } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * The usual (business event) and API logs, beside the error log of 0002. Rows are written in
 * batches by the log recorder (platform/log-recorder.ts) and read newest first within a tenant and a time range,
 * so every log table leads an index with (tenant_id, create_time); the retention purge deletes by create_time
 * across tenants, so create_time alone is indexed too (also for cube_log_error). Frozen once released.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const text = (t: Table, name: string): Table => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));

/** BladeX `LogAbstract`: where the row was written and for which request. */
const COMMON_TEXT = [
  'service_id',
  'server_host',
  'server_ip',
  'env',
  'method',
  'request_uri',
  'user_agent',
  'remote_ip',
  'method_class',
  'method_name',
  'params',
  'create_by',
];

function logTable(db: Db, name: string, extraText: string[]): Table {
  let t: Table = db.schema
    .createTable(name)
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
  for (const column of [...COMMON_TEXT, ...extraText]) t = text(t, column);
  return t;
}

export async function up(db: Db): Promise<void> {
  await logTable(db, 'cube_log_usual', ['log_level', 'log_id', 'title', 'log_data'])
    .addColumn('user_id', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    // Never set (logs are not deleted one by one): present so the tenant data access serves it like every table.
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await logTable(db, 'cube_log_api', ['type', 'title'])
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    // Duration in milliseconds (BladeX `time`).
    .addColumn('time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const table of ['cube_log_usual', 'cube_log_api']) {
    const short = table.replace('cube_', '');
    await db.schema.createIndex(`ix_${short}_time`).on(table).columns(['tenant_id', 'create_time']).execute();
    await enableTenantRowSecurity(db, table);
  }
  for (const table of ['cube_log_usual', 'cube_log_api', 'cube_log_error']) {
    await db.schema
      .createIndex(`ix_${table.replace('cube_', '')}_purge`)
      .on(table)
      .column('create_time')
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('ix_log_error_purge').ifExists().execute();
  await db.schema.dropTable('cube_log_api').ifExists().execute();
  await db.schema.dropTable('cube_log_usual').ifExists().execute();
}
