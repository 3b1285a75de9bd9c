import { ONLINE_CODES } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { newId } from '../platform/ids.js';
import { live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, ID, type MenuSeed, menu } from './demo-data.js';
import { seedIds } from './ids.js';

const fixedId = seedIds('online');

export const ONLINE_ID = { menu: fixedId(1400), remove: fixedId(1401) } as const;

/**
 * 在线用户 under 系统管理: each tenant's administrator sees and ends the tenant's sessions (a new tenant gets it
 * with 系统管理), the platform administrator every tenant's.
 */
export const ONLINE_MENUS: MenuSeed[] = [
  menu(ONLINE_ID.menu, ID.menuSystem, ONLINE_CODES.read, '/system/online', 'wifi', 12),
  button(ONLINE_ID.remove, ONLINE_ID.menu, ONLINE_CODES.remove, '强制下线', 'delete', 'logout', 3, 1),
];

export async function seedOnline(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    ONLINE_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const roles = [ID.rolePlatformAdministrator, ...(config.demo ? [ID.roleDemoAdmin] : [])];
  await insertMissing(
    db,
    'cubeRoleMenu',
    roles.flatMap((roleId) => ONLINE_MENUS.map((m) => ({ id: newId(), roleId, menuId: m.id }))),
    ['roleId', 'menuId'],
  );
  const topMenus = [CONSOLE_ID.topMenuPlatformSystem];
  if (config.demo) {
    const demoSystem = await db
      .selectFrom('cubeTopMenu')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('code', '=', 'system')
      .$call(live)
      .executeTakeFirst();
    if (demoSystem) topMenus.push(String(demoSystem.id) as typeof CONSOLE_ID.topMenuPlatformSystem);
  }
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    topMenus.map((topMenuId) => ({ id: newId(), topMenuId, menuId: ONLINE_ID.menu })),
    ['topMenuId', 'menuId'],
  );
}
