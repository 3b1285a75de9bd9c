import { type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Sign-in beyond passwords: each tenant's third-party login providers (client secret sealed, see
 * platform/secret-box.ts) and the identities they vouched for, linked to a user once one is registered and
 * approved. `user_id` stays NULL while an identity has no user (a guest who may register).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_oauth_provider')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('scope', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('authorize_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('userinfo_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
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
    .createIndex('ux_oauth_provider_source')
    .on('cube_oauth_provider')
    .columns(['tenant_id', 'source'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
  await enableTenantRowSecurity(db, 'cube_oauth_provider');

  await db.schema
    .createTable('cube_user_oauth')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    // The provider's subject (`sub`, or its numeric user id): with the source, who this person is there.
    .addColumn('uuid', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_user_oauth_subject')
    .on('cube_user_oauth')
    .columns(['tenant_id', 'source', 'uuid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_user_oauth_user')
    .on('cube_user_oauth')
    .columns(['tenant_id', 'user_id'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_user_oauth');
}
