import { type Kysely, sql } from 'kysely';

/**
 * Datasources (BladeX `blade_datasource`): PostgreSQL databases a tenant's business data may live in
 * (`cube_tenant.datasource_id`, present since 0001). Platform-wide rows like `cube_tenant_package` (no `tenant_id`,
 * no row security): only the platform administrator reads or writes them. `password` holds the sealed password
 * (`platform/secret-box.ts`), never the password itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_datasource')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('driver_class', 'varchar(100)', (c) => c.notNull().defaultTo('org.postgresql.Driver'))
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('pool_size', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ux_datasource_name')
    .on('cube_datasource')
    .column('name')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}
