import { attachEntity, ossEntity, regionEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { newId } from '../platform/ids.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, entityMenus, ID, type MenuSeed, menu } from './demo-data.js';
import { seedIds } from './ids.js';
import { seedRegions } from './regions.js';

const fixedId = seedIds('resources');

/** Fixed ids of the resource and region rows. */
export const RESOURCES_ID = {
  menuResource: fixedId(700),
  menuAttach: fixedId(701),
  menuOss: fixedId(710),
  menuBase: fixedId(720),
  menuRegion: fixedId(721),
} as const;

const p = { attach: attachEntity.permissions, oss: ossEntity.permissions };

/** 资源管理 (as in the BladeX menu tree): attachments and object storage; each tenant has its own. */
const RESOURCE_MENUS: MenuSeed[] = [
  menu(RESOURCES_ID.menuResource, '0', 'resource', '/resource', 'cloud', 6),
  menu(RESOURCES_ID.menuAttach, RESOURCES_ID.menuResource, p.attach.read, '/resource/attach', 'folder', 2),
  button(fixedId(702), RESOURCES_ID.menuAttach, 'attach_upload', '上传', 'upload', 'upload', 1, 1),
  button(fixedId(703), RESOURCES_ID.menuAttach, 'attach_download', '下载', 'download', 'download', 2, 2),
  button(fixedId(704), RESOURCES_ID.menuAttach, 'attach_delete', '删除', 'delete', 'delete', 3, 3),
  ...entityMenus(
    ossEntity,
    {
      menu: RESOURCES_ID.menuOss,
      add: fixedId(711),
      edit: fixedId(712),
      remove: fixedId(713),
      view: fixedId(714),
    },
    RESOURCES_ID.menuResource,
    '/resource/oss',
    'database',
    1,
  ),
  button(fixedId(715), RESOURCES_ID.menuOss, 'oss_enable', '启用', 'enable', 'check-circle', 2, 5),
];

/** 基础配置 > 行政区划: platform-wide rows, so the platform administrator's only. */
const BASE_MENUS: MenuSeed[] = [
  menu(RESOURCES_ID.menuBase, '0', 'base', '/base', 'build', 97),
  ...entityMenus(
    regionEntity,
    {
      menu: RESOURCES_ID.menuRegion,
      add: fixedId(722),
      edit: fixedId(723),
      remove: fixedId(724),
      view: fixedId(725),
    },
    RESOURCES_ID.menuBase,
    '/base/region',
    'global',
    1,
  ),
  button(fixedId(726), RESOURCES_ID.menuRegion, 'region_import', '导入', 'import', 'import', 1, 5),
  button(fixedId(727), RESOURCES_ID.menuRegion, 'region_export', '导出', 'export', 'export', 2, 6),
  button(fixedId(728), RESOURCES_ID.menuRegion, 'region_debug', '调试', 'debug', 'bug', 2, 7),
];

const pages = (rows: MenuSeed[]) => rows.filter((m) => m.category === 1).map((m) => m.id);

/**
 * Menus, grants and top-menu entries of the resource screens, then the region data. The demo tenant's
 * administrator gets 资源管理 with all its buttons (attachments and storage are per tenant); 基础配置 is the
 * platform's.
 */
export async function seedResources(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const all = [...RESOURCE_MENUS, ...BASE_MENUS];
  await insertMissing(
    db,
    'cubeMenu',
    all.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const grants = [
    ...all.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo ? RESOURCE_MENUS.map((m) => ({ roleId: ID.roleDemoAdmin, menuId: m.id })) : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  const settings = [
    ...[...pages(RESOURCE_MENUS), ...pages(BASE_MENUS)].map((menuId) => ({
      topMenuId: CONSOLE_ID.topMenuPlatformSystem,
      menuId,
    })),
    ...(config.demo
      ? pages(RESOURCE_MENUS).map((menuId) => ({ topMenuId: CONSOLE_ID.topMenuDemoDesk, menuId }))
      : []),
  ];
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    settings.map((s) => ({ id: newId(), ...s })),
    ['topMenuId', 'menuId'],
  );
  await seedRegions(db);
}
