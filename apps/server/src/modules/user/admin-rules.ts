import { randomInt } from 'node:crypto';
import { PLATFORM_TENANT_ID, userEntity } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import { currentRowScope } from '../../db/row-scope.js';
import type { Database } from '../../db/types.js';
import { isTenantAdmin, type RequestContext, splitIds } from '../../platform/context.js';
import { BizError, ForbiddenError } from '../../platform/errors.js';
import { hashSecret, md5Hex } from '../../platform/passwords.js';
import type { WatchedCache } from '../../platform/watched-cache.js';
import { readParam } from '../system/param/param.queries.js';
import {
  accountQuota,
  enabledUserWithRole,
  roleIdsWithAliases,
  userCount,
  userLabels,
} from './rules.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;
const M = userEntity.messages;

/** Role aliases that make a user an administrator of their tenant (the platform's own is `administrator`). */
const ADMIN_ALIASES = ['admin', 'administrator'];

/** Ids of the tenant's administrator roles. */
export function adminRoleIds(db: Executor, tenantId: string): Promise<string[]> {
  return roleIdsWithAliases(db, tenantId, tenantId === PLATFORM_TENANT_ID ? ADMIN_ALIASES : ['admin']);
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
    if (!(await enabledUserWithRole(db, tenantId, this.adminRoles))) throw new BizError(M.lastAdmin);
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
  // Two creates at once must not both take the last free account: the tenant row is the lock (PostgreSQL;
  // SQLite writes one transaction at a time).
  const limit = await accountQuota(db, tenantId, kind === 'postgres');
  if (limit < 0) return;
  const used = await userCount(db, tenantId);
  if (used + adding > limit) {
    const left = Math.max(0, limit - used);
    throw new BizError(
      adding === 1
        ? M.quotaFull
        : `${M.quotaFull} 额度${limit}个，已用${used}个，本次新增${adding}个，最多还可新增${left}个`,
    );
  }
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
  const configured = await readParam(handle, 'accountInitPassword');
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

/** Tables whose names and labels a page of users shows: a committed write to one drops the kept labels. */
export const USER_LABEL_TABLES = ['cube_role', 'cube_dept', 'cube_post', 'cube_tenant', 'cube_dict'] as const;

/**
 * The VO fields of a page of users: names of their roles, departments and posts, dictionary labels. With `labels`
 * (the user module's {@link WatchedCache}) a page's tenants' names are read once — every role, department and post
 * of those tenants — and kept until one of {@link USER_LABEL_TABLES} is written: a page then costs its own query
 * only. Kept per row scope as well as per tenant set, so that a read a scope could not see is never answered to
 * another. Without it, or while it keeps nothing, only the page's own ids are read.
 */
export async function presentUsers(
  db: Executor,
  records: Array<Record<string, unknown>>,
  labels?: WatchedCache,
): Promise<Array<Record<string, unknown>>> {
  if (records.length === 0) return records;
  const tenantIds = [...new Set(records.map((r) => String(r.tenantId)))].sort();
  const collect = (field: string) => [...new Set(records.flatMap((r) => splitIds(String(r[field] ?? ''))))];
  const { roles, depts, posts, sexes, userTypes, tenants } = labels?.live
    ? await labels.get(`${currentRowScope()}\u0000${tenantIds.join(',')}`, () => userLabels(db, tenantIds))
    : await userLabels(db, tenantIds, {
        roles: collect('roleId'),
        depts: collect('deptId'),
        posts: collect('postId'),
      });
  const join = (list: unknown, map: Map<string, string>) =>
    splitIds(String(list ?? ''))
      .map((id) => map.get(id))
      .filter(Boolean)
      .join(',');
  // The rows are the page's own, fresh from the database: completed in place (as the kit's `present` does) rather
  // than copied, a copy of some thirty fields per row being most of this function's cost.
  for (const r of records) {
    r.password = '';
    r.birthday = r.birthday ?? '';
    r.roleName = join(r.roleId, roles);
    r.deptName = join(r.deptId, depts);
    r.postName = join(r.postId, posts);
    r.sexName = sexes.get(String(r.sex)) ?? '';
    r.userTypeName = userTypes.get(String(r.userType)) ?? '';
    r.tenantName = tenants.get(String(r.tenantId)) ?? '';
  }
  return records;
}
