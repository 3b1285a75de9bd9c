import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Posts (`cube_post`): the reads other modules make of them, and the post screen's own. Users keep their posts in
 * the comma column `cube_user.post_id` (BladeX),
 * read through the user module's query file.
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
