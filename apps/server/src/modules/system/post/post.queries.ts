import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Posts (`cube_post`): the reads other modules make of them, and the post screen's own. Users keep their posts in
 * the comma column `cube_user.post_id` (BladeX); the one read of users here is {@link postHasUsers}.
 */

/** Names of the given posts, by id (the ids come from rows already scoped). */
export async function postNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('cubePost').select(['id', 'postName']).where('id', 'in', ids).execute();
  return new Map(rows.map((p) => [p.id, p.postName]));
}

/** The picker's list: every live post of the tenant `data` reaches, in display order. */
export function postChoices(data: TenantData) {
  return data
    .selectFrom('cubePost')
    .select(['id', 'postCode', 'postName', 'category'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Whether a live user of the tenant holds one of the posts. */
export async function postHasUsers(db: Executor, tenantId: string, ids: readonly string[]): Promise<boolean> {
  const holder = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where((eb) => eb.or(ids.map((id) => eb(sql<string>`',' || post_id || ','`, 'like', `%,${id},%`))))
    .limit(1)
    .executeTakeFirst();
  return !!holder;
}
