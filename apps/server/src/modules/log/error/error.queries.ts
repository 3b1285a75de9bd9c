import type { Transaction } from 'kysely';
import type { Database, NewRow } from '../../../db/types.js';
import { TenantData } from '../../../platform/tenant-data.js';

/** Writes uploaded browser error log rows for the tenant. */
export async function insertErrorLogs(
  trx: Transaction<Database>,
  tenantId: string,
  rows: Array<Omit<NewRow<'cubeLogError'>, 'tenantId'>>,
): Promise<void> {
  const logs = new TenantData(trx, tenantId);
  for (const row of rows) await logs.insertInto('cubeLogError', row).execute();
}
