import type { Kysely } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * The notification centre: `cube_notification` holds one message to one user of one tenant, read or not, with the
 * state of its e-mail copy (`mail_state`: `pending` until the mail job looks at it, then `sent`, `skipped` or
 * `failed`). `dedupe_key` makes an event announced twice (a reminder job run again, another instance) one row per
 * user: unique per (tenant, user, key); NULL keys repeat freely on both databases.
 * `cube_notification_smtp` is a tenant's mail server (one row per tenant; the password sealed).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_notification')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('dedupe_key', 'varchar(120)')
    .addColumn('read_time', 'timestamp')
    .addColumn('mail_state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_notification_dedupe')
    .on('cube_notification')
    .columns(['tenant_id', 'user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_notification_user')
    .on('cube_notification')
    .columns(['tenant_id', 'user_id', 'read_time'])
    .execute();
  await db.schema
    .createIndex('ix_notification_mail')
    .on('cube_notification')
    .columns(['mail_state', 'id'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_notification');

  await db.schema
    .createTable('cube_notification_smtp')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('host', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(465))
    .addColumn('secure', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('from_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .execute();
  await enableTenantRowSecurity(db, 'cube_notification_smtp');
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cube_notification_smtp').execute();
  await db.schema.dropTable('cube_notification').execute();
}
