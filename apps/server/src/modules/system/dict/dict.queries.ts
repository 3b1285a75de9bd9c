import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { GlobalData } from '../../../platform/global-data.js';
import { live } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Reads of the system dictionary (`cube_dict`, platform-wide) and the business dictionary (`cube_dict_biz`, per
 * tenant) that other screens make: an item's label by its key. A code's root row carries `parent_id` 0 and is
 * not an item.
 */

/** Labels of the live items of a system dictionary code, by item key. */
export async function dictLabels(db: Executor, code: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('cubeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', code)
    .where('parentId', '<>', '0')
    .$call(live)
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

/** Labels of the live items of a tenant's business dictionary code, by item key (the root's key -1 left out). */
export async function dictBizLabels(
  db: Executor,
  tenantId: string,
  code: string,
): Promise<Map<string, string>> {
  const rows = await new TenantData(db, tenantId)
    .selectFrom('cubeDictBiz')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', code)
    .where('dictKey', '<>', '-1')
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

/** Whether a tenant's business dictionary code has a live row with this key. */
export async function dictBizKeyExists(
  db: Executor,
  tenantId: string,
  code: string,
  key: string,
): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeDictBiz')
    .select('id')
    .where('code', '=', code)
    .where('dictKey', '=', key)
    .executeTakeFirst();
  return !!found;
}

/**
 * Gives the items of a root the root's new code (an item always carries its root's code): in the system
 * dictionary, or in the tenant's business dictionary.
 */
export async function renameItemsCode(
  trx: Transaction<Database>,
  kind: 'dict' | 'dictBiz',
  tenantId: string,
  rootId: string,
  from: string,
  to: string,
): Promise<void> {
  const table =
    kind === 'dict'
      ? new GlobalData(trx).updateTable('cubeDict')
      : new TenantData(trx, tenantId).updateTable('cubeDictBiz');
  // biome-ignore lint/suspicious/noExplicitAny: one of two dictionary tables with the same columns
  await (table as any).set({ code: to }).where('code', '=', from).where('id', '<>', rootId).execute();
}
