import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { live } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

/** The reads and writes behind the user screen's rules (administrators, quota, departments, names). */
type Executor = Kysely<Database> | Transaction<Database>;

/** Ids of the tenant's roles with one of these aliases. */
export async function roleIdsWithAliases(
  db: Executor,
  tenantId: string,
  aliases: string[],
): Promise<string[]> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select('id')
    .where('roleAlias', 'in', aliases)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether an enabled user of the tenant holds one of these roles. */
export async function enabledUserWithRole(
  db: Executor,
  tenantId: string,
  roleIds: readonly string[],
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('status', '=', 1)
    .where((eb) => eb.or(roleIds.map((id) => eb(sql<string>`',' || role_id || ','`, 'like', `%,${id},%`))))
    .limit(1)
    .executeTakeFirst();
  return !!found;
}

/** The tenant's account quota (-1 unlimited); `lock` takes the tenant row's lock for the transaction. */
export async function accountQuota(db: Executor, tenantId: string, lock: boolean): Promise<number> {
  let q = new TenantData(db, tenantId).selectFrom('cubeTenant').select('accountNumber');
  if (lock) q = q.forUpdate();
  const tenant = await q.executeTakeFirst();
  return tenant?.accountNumber ?? -1;
}

/** How many live accounts the tenant has. */
export async function userCount(db: Executor, tenantId: string): Promise<number> {
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

/** Drops the relation rows of removed users. */
export async function unlinkUsers(db: Executor, tenantId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('cubeUserDept')
    .where('tenantId', '=', tenantId)
    .where('userId', 'in', [...userIds])
    .execute();
  await db
    .deleteFrom('cubeUserExt')
    .where('tenantId', '=', tenantId)
    .where('userId', 'in', [...userIds])
    .execute();
}

/** `deptId` and every department below it (through `ancestors`), live rows of the tenant. */
export async function deptSubtree(db: Executor, tenantId: string, deptId: string): Promise<string[]> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('cubeDept')
    .select('id')
    .where((w) =>
      w.or([w('id', '=', deptId), w(sql<string>`',' || ancestors || ','`, 'like', `%,${deptId},%`)]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Users with a department among `deptIds` (BladeX `page?deptId=`, through `cube_user_dept`). The departments are
 * read first so that the user query is one semi-join on the link table's department index: a join to
 * `cube_dept` with its LIKE inside the user query let PostgreSQL, with fresh statistics after an import, choose
 * a nested loop over every user (minutes for 10,000 users).
 */
export function inDepts<Q extends SelectQueryBuilder<Database, 'cubeUser', object>>(
  qb: Q,
  tenantId: string,
  deptIds: readonly string[],
): Q {
  if (deptIds.length === 0) return qb.where(sql<boolean>`1 = 0`) as Q;
  return qb.where('cubeUser.id', 'in', (eb) =>
    eb
      .selectFrom('cubeUserDept as ud')
      .select('ud.userId')
      .where('ud.tenantId', '=', tenantId)
      .where('ud.deptId', 'in', [...deptIds]),
  ) as Q;
}

/** id → name of rows of one of the three tables the user record names, in these tenants. */
export async function namesByIds(
  db: Executor,
  table: 'cubeRole' | 'cubeDept' | 'cubePost',
  column: string,
  tenantIds: readonly string[],
  ids: readonly string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    // biome-ignore lint/suspicious/noExplicitAny: three tables, each with the named column
    const rows = (await (db.selectFrom(table) as any)
      .select(['id', `${column} as name`])
      .where('tenantId', 'in', [...tenantIds])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()) as Array<{ id: string; name: string }>;
    for (const row of rows) map.set(String(row.id), row.name);
  }
  return map;
}

/** The names of live tenants. */
export function tenantNames(db: Executor, tenantIds: readonly string[]) {
  return db
    .selectFrom('cubeTenant')
    .select(['tenantId', 'tenantName'])
    .where('tenantId', 'in', [...tenantIds])
    .$call(live)
    .execute();
}
