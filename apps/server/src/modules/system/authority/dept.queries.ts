import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Departments (`cube_dept`): the reads other modules make of them, and the department screens' own. Users keep
 * their departments in the comma column `cube_user.dept_id` (BladeX), read
 * through the user module's query file.
 */

/** Names of the given departments, by id (any tenant: the ids come from rows already scoped). */
export async function deptNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('cubeDept').select(['id', 'deptName']).where('id', 'in', ids).execute();
  return new Map(rows.map((p) => [p.id, p.deptName]));
}

/** The tenant's live departments among `ids`, ordered for lists. */
export function tenantDepts(db: Executor, tenantId: string, ids: string[]) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeDept')
    .select(['id', 'deptName'])
    .where('id', 'in', ids)
    .orderBy('sort')
    .execute();
}

/** Every live department of the tenant (id and name), ordered for lists. */
export function allTenantDepts(db: Executor, tenantId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeDept')
    .select(['id', 'deptName'])
    .orderBy('sort')
    .execute();
}

/** The live departments of the tenant `data` reaches (the platform administrator's view of another tenant). */
export const deptRowsOf = (data: TenantData) => data.selectFrom('cubeDept');
