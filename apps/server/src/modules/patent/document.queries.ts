import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { type Author, createStamp, LIVE_ROW, softDeleteSet } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The documents of a case's process steps (`pat_document`): one row per uploaded version, pointing at the
 * attachment (`cube_attach`) that holds the file. Rows are written once and soft-deleted, never edited.
 */

const COLUMNS = [
  'id',
  'applicationId',
  'processInstanceId',
  'taskId',
  'stepKey',
  'stepName',
  'kind',
  'version',
  'attachId',
  'fileName',
  'fileSize',
  'createUser',
  'createTime',
] as const;

/** A case's live documents: by upload order of their steps, then kind, newest version first. */
export async function caseDocuments(db: Executor, tenantId: string, applicationId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('patDocument')
    .select([...COLUMNS])
    .where('applicationId', '=', applicationId)
    .orderBy('processInstanceId')
    .orderBy('stepKey')
    .orderBy('kind')
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One live document of the tenant, or undefined. */
export async function documentById(db: Executor, tenantId: string, id: string) {
  return new TenantData(db, tenantId)
    .selectFrom('patDocument')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The next version of a kind of document on a step of one process instance: one more than the highest number
 * ever given there, removed versions included, so a number is never handed out twice.
 */
export async function nextDocumentVersion(
  db: Executor,
  tenantId: string,
  at: { applicationId: string; processInstanceId: string; stepKey: string; kind: string },
): Promise<number> {
  const row = await db
    .selectFrom('patDocument')
    .select((eb) => eb.fn.max('version').as('top'))
    .where('tenantId', '=', tenantId)
    .where('applicationId', '=', at.applicationId)
    .where('processInstanceId', '=', at.processInstanceId)
    .where('stepKey', '=', at.stepKey)
    .where('kind', '=', at.kind)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export interface NewDocument {
  id: string;
  applicationId: string;
  processInstanceId: string;
  taskId: string;
  stepKey: string;
  stepName: string;
  kind: string;
  version: number;
  attachId: string;
  fileName: string;
  fileSize: number;
}

export async function insertDocument(
  db: Executor,
  tenantId: string,
  author: Author,
  at: string,
  values: NewDocument,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('patDocument', { ...values, ...createStamp(author, at), status: 1, isDeleted: LIVE_ROW })
    .execute();
}

/** Soft-deletes one document row; the attachment it points at stays (other screens may list it). */
export async function removeDocument(db: Executor, tenantId: string, author: Author, id: string) {
  await new TenantData(db, tenantId)
    .updateTable('patDocument')
    .set(softDeleteSet(author))
    .where('id', '=', id)
    .execute();
}
