import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The console home's reads of tables other modules own, in one place: the tenant's name (`cube_tenant`), and
 * its sign-in sessions (`cube_auth_session`).
 */

export function tenantName(db: Executor, tenantId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeTenant')
    .select(['tenantId', 'tenantName'])
    .executeTakeFirst();
}

const total = (row: { total: unknown } | undefined) => Number(row?.total ?? 0);

/** Sessions of the tenant that are neither revoked nor expired at `at` and were refreshed after `since`. */
export async function countActiveSessions(
  db: Executor,
  tenantId: string,
  at: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('cubeAuthSession')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('tenantId', '=', tenantId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', at)
    .where('refreshedAt', '>', since)
    .executeTakeFirst();
  return total(row);
}

/** Sign-ins of the tenant (sessions created) in [from, to). */
export async function countSignIns(
  db: Executor,
  tenantId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom('cubeAuthSession')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('tenantId', '=', tenantId)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .executeTakeFirst();
  return total(row);
}
