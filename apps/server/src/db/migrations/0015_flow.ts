import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity, isPostgres, ROW_SCOPE_SETTING } from '../row-security.js';

/**
 * The workflow runtime's tables. Models, instances, tasks, history and timers are
 * tenant-owned under the usual row security. Deployed definitions are either one tenant's (custom) or common
 * (`tenant_id = ''`, deployed by the platform): their policy also shows common rows to every tenant, but only the
 * platform scope may write one. The engine's whole state is a text column of the instance row, with a
 * `state_version` that every command checks and bumps (optimistic lock beside the row lock).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see Db
type Table = CreateTableBuilder<any, any>;

function audited(t: Table): Table {
  return t
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

function tenantTable(db: Db, name: string): Table {
  return db.schema
    .createTable(name)
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
}

async function index(db: Db, name: string, table: string, columns: string[], unique = false): Promise<void> {
  let b = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) b = b.unique().where(sql.ref('is_deleted'), '=', 0);
  await b.execute();
}

export async function up(db: Db): Promise<void> {
  await audited(
    tenantTable(db, 'flow_model')
      .addColumn('model_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('model_editor_xml', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('builtin_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('builtin_hash', 'varchar(64)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await index(db, 'ux_flow_model_key', 'flow_model', ['tenant_id', 'model_key'], true);

  await audited(
    tenantTable(db, 'flow_definition')
      .addColumn('deployment_id', 'bigint', (c) => c.notNull())
      .addColumn('model_id', 'bigint')
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(30)', (c) => c.notNull())
      .addColumn('bpmn_xml', 'text', (c) => c.notNull())
      .addColumn('meta', 'text', (c) => c.notNull())
      .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('model')),
  ).execute();
  await index(
    db,
    'ux_flow_definition_version',
    'flow_definition',
    ['tenant_id', 'process_key', 'version'],
    true,
  );
  await index(db, 'ix_flow_definition_category', 'flow_definition', ['tenant_id', 'category']);

  await audited(
    tenantTable(db, 'flow_instance')
      .addColumn('definition_id', 'bigint', (c) => c.notNull())
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('category', 'varchar(30)', (c) => c.notNull())
      .addColumn('business_table', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('business_id', 'bigint')
      .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('flow_status', 'varchar(12)', (c) => c.notNull().defaultTo('running'))
      .addColumn('end_activity_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('delete_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('engine_state', 'text', (c) => c.notNull())
      .addColumn('engine_version', 'varchar(40)', (c) => c.notNull())
      .addColumn('state_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('current_activity_ids', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('current_activity_names', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('end_time', 'timestamp'),
  ).execute();
  await index(db, 'ix_flow_instance_status', 'flow_instance', ['tenant_id', 'flow_status', 'create_time']);
  await index(db, 'ix_flow_instance_starter', 'flow_instance', ['tenant_id', 'create_user', 'create_time']);
  await index(db, 'ix_flow_instance_business', 'flow_instance', [
    'tenant_id',
    'business_table',
    'business_id',
  ]);
  await index(db, 'ix_flow_instance_definition', 'flow_instance', ['tenant_id', 'definition_id']);

  await audited(
    tenantTable(db, 'flow_task')
      .addColumn('instance_id', 'bigint', (c) => c.notNull())
      .addColumn('definition_id', 'bigint', (c) => c.notNull())
      .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('execution_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('form_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('assignee_user_id', 'bigint')
      .addColumn('candidate_groups', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('task_status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
      .addColumn('claim_time', 'timestamp')
      .addColumn('end_time', 'timestamp')
      .addColumn('due_time', 'timestamp')
      .addColumn('completed_by', 'bigint')
      .addColumn('outcome', 'varchar(12)', (c) => c.notNull().defaultTo(''))
      .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await index(db, 'ux_flow_task_execution', 'flow_task', ['tenant_id', 'instance_id', 'execution_id'], true);
  await index(db, 'ix_flow_task_assignee', 'flow_task', ['tenant_id', 'task_status', 'assignee_user_id']);
  await index(db, 'ix_flow_task_completed', 'flow_task', ['tenant_id', 'completed_by', 'end_time']);

  // Who may claim an open task: users and role aliases, one row each (indexed, so the claim list pages in SQL).
  await tenantTable(db, 'flow_task_candidate')
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'ix_flow_task_candidate_ref', 'flow_task_candidate', [
    'tenant_id',
    'kind',
    'ref',
    'task_id',
  ]);
  await index(db, 'ix_flow_task_candidate_task', 'flow_task_candidate', ['tenant_id', 'task_id']);

  // The timeline and the diagram's marks: one row per activity run (and per sequence flow taken).
  await tenantTable(db, 'flow_history')
    .addColumn('instance_id', 'bigint', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('activity_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('execution_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('task_id', 'bigint')
    .addColumn('assignee_user_id', 'bigint')
    .addColumn('start_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp')
    .addColumn('duration_ms', 'bigint')
    .addColumn('outcome', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'ix_flow_history_instance', 'flow_history', ['tenant_id', 'instance_id', 'seq']);

  // BPMN timers, fired by the poller (never by an in-process timeout): claimed rows carry a short lease.
  await tenantTable(db, 'flow_timer')
    .addColumn('instance_id', 'bigint', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('expire_at', 'timestamp', (c) => c.notNull())
    .addColumn('timer_status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('locked_until', 'timestamp')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamp', (c) => c.notNull())
    .addColumn('update_time', 'timestamp', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(
    db,
    'ux_flow_timer_execution',
    'flow_timer',
    ['tenant_id', 'instance_id', 'execution_id'],
    true,
  );
  await index(db, 'ix_flow_timer_due', 'flow_timer', ['timer_status', 'expire_at']);

  for (const table of [
    'flow_model',
    'flow_instance',
    'flow_task',
    'flow_task_candidate',
    'flow_history',
    'flow_timer',
  ])
    await enableTenantRowSecurity(db, table);

  if (isPostgres(db)) {
    // Common definitions (tenant '') are read by every tenant; only the platform scope writes them.
    const scope = sql`current_setting(${sql.lit(ROW_SCOPE_SETTING)}, true)`;
    await sql`alter table flow_definition enable row level security`.execute(db);
    await sql`alter table flow_definition force row level security`.execute(db);
    await sql`create policy cube_tenant_isolation on flow_definition
      using (tenant_id = ${scope} or ${scope} = '*' or (tenant_id = '' and coalesce(${scope}, '') <> ''))
      with check (tenant_id = ${scope} or ${scope} = '*')`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'flow_timer',
    'flow_history',
    'flow_task_candidate',
    'flow_task',
    'flow_instance',
    'flow_definition',
    'flow_model',
  ])
    await db.schema.dropTable(table).execute();
}
