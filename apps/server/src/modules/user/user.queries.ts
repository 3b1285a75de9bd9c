import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { updateStamp } from '../../platform/rows.js';
import { tenantData } from '../../platform/tenant-data.js';

/**
 * `cube_user` reads and writes of the user module, and the lookups other modules use to name users. The
 * account lookups themselves live with sign-in in modules/identity and are offered here too.
 */
export { accountTaken, findLiveUser, findUserByAccount, findUserByPhone } from '../identity/user.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * id → display name (real name, else nickname) of the tenant's users among `ids`. Removed users keep their
 * name here: records they wrote still show who wrote them.
 */
export async function userNamesByIds(
  db: Executor,
  tenantId: string,
  ids: Iterable<unknown>,
): Promise<Map<string, string>> {
  const wanted = [
    ...new Set([...ids].map((id) => (id === null || id === undefined ? '' : String(id)))),
  ].filter(Boolean);
  const names = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('cubeUser')
      .select(['id', 'realName', 'name'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const u of rows) names.set(String(u.id), u.realName || u.name);
  }
  return names;
}

/** Writes the signed-in user's own profile fields; false when the account is gone. */
export async function updateOwnProfile(
  db: Executor,
  ctx: RequestContext,
  changes: Record<string, unknown>,
): Promise<boolean> {
  const result = await tenantData(db, ctx)
    .updateTable('cubeUser')
    .set({ ...changes, ...updateStamp(ctx) })
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
