import { OSS_ENABLED } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { type Author, updateStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Object storage configurations (`cube_oss`, per tenant): at most one is enabled. */

/** The columns of a configuration the storage needs. */
export interface OssRow {
  id: string;
  tenantId: string;
  category: number;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  region: string;
  updateTime: string;
}

const OSS_COLUMNS = [
  'id',
  'tenantId',
  'category',
  'endpoint',
  'accessKey',
  'secretKey',
  'bucketName',
  'region',
  'updateTime',
] as const;

/** The tenant's enabled live configuration (the latest changed, should there be several). */
export async function enabledOss(db: Executor, tenantId: string): Promise<OssRow | undefined> {
  return (await new TenantData(db, tenantId)
    .selectFrom('cubeOss')
    .select(OSS_COLUMNS)
    .where('status', '=', OSS_ENABLED)
    .orderBy('updateTime', 'desc')
    .executeTakeFirst()) as OssRow | undefined;
}

/** A configuration of the tenant by id, removed ones included: files stored through it stay readable. */
export async function ossById(db: Executor, tenantId: string, id: string): Promise<OssRow | undefined> {
  return (await db
    .selectFrom('cubeOss')
    .select(OSS_COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()) as OssRow | undefined;
}

/** Makes one configuration the tenant's enabled one, switching every other enabled one to `disabledStatus`. */
export async function enableOss(
  trx: Transaction<Database>,
  tenantId: string,
  author: Author,
  id: string,
  disabledStatus: number,
): Promise<void> {
  const data = new TenantData(trx, tenantId);
  const stamp = updateStamp(author);
  await data
    .updateTable('cubeOss')
    .set({ status: disabledStatus, ...stamp })
    .where('id', '<>', id)
    .where('status', '=', OSS_ENABLED)
    .execute();
  await data
    .updateTable('cubeOss')
    .set({ status: OSS_ENABLED, ...stamp })
    .where('id', '=', id)
    .execute();
}
