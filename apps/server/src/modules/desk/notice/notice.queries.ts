import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { createStamp, LIVE_ROW } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Notices (`cube_notice`, per tenant): what the bell shows, and the notices the system itself posts. */

/**
 * The published ones among the notices a caller may read: enabled, and released by `at` (a notice dated later
 * appears in its time). `visible` is the 通知公告 screen's own read (tenant and data scope), so the bell and the
 * screen never disagree about which notices a person sees.
 */
export const publishedNotices = (visible: SelectQueryBuilder<Database, 'cubeNotice', object>, at: string) =>
  visible.where('cubeNotice.status', '=', 1).where('cubeNotice.releaseTime', '<=', at);

/** How many live notices the tenant has. */
export async function countNotices(db: Executor, tenantId: string): Promise<number> {
  const row = await new TenantData(db, tenantId)
    .selectFrom('cubeNotice')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The latest notices released by `at`, newest first. */
export function latestNotices(db: Executor, tenantId: string, at: string, limit: number) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeNotice')
    .select(['id', 'title', 'releaseTime'])
    .where('releaseTime', '<=', at)
    .orderBy('releaseTime', 'desc')
    .limit(limit)
    .execute();
}

/** A notice posted by the system itself (no author), enabled and written at its release time; answers its id. */
export async function insertBellNotice(
  data: TenantData,
  notice: { title: string; category: number; releaseTime: string; content: string },
): Promise<string> {
  const id = newId();
  await data
    .insertInto('cubeNotice', {
      id,
      ...notice,
      ...createStamp(null, notice.releaseTime),
      status: 1,
      isDeleted: LIVE_ROW,
    })
    .execute();
  return id;
}
