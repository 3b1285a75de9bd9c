import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The one read of user accounts (`cube_user`, the user module's table) here: a user's role and department lists. */
export function userOrgLists(db: Executor, tenantId: string, userId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select(['roleId', 'deptId'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
