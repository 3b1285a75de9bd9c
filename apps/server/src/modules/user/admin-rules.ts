import { randomInt } from 'node:crypto';
import { PLATFORM_TENANT_ID, userEntity } from '@cube/contract';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { isTenantAdmin, type RequestContext, splitIds } from '../../platform/context.js';
import { BizError, ForbiddenError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashSecret, md5Hex } from '../../platform/passwords.js';
import { TenantData } from '../../platform/tenant-data.js';
import { readParam } from '../auth/params.js';
import { dictLabels } from './dict-labels.js';

type Executor = Kysely<Database> | Transaction<Database>;
const M = userEntity.messages;

/** Role aliases that make a user an administrator of their tenant (the platform's own is `administrator`). */
const ADMIN_ALIASES = ['admin', 'administrator'];

/** Ids that a user row may not name: checks each comma list against the tenant's live rows. */
export async function checkReferences(
  db: Executor,
  tenantId: string,
  lists: { roleId?: string; deptId?: string; postId?: string },
): Promise<void> {
  const data = new TenantData(db, tenantId);
  const check = async (
    table: 'cubeRole' | 'cubeDept' | 'cubePost',
    list: string | undefined,
    msg: string,
  ) => {
    const ids = splitIds(list);
    if (ids.length === 0) return;
    const found = await data.selectFrom(table).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new BizError(msg);
  };
  await check('cubeRole', lists.roleId, M.roleMissing);
  await check('cubeDept', lists.deptId, M.deptMissing);
  await check('cubePost', lists.postId, M.postMissing);
}

/** Ids of the tenant's administrator roles. */
export async function adminRoleIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select('id')
    .where('roleAlias', 'in', tenantId === PLATFORM_TENANT_ID ? ADMIN_ALIASES : ['admin'])
    .execute();
  return rows.map((r) => r.id);
}

const holdsAny = (roleId: string, roleIds: readonly string[]) =>
  splitIds(roleId).some((id) => roleIds.includes(id));

/**
 * Guards the tenant's administration: a caller who is not an administrator may neither hand out roles they do
 * not hold nor touch an administrator's account (reset its password, change, lock out or remove it), so that the
 * user screen cannot be a way to become administrator.
 */
export class AdminGuard {
  private constructor(
    private readonly ctx: RequestContext,
    readonly adminRoles: string[],
  ) {}

  static async load(db: Executor, ctx: RequestContext): Promise<AdminGuard> {
    return new AdminGuard(ctx, await adminRoleIds(db, ctx.tenantId));
  }

  get callerIsAdmin(): boolean {
    return isTenantAdmin(this.ctx);
  }

  isAdminUser(roleId: string): boolean {
    return holdsAny(roleId, this.adminRoles);
  }

  assignable(roleId: string): void {
    if (this.callerIsAdmin) return;
    const held = new Set(this.ctx.roleIds);
    if (splitIds(roleId).some((id) => !held.has(id))) throw new BizError(M.roleNotHeld);
  }

  mayTouch(users: ReadonlyArray<{ roleId: string }>): void {
    if (this.callerIsAdmin) return;
    if (users.some((u) => this.isAdminUser(u.roleId))) throw new ForbiddenError('无权操作管理员账号');
  }

  /**
   * Call before a change with the users it touches and after it: refuses (the transaction rolls back) when the
   * change leaves a tenant that had an enabled administrator without one.
   */
  async stillAdministered(
    db: Executor,
    tenantId: string,
    touched: ReadonlyArray<{ roleId: string; status: number }>,
  ) {
    if (this.adminRoles.length === 0) return;
    if (!touched.some((u) => u.status === 1 && this.isAdminUser(u.roleId))) return;
    const left = await new TenantData(db, tenantId)
      .selectFrom('cubeUser')
      .select('id')
      .where('status', '=', 1)
      .where((eb) =>
        eb.or(this.adminRoles.map((id) => eb(sql<string>`',' || role_id || ','`, 'like', `%,${id},%`))),
      )
      .limit(1)
      .executeTakeFirst();
    if (!left) throw new BizError(M.lastAdmin);
  }
}

/** The tenant's account quota (`cube_tenant.account_number`, -1 unlimited): refuses `adding` more accounts. */
export async function assertQuota(
  db: Executor,
  kind: DatabaseHandle['kind'],
  tenantId: string,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  let q = new TenantData(db, tenantId).selectFrom('cubeTenant').select('accountNumber');
  // Two creates at once must not both take the last free account: the tenant row is the lock (PostgreSQL;
  // SQLite writes one transaction at a time).
  if (kind === 'postgres') q = q.forUpdate();
  const tenant = await q.executeTakeFirst();
  const limit = tenant?.accountNumber ?? -1;
  if (limit < 0) return;
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const used = Number((row as { n?: unknown } | undefined)?.n ?? 0);
  if (used + adding > limit) {
    const left = Math.max(0, limit - used);
    throw new BizError(
      adding === 1
        ? M.quotaFull
        : `${M.quotaFull} 额度${limit}个，已用${used}个，本次新增${adding}个，最多还可新增${left}个`,
    );
  }
}

/** Rewrites the `cube_user_dept` rows of the given users from their comma lists (one delete, batched inserts). */
export async function syncUserDepts(
  db: Executor,
  tenantId: string,
  users: ReadonlyArray<{ id: string; deptId: string }>,
): Promise<void> {
  if (users.length === 0) return;
  for (let i = 0; i < users.length; i += 500) {
    const ids = users.slice(i, i + 500).map((u) => u.id);
    await db.deleteFrom('cubeUserDept').where('tenantId', '=', tenantId).where('userId', 'in', ids).execute();
  }
  const rows = users.flatMap((u) =>
    splitIds(u.deptId).map((deptId) => ({ id: newId(), tenantId, userId: u.id, deptId })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('cubeUserDept')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
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

/** Readable and unambiguous: no 0/O, 1/l/I. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * The initial password of accounts created or reset without one: the `account.initPassword` parameter when the
 * platform set it, otherwise a fresh random one (which the caller shows once). Accounts that receive it must
 * replace it at their next sign-in.
 */
export async function initialPassword(
  handle: DatabaseHandle,
): Promise<{ plain: string; generated: boolean }> {
  const configured = await readParam(handle, 'account.initPassword', '');
  return configured
    ? { plain: configured, generated: false }
    : { plain: generatePassword(), generated: true };
}

/** Stored form of a plain password: argon2id of its md5 hex, as the login compares it. */
export const hashPlainPassword = (plain: string): Promise<string> => hashSecret(md5Hex(plain));

/** Hashes many passwords with a bounded number in flight (argon2 runs on libuv's thread pool). */
export async function hashAll(plains: readonly string[], concurrency = 4): Promise<string[]> {
  const out = new Array<string>(plains.length);
  let next = 0;
  const worker = async () => {
    while (next < plains.length) {
      const i = next++;
      out[i] = await hashPlainPassword(plains[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, plains.length) }, worker));
  return out;
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

/** The VO fields of a page of users: names of their roles, departments and posts, dictionary labels. */
export async function presentUsers(
  db: Executor,
  records: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  if (records.length === 0) return records;
  const tenantIds = [...new Set(records.map((r) => String(r.tenantId)))];
  const collect = (field: string) => [...new Set(records.flatMap((r) => splitIds(String(r[field] ?? ''))))];
  const names = async (table: 'cubeRole' | 'cubeDept' | 'cubePost', column: string, ids: string[]) => {
    const map = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 500) {
      // biome-ignore lint/suspicious/noExplicitAny: three tables, each with the named column
      const rows = (await (db.selectFrom(table) as any)
        .select(['id', `${column} as name`])
        .where('tenantId', 'in', tenantIds)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()) as Array<{ id: string; name: string }>;
      for (const row of rows) map.set(String(row.id), row.name);
    }
    return map;
  };
  const [roles, depts, posts, sexes, types, tenants] = await Promise.all([
    names('cubeRole', 'roleName', collect('roleId')),
    names('cubeDept', 'deptName', collect('deptId')),
    names('cubePost', 'postName', collect('postId')),
    dictLabels(db, 'sex'),
    dictLabels(db, 'user_type'),
    db
      .selectFrom('cubeTenant')
      .select(['tenantId', 'tenantName'])
      .where('tenantId', 'in', tenantIds)
      .where('isDeleted', '=', 0)
      .execute(),
  ]);
  const tenantName = new Map(tenants.map((t) => [t.tenantId, t.tenantName]));
  const join = (list: unknown, map: Map<string, string>) =>
    splitIds(String(list ?? ''))
      .map((id) => map.get(id))
      .filter(Boolean)
      .join(',');
  return records.map((r) => ({
    ...r,
    password: '',
    birthday: r.birthday ?? '',
    roleName: join(r.roleId, roles),
    deptName: join(r.deptId, depts),
    postName: join(r.postId, posts),
    sexName: sexes.get(String(r.sex)) ?? '',
    userTypeName: types.get(String(r.userType)) ?? '',
    tenantName: tenantName.get(String(r.tenantId)) ?? '',
  }));
}
