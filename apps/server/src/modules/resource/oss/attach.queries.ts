import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../../db/types.js';
import { type Author, createStamp, LIVE_ROW, softDeleteSet, updateStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Attachments (`cube_attach`, per tenant): the rows private uploads record, one per stored object name. They live
 * beside the uploads that write them; the attachment screens (`resource/attach`, which already depends on this
 * folder for the stored files) read them from here.
 */

type AttachValues = Omit<
  NewRow<'cubeAttach'>,
  | 'id'
  | 'tenantId'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'isDeleted'
  | 'status'
>;

/** Stored object names of the tenant's attachments among `ids`, removed ones included (a removal reads them). */
export async function attachObjectNames(db: Executor, tenantId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('cubeAttach')
    .select('name')
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.name);
}

/** Records an uploaded private object. */
export async function insertAttach(
  db: Executor,
  tenantId: string,
  author: Author,
  at: string,
  id: string,
  values: AttachValues,
): Promise<void> {
  await new TenantData(db, tenantId)
    .insertInto('cubeAttach', { id, ...values, ...createStamp(author, at), status: 1, isDeleted: LIVE_ROW })
    .execute();
}

/** The id of the tenant's live attachment of a stored object, if any. */
export async function attachIdByName(
  db: Executor,
  tenantId: string,
  name: string,
): Promise<string | undefined> {
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeAttach')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

/** Records the new size of a replaced object on its live attachment rows. */
export async function updateAttachSize(
  db: Executor,
  tenantId: string,
  author: Author,
  name: string,
  size: number,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('cubeAttach')
    .set({ attachSize: size, ...updateStamp(author) })
    .where('name', '=', name)
    .execute();
}

/** Soft-deletes the tenant's attachment rows of a removed object. */
export async function removeAttachByName(db: Executor, tenantId: string, author: Author, name: string) {
  await new TenantData(db, tenantId)
    .updateTable('cubeAttach')
    .set(softDeleteSet(author))
    .where('name', '=', name)
    .execute();
}

/** The stored object and the name people see of one live attachment of the tenant (a download reads them). */
export async function attachFileById(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<{ name: string; originalName: string } | undefined> {
  return new TenantData(db, tenantId)
    .selectFrom('cubeAttach')
    .select(['name', 'originalName'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Soft-deletes one attachment row of the tenant; its stored object stays. */
export async function removeAttachById(db: Executor, tenantId: string, author: Author, id: string) {
  await new TenantData(db, tenantId)
    .updateTable('cubeAttach')
    .set(softDeleteSet(author))
    .where('id', '=', id)
    .execute();
}
