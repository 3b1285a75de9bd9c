import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * The public website's content: articles, products/services, certifications and home banners, each
 * tenant-owned (row security on PostgreSQL). Branding, contact details and the about-us page stay in
 * `cube_site_resource` (0001). Frozen once released.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

const text = (t: Table, name: string, type = 'text'): Table =>
  t.addColumn(name, sql.raw(type) as never, (c) => c.notNull().defaultTo(''));

const head = (db: Db, table: string): Table =>
  db.schema
    .createTable(table)
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());

/** Publish state, publish time (null while a draft was never published) and the audit columns. */
const publishAndAudit = (t: Table): Table =>
  t
    .addColumn('is_publish', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_time', 'timestamp')
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));

export async function up(db: Db): Promise<void> {
  let t = head(db, 'cube_cr_article').addColumn('category', 'integer', (c) => c.notNull());
  t = text(t, 'title', 'varchar(200)');
  t = text(t, 'author', 'varchar(64)');
  t = text(t, 'source', 'varchar(100)');
  t = text(t, 'cover_url', 'varchar(500)');
  t = text(t, 'summary', 'varchar(500)');
  t = text(t, 'content');
  t = text(t, 'link_url', 'varchar(1000)');
  t = t.addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0));
  await publishAndAudit(t).execute();
  // The public lists: one tenant's published articles of a category, newest first.
  await db.schema
    .createIndex('ix_cr_article_public')
    .on('cube_cr_article')
    .columns(['tenant_id', 'category', 'is_publish', 'publish_time'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_cr_article');

  t = head(db, 'cube_cr_product').addColumn('category', 'integer', (c) => c.notNull());
  t = text(t, 'name', 'varchar(100)');
  t = text(t, 'cover_url', 'varchar(500)');
  t = text(t, 'summary', 'varchar(500)');
  t = text(t, 'content');
  t = t.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  await publishAndAudit(t).execute();
  await db.schema
    .createIndex('ix_cr_product_sort')
    .on('cube_cr_product')
    .columns(['tenant_id', 'sort'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_cr_product');

  t = head(db, 'cube_cr_certification');
  t = text(t, 'name', 'varchar(100)');
  t = text(t, 'standard', 'varchar(100)');
  t = text(t, 'cover_url', 'varchar(500)');
  t = text(t, 'summary', 'varchar(500)');
  t = text(t, 'content');
  t = t.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  await publishAndAudit(t).execute();
  await db.schema
    .createIndex('ix_cr_certification_sort')
    .on('cube_cr_certification')
    .columns(['tenant_id', 'sort'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_cr_certification');

  t = head(db, 'cube_cr_banner');
  t = text(t, 'title', 'varchar(100)');
  t = text(t, 'subtitle', 'varchar(200)');
  t = text(t, 'image_url', 'varchar(500)');
  t = text(t, 'link_url', 'varchar(500)');
  t = t.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  await publishAndAudit(t).execute();
  await db.schema
    .createIndex('ix_cr_banner_sort')
    .on('cube_cr_banner')
    .columns(['tenant_id', 'sort'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_cr_banner');
}

export async function down(db: Db): Promise<void> {
  for (const table of ['cube_cr_banner', 'cube_cr_certification', 'cube_cr_product', 'cube_cr_article'])
    await db.schema.dropTable(table).ifExists().execute();
}
