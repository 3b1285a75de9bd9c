import { oauthProviderEntity, smsProviderEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { splitIds } from '../platform/context.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { entityMenus, ID, type MenuSeed } from './demo-data.js';
import { seedIds } from './ids.js';

const fixedId = seedIds('signin');

/** Fixed ids of the sign-in rows. */
export const SIGNIN_ID = {
  menuProvider: fixedId(1100),
  menuSmsProvider: fixedId(1300),
} as const;

const SYSTEM_MENU = ID.menuSystem;

/** 系统管理 > 第三方登录: each tenant configures its own providers. */
const SIGNIN_MENUS: MenuSeed[] = entityMenus(
  oauthProviderEntity,
  {
    menu: SIGNIN_ID.menuProvider,
    add: fixedId(1101),
    edit: fixedId(1102),
    remove: fixedId(1103),
    view: fixedId(1104),
  },
  SYSTEM_MENU,
  '/system/oauth-provider',
  'login',
  20,
).concat(
  // 系统管理 > 短信服务: the tenant's SMS service for phone sign-in codes.
  entityMenus(
    smsProviderEntity,
    {
      menu: SIGNIN_ID.menuSmsProvider,
      add: fixedId(1301),
      edit: fixedId(1302),
      remove: fixedId(1303),
      view: fixedId(1304),
    },
    SYSTEM_MENU,
    '/system/sms-provider',
    'message',
    21,
  ),
);

/** Grants the console's own client uses beyond the password: third-party and phone login. */
const WEB_CLIENT_GRANTS = ['social', 'sms_code'];

/**
 * The 第三方登录 and 短信服务 screens (granted to the platform administrator and the demo tenant's administrator, listed under
 * their top menus), the console client's `social` grant and, in demo mode, `account.registerUser` on.
 */
export async function seedSignin(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    SIGNIN_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const grants = [
    ...SIGNIN_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo ? SIGNIN_MENUS.map((m) => ({ roleId: ID.roleDemoAdmin, menuId: m.id })) : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  const menus = [SIGNIN_ID.menuProvider, SIGNIN_ID.menuSmsProvider];
  const settings = [
    ...menus.map((menuId) => ({ topMenuId: CONSOLE_ID.topMenuPlatformSystem, menuId })),
    ...(config.demo ? menus.map((menuId) => ({ topMenuId: CONSOLE_ID.topMenuDemoDesk, menuId })) : []),
  ];
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    settings.map((s) => ({ id: newId(), ...s })),
    ['topMenuId', 'menuId'],
  );
  if (config.demo) {
    // The demo shows guest registration: the parameter is seeded off (the reference's value, demo-data.ts) and
    // switched on here once, while no one has edited it (an administrator's later choice stands).
    await db
      .updateTable('cubeParam')
      .set({ paramValue: 'true' })
      .where('paramKey', '=', 'account.registerUser')
      .where('paramValue', '=', 'false')
      .where('updateUser', 'is', null)
      .$call(live)
      .execute();
  }
  const client = await db
    .selectFrom('cubeClient')
    .select(['id', 'authorizedGrantTypes'])
    .where('id', '=', ID.clientWeb)
    .executeTakeFirst();
  if (client) {
    const grantTypes = splitIds(client.authorizedGrantTypes);
    const missing = WEB_CLIENT_GRANTS.filter((g) => !grantTypes.includes(g));
    if (missing.length > 0) {
      await db
        .updateTable('cubeClient')
        .set({ authorizedGrantTypes: [...grantTypes, ...missing].join(','), updateTime: now() })
        .where('id', '=', client.id)
        .execute();
    }
  }
}
