import type { Kysely } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * The documents of a patent case's process steps (`pat_document`): drafts, the filed application, official
 * notices. One row per uploaded version: the file itself is an attachment (`cube_attach`, stored through the
 * tenant's file store), the row says which case, process instance and step it was uploaded on, its kind, and its
 * version among the step's documents of that kind. Rows are never updated, only soft-deleted, so older versions
 * stay listed. No unique key on the version: two uploads racing on one step may rarely share a number, which a
 * list ordered by time still shows apart; a lost upload would be worse.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pat_document')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('process_instance_id', 'bigint')
    .addColumn('task_id', 'bigint')
    .addColumn('step_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('step_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('attach_id', 'bigint', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ix_pat_document_case')
    .on('pat_document')
    .columns(['tenant_id', 'application_id'])
    .execute();
  await enableTenantRowSecurity(db, 'pat_document');
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pat_document').execute();
}
