import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL row-level security for tenant-owned tables (decision D10). A table with a
 * `tenant_id` column shows and accepts only the rows of the tenant in `cube.tenant_id` (set per connection
 * checkout from `db/row-scope.ts`), or every row under the platform scope `*`. Unset, it shows nothing.
 * FORCE makes the policy bind the table owner too, so the app may own its schema; only a superuser or a
 * BYPASSRLS role escapes it, which `inspectRowSecurity` reports and production refuses.
 */

// biome-ignore lint/suspicious/noExplicitAny: used by migrations, which must not depend on app types
type Db = Kysely<any>;

export const ROW_SCOPE_SETTING = 'cube.tenant_id';
const POLICY = 'cube_tenant_isolation';

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Puts one tenant-owned table under the tenant policy. Every migration that adds such a table calls it. */
export async function enableTenantRowSecurity(db: Db, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  const scope = sql`current_setting(${sql.lit(ROW_SCOPE_SETTING)}, true)`;
  const visible = sql`(tenant_id = ${scope} or ${scope} = '*')`;
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  await sql`alter table ${sql.table(table)} force row level security`.execute(db);
  await sql`drop policy if exists ${sql.id(POLICY)} on ${sql.table(table)}`.execute(db);
  await sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} using ${visible} with check ${visible}`.execute(
    db,
  );
}

export interface RowSecurityReport {
  /** The database role the app connects as. */
  role: string;
  superuser: boolean;
  bypassRls: boolean;
  /** Tables with a `tenant_id` column that are not under a forced policy. */
  unprotectedTables: string[];
  /** True when the backstop actually binds this connection's role. */
  enforced: boolean;
}

/** What the backstop does for the role the app runs as (PostgreSQL only). */
export async function inspectRowSecurity(db: Db): Promise<RowSecurityReport> {
  const role = await sql<{ role: string; superuser: boolean; bypassRls: boolean }>`
    select rolname as role, rolsuper as superuser, rolbypassrls as "bypassRls"
    from pg_roles where rolname = current_user`.execute(db);
  const tables = await sql<{ table: string }>`
    select c.relname as "table"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = current_schema() and c.relkind = 'r'
      and not (c.relrowsecurity and c.relforcerowsecurity
               and exists (select 1 from pg_policy p where p.polrelid = c.oid))
    order by 1`.execute(db);
  const { role: name, superuser, bypassRls } = role.rows[0] ?? { role: '', superuser: true, bypassRls: true };
  const unprotectedTables = tables.rows.map((row) => row.table);
  return {
    role: name,
    superuser,
    bypassRls,
    unprotectedTables,
    enforced: !superuser && !bypassRls && unprotectedTables.length === 0,
  };
}

/** Why the backstop does not bind this role, in one line; `undefined` when it does. */
export function rowSecurityProblem(report: RowSecurityReport): string | undefined {
  if (report.enforced) return undefined;
  return [
    report.superuser ? `role ${report.role} is a superuser` : '',
    report.bypassRls ? `role ${report.role} has BYPASSRLS` : '',
    report.unprotectedTables.length
      ? `tables without a forced policy: ${report.unprotectedTables.join(', ')}`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
}
