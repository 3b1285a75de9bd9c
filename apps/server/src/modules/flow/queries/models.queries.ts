import { type Author, updateStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import type { Executor } from './executor.js';

/** Process models (`flow_model`); the generic entity routes read and write the rest of them. */

/** Whether any of these models is a built-in one (deleted ones included). */
export async function anyBuiltinModel(db: Executor, ids: string[]): Promise<boolean> {
  const builtin = await db
    .selectFrom('flowModel')
    .select('id')
    .where('id', 'in', ids)
    .where('builtinKey', '!=', '')
    .executeTakeFirst();
  return builtin !== undefined;
}

/** Writes the shipped XML back onto a tenant's built-in model, as its next version. */
export async function restoreModelXml(
  db: Executor,
  tenantId: string,
  id: string,
  shipped: { key: string; xml: string; hash: string },
  version: number,
  author: Author,
): Promise<void> {
  await new TenantData(db, tenantId)
    .updateTable('flowModel')
    .set({
      modelKey: shipped.key,
      modelEditorXml: shipped.xml,
      builtinHash: shipped.hash,
      version,
      ...updateStamp(author),
    })
    .where('id', '=', id)
    .execute();
}
