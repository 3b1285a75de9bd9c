import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Resources: attachments and object-storage configurations (tenant-owned, under row security)
 * and the administrative regions (platform-wide). Frozen once released.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const text = (t: Table, name: string): Table => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));

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
    .createTable('cube_attach')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
  for (const column of ['link', 'domain', 'name', 'original_name', 'extension', 'content_type'])
    t = text(t, column);
  t = t.addColumn('attach_size', 'bigint', (c) => c.notNull().defaultTo(0));
  await audit(t).execute();
  await db.schema
    .createIndex('ix_attach_tenant')
    .on('cube_attach')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema.createIndex('ix_attach_name').on('cube_attach').columns(['tenant_id', 'name']).execute();
  await enableTenantRowSecurity(db, 'cube_attach');

  t = db.schema
    .createTable('cube_oss')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('oss_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(0));
  for (const column of ['endpoint', 'access_key', 'secret_key', 'bucket_name', 'region', 'remark'])
    t = text(t, column);
  await audit(t).execute();
  await db.schema
    .createIndex('ux_oss_code')
    .on('cube_oss')
    .columns(['tenant_id', 'oss_code'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await enableTenantRowSecurity(db, 'cube_oss');

  t = db.schema
    .createTable('cube_region')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('code', 'varchar(12)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('ancestors', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull());
  for (const level of ['province', 'city', 'district', 'town', 'village']) {
    t = t
      .addColumn(`${level}_code`, 'varchar(12)', (c) => c.notNull().defaultTo(''))
      .addColumn(`${level}_name`, 'varchar(64)', (c) => c.notNull().defaultTo(''));
  }
  await t
    .addColumn('region_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ux_region_code')
    .on('cube_region')
    .column('code')
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('ix_region_parent')
    .on('cube_region')
    .columns(['parent_code', 'sort'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cube_region').ifExists().execute();
  await db.schema.dropTable('cube_oss').ifExists().execute();
  await db.schema.dropTable('cube_attach').ifExists().execute();
}
