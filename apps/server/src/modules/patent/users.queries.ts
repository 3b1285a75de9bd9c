import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The patent module's reads of user accounts (`cube_user`, owned by the user module), in one place: the names
 * shown beside agents and owners, and the checks that a named user belongs to the caller's tenant.
 */

/** Display names (real name, else account name) of the given user ids, by id; unknown ids are left out. */
export async function userNames(db: Executor, ids: Array<unknown>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.map((v) => String(v ?? '')).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const users = await db
    .selectFrom('cubeUser')
    .select(['id', 'realName', 'name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(users.map((u) => [String(u.id), u.realName || u.name]));
}

/** How many of `ids` are live users of the tenant (a caller compares with the number asked). */
export async function countTenantUsers(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return found.length;
}
