import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { type Author, updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The reads and writes of a case that its processes make (through `flow-binding.ts`). */

/** Whether another live case of the tenant holds this application number. */
export async function applicationNoTaken(
  db: Executor,
  tenantId: string,
  applicationNo: string,
  exceptId: string,
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select('id')
    .where('applicationNo', '=', applicationNo)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The docket numbers of the tenant's live cases that start with `prefix`. */
export async function docketNosStartingWith(
  db: Executor,
  tenantId: string,
  prefix: string,
): Promise<string[]> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select('docketNo')
    .where('docketNo', 'like', `${prefix}%`)
    .execute();
  return rows.map((r) => r.docketNo);
}

/** What starting a process on a case reads of it. */
export async function caseForFlow(db: Executor, tenantId: string, id: string) {
  return new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select(['id', 'docketNo', 'title', 'agentUserId', 'patentType'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves a case to the status its process reached. */
export async function setCaseStatus(
  db: Executor,
  tenantId: string,
  id: string,
  patentStatus: string,
  author: Author | null,
  at: string,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('patApplication')
    .set({ patentStatus, ...updateStamp(author, at) })
    .where('id', '=', id)
    .execute();
}

/** Records the filing (application number and date) on a case. */
export async function setCaseFiling(
  db: Executor,
  tenantId: string,
  id: string,
  filing: { applicationNo: string; filingDate: string },
  author: Author | null,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('patApplication')
    .set({ ...filing, ...updateStamp(author) })
    .where('id', '=', id)
    .execute();
}
