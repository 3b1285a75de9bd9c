import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import type { Database, Row } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { live, updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

/**
 * Account lookups on `cube_user` that sign-in, linking and the user screens share. Each names the tenant itself
 * (callers run inside that tenant's row scope) and reads live rows only.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** The live user of the tenant with this account (sign-in name). */
export function findUserByAccount(
  db: Executor,
  tenantId: string,
  account: string,
): Promise<Row<'cubeUser'> | undefined> {
  return db
    .selectFrom('cubeUser')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .$call(live)
    .executeTakeFirst();
}

/** The live user of the tenant with this phone number; a number shared by two accounts names neither. */
export async function findUserByPhone(
  db: Executor,
  tenantId: string,
  phone: string,
): Promise<Row<'cubeUser'> | undefined> {
  const rows = await db
    .selectFrom('cubeUser')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('phone', '=', phone)
    .$call(live)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** The live user of the tenant with this id. */
export function findLiveUser(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<Row<'cubeUser'> | undefined> {
  return db
    .selectFrom('cubeUser')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .$call(live)
    .executeTakeFirst();
}

/**
 * Whether a live user of the tenant has an account that reads the same ignoring case (`Admin` for `admin`): new
 * accounts made outside the user screen (guest registration) must not pass for an existing one.
 */
export async function accountTakenIgnoringCase(
  db: Executor,
  tenantId: string,
  account: string,
): Promise<boolean> {
  const found = await db
    .selectFrom('cubeUser')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .$call(live)
    .executeTakeFirst();
  return !!found;
}

/** Whether a live user of the tenant already has this account (`exceptId`: the user being edited). */
export async function accountTaken(
  db: Executor,
  tenantId: string,
  account: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('cubeUser')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .$call(live);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The accounts of the tenant's live users (`exceptId`: the user being edited), for the look-alike rule. */
export async function tenantAccounts(db: Executor, tenantId: string, exceptId?: string): Promise<string[]> {
  let q = db.selectFrom('cubeUser').select('account').where('tenantId', '=', tenantId).$call(live);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.execute()).map((r) => r.account);
}

/** The stored password hash of a live user ('' when none is set); undefined when there is no such user. */
export async function passwordOf(db: Executor, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('cubeUser')
    .select('password')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .$call(live)
    .executeTakeFirst();
  return row?.password;
}

/** The signed-in user's own row, the fields their profile shows. */
export function ownProfileRow(handle: DatabaseHandle, ctx: RequestContext) {
  return new TenantData(handle.db, ctx.tenantId)
    .selectFrom('cubeUser')
    .select([
      'id',
      'tenantId',
      'code',
      'userType',
      'account',
      'name',
      'realName',
      'avatar',
      'email',
      'phone',
      'birthday',
      'sex',
      'roleId',
      'deptId',
      'postId',
      'createTime',
      'updateTime',
      'status',
    ])
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
}

/** Sets the signed-in user's password hash; the must-change flag is cleared (they chose it). */
export async function setOwnPassword(db: Executor, ctx: RequestContext, hash: string): Promise<void> {
  await new TenantData(db, ctx.tenantId)
    .updateTable('cubeUser')
    .set({ password: hash, passwordMustChange: 0, ...updateStamp(ctx) })
    .where('id', '=', ctx.userId)
    .execute();
}

/** The signed-in user's own password hash (undefined: the account is gone). */
export async function ownPassword(db: Executor, ctx: RequestContext): Promise<string | undefined> {
  const row = await new TenantData(db, ctx.tenantId)
    .selectFrom('cubeUser')
    .select(['password'])
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  return row?.password;
}
