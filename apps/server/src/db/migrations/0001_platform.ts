import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * Platform tables. Frozen once released: later changes go into new migrations. Written with types both SQLite
 * and PostgreSQL understand (`bigint` ids, `timestamp` dates stored as `yyyy-MM-dd HH:mm:ss`, integer flags).
 * Tenant-owned tables lead their unique keys with `tenant_id`, so that a distributed deployment can shard by
 * tenant. Unique keys ignore soft-deleted rows, so that a deleted code can be used again.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const audit = (t: Table): Table =>
  t
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));

const softDelete = (t: Table): Table => t.addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));

const text = (name: string) => (t: Table) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));

async function uniqueLive(db: Db, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns(columns)
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('cube_meta')
    .addColumn('meta_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('meta_value', 'text', (c) => c.notNull())
    .execute();

  let t: Table = db.schema
    .createTable('cube_tenant')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tenant_name', 'varchar(100)', (c) => c.notNull());
  for (const col of ['domain', 'background_url', 'linkman', 'contact_number', 'address', 'license_key'])
    t = text(col)(t);
  t = t
    .addColumn('account_number', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('expire_time', 'timestamp')
    .addColumn('package_id', 'bigint')
    .addColumn('datasource_id', 'bigint');
  await audit(t).execute();
  await uniqueLive(db, 'ux_tenant_tenant_id', 'cube_tenant', ['tenant_id']);
  await db.schema.createIndex('ix_tenant_domain').on('cube_tenant').column('domain').execute();

  await db.schema
    .createTable('cube_site_resource')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('resources_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('resources_content', 'text', (c) => c.notNull())
    .addUniqueConstraint('ux_site_resource_code', ['tenant_id', 'resources_code'])
    .execute();

  t = db.schema
    .createTable('cube_client')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(256)', (c) => c.notNull());
  for (const col of [
    'resource_ids',
    'scope',
    'authorized_grant_types',
    'web_server_redirect_uri',
    'authorities',
    'additional_information',
    'autoapprove',
  ])
    t = text(col)(t);
  t = t
    .addColumn('access_token_validity', 'integer', (c) => c.notNull())
    .addColumn('refresh_token_validity', 'integer', (c) => c.notNull());
  await audit(t).execute();
  await uniqueLive(db, 'ux_client_client_id', 'cube_client', ['client_id']);

  t = db.schema
    .createTable('cube_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('password', 'varchar(256)', (c) => c.notNull());
  for (const col of [
    'code',
    'name',
    'real_name',
    'avatar',
    'email',
    'phone',
    'role_id',
    'dept_id',
    'post_id',
  ])
    t = text(col)(t);
  t = t
    .addColumn('birthday', 'timestamp')
    .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0));
  await audit(t).execute();
  await uniqueLive(db, 'ux_user_account', 'cube_user', ['tenant_id', 'account']);

  t = db.schema
    .createTable('cube_role')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_alias', 'varchar(100)', (c) => c.notNull());
  await softDelete(t).execute();
  await db.schema.createIndex('ix_role_tenant').on('cube_role').columns(['tenant_id', 'parent_id']).execute();

  t = db.schema
    .createTable('cube_dept')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ancestors', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('dept_category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dept_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''));
  await softDelete(t).execute();
  await db.schema.createIndex('ix_dept_tenant').on('cube_dept').columns(['tenant_id', 'parent_id']).execute();

  t = db.schema
    .createTable('cube_post')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('post_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('post_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''));
  await audit(t).execute();
  await uniqueLive(db, 'ux_post_code', 'cube_post', ['tenant_id', 'post_code']);

  t = db.schema
    .createTable('cube_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull());
  for (const col of ['alias', 'path', 'source', 'remark']) t = text(col)(t);
  t = t
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1));
  await softDelete(t).execute();
  await uniqueLive(db, 'ux_menu_code', 'cube_menu', ['code']);

  await db.schema
    .createTable('cube_role_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ux_role_menu', ['role_id', 'menu_id'])
    .execute();

  t = db.schema
    .createTable('cube_top_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  await audit(t).execute();
  await uniqueLive(db, 'ux_top_menu_code', 'cube_top_menu', ['tenant_id', 'code']);

  await db.schema
    .createTable('cube_top_menu_setting')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('top_menu_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ux_top_menu_setting', ['top_menu_id', 'menu_id'])
    .execute();

  for (const [table, tenant] of [
    ['cube_dict', false],
    ['cube_dict_biz', true],
  ] as const) {
    let d: Table = db.schema.createTable(table).addColumn('id', 'bigint', (c) => c.primaryKey());
    if (tenant) d = d.addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
    d = d
      .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_value', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0));
    await softDelete(d).execute();
    await uniqueLive(
      db,
      `ux_${table}_key`,
      table,
      tenant ? ['tenant_id', 'code', 'dict_key'] : ['code', 'dict_key'],
    );
  }

  t = db.schema
    .createTable('cube_param')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('param_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('param_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('param_value', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''));
  await audit(t).execute();
  await uniqueLive(db, 'ux_param_key', 'cube_param', ['param_key']);

  await db.schema
    .createTable('cube_auth_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dept_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamp', (c) => c.notNull())
    .addColumn('refreshed_at', 'timestamp', (c) => c.notNull())
    .addColumn('expires_at', 'timestamp', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamp')
    .addColumn('revoke_reason', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('ix_auth_session_user')
    .on('cube_auth_session')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('cube_refresh_token')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamp', (c) => c.notNull())
    .addColumn('expires_at', 'timestamp', (c) => c.notNull())
    .addColumn('used_at', 'timestamp')
    .execute();
  await db.schema
    .createIndex('ix_refresh_token_session')
    .on('cube_refresh_token')
    .column('session_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'cube_refresh_token',
    'cube_auth_session',
    'cube_param',
    'cube_dict_biz',
    'cube_dict',
    'cube_top_menu_setting',
    'cube_top_menu',
    'cube_role_menu',
    'cube_menu',
    'cube_post',
    'cube_dept',
    'cube_role',
    'cube_user',
    'cube_client',
    'cube_site_resource',
    'cube_tenant',
    'cube_meta',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
