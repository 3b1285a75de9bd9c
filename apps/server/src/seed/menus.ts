import { menuEntity, TOP_MENU_SETTING_CODE, topMenuEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { newId } from '../platform/ids.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, entityMenus, ID, type MenuSeed } from './demo-data.js';
import { seedIds } from './ids.js';

const fixedId = seedIds('menus');

/** The 系统管理 branch of the console menu, which the menu and top-menu pages join. */
const SYSTEM_MENU = ID.menuSystem;

/** Fixed ids of the menu-administration rows. */
export const MENUS_ID = {
  menuMenu: fixedId(400),
  menuTopMenu: fixedId(410),
  topMenuSetting: fixedId(415),
} as const;

/** 菜单管理: platform-wide rows, so only the platform administrator gets this page. */
const MENU_ADMIN: MenuSeed[] = entityMenus(
  menuEntity,
  {
    menu: MENUS_ID.menuMenu,
    add: fixedId(401),
    edit: fixedId(402),
    remove: fixedId(403),
    view: fixedId(404),
  },
  SYSTEM_MENU,
  '/system/menu',
  'menu',
  5,
);

/** 顶部菜单: each tenant's own header menu, so tenant administrators get it too (BladeX `tenant.default.menuCode`). */
const TOP_MENU_ADMIN: MenuSeed[] = [
  ...entityMenus(
    topMenuEntity,
    {
      menu: MENUS_ID.menuTopMenu,
      add: fixedId(411),
      edit: fixedId(412),
      remove: fixedId(413),
      view: fixedId(414),
    },
    SYSTEM_MENU,
    '/system/topmenu',
    'appstore',
    7,
  ),
  button(
    MENUS_ID.topMenuSetting,
    MENUS_ID.menuTopMenu,
    TOP_MENU_SETTING_CODE,
    '菜单配置',
    'setting',
    'setting',
    2,
    5,
  ),
];

export const MENU_ADMIN_MENUS: MenuSeed[] = [...MENU_ADMIN, ...TOP_MENU_ADMIN];

/**
 * Menu and top-menu administration: the pages and buttons, granted to the platform administrator (all) and the
 * demo tenant's administrator (top menus only), and linked to the platform's 系统管理 top menu.
 */
export async function seedMenus(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    MENU_ADMIN_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const grants = [
    ...MENU_ADMIN_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo ? TOP_MENU_ADMIN.map((m) => ({ roleId: ID.roleDemoAdmin, menuId: m.id })) : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  const pages = MENU_ADMIN_MENUS.filter((m) => m.category === 1);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    pages.map((m) => ({ id: newId(), topMenuId: CONSOLE_ID.topMenuPlatformSystem, menuId: m.id })),
    ['topMenuId', 'menuId'],
  );
}
