import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/types.js';
import { live } from '../../platform/rows.js';

/**
 * `cube_auth_session` and `cube_refresh_token`: one row per sign-in, and the chain of single-use refresh tokens
 * issued for it (stored as digests). Plus the two reads every issued pair depends on: the tenant's state and
 * the aliases of the roles it names.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** Records a new session and its first refresh token together. */
export async function insertSession(
  db: Kysely<Database>,
  session: NewRow<'cubeAuthSession'>,
  token: NewRow<'cubeRefreshToken'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('cubeAuthSession').values(session).execute();
    await trx.insertInto('cubeRefreshToken').values(token).execute();
  });
}

/** The tenant of the session a refresh token digest belongs to (the one read a refresh makes across tenants). */
export function refreshTokenOwner(db: Executor, tokenHash: string) {
  return db
    .selectFrom('cubeRefreshToken as r')
    .innerJoin('cubeAuthSession as s', 's.id', 'r.sessionId')
    .select('s.tenantId')
    .where('r.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export function refreshTokenByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('cubeRefreshToken').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Marks the token used, unless it already was; true when this call did. */
export async function claimRefreshToken(db: Executor, id: string, stamp: string): Promise<boolean> {
  const claimed = await db
    .updateTable('cubeRefreshToken')
    .set({ usedAt: stamp })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export function sessionById(db: Executor, id: string) {
  return db.selectFrom('cubeAuthSession').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the session on (its roles and departments may change with a refresh) and adds the next token. */
export async function rotateSession(
  db: Kysely<Database>,
  sessionId: string,
  values: { refreshedAt: string; roleId: string; deptId: string },
  token: NewRow<'cubeRefreshToken'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('cubeAuthSession').set(values).where('id', '=', sessionId).execute();
    await trx.insertInto('cubeRefreshToken').values(token).execute();
  });
}

/** Status and end date of a live tenant. */
export function tenantStatus(db: Executor, tenantId: string) {
  return db
    .selectFrom('cubeTenant')
    .select(['status', 'expireTime'])
    .where('tenantId', '=', tenantId)
    .$call(live)
    .executeTakeFirst();
}

/** The tenant's live roles among `roleIds`, with their aliases. */
export function rolesWithAliases(db: Executor, tenantId: string, roleIds: readonly string[]) {
  return db
    .selectFrom('cubeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [...roleIds])
    .$call(live)
    .execute();
}
