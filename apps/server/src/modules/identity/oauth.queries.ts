import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../../db/types.js';
import { LIVE_ROW, live } from '../../platform/rows.js';

/**
 * `cube_oauth_provider` (a tenant's third-party sign-in services) and `cube_user_oauth` (the identities seen at
 * those services, linked to an account or waiting for a registration). Callers run in the tenant's row scope.
 */
type Executor = Kysely<Database> | Transaction<Database>;

/** What a provider tells about a person, cut to the column sizes of `cube_user_oauth`. */
export interface IdentityProfile {
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/** The tenant's enabled provider for `source`. */
export function enabledProvider(
  db: Executor,
  tenantId: string,
  source: string,
): Promise<Row<'cubeOauthProvider'> | undefined> {
  return db
    .selectFrom('cubeOauthProvider')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('source', '=', source)
    .where('enabled', '=', 1)
    .$call(live)
    .executeTakeFirst();
}

/** The tenant's enabled providers, source and display name. */
export function enabledProviders(
  db: Executor,
  tenantId: string,
): Promise<Array<{ source: string; name: string }>> {
  return db
    .selectFrom('cubeOauthProvider')
    .select(['source', 'name'])
    .where('tenantId', '=', tenantId)
    .where('enabled', '=', 1)
    .$call(live)
    .orderBy('id')
    .execute();
}

/** Whether the tenant (any tenant, without one) has an enabled provider. */
export async function anyProviderEnabled(db: Executor, tenantId: string | undefined): Promise<boolean> {
  let q = db.selectFrom('cubeOauthProvider').select('id').where('enabled', '=', 1).$call(live);
  if (tenantId) q = q.where('tenantId', '=', tenantId);
  return !!(await q.executeTakeFirst());
}

/** The identity `uuid` of `source` as recorded for the tenant. */
export function findIdentity(
  db: Executor,
  tenantId: string,
  source: string,
  uuid: string,
): Promise<Row<'cubeUserOauth'> | undefined> {
  return db
    .selectFrom('cubeUserOauth')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('source', '=', source)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** An identity row by id. */
export function findIdentityById(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<Row<'cubeUserOauth'> | undefined> {
  return db
    .selectFrom('cubeUserOauth')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Refreshes what the provider told about the identity. */
export async function updateIdentityProfile(
  db: Executor,
  id: string,
  profile: IdentityProfile,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('cubeUserOauth')
    .set({ ...profile, updateTime: stamp })
    .where('id', '=', id)
    .execute();
}

/** Records an identity; one recorded meanwhile by a parallel sign-in wins (no error). */
export async function insertIdentity(db: Executor, row: NewRow<'cubeUserOauth'>): Promise<void> {
  await db
    .insertInto('cubeUserOauth')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The user's identities with their provider's display name (a removed provider names none). */
export function identitiesOfUser(db: Executor, tenantId: string, userId: string) {
  return db
    .selectFrom('cubeUserOauth')
    .leftJoin('cubeOauthProvider', (join) =>
      join
        .onRef('cubeOauthProvider.tenantId', '=', 'cubeUserOauth.tenantId')
        .onRef('cubeOauthProvider.source', '=', 'cubeUserOauth.source')
        .on('cubeOauthProvider.isDeleted', '=', LIVE_ROW),
    )
    .select([
      'cubeUserOauth.id',
      'cubeUserOauth.source',
      'cubeOauthProvider.name as providerName',
      'cubeUserOauth.username',
      'cubeUserOauth.nickname',
      'cubeUserOauth.avatar',
      'cubeUserOauth.linkTime',
      'cubeUserOauth.updateTime',
    ])
    .where('cubeUserOauth.tenantId', '=', tenantId)
    .where('cubeUserOauth.userId', '=', userId)
    .orderBy('cubeUserOauth.id')
    .execute();
}

/** The ids of the user's identities, optionally of one source only. */
export async function identityIdsOfUser(
  db: Executor,
  tenantId: string,
  userId: string,
  source?: string,
): Promise<string[]> {
  let q = db
    .selectFrom('cubeUserOauth')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId);
  if (source !== undefined) q = q.where('source', '=', source);
  return (await q.execute()).map((r) => r.id);
}

/** Links a recorded identity to a user, with what the provider told just now. */
export async function linkIdentity(
  db: Executor,
  tenantId: string,
  id: string,
  userId: string,
  stamp: string,
  profile?: IdentityProfile,
): Promise<void> {
  await db
    .updateTable('cubeUserOauth')
    .set({ ...(profile ?? {}), userId, linkTime: stamp, updateTime: stamp })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Records an identity already linked to a user. */
export async function insertLinkedIdentity(db: Executor, row: NewRow<'cubeUserOauth'>): Promise<void> {
  await db.insertInto('cubeUserOauth').values(row).execute();
}

/** Forgets one of the user's identities. */
export async function deleteIdentity(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
): Promise<void> {
  await db
    .deleteFrom('cubeUserOauth')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Source and provider username of the identities linked to the given users. */
export async function identitiesOfUsers(db: Executor, tenantId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('cubeUserOauth')
    .select(['userId', 'source', 'username'])
    .where('tenantId', '=', tenantId)
    .where('userId', 'in', [...userIds])
    .execute();
}

/** Unlinks every identity of the given users (they may sign in with it and register again). */
export async function unlinkIdentitiesOfUsers(
  db: Executor,
  tenantId: string,
  userIds: readonly string[],
  stamp: string,
): Promise<void> {
  await db
    .updateTable('cubeUserOauth')
    .set({ userId: null, linkTime: null, updateTime: stamp })
    .where('tenantId', '=', tenantId)
    .where('userId', 'in', [...userIds])
    .execute();
}
