import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { live } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Whether a live tenant is bound to one of the datasources. */
export async function anyTenantBound(db: Executor, datasourceIds: readonly string[]): Promise<boolean> {
  if (datasourceIds.length === 0) return false;
  const bound = await db
    .selectFrom('cubeTenant')
    .select('id')
    .where('datasourceId', 'in', datasourceIds)
    .$call(live)
    .executeTakeFirst();
  return bound !== undefined;
}
