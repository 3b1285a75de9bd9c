import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { GlobalData } from '../../../platform/global-data.js';
import { type Author, updateStamp } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** API clients (`cube_client`, platform-wide). */

/** Whether one of the rows `ids` (removed ones included) is the client with this client id. */
export async function clientAmong(db: Executor, ids: string[], clientId: string): Promise<boolean> {
  const found = await db
    .selectFrom('cubeClient')
    .select('id')
    .where('id', 'in', ids)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return !!found;
}

/** Stores a live client's new hashed secret. */
export async function setClientSecret(
  db: Executor,
  author: Author,
  id: string,
  hashed: string,
): Promise<void> {
  await new GlobalData(db)
    .updateTable('cubeClient')
    .set({ clientSecret: hashed, ...updateStamp(author) })
    .where('id', '=', id)
    .execute();
}
