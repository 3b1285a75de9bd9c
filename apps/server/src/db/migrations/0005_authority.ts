import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * Data scopes and API scopes and their grants to roles. Frozen once released.
 *
 * The scope rules themselves are platform-global, like the menus they are attached to (BladeX keeps
 * `blade_scope_data` / `blade_scope_api` without a tenant): the platform defines which rules a menu offers and each
 * tenant's administrator grants them to that tenant's roles. `cube_role_scope` mirrors `cube_role_menu` (a link
 * between a tenant's role and a global row, reached only through the role), so neither carries a `tenant_id` and
 * none is under the tenant row policy; the rows a rule filters always stay under `TenantData` and the policy.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const text = (t: Table, name: string, fallback = ''): Table =>
  t.addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback));

const audit = (t: Table): Table =>
  t
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));

export async function up(db: Db): Promise<void> {
  let t: Table = db.schema
    .createTable('cube_scope_data')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('scope_name', 'varchar(255)', (c) => c.notNull());
  t = text(t, 'resource_code');
  t = text(t, 'scope_field', '*');
  t = text(t, 'scope_class');
  t = text(t, 'scope_column');
  t = t.addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1));
  // Type 5 (custom): a JSON list of structured conditions, never SQL (see platform/data-scope.ts).
  t = text(t, 'scope_value');
  t = text(t, 'remark');
  await audit(t).execute();
  await db.schema
    .createIndex('ix_scope_data_menu')
    .on('cube_scope_data')
    .column('menu_id')
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  t = db.schema
    .createTable('cube_scope_api')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('scope_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('scope_path', 'varchar(500)', (c) => c.notNull());
  t = text(t, 'resource_code');
  // Comma list of HTTP methods the rule admits; empty admits every method.
  t = text(t, 'scope_method');
  t = t.addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1));
  t = text(t, 'remark');
  await audit(t).execute();
  await db.schema
    .createIndex('ix_scope_api_menu')
    .on('cube_scope_api')
    .column('menu_id')
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await db.schema
    .createTable('cube_role_scope')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    // 1 data scope, 2 API scope (dictionary `scope_category`).
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ux_role_scope', ['role_id', 'scope_category', 'scope_id'])
    .execute();
  await db.schema.createIndex('ix_role_scope_scope').on('cube_role_scope').column('scope_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cube_role_scope').execute();
  await db.schema.dropTable('cube_scope_api').execute();
  await db.schema.dropTable('cube_scope_data').execute();
}
