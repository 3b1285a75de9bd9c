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

/** What a page of users shows beside its ids (user screen), by id or key. */
export interface UserLabels {
  roles: Map<string, string>;
  depts: Map<string, string>;
  posts: Map<string, string>;
  sexes: Map<string, string>;
  userTypes: Map<string, string>;
  tenants: Map<string, string>;
}

/** Ids per statement part (a bound on the statement's parameters). */
const LABEL_IDS_PER_PART = 500;
/** Parts per statement: a page needs one statement; a large export a few. */
const LABEL_PARTS_PER_STATEMENT = 20;

/**
 * The names of the users' roles, departments and posts (of their tenants; deleted ones keep their names), the
 * labels of the `sex` and `user_type` dictionaries and the names of their live tenants — in one statement, a
 * `union all` of one part per kind: one round trip for a page instead of six (on PostgreSQL each costs the server
 * a socket write and a wait for a pooled connection; `npm run bench:pg`, users pair). Each part reads what its own
 * query read before, under the same row scope. Without `ids`: every role, department and post of the tenants (what
 * the user module's label cache keeps).
 */
export async function userLabels(
  db: Executor,
  tenantIds: readonly string[],
  ids?: { roles: readonly string[]; depts: readonly string[]; posts: readonly string[] },
): Promise<UserLabels> {
  const labels: UserLabels = {
    roles: new Map(),
    depts: new Map(),
    posts: new Map(),
    sexes: new Map(),
    userTypes: new Map(),
    tenants: new Map(),
  };
  const byKind: Record<string, Map<string, string>> = {
    role: labels.roles,
    dept: labels.depts,
    post: labels.posts,
    sex: labels.sexes,
    user_type: labels.userTypes,
    tenant: labels.tenants,
  };
  type Part = SelectQueryBuilder<Database, keyof Database, { kind: string; key: string; name: string }>;
  const parts: Part[] = [
    db
      .selectFrom('cubeDict')
      .select(['code as kind', 'dictKey as key', 'dictValue as name'])
      .where('code', 'in', ['sex', 'user_type'])
      .where('parentId', '<>', '0')
      .$call(live) as unknown as Part,
  ];
  if (tenantIds.length)
    parts.push(
      db
        .selectFrom('cubeTenant')
        .select([sql<string>`'tenant'`.as('kind'), 'tenantId as key', 'tenantName as name'])
        .where('tenantId', 'in', [...tenantIds])
        .$call(live) as unknown as Part,
    );
  const named = [
    ['role', 'cubeRole', 'roleName', ids?.roles],
    ['dept', 'cubeDept', 'deptName', ids?.depts],
    ['post', 'cubePost', 'postName', ids?.posts],
  ] as const;
  for (const [kind, table, column, list] of tenantIds.length ? named : []) {
    const part = () =>
      // biome-ignore lint/suspicious/noExplicitAny: three tables, each with the named column
      (db.selectFrom(table) as any)
        .select([
          sql<string>`${sql.lit(kind)}`.as('kind'),
          // Ids are 64-bit: read as text so that no driver turns them into numbers.
          sql<string>`cast(id as text)`.as('key'),
          `${column} as name`,
        ])
        .where('tenantId', 'in', [...tenantIds]);
    if (!list) parts.push(part() as Part);
    else
      for (let i = 0; i < list.length; i += LABEL_IDS_PER_PART)
        parts.push(part().where('id', 'in', list.slice(i, i + LABEL_IDS_PER_PART)) as Part);
  }
  for (let i = 0; i < parts.length; i += LABEL_PARTS_PER_STATEMENT) {
    const [first, ...rest] = parts.slice(i, i + LABEL_PARTS_PER_STATEMENT) as [Part, ...Part[]];
    let statement = first;
    for (const part of rest) statement = statement.unionAll(part);
    for (const row of await statement.execute()) byKind[row.kind]?.set(String(row.key), row.name);
  }
  return labels;
}
