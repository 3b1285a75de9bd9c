import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { liveIn } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Top menus (`cube_top_menu`, per tenant) and the menus each shows (`cube_top_menu_setting`). Kept with the menus:
 * the console shell and menu removal read and unlink them, and the top-menu screens (`system/topmenu`) depend on
 * this folder already.
 */

/** How many of `ids` are live top menus of the tenant (a caller compares with the number asked). */
export async function countOwnTopMenus(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<number> {
  const own = await new TenantData(db, tenantId)
    .selectFrom('cubeTopMenu')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return own.length;
}

/** The tenant's live top menus in display order. */
export function tenantTopMenus(db: Executor, tenantId: string) {
  return new TenantData(db, tenantId)
    .selectFrom('cubeTopMenu')
    .select(['id', 'tenantId', 'code', 'name', 'source', 'path', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The menu links of the given top menus. */
export function topMenuSettings(db: Executor, topMenuIds: string[]) {
  return db
    .selectFrom('cubeTopMenuSetting')
    .select(['topMenuId', 'menuId'])
    .where('topMenuId', 'in', topMenuIds)
    .execute();
}

/** Menus linked to the given top menus that are still live. */
export async function linkedLiveMenuIds(db: Executor, topMenuIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('cubeTopMenuSetting')
    .innerJoin('cubeMenu', 'cubeMenu.id', 'cubeTopMenuSetting.menuId')
    .select('cubeTopMenuSetting.menuId')
    .distinct()
    .where('cubeTopMenuSetting.topMenuId', 'in', topMenuIds)
    .$call(liveIn('cubeMenu'))
    .execute();
  return rows.map((r) => String(r.menuId));
}

/** Drops the links of removed top menus (link rows are removed outright). */
export async function unlinkTopMenus(db: Executor, topMenuIds: string[]): Promise<void> {
  await db.deleteFrom('cubeTopMenuSetting').where('topMenuId', 'in', topMenuIds).execute();
}

/** Drops every top-menu link to removed menus. */
export async function unlinkMenusFromTopMenus(db: Executor, menuIds: string[]): Promise<void> {
  await db.deleteFrom('cubeTopMenuSetting').where('menuId', 'in', menuIds).execute();
}

/** Replaces the menus the given top menus show: each gets every menu listed. */
export async function replaceTopMenuLinks(
  trx: Transaction<Database>,
  topMenuIds: string[],
  menuIds: string[],
): Promise<void> {
  await unlinkTopMenus(trx, topMenuIds);
  const rows = topMenuIds.flatMap((topMenuId) =>
    menuIds.map((menuId) => ({ id: newId(), topMenuId, menuId })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('cubeTopMenuSetting')
      .values(rows.slice(i, i + 500))
      .execute();
}
