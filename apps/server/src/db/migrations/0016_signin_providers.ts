import { type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Sign-in providers, part two: each tenant's SMS service for phone sign-in codes (Alibaba Cloud or
 * Tencent Cloud; the AccessKey secret sealed, see platform/secret-box.ts), and when an identity was linked to its
 * user (registration approved or linked on the profile page), which the profile page lists.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_sms_provider')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('access_key_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('access_key_secret', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sign_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('template_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sdk_app_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('region', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('template_param', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
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
    .createIndex('ix_sms_provider_tenant')
    .on('cube_sms_provider')
    .columns(['tenant_id', 'enabled'])
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await enableTenantRowSecurity(db, 'cube_sms_provider');

  await db.schema.alterTable('cube_user_oauth').addColumn('link_time', 'timestamp').execute();
  // Identities linked before this column: their last update is the best record of when.
  await db
    .updateTable('cube_user_oauth')
    .set({ link_time: sql.ref('update_time') })
    .where('user_id', 'is not', null)
    .execute();
}
