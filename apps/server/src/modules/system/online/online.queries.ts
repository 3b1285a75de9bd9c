import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { liveIn } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Live sessions (`cube_auth_session`, one row per sign-in, whatever tokens it issued): not ended, before their
 * absolute end, and still renewable (a refresh token of the session that is neither used nor expired). A tenant
 * of `undefined` means every tenant (the platform administrator's view).
 */
export function liveSessions(db: Executor, at: string, tenantId: string | undefined) {
  let q = db
    .selectFrom('cubeAuthSession as s')
    .innerJoin('cubeUser as u', (join) =>
      join.onRef('u.id', '=', 's.userId').onRef('u.tenantId', '=', 's.tenantId'),
    )
    .leftJoin('cubeTenant as t', 't.tenantId', 's.tenantId')
    .$call(liveIn('u'))
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', at)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('cubeRefreshToken as r')
          .select('r.id')
          .whereRef('r.sessionId', '=', 's.id')
          .where('r.usedAt', 'is', null)
          .where('r.expiresAt', '>', at),
      ),
    );
  if (tenantId !== undefined) q = q.where('s.tenantId', '=', tenantId);
  return q;
}

export const SESSION_COLUMNS = [
  's.id as id',
  's.tenantId as tenantId',
  't.tenantName as tenantName',
  's.userId as userId',
  'u.account as account',
  'u.realName as realName',
  's.clientId as clientId',
  's.ip as ip',
  's.userAgent as userAgent',
  's.createdAt as loginTime',
  's.refreshedAt as lastActiveTime',
  's.expiresAt as expireTime',
] as const;

/** The sessions among `ids` that are live and visible to the caller (tenant `undefined`: any tenant). */
export function visibleSessionIds(
  db: Executor,
  at: string,
  tenantId: string | undefined,
  ids: readonly string[],
) {
  return liveSessions(db, at, tenantId)
    .select(['s.id as id', 's.tenantId as tenantId', 's.userId as userId'])
    .where('s.id', 'in', [...ids])
    .execute();
}

/** The live sessions of the given users, visible to the caller. */
export function sessionsOfUsers(
  db: Executor,
  at: string,
  tenantId: string | undefined,
  userIds: readonly string[],
) {
  return liveSessions(db, at, tenantId)
    .select(['s.id as id', 's.tenantId as tenantId', 's.userId as userId'])
    .where('s.userId', 'in', [...userIds])
    .execute();
}
