import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { type Author, softDeleteSet } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Docket number and title of the given cases, by id (for the child lists that show them). */
export async function caseLabels(
  db: Executor,
  ids: Array<unknown>,
): Promise<Map<string, { docketNo: string; title: string }>> {
  const wanted = [...new Set(ids.map((v) => String(v ?? '')).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('patApplication')
    .select(['id', 'docketNo', 'title'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [String(r.id), { docketNo: r.docketNo, title: r.title }]));
}

/** The facts of a live case of the tenant that its deadlines need, or undefined. */
export async function findCase(db: Executor, tenantId: string, id: string) {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select(['id', 'patentType', 'filingDate', 'agentUserId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  return {
    id: String(found.id),
    patentType: found.patentType,
    filingDate: found.filingDate,
    agentUserId: found.agentUserId === null ? null : String(found.agentUserId),
  };
}

/** Whether a live case of the tenant belongs to one of the companies. */
export async function companiesHaveCases(
  db: Executor,
  tenantId: string,
  companyIds: string[],
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select('id')
    .where('companyId', 'in', companyIds)
    .executeTakeFirst();
  return !!found;
}

/**
 * Soft-deletes the notices, deadlines, fees and step documents of removed cases, in the case's own transaction
 * (they all live in the database holding the tenant's patent data).
 */
export async function removeCaseChildren(
  trx: Transaction<Database>,
  tenantId: string,
  author: Author,
  caseIds: string[],
): Promise<void> {
  const data = new TenantData(trx, tenantId);
  const set = softDeleteSet(author);
  await data.updateTable('patNotice').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patDeadline').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patFee').set(set).where('applicationId', 'in', caseIds).execute();
  await data.updateTable('patDocument').set(set).where('applicationId', 'in', caseIds).execute();
}
