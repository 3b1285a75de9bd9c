import type { NewRow } from '../../../db/types.js';
import { type Author, createStamp, LIVE_ROW, updateStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import type { Executor, OwnValues } from './executor.js';

/**
 * Every read and write the workflow makes of the patent module's tables (the case a flow runs on, its agent
 * company), kept in this one file so that they can be pointed at that module's own query files later.
 */

type CaseValues = Omit<OwnValues<NewRow<'patApplication'>>, 'id' | 'tenantId'>;

/** Whether a live case of the tenant holds this docket number. */
export async function docketNoTaken(db: Executor, tenantId: string, docketNo: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select('id')
    .where('docketNo', '=', docketNo)
    .executeTakeFirst();
  return found !== undefined;
}

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

/** Whether the tenant has this live agent company. */
export async function agentCompanyExists(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeAgentCompany')
    .select('id')
    .where('id', '=', id)
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

/** What starting a flow on a case reads of it. */
export async function caseForFlow(db: Executor, tenantId: string, id: string) {
  return new TenantData(db, tenantId)
    .selectFrom('patApplication')
    .select(['id', 'docketNo', 'title', 'agentUserId', 'patentType'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Inserts a live case. `created` is who filed it (and for which department), `updated` who last wrote it — the
 * same person unless a flow opens the case on its starter's behalf.
 */
export async function insertCase(
  db: Executor,
  tenantId: string,
  id: string,
  values: CaseValues,
  at: string,
  created: Author | null,
  createDept: string | null,
  updated: Author | null = created,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('patApplication', {
      ...values,
      id,
      ...createStamp(created, at, createDept),
      ...updateStamp(updated, at),
      status: 1,
      isDeleted: LIVE_ROW,
    })
    .execute();
}

/** Moves a case to the status its flow reached. */
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
