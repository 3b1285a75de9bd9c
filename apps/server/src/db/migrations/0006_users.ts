import { type Kysely, sql } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * Users' departments as rows (`cube_user_dept`, BladeX `blade_user_dept`), mirroring the comma column
 * `cube_user.dept_id`: the user list filters by a department subtree and data scopes test "the row's departments"
 * through an index instead of a LIKE over every user. Also the per-platform extension text of a user (BladeX
 * `blade_user_web` / `_app` / `_other`, one table here keyed by `user_type`). Backfills the join rows of the users
 * that exist. Frozen once released.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
type Db = Kysely<any>;

/** Snowflake ids for the backfill (the app's layout; worker 1023 is never an app instance's). */
function idSource(): () => string {
  const EPOCH = 1_577_836_800_000n;
  let ms = BigInt(Date.now()) - EPOCH;
  let sequence = 0n;
  return () => {
    sequence++;
    if (sequence > 4095n) {
      sequence = 0n;
      ms++;
    }
    return ((ms << 22n) | (1023n << 12n) | sequence).toString();
  };
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('cube_user_dept')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ux_user_dept', ['tenant_id', 'user_id', 'dept_id'])
    .execute();
  // The department filter and the data scopes look users up by department.
  await db.schema
    .createIndex('ix_user_dept_dept')
    .on('cube_user_dept')
    .columns(['tenant_id', 'dept_id', 'user_id'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_user_dept');

  await db.schema
    .createTable('cube_user_ext')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('user_ext', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('ux_user_ext', ['tenant_id', 'user_id', 'user_type'])
    .execute();
  await enableTenantRowSecurity(db, 'cube_user_ext');

  // The user list pages in id order within a tenant.
  await db.schema.createIndex('ix_user_tenant').on('cube_user').columns(['tenant_id', 'id']).execute();

  const nextId = idSource();
  let after = '0';
  for (;;) {
    const users: Array<{ id: string; tenant_id: string; dept_id: string }> = await db
      .selectFrom('cube_user')
      .select([
        // As text: a 64-bit id does not fit a JavaScript number, and migrations run without the app's plugins.
        sql<string>`cast(id as varchar(20))`.as('id'),
        'tenant_id',
        'dept_id',
      ])
      .where('is_deleted', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (users.length === 0) break;
    const rows = users.flatMap((u) =>
      [
        ...new Set(
          String(u.dept_id ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter((s) => /^[1-9]\d{0,18}$/.test(s)),
        ),
      ].map((deptId) => ({ id: nextId(), tenant_id: u.tenant_id, user_id: String(u.id), dept_id: deptId })),
    );
    if (rows.length > 0) await db.insertInto('cube_user_dept').values(rows).execute();
    after = String(users[users.length - 1]!.id);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cube_user_ext').ifExists().execute();
  await db.schema.dropTable('cube_user_dept').ifExists().execute();
  await db.schema.dropIndex('ix_user_tenant').ifExists().execute();
}
