import type { Kysely } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Customer leads (客户咨询): what visitors send through the public customer-information form, followed up by the
 * tenant's staff. `dedupe_key` makes a double-clicked or retried submission one row: the form's request id when it
 * sends one, else a digest of the content and the day (see modules/portal/lead).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cube_lead')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('service', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lead_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('assignee_id', 'bigint')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // NULL for leads entered in the console: a unique index lets NULLs repeat on both databases.
    .addColumn('dedupe_key', 'varchar(80)')
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Not partial: a removed lead still swallows its own retries.
  await db.schema
    .createIndex('ux_lead_dedupe')
    .on('cube_lead')
    .columns(['tenant_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ix_lead_tenant_time')
    .on('cube_lead')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_lead');
}
