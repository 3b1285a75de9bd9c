import type { Kysely } from 'kysely';
import type { Database, Row } from '../../db/types.js';
import { live } from '../../platform/rows.js';

/** The live, enabled OAuth client with this id (`cube_client`). */
export function enabledClient(
  db: Kysely<Database>,
  clientId: string,
): Promise<Row<'cubeClient'> | undefined> {
  return db
    .selectFrom('cubeClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .$call(live)
    .where('status', '=', 1)
    .executeTakeFirst();
}
