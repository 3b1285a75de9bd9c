import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { live } from '../../platform/rows.js';

/** Labels of a system dictionary by key (e.g. `sex` 1 → 男), one query for a whole page of records. */
export async function dictLabels(
  db: Kysely<Database> | Transaction<Database>,
  code: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('cubeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', code)
    .where('parentId', '<>', '0')
    .$call(live)
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}
