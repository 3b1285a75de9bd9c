import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Patent cases and their deadlines, and the agent-company directory. Every table is
 * tenant-owned under row security, except the holiday calendar, which is the country's and kept by the platform.
 * Calendar days are `varchar(10)` `YYYY-MM-DD`: both databases sort and compare them alike, and no time zone can
 * move a statutory date. Unique keys lead with `tenant_id` and hold among live rows only.
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
  await audited(
    tenantTable(db, 'cube_agent_company')
      .addColumn('uni_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('credit_code', 'varchar(18)', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('industry', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await uniqueLive(db, 'ux_agent_company_name', 'cube_agent_company', ['tenant_id', 'uni_name']);

  // Who may act for which company (listAuthCompany). Rows are replaced as a whole set per company.
  await tenantTable(db, 'cube_agent_company_user')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    // Kept for the tenant-scoped helper, which reads live rows only; the rows themselves are deleted outright.
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ux_agent_company_user', ['tenant_id', 'company_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('ix_agent_company_user_user')
    .on('cube_agent_company_user')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await audited(
    tenantTable(db, 'pat_application')
      .addColumn('docket_no', 'varchar(50)', (c) => c.notNull())
      .addColumn('patent_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('company_id', 'bigint')
      .addColumn('inventors', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('agent_user_id', 'bigint')
      .addColumn('application_no', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('filing_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('patent_status', 'varchar(30)', (c) => c.notNull().defaultTo('drafting'))
      .addColumn('remark', 'varchar(1000)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await uniqueLive(db, 'ux_pat_application_docket', 'pat_application', ['tenant_id', 'docket_no']);
  await db.schema
    .createIndex('ix_pat_application_company')
    .on('pat_application')
    .columns(['tenant_id', 'company_id'])
    .execute();

  await audited(
    tenantTable(db, 'pat_notice')
      .addColumn('application_id', 'bigint', (c) => c.notNull())
      .addColumn('notice_type', 'varchar(30)', (c) => c.notNull())
      .addColumn('notice_no', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('dispatch_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('entered_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('receipt_rule', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('receipt_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('period_months', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(1000)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('ix_pat_notice_application')
    .on('pat_notice')
    .columns(['tenant_id', 'application_id'])
    .execute();

  await audited(
    tenantTable(db, 'pat_deadline')
      .addColumn('application_id', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(100)', (c) => c.notNull())
      .addColumn('official_due', 'varchar(10)', (c) => c.notNull())
      .addColumn('internal_due', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('period_end', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('source_notice_id', 'bigint')
      .addColumn('rule_code', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('deadline_status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
      .addColumn('owner_user_id', 'bigint')
      .addColumn('done_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('ix_pat_deadline_due')
    .on('pat_deadline')
    .columns(['tenant_id', 'deadline_status', 'official_due'])
    .execute();
  await db.schema
    .createIndex('ix_pat_deadline_application')
    .on('pat_deadline')
    .columns(['tenant_id', 'application_id'])
    .execute();

  await audited(
    tenantTable(db, 'pat_fee')
      .addColumn('application_id', 'bigint', (c) => c.notNull())
      .addColumn('fee_type', 'varchar(50)', (c) => c.notNull())
      .addColumn('fee_year', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount_due', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('reduction_pct', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('paid_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount_paid', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('receipt_no', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('source_notice_id', 'bigint')
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('ix_pat_fee_application')
    .on('pat_fee')
    .columns(['tenant_id', 'application_id'])
    .execute();

  await audited(
    tenantTable(db, 'pat_deadline_rule')
      .addColumn('rule_code', 'varchar(50)', (c) => c.notNull())
      .addColumn('kind', 'varchar(100)', (c) => c.notNull())
      .addColumn('notice_type', 'varchar(30)', (c) => c.notNull())
      .addColumn('patent_types', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('anchor', 'varchar(20)', (c) => c.notNull())
      .addColumn('offset_months', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('offset_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('internal_workdays', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uses_notice_period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fee_type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('signed_off', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await uniqueLive(db, 'ux_pat_deadline_rule_code', 'pat_deadline_rule', ['tenant_id', 'rule_code']);

  // One row per reminder sent: the reminder job inserts it with the bell notice in one transaction, so a rerun
  // (or a second instance racing it) sends nothing twice.
  await tenantTable(db, 'pat_reminder')
    .addColumn('deadline_id', 'bigint', (c) => c.notNull())
    .addColumn('offset_days', 'integer', (c) => c.notNull())
    .addColumn('notice_id', 'bigint')
    .addColumn('sent_time', 'timestamp', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ux_pat_reminder', ['tenant_id', 'deadline_id', 'offset_days'])
    .execute();

  await audited(
    db.schema
      .createTable('pat_holiday')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('holiday_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('is_workday', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await uniqueLive(db, 'ux_pat_holiday_date', 'pat_holiday', ['holiday_date']);

  for (const table of [
    'cube_agent_company',
    'cube_agent_company_user',
    'pat_application',
    'pat_notice',
    'pat_deadline',
    'pat_fee',
    'pat_deadline_rule',
    'pat_reminder',
  ]) {
    await enableTenantRowSecurity(db, table);
  }
}
