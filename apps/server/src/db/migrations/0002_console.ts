import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Tables of the console shell: notices (the notice bell and its admin screen) and the error log that the
 * browser's local error log uploads to. Frozen once released, like 0001; both tables are tenant-owned and
 * lead their indexes with `tenant_id`.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const text = (t: Table, name: string): Table => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('cube_notice')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('release_time', 'timestamp', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ix_notice_release')
    .on('cube_notice')
    .columns(['tenant_id', 'release_time'])
    .execute();

  let t: Table = db.schema
    .createTable('cube_log_error')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
  for (const column of [
    'service_id',
    'server_host',
    'server_ip',
    'env',
    'method',
    'request_uri',
    'user_agent',
    'remote_ip',
    'params',
    'stack_trace',
    'exception_name',
    'message',
    'file_name',
    'create_by',
  ]) {
    t = text(t, column);
  }
  await t
    .addColumn('line_number', 'integer')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    // Never set by the API (logs are not deleted one by one); present so that the tenant-scoped data access,
    // which skips soft-deleted rows, serves this table like every other.
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ix_log_error_time')
    .on('cube_log_error')
    .columns(['tenant_id', 'create_time'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cube_log_error').ifExists().execute();
  await db.schema.dropTable('cube_notice').ifExists().execute();
}
