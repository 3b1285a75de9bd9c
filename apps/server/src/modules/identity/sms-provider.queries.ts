import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../../db/types.js';
import { live } from '../../platform/rows.js';

/** `cube_sms_provider`: a tenant's SMS services for sign-in codes (at most one enabled). */
type Executor = Kysely<Database> | Transaction<Database>;

/** The tenant's enabled SMS service (the newest, should there be more). */
export function enabledSmsProvider(
  db: Executor,
  tenantId: string,
): Promise<Row<'cubeSmsProvider'> | undefined> {
  return db
    .selectFrom('cubeSmsProvider')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('enabled', '=', 1)
    .$call(live)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
