import type { Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/types.js';
import { newId } from '../../platform/ids.js';
import { type Author, createStamp, LIVE_ROW, updateStamp } from '../../platform/rows.js';
import { TenantData } from '../../platform/tenant-data.js';

type NoticeValues = Omit<
  NewRow<'patNotice'>,
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

/** Rewrites a live notice of the tenant. */
export async function updateNotice(
  trx: Transaction<Database>,
  tenantId: string,
  author: Author,
  at: string,
  id: string,
  values: NoticeValues,
): Promise<void> {
  await new TenantData(trx, tenantId)
    .updateTable('patNotice')
    .set({ ...values, ...updateStamp(author, at) })
    .where('id', '=', id)
    .execute();
}

/** Files a new notice for the tenant; answers its id. */
export async function insertNotice(
  trx: Transaction<Database>,
  tenantId: string,
  author: Author,
  at: string,
  values: NoticeValues,
): Promise<string> {
  const id = newId();
  await new TenantData(trx, tenantId)
    .insertInto('patNotice', { ...values, id, ...createStamp(author, at), status: 1, isDeleted: LIVE_ROW })
    .execute();
  return id;
}
