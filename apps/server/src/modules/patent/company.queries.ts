import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { newId } from '../../platform/ids.js';
import { LIVE_ROW } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

export const LOOKUP_COLUMNS = [
  'id',
  'uniName',
  'creditCode',
  'address',
  'contact',
  'phone',
  'industry',
] as const;

/** The lookups answer the whole directory of a tenant; this bounds one answer. */
const LOOKUP_MAX = 2000;

/** Names of the given companies, by id. */
export async function companyNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('cubeAgentCompany')
    .select(['id', 'uniName'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((c) => [String(c.id), c.uniName]));
}

/** Whether the tenant has a live company with this id. */
export async function companyExists(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const company = await new TenantData(db, tenantId)
    .selectFrom('cubeAgentCompany')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return !!company;
}

/** Whether another live company of the tenant already has this credit code. */
export async function creditCodeTaken(
  db: Executor,
  tenantId: string,
  creditCode: string,
  exceptId: string | undefined,
): Promise<boolean> {
  let q = new TenantData(db, tenantId)
    .selectFrom('cubeAgentCompany')
    .select('id')
    .where('creditCode', '=', creditCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The users authorised for a company. */
export async function companyUserIds(db: Executor, tenantId: string, companyId: string): Promise<string[]> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('cubeAgentCompanyUser')
    .select('userId')
    .where('companyId', '=', companyId)
    .execute();
  return rows.map((r) => String(r.userId));
}

/** Drops every authorisation of the companies (a link row is removed outright, not soft-deleted). */
export async function unlinkCompanyUsers(
  db: Executor,
  tenantId: string,
  companyIds: string[],
): Promise<void> {
  await db
    .deleteFrom('cubeAgentCompanyUser')
    .where('tenantId', '=', tenantId)
    .where('companyId', 'in', companyIds)
    .execute();
}

/** Replaces the users authorised for a company. */
export async function setCompanyUsers(
  trx: Transaction<Database>,
  tenantId: string,
  companyId: string,
  userIds: string[],
): Promise<void> {
  await unlinkCompanyUsers(trx, tenantId, [companyId]);
  const data = new TenantData(trx, tenantId);
  for (const userId of userIds)
    await data
      .insertInto('cubeAgentCompanyUser', { id: newId(), companyId, userId, isDeleted: LIVE_ROW })
      .execute();
}

/** The tenant's company directory, optionally narrowed by a name fragment. */
export async function companyDirectory(db: Executor, tenantId: string, name: string | undefined) {
  let q = new TenantData(db, tenantId).selectFrom('cubeAgentCompany').select([...LOOKUP_COLUMNS]);
  if (name) q = q.where('uniName', 'like', `%${name}%`);
  return q.orderBy('uniName').orderBy('id').limit(LOOKUP_MAX).execute();
}

/** The companies a user is authorised for. */
export async function authorisedCompanies(db: Executor, tenantId: string, userId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeAgentCompany')
    .innerJoin('cubeAgentCompanyUser', (join) =>
      join
        .onRef('cubeAgentCompanyUser.companyId', '=', 'cubeAgentCompany.id')
        .on('cubeAgentCompanyUser.tenantId', '=', tenantId)
        .on('cubeAgentCompanyUser.userId', '=', userId),
    )
    .select(LOOKUP_COLUMNS.map((c) => `cubeAgentCompany.${c}` as const))
    .orderBy('cubeAgentCompany.uniName')
    .limit(LOOKUP_MAX)
    .execute();
}
