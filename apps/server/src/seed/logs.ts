import { logApiEntity, logErrorEntity, logUsualEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { DEFAULT_RETENTION_DAYS, LOG_RETENTION_PARAM } from '../platform/log-recorder.js';
import { createStamp } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, ID, type MenuSeed, menu } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('logs');

/**
 * Log screens: 通用日志 and 接口日志 beside the 错误日志 of console-data under
 * 系统监控 > 日志管理, each with its 查看 button; the retention parameter. The platform
 * administrator gets them all; in demo mode the demo tenant's administrator gets the three log screens (its own
 * tenant's logs) with the monitor menus above them.
 */
export const LOGS_ID = {
  menuUsual: fixedId(600),
  usualView: fixedId(601),
  menuApi: fixedId(610),
  apiView: fixedId(611),
  paramRetention: fixedId(690),
} as const;

export const LOG_MENUS: MenuSeed[] = [
  menu(
    LOGS_ID.menuUsual,
    CONSOLE_ID.menuLog,
    logUsualEntity.permissions.read,
    '/monitor/log/usual',
    'profile',
    1,
  ),
  button(
    LOGS_ID.usualView,
    LOGS_ID.menuUsual,
    logUsualEntity.permissions.view,
    '查看',
    'view',
    'file-text',
    2,
    1,
  ),
  menu(LOGS_ID.menuApi, CONSOLE_ID.menuLog, logApiEntity.permissions.read, '/monitor/log/api', 'api', 2),
  button(LOGS_ID.apiView, LOGS_ID.menuApi, logApiEntity.permissions.view, '查看', 'view', 'file-text', 2, 1),
];

/** The view button of 错误日志 (seeded by console-data with this fixed id). */
const ERROR_VIEW_BUTTON = CONSOLE_ID.buttonLogErrorView;

export async function seedLogs(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    LOG_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  // The menus above the pages too: a role needs its pages' ancestors to see them in the sidebar.
  const tenantAdminMenus = [
    CONSOLE_ID.menuMonitor,
    CONSOLE_ID.menuLog,
    CONSOLE_ID.menuLogError,
    ERROR_VIEW_BUTTON,
    ...LOG_MENUS.map((m) => m.id),
  ];
  const grants = [
    ...LOG_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo ? tenantAdminMenus.map((menuId) => ({ roleId: ID.roleDemoAdmin, menuId })) : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    LOG_MENUS.filter((m) => m.category === 1).map((m) => ({
      id: newId(),
      topMenuId: CONSOLE_ID.topMenuPlatformSystem,
      menuId: m.id,
    })),
    ['topMenuId', 'menuId'],
  );
  const stamp = now();
  await insertMissing(
    db,
    'cubeParam',
    [
      {
        id: LOGS_ID.paramRetention,
        paramName: '日志保留天数',
        paramKey: LOG_RETENTION_PARAM,
        paramValue: String(DEFAULT_RETENTION_DAYS),
        remark: '通用日志、接口日志和错误日志保留的天数,更早的记录每小时清理一次;0 为永久保留',
        ...createStamp(null, stamp),
        ...ENABLED_ROW,
      },
    ],
    ['paramKey'],
  );
}

/** Codes of the three log screens, for tests and docs. */
export const LOG_PERMISSION_CODES = [logUsualEntity, logApiEntity, logErrorEntity].flatMap((e) => [
  e.permissions.read,
  e.permissions.view,
]);
