import { type Kysely, sql } from 'kysely';

/**
 * Tenant packages (BladeX `blade_tenant_package`): a named set of menus and buttons that limits what
 * a tenant's roles can be granted and what its menu routes and buttons show. Platform-wide rows (no `tenant_id`),
 * written by the platform administrator only; a tenant points at one through `cube_tenant.package_id`.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_tenant_package')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('package_name', 'varchar(100)', (c) => c.notNull())
    // Comma list of menu and button ids, as BladeX keeps it (the tree choice is sent comma-joined).
    .addColumn('menu_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ux_tenant_package_name')
    .on('cube_tenant_package')
    .column('package_name')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}
